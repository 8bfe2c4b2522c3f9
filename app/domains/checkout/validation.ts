import { z } from "zod";
import { encodeMessage } from "../../platform/forms/messages";
import * as rules from "../../platform/forms/rules";
import { paymentMethods } from "../payments/methods";
import { donationFormValues } from "../pricing/donation";
import { addressFields } from "../shipping/validation";

/** The checkout page's buttons: each posts the whole form, so every step also works without JavaScript. */
export const checkoutIntents = [
  "update",
  "lookup",
  "points",
  "code",
  "remove-code",
  "gift-card",
  "remove-gift-card",
  "place",
] as const;
export type CheckoutIntent = (typeof checkoutIntents)[number];

const chosen = (label: string) =>
  z
    .string({ error: encodeMessage({ key: "choice", values: { field: label } }) })
    .trim()
    .min(1, { error: encodeMessage({ key: "choice", values: { field: label } }) })
    .max(100);

/**
 * The order form (`intent=place`): contact, delivery address, delivery choice, donation and payment
 * method. The browser checks it before sending, the action again; whether the delivery choice fits the
 * country (a moment still offered, a known service point) and the payment method the amount, only the
 * server can say.
 */
export const CheckoutSchema = z
  .object({
    email: rules.email({ label: "forms:labels.email" }),
    ...addressFields,
    methodId: chosen("checkout:sections.delivery"),
    momentId: rules.optional(z.string().max(40)),
    servicePointId: rules.optional(z.string().max(60)),
    donationCents: z.enum(donationFormValues).default("0"),
    // Not needed when gift cards and wallet credit pay everything: the server asks for it otherwise.
    paymentMethod: rules.optional(rules.choice(paymentMethods, { label: "checkout:sections.payment" })),
    useWallet: rules.optional(z.literal("on")),
    idempotencyKey: z.string().min(16).max(100),
  })
  .check(rules.postalCodeOfCountry({ country: "country", postalCode: "postalCode" }))
  .check(rules.phoneOfCountry({ country: "country", phone: "phone" }));
