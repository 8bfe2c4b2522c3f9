import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { discountPercent } from "./discount";
import { DONATION_OPTIONS, donationFormValues, donationOf, isDonation } from "./donation";
import { leftToRefund } from "./refunds";

describe("discountPercent", () => {
  it("is the whole percentage off the original price, rounded", () => {
    expect(discountPercent(7_500, 10_000)).toBe(25);
    expect(discountPercent(6_667, 10_000)).toBe(33);
    expect(discountPercent(6_650, 10_000)).toBe(34);
    expect(discountPercent(1, 10_000)).toBe(100);
  });

  it("is null when the price is not reduced", () => {
    expect(discountPercent(5_000, null)).toBeNull();
    expect(discountPercent(5_000, 5_000)).toBeNull();
    expect(discountPercent(5_000, 4_000)).toBeNull();
  });

  it("stays between 0 and 100 for any reduced price", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 1_000_000 }), (p, o) => {
        const percent = discountPercent(p, o);
        if (o <= p) return percent === null;
        return percent !== null && percent >= 0 && percent <= 100;
      }),
    );
  });
});

describe("donations", () => {
  it("are none, €2 or €5, also as the form posts them", () => {
    expect(DONATION_OPTIONS).toEqual([0, 200, 500]);
    expect(donationFormValues).toEqual(["0", "200", "500"]);
    expect(isDonation(200)).toBe(true);
    expect(isDonation(300)).toBe(false);
  });

  it("reads a posted value, anything else being no donation", () => {
    expect(donationOf("500")).toBe(500);
    expect(donationOf(200)).toBe(200);
    expect(donationOf("300")).toBe(0);
    expect(donationOf("")).toBe(0);
    expect(donationOf(null)).toBe(0);
    // A field posted twice arrives as a list: not a choice either.
    expect(donationOf(["500"])).toBe(0);
    expect(donationOf([500])).toBe(0);
  });
});

describe("leftToRefund", () => {
  it("is what was collected minus what was refunded or reserved", () => {
    expect(leftToRefund({ amountCents: 5_995, refundedCents: 0 })).toBe(5_995);
    expect(leftToRefund({ amountCents: 5_995, refundedCents: 1_000 })).toBe(4_995);
    expect(leftToRefund({ amountCents: 5_995, refundedCents: 5_995 })).toBe(0);
  });

  it("is never negative", () => {
    expect(leftToRefund({ amountCents: 100, refundedCents: 150 })).toBe(0);
  });
});
