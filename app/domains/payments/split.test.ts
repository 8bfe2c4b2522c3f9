import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isRefusal, refuse } from "../../platform/refusal";
import { paymentMethods } from "./methods";
import { splitPayment } from "./split";

const cents = fc.integer({ min: 0, max: 500_000 });
const input = fc.record({
  totalCents: cents,
  giftCards: fc.array(fc.record({ code: fc.string({ minLength: 19, maxLength: 19 }), balanceCents: cents }), {
    maxLength: 4,
  }),
  walletBalanceCents: cents,
  walletCapCents: cents,
  method: fc.constantFrom(null, ...paymentMethods.filter((m) => m !== "klarna")),
});

describe("splitPayment", () => {
  it("gift cards first, then wallet up to its cap, the provider the rest", () => {
    expect(
      splitPayment({
        totalCents: 10_000,
        giftCards: [
          { code: "A", balanceCents: 2_500 },
          { code: "B", balanceCents: 1_000 },
        ],
        walletBalanceCents: 9_000,
        walletCapCents: 5_000,
        method: "ideal",
      }),
    ).toEqual({
      giftCards: [
        { code: "A", amountCents: 2_500 },
        { code: "B", amountCents: 1_000 },
      ],
      walletCents: 5_000,
      pspCents: 1_500,
    });
  });

  it("uses a gift card only for what is left and skips cards once the total is covered", () => {
    expect(
      splitPayment({
        totalCents: 3_000,
        giftCards: [
          { code: "A", balanceCents: 5_000 },
          { code: "B", balanceCents: 1_000 },
        ],
        walletBalanceCents: 1_000,
        walletCapCents: 1_000,
        method: null,
      }),
    ).toEqual({ giftCards: [{ code: "A", amountCents: 3_000 }], walletCents: 0, pspCents: 0 });
  });

  it("refuses gift cards with Klarna (SPEC §5), but Klarna alone or with wallet credit is fine", () => {
    const base = {
      totalCents: 5_000,
      walletBalanceCents: 1_000,
      walletCapCents: 1_000,
      method: "klarna" as const,
    };
    expect(splitPayment({ ...base, giftCards: [{ code: "A", balanceCents: 100 }] })).toEqual(
      refuse.invalid("payments:errors.giftCardWithKlarna", {}, "paymentMethod"),
    );
    expect(splitPayment({ ...base, giftCards: [] })).toMatchObject({
      walletCents: 1_000,
      pspCents: 4_000,
    });
  });

  it("never goes negative and always adds up to the total exactly", () => {
    fc.assert(
      fc.property(input, (given) => {
        const split = splitPayment(given);
        if (isRefusal(split)) return false;
        const parts = [...split.giftCards.map((c) => c.amountCents), split.walletCents, split.pspCents];
        expect(parts.every((part) => Number.isInteger(part) && part >= 0)).toBe(true);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(given.totalCents);
        return true;
      }),
    );
  });

  it("never takes more than a card's balance or the wallet's maximum usable amount", () => {
    fc.assert(
      fc.property(input, (given) => {
        const split = splitPayment(given);
        if (isRefusal(split)) return false;
        for (const used of split.giftCards) {
          const card = given.giftCards.find(
            (c) => c.code === used.code && c.balanceCents >= used.amountCents,
          );
          expect(card).toBeDefined();
        }
        expect(split.walletCents).toBeLessThanOrEqual(
          Math.min(given.walletBalanceCents, given.walletCapCents, given.totalCents),
        );
        // The wallet is used as far as it may: either it is exhausted/capped or nothing is left to pay.
        const maxUsable = Math.min(given.walletBalanceCents, given.walletCapCents);
        expect(split.walletCents === maxUsable || split.pspCents === 0).toBe(true);
        return true;
      }),
    );
  });

  it("always refuses Klarna when a gift card with a balance is applied", () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 1, max: 100_000 }), (given, balance) => {
        const split = splitPayment({
          ...given,
          method: "klarna",
          giftCards: [{ code: "X", balanceCents: balance }],
        });
        expect(isRefusal(split)).toBe(true);
      }),
    );
  });
});
