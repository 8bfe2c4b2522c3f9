import { describe, expect, it } from "vitest";
import { isRefusal, refuse } from "../../platform/refusal";
import { alreadyUsed, type CodeContext, type CodeFacts, checkCode, normalizeCode, usedUp } from "./rules";

const dress = { productId: 1, unitPriceCents: 4_000, quantity: 1 };
const now = new Date("2026-06-01T10:00:00Z");

const facts = (over: Partial<CodeFacts> = {}): CodeFacts => ({
  code: "TEST",
  kind: "percentage",
  percent: 10,
  amountCents: null,
  minSubtotalCents: 0,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  firstOrderOnly: false,
  excludedProductIds: [],
  timesUsed: 0,
  isActive: true,
  ...over,
});

describe("checkCode (the rules of a code)", () => {
  const context = { lines: [dress], now, customerUses: 0 };

  it("applies a valid code with what it does", () => {
    expect(checkCode(facts(), context)).toEqual({
      code: "TEST",
      rule: { kind: "percentage", percent: 10, excludedProductIds: [] },
    });
  });

  it("refuses unknown, inactive, not yet valid and expired codes", () => {
    expect(checkCode(null, context)).toMatchObject({ messageKey: "checkout:discount.unknown" });
    expect(checkCode(facts({ isActive: false }), context)).toMatchObject({
      messageKey: "checkout:discount.unknown",
    });
    expect(checkCode(facts({ startsAt: new Date("2026-06-02T00:00:00Z") }), context)).toMatchObject({
      messageKey: "checkout:discount.notYetValid",
    });
    expect(checkCode(facts({ endsAt: now }), context)).toMatchObject({
      messageKey: "checkout:discount.expired",
    });
  });

  it("refuses below the minimum subtotal, saying the minimum", () => {
    expect(checkCode(facts({ minSubtotalCents: 5_000 }), context)).toEqual(
      refuse.invalid("checkout:discount.minimumSubtotal", { amountCents: 5_000 }, "code"),
    );
  });

  it("refuses used-up codes, codes this customer used, and first-order codes on a later order", () => {
    expect(checkCode(facts({ usageLimit: 3, timesUsed: 3 }), context)).toMatchObject({
      kind: "conflict",
      messageKey: "checkout:discount.usedUp",
    });
    expect(checkCode(facts({ perCustomerLimit: 1 }), { ...context, customerUses: 1 })).toMatchObject({
      messageKey: "checkout:discount.alreadyUsed",
    });
    expect(checkCode(facts({ firstOrderOnly: true }), { ...context, firstOrder: false })).toMatchObject({
      messageKey: "checkout:discount.firstOrderOnly",
    });
    // Unknown yet (a guest without an e-mail address): accepted now, checked again when the order is placed.
    expect(isRefusal(checkCode(facts({ firstOrderOnly: true }), context))).toBe(false);
  });

  it("refuses a code when every line is excluded or a gift card, but free shipping needs no eligible line", () => {
    const giftCard = { productId: 9, unitPriceCents: 2_500, quantity: 1, giftCard: true };
    expect(
      checkCode(facts({ excludedProductIds: [1] }), { ...context, lines: [dress, giftCard] }),
    ).toMatchObject({
      messageKey: "checkout:discount.noEligibleProducts",
    });
    expect(isRefusal(checkCode(facts({ kind: "free-shipping" }), { ...context, lines: [giftCard] }))).toBe(
      false,
    );
  });

  it("applies from its first moment until just before its end", () => {
    const applies = (over: Partial<CodeFacts>) => !isRefusal(checkCode(facts(over), context));
    expect(applies({ startsAt: now })).toBe(true);
    expect(applies({ startsAt: new Date(now.getTime() + 1) })).toBe(false);
    expect(applies({ endsAt: new Date(now.getTime() + 1) })).toBe(true);
    expect(applies({ startsAt: new Date(now.getTime() - 1), endsAt: new Date(now.getTime() + 1) })).toBe(
      true,
    );
  });

  it("still applies with one use left, for the shop and for the customer", () => {
    expect(isRefusal(checkCode(facts({ usageLimit: 3, timesUsed: 2 }), context))).toBe(false);
    expect(isRefusal(checkCode(facts({ perCustomerLimit: 2 }), { ...context, customerUses: 1 }))).toBe(false);
    expect(isRefusal(checkCode(facts({ perCustomerLimit: 1 }), context))).toBe(false);
    expect(isRefusal(checkCode(facts({ firstOrderOnly: true }), { ...context, firstOrder: true }))).toBe(
      false,
    );
    expect(isRefusal(checkCode(facts(), { ...context, firstOrder: false }))).toBe(false);
  });

  it("refuses about the code field: the input's fault as invalid, a limit reached as a conflict", () => {
    expect(checkCode(null, context)).toEqual(refuse.invalid("checkout:discount.unknown", undefined, "code"));
    expect(checkCode(facts({ usageLimit: 1, timesUsed: 1 }), context)).toEqual(usedUp());
    expect(checkCode(facts({ perCustomerLimit: 1 }), { ...context, customerUses: 1 })).toEqual(alreadyUsed());
    expect(usedUp()).toEqual(refuse.conflict("checkout:discount.usedUp", undefined, "code"));
    expect(alreadyUsed()).toEqual(refuse.conflict("checkout:discount.alreadyUsed", undefined, "code"));
  });

  it("counts every unit toward the minimum subtotal", () => {
    const twoDresses = { ...context, lines: [{ ...dress, unitPriceCents: 2_500, quantity: 2 }] };
    expect(isRefusal(checkCode(facts({ minSubtotalCents: 5_000 }), twoDresses))).toBe(false);
    expect(isRefusal(checkCode(facts({ minSubtotalCents: 5_001 }), twoDresses))).toBe(true);
  });

  it("needs one line that is not excluded, not a gift card and not free", () => {
    const eligible = (lines: CodeContext["lines"], over: Partial<CodeFacts> = {}) =>
      !isRefusal(checkCode(facts(over), { ...context, lines }));
    const free = { productId: 2, unitPriceCents: 0, quantity: 1 };
    const giftCard = { productId: 3, unitPriceCents: 2_500, quantity: 1, giftCard: true };
    expect(eligible([free])).toBe(false);
    expect(eligible([giftCard])).toBe(false);
    expect(eligible([free, giftCard, dress])).toBe(true);
    expect(eligible([dress, giftCard], { excludedProductIds: [1] })).toBe(false);
    expect(eligible([dress, { ...dress, productId: 4 }], { excludedProductIds: [1] })).toBe(true);
    expect(eligible([], { kind: "free-shipping" })).toBe(true);
  });

  it("answers what each kind of code does", () => {
    expect(
      checkCode(facts({ kind: "fixed", percent: null, amountCents: 500, excludedProductIds: [7] }), context),
    ).toEqual({
      code: "TEST",
      rule: { kind: "fixed", amountCents: 500, excludedProductIds: [7] },
    });
    expect(checkCode(facts({ kind: "fixed", percent: null }), context)).toMatchObject({
      rule: { kind: "fixed", amountCents: 0 },
    });
    expect(checkCode(facts({ percent: null }), context)).toMatchObject({
      rule: { kind: "percentage", percent: 0 },
    });
    expect(checkCode(facts({ kind: "free-shipping" }), context)).toEqual({
      code: "TEST",
      rule: { kind: "free-shipping" },
    });
  });
});

describe("normalizeCode", () => {
  it("ignores case and every kind of space, as people type codes", () => {
    expect(normalizeCode(" welcome\t15 \n")).toBe("WELCOME15");
    expect(normalizeCode("Tien  Euro")).toBe("TIENEURO");
  });
});
