// The buy form and the moves on a transaction page, shared by the browser and the server (client-safe).
import { z } from "zod";
import * as rules from "../../../platform/forms/rules";
import { paymentMethods } from "../../payments/methods";
import { transitionNames } from "./transaction-process";

export const deliveryOptions = ["home", "service-point"] as const;

/** Buying one listing or a bundle of one store's listings. */
export const BuySchema = z
  .object({
    items: z.string().regex(/^\d+(,\d+){0,19}$/),
    delivery: rules.choice(deliveryOptions, { label: "trade:buy.delivery" }),
    name: rules.required({ max: 80, label: "trade:buy.name" }),
    street: rules.optional(rules.maxChars(80, { label: "trade:buy.street" })),
    houseNumber: rules.optional(rules.maxChars(12, { label: "forms:labels.houseNumber" })),
    postalCode: rules.required({ max: 10, label: "forms:labels.postalCode" }),
    city: rules.optional(rules.maxChars(60, { label: "trade:buy.city" })),
    country: rules.country({ label: "forms:labels.country" }),
    servicePointId: rules.optional(rules.maxChars(40)),
    method: rules.choice(paymentMethods, { label: "trade:buy.method" }),
    idempotencyKey: z.string().min(8).max(64),
  })
  .check(rules.postalCodeOfCountry({ postalCode: "postalCode", country: "country" }))
  .check((ctx) => {
    const v = ctx.value;
    if (v.delivery === "home")
      for (const field of ["street", "houseNumber", "city"] as const)
        if (!v[field]?.trim())
          ctx.issues.push({
            code: "custom",
            input: v[field],
            path: [field],
            message: "forms:validation.required",
          });
    if (v.delivery === "service-point" && !v.servicePointId)
      ctx.issues.push({
        code: "custom",
        input: "",
        path: ["servicePointId"],
        message: "forms:validation.required",
      });
  });

/** A move on the transaction page (the button's transition and what it needs). */
export const MoveSchema = z.object({
  transition: z.enum(transitionNames as [string, ...string[]]),
  note: rules.optional(rules.maxChars(2000)),
  trackingCode: rules.optional(rules.maxChars(40)),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  body: rules.optional(rules.maxChars(2000)),
});

/** PRODUCT.md: a dispute carries a reason and 1–5 photos. */
export const MAX_DISPUTE_PHOTOS = 5;

/** A message in a dispute's conversation (buyer, provider or support). */
export const DisputeMessageSchema = z.object({
  body: rules.required({ max: 2000, label: "trade:dispute.message" }),
});

/** Staff hide a review, saying why. */
export const HideReviewSchema = z.object({
  reason: rules.required({ max: 500 }),
});

export const bundlePercents = [0, 5, 10, 15, 20, 25, 30] as const;

/** The store's bundle discount: none (0 %), or a percentage from 2 or 3 items of the store. */
export const BundleSchema = z.object({
  percent: z.coerce
    .number()
    .int()
    .refine((n) => (bundlePercents as readonly number[]).includes(n), "forms:validation.required"),
  fromItems: z.coerce
    .number()
    .int()
    .refine((n) => n === 2 || n === 3, "forms:validation.required"),
});
