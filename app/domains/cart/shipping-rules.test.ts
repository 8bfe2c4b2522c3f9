import { describe, expect, it } from "vitest";
import { countryOfLocale, freeShippingProgress, shippingPromise } from "./shipping-rules";

describe("shippingPromise", () => {
  it("ships today before 23:00 Europe/Amsterdam, tomorrow from 23:00 to midnight (summer time)", () => {
    // CEST is UTC+2.
    expect(shippingPromise(new Date("2026-07-10T20:59:00Z")).ships).toBe("today");
    expect(shippingPromise(new Date("2026-07-10T21:00:00Z")).ships).toBe("tomorrow");
    expect(shippingPromise(new Date("2026-07-10T21:59:00Z")).ships).toBe("tomorrow");
    expect(shippingPromise(new Date("2026-07-10T22:00:00Z")).ships).toBe("today");
  });

  it("follows winter time (UTC+1), not UTC", () => {
    expect(shippingPromise(new Date("2026-01-15T21:59:00Z")).ships).toBe("today");
    expect(shippingPromise(new Date("2026-01-15T22:00:00Z")).ships).toBe("tomorrow");
    expect(shippingPromise(new Date("2026-01-15T22:30:00Z"))).toEqual({ ships: "tomorrow", cutoff: "23:00" });
  });

  it("knows the night the clocks go back (23:00 CEST is 21:00 UTC on 24 October 2026)", () => {
    expect(shippingPromise(new Date("2026-10-24T20:30:00Z")).ships).toBe("today");
    expect(shippingPromise(new Date("2026-10-24T21:30:00Z")).ships).toBe("tomorrow");
  });
});

describe("free shipping", () => {
  it("takes the locale's country, the Netherlands for English", () => {
    expect([
      countryOfLocale("nl"),
      countryOfLocale("en"),
      countryOfLocale("fr"),
      countryOfLocale("es"),
    ]).toEqual(["NL", "NL", "FR", "ES"]);
  });

  it("measures the distance to the threshold", () => {
    expect(freeShippingProgress(0, 5000)).toEqual({
      thresholdCents: 5000,
      remainingCents: 5000,
      reached: false,
      percent: 0,
    });
    expect(freeShippingProgress(3750, 5000)).toMatchObject({ remainingCents: 1250, percent: 75 });
    expect(freeShippingProgress(4999, 5000)).toMatchObject({
      remainingCents: 1,
      reached: false,
      percent: 99,
    });
    expect(freeShippingProgress(5000, 5000)).toMatchObject({
      remainingCents: 0,
      reached: true,
      percent: 100,
    });
    expect(freeShippingProgress(9000, 5000)).toMatchObject({ remainingCents: 0, percent: 100 });
    expect(freeShippingProgress(100, 0)).toMatchObject({ reached: true, percent: 100 });
  });
});
