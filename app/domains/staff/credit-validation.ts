// What staff hand out, one Zod schema each (browser and server): discount codes, wallet credit and gift
// cards. English only, like the rest of the back office (validation.ts).
import { z } from "zod";
import * as rules from "../../platform/forms/rules";
import { euros, idempotencyKey, optionalText, shopLocalTime, text } from "./validation";

// ── Promotions ──────────────────────────────────────────────────────────────────────────────────────

const CODE = /^[A-Za-z0-9][A-Za-z0-9-]{2,39}$/;
const optionalCount = rules.optional(z.coerce.number().int({ error: "Whole numbers" }).min(1).max(1_000_000));

/**
 * A discount code as a merchandiser makes or edits it: every kind the engine knows (PRODUCT.md
 * "Promotions and marketing"), with its conditions. The kind's own figure is required for that kind.
 */
export const DiscountCodeFormSchema = z
  .object({
    code: rules
      .required({ max: 40 })
      .refine((value) => CODE.test(value), { error: "Letters, digits and dashes, 3 to 40" }),
    kind: rules.choice(["percentage", "fixed", "free-shipping"]),
    percent: rules.optional(z.coerce.number().int({ error: "Whole percent" }).min(1).max(100)),
    amount: rules.optional(euros({ min: 1 })),
    minSubtotal: rules.optional(euros()),
    startsAt: rules.optional(shopLocalTime),
    endsAt: rules.optional(shopLocalTime),
    usageLimit: optionalCount,
    perCustomerLimit: optionalCount,
    firstOrderOnly: rules.toggle(),
    excludedProductIds: rules.optional(
      rules
        .maxChars(2_000)
        .refine((value) => /^\s*\d+(\s*,\s*\d+)*\s*$/.test(value), { error: "Product ids, comma-separated" }),
    ),
    description: optionalText(200),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.kind === "percentage" && value.percent === undefined)
        ctx.addIssue({ code: "custom", path: ["percent"], message: "A percentage code needs its percent" });
      if (value.kind === "fixed" && value.amount === undefined)
        ctx.addIssue({ code: "custom", path: ["amount"], message: "A fixed-amount code needs its amount" });
      if (value.endsAt && value.startsAt && value.endsAt <= value.startsAt)
        ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The end must lie after the start" });
    }),
  );
export type DiscountCodeFormInput = z.output<typeof DiscountCodeFormSchema>;
/** Staff goodwill wallet credit on the customer page (docs/decisions/0039): amount and a reason, audited. */
export const WalletCreditSchema = z.object({
  amount: euros({ min: 1, max: 500_00 }),
  reason: text(300),
  idempotencyKey,
});

/** The back office's gift-card commands. */
export const GiftCardStaffSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("block"), reason: text(300) }),
  z.object({ intent: z.literal("unblock") }),
  z.object({ intent: z.literal("resend"), purchaseId: z.coerce.number().int().positive() }),
]);

/** A goodwill gift card: amount, who gets it (the card is e-mailed to them), and why. */
export const GoodwillGiftCardSchema = z.object({
  amount: euros({ min: 10_00, max: 500_00 }),
  recipientEmail: rules.email(),
  toName: text(60),
  reason: text(300),
  idempotencyKey,
});
