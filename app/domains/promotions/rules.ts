import type { DiscountRule, TotalsLine } from "../checkout/totals";

/** Why a code does not apply: translation keys of the `checkout` namespace. */
export type DiscountRefusal =
  | "checkout:discount.unknown"
  | "checkout:discount.notYetValid"
  | "checkout:discount.expired"
  | "checkout:discount.minimumSubtotal"
  | "checkout:discount.usedUp"
  | "checkout:discount.alreadyUsed"
  | "checkout:discount.firstOrderOnly"
  | "checkout:discount.noEligibleProducts";

export type CodeCheck =
  | { ok: true; code: string; rule: DiscountRule }
  | { ok: false; messageKey: DiscountRefusal; values?: { amountCents: number } };

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
  if (!facts?.isActive) return { ok: false, messageKey: "checkout:discount.unknown" };
  const now = context.now.getTime();
  if (facts.startsAt && now < facts.startsAt.getTime())
    return { ok: false, messageKey: "checkout:discount.notYetValid" };
  if (facts.endsAt && now >= facts.endsAt.getTime())
    return { ok: false, messageKey: "checkout:discount.expired" };
  if (facts.usageLimit !== null && facts.timesUsed >= facts.usageLimit)
    return { ok: false, messageKey: "checkout:discount.usedUp" };
  if (facts.perCustomerLimit !== null && context.customerUses >= facts.perCustomerLimit)
    return { ok: false, messageKey: "checkout:discount.alreadyUsed" };
  if (facts.firstOrderOnly && context.firstOrder === false)
    return { ok: false, messageKey: "checkout:discount.firstOrderOnly" };
  const subtotal = context.lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  if (subtotal < facts.minSubtotalCents)
    return {
      ok: false,
      messageKey: "checkout:discount.minimumSubtotal",
      values: { amountCents: facts.minSubtotalCents },
    };
  if (facts.kind !== "free-shipping") {
    const excluded = new Set(facts.excludedProductIds);
    const eligible = context.lines.some(
      (l) => !l.giftCard && !excluded.has(l.productId) && l.unitPriceCents > 0,
    );
    if (!eligible) return { ok: false, messageKey: "checkout:discount.noEligibleProducts" };
  }
  return { ok: true, code: facts.code, rule: ruleOf(facts) };
}

/** Codes are typed by people: spaces and case do not matter. */
export function normalizeCode(code: string): string {
  return code.replace(/\s+/g, "").toUpperCase();
}
