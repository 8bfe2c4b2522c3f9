import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isRefusal } from "../../platform/refusal";
import { paymentMethods } from "./methods";
import { shareRefund } from "./refund-shares";
import { splitPayment } from "./split";

const cents = fc.integer({ min: 0, max: 500_000 });

describe("shareRefund", () => {
  it("goes back provider first, then gift cards, then wallet (PRODUCT.md)", () => {
    expect(shareRefund(70_00, { providerCents: 50_00, giftCardCents: 15_00, walletCents: 10_00 })).toEqual({
      providerCents: 50_00,
      giftCardCents: 15_00,
      walletCents: 5_00,
      tooMuch: false,
    });
    expect(shareRefund(1_00, { providerCents: 0, giftCardCents: 0, walletCents: 0 }).tooMuch).toBe(true);
  });

  it("never gives an instrument more than it can still take back, and places exactly the amount when it fits", () => {
    fc.assert(
      fc.property(cents, cents, cents, cents, (amount, providerCents, giftCardCents, walletCents) => {
        const left = { providerCents, giftCardCents, walletCents };
        const s = shareRefund(amount, left);
        expect(s.providerCents).toBeLessThanOrEqual(providerCents);
        expect(s.giftCardCents).toBeLessThanOrEqual(giftCardCents);
        expect(s.walletCents).toBeLessThanOrEqual(walletCents);
        const placed = s.providerCents + s.giftCardCents + s.walletCents;
        const all = providerCents + giftCardCents + walletCents;
        expect(placed).toBe(Math.min(amount, all));
        expect(s.tooMuch).toBe(amount > all);
        // A later way back is used only once the earlier ones are exhausted.
        if (s.giftCardCents > 0) expect(s.providerCents).toBe(providerCents);
        if (s.walletCents > 0) expect(s.giftCardCents).toBe(giftCardCents);
      }),
    );
  });

  it("refunds of a split payment in any number of parts never exceed what each instrument paid", () => {
    fc.assert(
      fc.property(
        cents,
        fc.array(cents, { maxLength: 3 }),
        cents,
        fc.constantFrom(...paymentMethods.filter((m) => m !== "klarna")),
        fc.array(fc.integer({ min: 1, max: 200_000 }), { maxLength: 6 }),
        (totalCents, balances, wallet, method, refunds) => {
          const split = splitPayment({
            totalCents,
            giftCards: balances.map((b, i) => ({ code: String(i), balanceCents: b })),
            walletBalanceCents: wallet,
            walletCapCents: wallet,
            method,
          });
          if (isRefusal(split)) return;
          const paid = {
            providerCents: split.pspCents,
            giftCardCents: split.giftCards.reduce((sum, c) => sum + c.amountCents, 0),
            walletCents: split.walletCents,
          };
          expect(paid.providerCents + paid.giftCardCents + paid.walletCents).toBe(totalCents);
          const left = { ...paid };
          for (const amount of refunds) {
            const s = shareRefund(amount, left);
            left.providerCents -= s.providerCents;
            left.giftCardCents -= s.giftCardCents;
            left.walletCents -= s.walletCents;
          }
          expect(left.providerCents).toBeGreaterThanOrEqual(0);
          expect(left.giftCardCents).toBeGreaterThanOrEqual(0);
          expect(left.walletCents).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
