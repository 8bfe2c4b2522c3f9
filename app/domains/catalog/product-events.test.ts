import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type HourCount, hourBucket, mergeEvents, type ProductEvent, sumWindow } from "./product-events";

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

/** Every bucket from `from` (inclusive) to `to` (exclusive), one hour apart. */
function hoursBetween(from: Date, to: Date): Date[] {
  const hours: Date[] = [];
  for (let hour = hourBucket(from); hour < to; hour = new Date(hour.getTime() + HOUR)) hours.push(hour);
  return hours;
}

describe("hourBucket", () => {
  it("gives the start of the UTC hour", () => {
    expect(hourBucket(at("2026-11-20T14:35:12.345Z"))).toEqual(at("2026-11-20T14:00:00Z"));
    expect(hourBucket(at("2026-11-20T14:00:00Z"))).toEqual(at("2026-11-20T14:00:00Z"));
    expect(hourBucket(at("2026-11-20T14:59:59.999Z"))).toEqual(at("2026-11-20T14:00:00Z"));
    expect(hourBucket(at("2026-11-20T15:35:00+01:00"))).toEqual(at("2026-11-20T14:00:00Z"));
  });

  it("ignores summer time: the Amsterdam day of the spring change has 23 buckets, of the autumn change 25", () => {
    // Clocks go 02:00 → 03:00 local on 29 March 2026 and 03:00 → 02:00 on 25 October 2026.
    const spring = hoursBetween(at("2026-03-29T00:00:00+01:00"), at("2026-03-30T00:00:00+02:00"));
    expect(spring).toHaveLength(23);
    const autumn = hoursBetween(at("2026-10-25T00:00:00+02:00"), at("2026-10-26T00:00:00+01:00"));
    expect(autumn).toHaveLength(25);
    for (const hours of [spring, autumn]) {
      for (const [index, hour] of hours.entries()) {
        if (index > 0) expect(hour.getTime() - hours[index - 1]!.getTime()).toBe(HOUR);
      }
    }
  });

  it("keeps the repeated local hour of the autumn change apart", () => {
    const first = hourBucket(at("2026-10-25T02:30:00+02:00"));
    const second = hourBucket(at("2026-10-25T02:30:00+01:00"));
    expect(first).toEqual(at("2026-10-25T00:00:00Z"));
    expect(second).toEqual(at("2026-10-25T01:00:00Z"));
  });

  it("always returns a whole UTC hour within the hour before the date", () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), (date) => {
        const bucket = hourBucket(date);
        expect(Number.isInteger(bucket.getTime() / HOUR)).toBe(true);
        expect(date.getTime() - bucket.getTime()).toBeGreaterThanOrEqual(0);
        expect(date.getTime() - bucket.getTime()).toBeLessThan(HOUR);
      }),
    );
  });
});

describe("sumWindow", () => {
  const buckets: HourCount[] = [
    { hour: at("2026-11-19T13:00:00Z"), count: 100 },
    { hour: at("2026-11-19T14:00:00Z"), count: 1 },
    { hour: at("2026-11-19T15:00:00Z"), count: 2 },
    { hour: at("2026-11-20T14:00:00Z"), count: 4 },
    { hour: at("2026-11-20T15:00:00Z"), count: 1000 },
  ];

  it("sums the buckets that start in [from, to)", () => {
    expect(sumWindow(buckets, at("2026-11-19T14:00:00Z"), at("2026-11-20T14:00:00Z"))).toBe(3);
    expect(sumWindow(buckets, at("2026-11-19T14:00:00Z"), at("2026-11-20T14:00:00.001Z"))).toBe(7);
    expect(sumWindow([], at("2026-11-19T14:00:00Z"), at("2026-11-20T14:00:00Z"))).toBe(0);
  });

  it("counts the last 24 h without an event from before them", () => {
    const now = at("2026-11-20T14:35:00Z");
    const from = new Date(now.getTime() - 24 * HOUR);
    expect(sumWindow(buckets, from, now)).toBe(6);
  });

  it("counts 24 buckets for 24 h across a summer-time change", () => {
    const to = at("2026-03-29T12:00:00Z");
    const hours = hoursBetween(new Date(to.getTime() - 24 * HOUR), to);
    expect(
      sumWindow(
        hours.map((hour) => ({ hour, count: 1 })),
        new Date(to.getTime() - 24 * HOUR),
        to,
      ),
    ).toBe(24);
  });
});

describe("mergeEvents", () => {
  it("adds up events per product, UTC hour and kind, purchases by units", () => {
    const events: ProductEvent[] = [
      { productId: 2, kind: "view", at: at("2026-11-20T14:05:00Z") },
      { productId: 1, kind: "view", at: at("2026-11-20T14:59:59Z") },
      { productId: 1, kind: "view", at: at("2026-11-20T14:00:00Z") },
      { productId: 1, kind: "view", at: at("2026-11-20T15:00:00Z") },
      { productId: 1, kind: "purchase", at: at("2026-11-20T14:10:00Z"), quantity: 3 },
      { productId: 1, kind: "purchase", at: at("2026-11-20T14:20:00Z") },
      { productId: 1, kind: "wishlist-add", at: at("2026-11-20T14:30:00Z") },
    ];
    expect(mergeEvents(events)).toEqual({
      increments: [
        { productId: 1, hour: at("2026-11-20T14:00:00Z"), kind: "view", count: 2 },
        { productId: 1, hour: at("2026-11-20T14:00:00Z"), kind: "purchase", count: 4 },
        { productId: 1, hour: at("2026-11-20T14:00:00Z"), kind: "wishlist-add", count: 1 },
        { productId: 1, hour: at("2026-11-20T15:00:00Z"), kind: "view", count: 1 },
        { productId: 2, hour: at("2026-11-20T14:00:00Z"), kind: "view", count: 1 },
      ],
    });
  });

  it("loses no event and invents none, in any batch", () => {
    const event: fc.Arbitrary<ProductEvent> = fc
      .record({
        productId: fc.integer({ min: 1, max: 4 }),
        kind: fc.constantFrom("view", "cart-add", "purchase", "wishlist-add"),
        at: fc.integer({ min: 0, max: 72 * HOUR }).map((ms) => new Date(Date.UTC(2026, 9, 24) + ms)),
        quantity: fc.integer({ min: 1, max: 3 }),
      })
      .map(({ productId, kind, at, quantity }): ProductEvent => {
        if (kind === "purchase") return { productId, kind, at, quantity };
        return { productId, kind, at };
      });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), (events) => {
        const { increments } = mergeEvents(events);
        const units = (e: ProductEvent) => (e.kind === "purchase" ? (e.quantity ?? 1) : 1);
        expect(increments.reduce((sum, row) => sum + row.count, 0)).toBe(
          events.reduce((sum, e) => sum + units(e), 0),
        );
        const keys = increments.map((row) => `${row.productId}|${row.hour.getTime()}|${row.kind}`);
        expect(new Set(keys).size).toBe(keys.length);
      }),
    );
  });
});
