import { type Refusal, refuse } from "../../platform/refusal";
import type { DiscountRule, TotalsLine } from "../pricing/totals";

/** A code that applies: its normalised name and what it does. */
export interface AppliedCode {
  code: string;
  rule: DiscountRule;
}

/** Whether a code applies: what it does, or why not (a refusal about the `code` field). */
export type CodeCheck = AppliedCode | Refusal;

/**
 * Why a code does not apply. Whether the code fits this cart and customer is the input's fault (invalid);
 * a usage limit reached is the state of the shop (conflict): two shoppers can race for the last use.
 */
const refused = {
  invalid: (key: string, values?: { amountCents: number }) =>
    refuse.invalid(`checkout:discount.${key}`, values, "code"),
  conflict: (key: string) => refuse.conflict(`checkout:discount.${key}`, undefined, "code"),
};

/** The facts of a stored code the rules need. */
export interface CodeFacts {
  code: string;
  kind: "percentage" | "fixed" | "free-shipping";
  percent: number | null;
  amountCents: number | null;
  minSubtotalCents: number;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  firstOrderOnly: boolean;
  excludedProductIds: number[];
  timesUsed: number;
  isActive: boolean;
}

export interface CodeContext {
  lines: readonly TotalsLine[];
  now: Date;
  /**
   * Whether the order would be the customer's first; undefined while unknown (a guest who has not given an
   * e-mail address yet): the code is accepted then and checked again when the order is placed.
   */
  firstOrder?: boolean;
  /** Earlier redemptions of this code by this customer (account or e-mail address). */
  customerUses: number;
}

export function ruleOf(facts: CodeFacts): DiscountRule {
  switch (facts.kind) {
    case "percentage":
      return {
        kind: "percentage",
        percent: facts.percent ?? 0,
        excludedProductIds: facts.excludedProductIds,
      };
    case "fixed":
      return {
        kind: "fixed",
        amountCents: facts.amountCents ?? 0,
        excludedProductIds: facts.excludedProductIds,
      };
    case "free-shipping":
      return { kind: "free-shipping" };
  }
}

/**
 * Whether a code applies to a cart, in the order a shopper can act on: validity first, then what the cart
 * or customer lacks. Usage limits are checked here for the message and enforced again, atomically, when
 * the order is placed.
 */
export function checkCode(facts: CodeFacts | null, context: CodeContext): CodeCheck {
  if (!facts?.isActive) return refused.invalid("unknown");
  const now = context.now.getTime();
  if (facts.startsAt && now < facts.startsAt.getTime()) return refused.invalid("notYetValid");
  if (facts.endsAt && now >= facts.endsAt.getTime()) return refused.invalid("expired");
  if (facts.usageLimit !== null && facts.timesUsed >= facts.usageLimit) return refused.conflict("usedUp");
  if (facts.perCustomerLimit !== null && context.customerUses >= facts.perCustomerLimit)
    return refused.conflict("alreadyUsed");
  if (facts.firstOrderOnly && context.firstOrder === false) return refused.invalid("firstOrderOnly");
  const subtotal = context.lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  if (subtotal < facts.minSubtotalCents)
    return refused.invalid("minimumSubtotal", { amountCents: facts.minSubtotalCents });
  if (facts.kind !== "free-shipping") {
    const excluded = new Set(facts.excludedProductIds);
    const eligible = context.lines.some(
      (l) => !l.giftCard && !excluded.has(l.productId) && l.unitPriceCents > 0,
    );
    if (!eligible) return refused.invalid("noEligibleProducts");
  }
  return { code: facts.code, rule: ruleOf(facts) };
}

/** Usage limits reached, as `redeemDiscountCode` finds them under the code's lock. */
export const usedUp = () => refused.conflict("usedUp");
export const alreadyUsed = () => refused.conflict("alreadyUsed");

/** Codes are typed by people: spaces and case do not matter. */
export function normalizeCode(code: string): string {
  return code.replace(/\s+/g, "").toUpperCase();
}
