import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countries } from "../../platform/forms/validators";
import { DONATION_OPTIONS } from "./donation";
import { allocate, computeTotals, type DiscountRule, type TotalsInput } from "./totals";
import { VAT_RATES, vatIncluded } from "./vat";

const line = fc.record({
  productId: fc.integer({ min: 1, max: 30 }),
  unitPriceCents: fc.integer({ min: 0, max: 50_000 }),
  quantity: fc.integer({ min: 1, max: 10 }),
  // About one line in ten is a gift card.
  giftCard: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
});

const discount: fc.Arbitrary<DiscountRule | null> = fc.oneof(
  fc.constant(null),
  fc.record({
    kind: fc.constant("percentage" as const),
    percent: fc.integer({ min: 1, max: 100 }),
    excludedProductIds: fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 3 }),
  }),
  fc.record({
    kind: fc.constant("fixed" as const),
    amountCents: fc.integer({ min: 1, max: 100_000 }),
    excludedProductIds: fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 3 }),
  }),
  fc.constant({ kind: "free-shipping" as const }),
);

const input: fc.Arbitrary<TotalsInput> = fc.record({
  lines: fc.array(line, { maxLength: 8 }),
  country: fc.constantFrom(...countries),
  discount,
  shipping: fc.option(
    fc.record({
      priceCents: fc.integer({ min: 0, max: 2_000 }),
      freeFromCents: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
    }),
    { nil: null },
  ),
  donationCents: fc.constantFrom(...DONATION_OPTIONS),
});

describe("computeTotals (properties)", () => {
  it("is never negative, and subtotal − discount + shipping + donation = total", () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = computeTotals(i);
        for (const value of [
          t.subtotalCents,
          t.discountCents,
          t.shippingCents,
          t.donationCents,
          t.totalCents,
          t.amountDueCents,
          t.vat.vatCents,
          ...t.lineDiscountCents,
        ]) {
          expect(Number.isSafeInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        expect(t.totalCents).toBe(t.subtotalCents - t.discountCents + t.shippingCents + t.donationCents);
      }),
    );
  });

  it("never discounts more than the subtotal, a line more than itself, nor gift cards or excluded products", () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = computeTotals(i);
        expect(t.discountCents).toBeLessThanOrEqual(t.subtotalCents);
        expect(t.lineDiscountCents.reduce((a, b) => a + b, 0)).toBe(t.discountCents);
        i.lines.forEach((l, n) => {
          const share = t.lineDiscountCents[n] as number;
          expect(share).toBeLessThanOrEqual(l.unitPriceCents * l.quantity);
          const excluded =
            i.discount && "excludedProductIds" in i.discount
              ? (i.discount.excludedProductIds ?? []).includes(l.productId)
              : false;
          if (l.giftCard || excluded) expect(share).toBe(0);
        });
      }),
    );
  });

  it("makes shipping free at or above the threshold, and charges it below", () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = computeTotals(i);
        const shipping = i.shipping;
        if (!shipping || i.discount?.kind === "free-shipping") {
          expect(t.shippingCents).toBe(0);
        } else if (
          shipping.freeFromCents !== null &&
          // Gift cards do not count towards free shipping (docs/decisions/0039).
          i.lines.reduce((sum, l) => sum + (l.giftCard ? 0 : l.unitPriceCents * l.quantity), 0) >=
            shipping.freeFromCents
        ) {
          expect(t.shippingCents).toBe(0);
          expect(t.toFreeShippingCents).toBe(0);
        } else {
          expect(t.shippingCents).toBe(shipping.priceCents);
        }
      }),
    );
  });

  it("splits the total into VAT lines and exempt amounts that sum to it exactly", () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = computeTotals(i);
        const taxed = t.vat.lines.reduce((sum, v) => sum + v.netCents + v.vatCents, 0);
        expect(taxed + t.vat.exemptCents).toBe(t.totalCents);
        for (const v of t.vat.lines) {
          expect(v.ratePercent).toBe(VAT_RATES[i.country]);
          expect(v.grossCents).toBe(v.netCents + v.vatCents);
          // The VAT is the rate's share of the gross amount, off by at most half a cent.
          const exact = (v.grossCents * v.ratePercent) / (100 + v.ratePercent);
          expect(Math.abs(v.vatCents - exact)).toBeLessThanOrEqual(0.5);
        }
      }),
    );
  });

  it("lets gift cards and wallet credit pay part of the total and the provider the rest", () => {
    fc.assert(
      fc.property(input, fc.nat(), fc.nat(), (i, a, b) => {
        const t = computeTotals({
          ...i,
          split: (total) => {
            const giftCardCents = total === 0 ? 0 : a % (total + 1);
            const walletCents = total - giftCardCents === 0 ? 0 : b % (total - giftCardCents + 1);
            return { giftCardCents, walletCents };
          },
        });
        expect(t.giftCardCents + t.walletCents + t.amountDueCents).toBe(t.totalCents);
        expect(t.amountDueCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe("computeTotals (examples)", () => {
  const dress = { productId: 1, unitPriceCents: 4_995, quantity: 1 };
  const nl = { priceCents: 495, freeFromCents: 5_000 };

  it("charges shipping below €50 in NL and none from €50", () => {
    expect(computeTotals({ lines: [dress], country: "NL", shipping: nl })).toMatchObject({
      subtotalCents: 4_995,
      shippingCents: 495,
      toFreeShippingCents: 5,
      totalCents: 5_490,
    });
    const two = computeTotals({ lines: [{ ...dress, quantity: 2 }], country: "NL", shipping: nl });
    expect(two).toMatchObject({ shippingCents: 0, freeShipping: "threshold", totalCents: 9_990 });
  });

  it("takes 15 % off, adds a €2 donation outside VAT, and shows 21 % VAT in NL", () => {
    const t = computeTotals({
      lines: [{ ...dress, quantity: 2 }],
      country: "NL",
      discount: { kind: "percentage", percent: 15 },
      shipping: nl,
      donationCents: 200,
    });
    expect(t).toMatchObject({
      subtotalCents: 9_990,
      discountCents: 1_499,
      shippingCents: 0,
      totalCents: 8_691,
    });
    expect(t.vat).toEqual({
      lines: [{ ratePercent: 21, grossCents: 8_491, vatCents: 1_474, netCents: 7_017 }],
      exemptCents: 200,
      vatCents: 1_474,
    });
  });

  it("caps a fixed discount at the eligible amount and uses 20 % VAT in France", () => {
    const t = computeTotals({
      lines: [dress, { productId: 2, unitPriceCents: 2_500, quantity: 1, giftCard: true }],
      country: "FR",
      discount: { kind: "fixed", amountCents: 10_000 },
      shipping: { priceCents: 695, freeFromCents: 7_500 },
    });
    expect(t.lineDiscountCents).toEqual([4_995, 0]);
    expect(t).toMatchObject({ discountCents: 4_995, shippingCents: 695, totalCents: 3_195 });
    // Only the shipping is taxed: the gift card is exempt and the dress was entirely discounted.
    expect(t.vat).toEqual({
      lines: [{ ratePercent: 20, grossCents: 695, vatCents: 116, netCents: 579 }],
      exemptCents: 2_500,
      vatCents: 116,
    });
  });

  it("refuses a donation other than none, €2 or €5", () => {
    expect(() => computeTotals({ lines: [dress], country: "NL", donationCents: 300 })).toThrow(
      new RangeError("The donation is none, €2 or €5"),
    );
  });

  it("refuses figures that are not whole, non-negative cents, saying which", () => {
    const totals = (over: Partial<TotalsInput>) => () =>
      computeTotals({ lines: [dress], country: "NL", ...over });
    const cents = (what: string) => new RangeError(`${what} must be whole, non-negative cents`);
    expect(totals({ lines: [{ ...dress, unitPriceCents: -1 }] })).toThrow(cents("A unit price"));
    expect(totals({ lines: [{ ...dress, unitPriceCents: 1.5 }] })).toThrow(cents("A unit price"));
    expect(totals({ lines: [{ ...dress, quantity: 0 }] })).toThrow(new RangeError("Quantities are ≥ 1"));
    expect(totals({ lines: [{ ...dress, quantity: 1.5 }] })).toThrow(new RangeError("Quantities are ≥ 1"));
    expect(totals({ shipping: { priceCents: -1, freeFromCents: null } })).toThrow(cents("A shipping price"));
    const split = (giftCardCents: number, walletCents: number) =>
      totals({ split: () => ({ giftCardCents, walletCents }) });
    expect(split(-1, 0)).toThrow(cents("A gift card payment"));
    expect(split(0, 0.5)).toThrow(cents("A wallet payment"));
    expect(split(3_000, 3_000)).toThrow(
      new RangeError("Gift cards and wallet credit cannot pay more than the total"),
    );
    expect(split(3_000, 1_995)()).toMatchObject({
      giftCardCents: 3_000,
      walletCents: 1_995,
      amountDueCents: 0,
    });
  });

  it("gives free shipping from exactly the threshold, and only for a method that costs something", () => {
    const fifty = { ...dress, unitPriceCents: 5_000 };
    expect(computeTotals({ lines: [fifty], country: "NL", shipping: nl })).toMatchObject({
      shippingCents: 0,
      freeShipping: "threshold",
      toFreeShippingCents: 0,
    });
    const pickup = { priceCents: 0, freeFromCents: 5_000 };
    expect(computeTotals({ lines: [fifty], country: "NL", shipping: pickup })).toMatchObject({
      freeShipping: null,
    });
    const code = { kind: "free-shipping" } as const;
    expect(computeTotals({ lines: [dress], country: "NL", discount: code })).toMatchObject({
      freeShipping: null,
      shippingCents: 0,
      toFreeShippingCents: null,
    });
    const neverFree = { priceCents: 495, freeFromCents: null };
    expect(computeTotals({ lines: [dress], country: "NL", shipping: neverFree })).toMatchObject({
      shippingCents: 495,
      toFreeShippingCents: null,
    });
  });

  it("shows no VAT line when nothing taxable is left", () => {
    const t = computeTotals({
      lines: [dress],
      country: "NL",
      discount: { kind: "fixed", amountCents: 10_000 },
    });
    expect(t).toMatchObject({ totalCents: 0, vat: { lines: [], exemptCents: 0, vatCents: 0 } });
  });
});

describe("allocate and vatIncluded", () => {
  it("shares an amount exactly, in proportion", () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
    expect(allocate(7, [0, 10])).toEqual([0, 7]);
    expect(allocate(5, [0, 0])).toEqual([0, 0]);
  });

  it("gives the cents left over to the largest remainders, then to the earliest lines", () => {
    // 4 × 3/5 = 2.4 and 4 × 2/5 = 1.6: the second line has the larger remainder, though the smaller weight.
    expect(allocate(4, [3, 2])).toEqual([2, 2]);
    expect(allocate(2, [1, 1, 1, 1, 1])).toEqual([1, 1, 0, 0, 0]);
    expect(allocate(3, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])).toEqual([1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("rounds VAT half up to the cent", () => {
    expect(vatIncluded(121, 21)).toBe(21);
    expect(vatIncluded(100, 21)).toBe(17);
    expect(vatIncluded(120, 20)).toBe(20);
  });
});
