import { z } from "zod";
import { encodeMessage } from "../../platform/forms/messages";
import * as rules from "../../platform/forms/rules";
import { checkDate } from "../../platform/forms/validators";

/**
 * The gift-card forms: one schema each, used by the page (browser and action) and the JSON API.
 * Client-safe: no server imports.
 */

export const BalanceCheckSchema = z.object({
  number: rules.giftCardCode({ label: "forms:labels.giftCardCode" }),
  pin: rules.giftCardPin({ label: "forms:labels.giftCardPin" }),
  captcha: z.string().optional(),
});

/** E-gift card amounts (PRODUCT.md): whole euros from €10 to €500, with a few presets to pick. */
export const GIFT_CARD_AMOUNT = { min: 10, max: 500, presets: [25, 50, 75, 100, 150] } as const;
export const MESSAGE_MAX = 300;
const NAME_MAX = 60;

export const giftCardKinds = ["egift", "physical"] as const;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
/** Dispatch dates: today … one year ahead (Europe/Amsterdam's today is at most a day off UTC's). */
const dispatchWindow = (now = new Date()) => {
  const last = new Date(now);
  last.setUTCFullYear(last.getUTCFullYear() + 1);
  const first = new Date(now.getTime() - 24 * 3600 * 1000);
  return { min: isoDay(first), max: isoDay(last) };
};

/** A dispatch date in the window as it is at the moment of checking (a running server crosses midnight). */
const dispatchDay = () =>
  rules.rule((value) => checkDate(value, dispatchWindow()), { label: "giftcard:buy.dispatchDate" });

const amount = () =>
  rules.rule(
    (value) => {
      const euros = Number(value.replace(/^€\s*/, "").replace(/[,.]00$/, ""));
      return Number.isInteger(euros) && euros >= GIFT_CARD_AMOUNT.min && euros <= GIFT_CARD_AMOUNT.max
        ? { ok: true, value: String(euros) }
        : {
            ok: false,
            message: {
              key: "giftCardAmount",
              values: { min: GIFT_CARD_AMOUNT.min, max: GIFT_CARD_AMOUNT.max },
            },
          };
    },
    { label: "giftcard:buy.amount" },
  );

/**
 * Buying a gift card: an e-gift card needs the recipient's e-mail address and a dispatch date; a physical
 * card travels with the order to its delivery address.
 */
export const GiftCardPurchaseSchema = z
  .object({
    kind: rules.choice(giftCardKinds),
    amount: amount(),
    to: rules.required({ max: NAME_MAX, label: "giftcard:buy.to" }),
    from: rules.required({ max: NAME_MAX, label: "giftcard:buy.from" }),
    message: rules.optional(rules.maxChars(MESSAGE_MAX, { label: "giftcard:buy.message" })),
    recipientEmail: rules.optional(rules.email({ label: "giftcard:buy.recipientEmail" })),
    dispatchDate: rules.optional(dispatchDay()),
  })
  .superRefine(
    (value, ctx) => {
      if (value.kind !== "egift") return;
      for (const field of ["recipientEmail", "dispatchDate"] as const)
        if (value[field] === undefined && !ctx.issues?.some((issue) => issue.path?.[0] === field))
          ctx.addIssue({ code: "custom", message: encodeMessage({ key: "required" }), path: [field] });
    },
    { when: () => true },
  );

/**
 * The buyer changes an e-gift card not sent yet (the order page): its recipient's e-mail address and its
 * dispatch date. The server checks the exact window on the shop's clock (`changeGiftCardDispatch`).
 */
export const GiftCardDispatchSchema = z.object({
  purchaseId: z.coerce.number().int().positive(),
  recipientEmail: rules.email({ label: "giftcard:buy.recipientEmail" }),
  dispatchDate: dispatchDay(),
});

/** A gift card to pay with at checkout (the page's form and the app's call). */
export const CheckoutGiftCardSchema = z.object({
  giftCardNumber: rules.giftCardCode({ label: "forms:labels.giftCardCode" }),
  giftCardPin: rules.giftCardPin({ label: "forms:labels.giftCardPin" }),
});
