import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BODY_LIMITS, bodyProfiles, estimateBody } from "./body";
import { type FitAnswers, fitShift } from "./fit";
import { adviceChart, type RecommendInput, recommendSize, TOLERANCE_CM } from "./recommend";
import { type ChartSize, type SizeChart, sizeChartFor, sizeCharts } from "./size-charts";

const womenTops = sizeChartFor("women", "tops")!;
const menTops = sizeChartFor("men", "tops")!;
const all = (chart: SizeChart) => chart.sizes.map((entry) => entry.size);

const woman168x60 = {
  heightCm: 168,
  weightKg: 60,
  profile: "women",
  chart: womenTops,
  availableSizes: all(womenTops),
} satisfies RecommendInput;

describe("recommendSize: examples", () => {
  it.each([
    [168, 60, "women", "tops", { size: "S", confidence: "good" }],
    [160, 50, "women", "tops", { size: "XS", confidence: "good" }],
    [175, 70, "women", "dresses", { size: "M", alternative: "L", confidence: "between" }],
    [168, 60, "women", "jeans", { size: "W27", alternative: "W28", confidence: "between" }],
    [185, 85, "men", "tops", { size: "L", confidence: "good" }],
    [180, 75, "men", "tops", { size: "M", confidence: "good" }],
    [190, 100, "men", "tops", { size: "XL", alternative: "XXL", confidence: "between" }],
    [180, 75, "men", "jeans", { size: "W33", alternative: "W34", confidence: "between" }],
  ] as const)("%i cm, %i kg, %s %s", (heightCm, weightKg, profile, family, expected) => {
    const chart = sizeChartFor(profile, family)!;
    expect(recommendSize({ heightCm, weightKg, profile, chart, availableSizes: all(chart) })).toEqual({
      ok: true,
      ...expected,
    });
  });

  it("accepts the limits themselves and refuses anything beyond them", () => {
    const at = (heightCm: number, weightKg: number) => recommendSize({ ...woman168x60, heightCm, weightKg });
    for (const [heightCm, weightKg] of [
      [140, 35],
      [140, 160],
      [210, 35],
      [210, 160],
    ]) {
      expect(at(heightCm!, weightKg!)).not.toMatchObject({ reason: "out-of-range" });
    }
    for (const [heightCm, weightKg] of [
      [139, 60],
      [211, 60],
      [168, 34],
      [168, 161],
      [139.9, 60],
      [Number.NaN, 60],
      [168, Number.POSITIVE_INFINITY],
    ]) {
      expect(at(heightCm!, weightKg!)).toEqual({ ok: false, reason: "out-of-range" });
    }
  });

  it("has no recommendation without a chart, or when none of the product's sizes is on it", () => {
    expect(recommendSize({ ...woman168x60, chart: undefined })).toEqual({ ok: false, reason: "no-chart" });
    expect(recommendSize({ ...woman168x60, chart: null })).toEqual({ ok: false, reason: "no-chart" });
    expect(recommendSize({ ...woman168x60, availableSizes: ["One size"] })).toEqual({
      ok: false,
      reason: "no-chart",
    });
    expect(recommendSize({ ...woman168x60, availableSizes: [] })).toEqual({ ok: false, reason: "no-chart" });
  });

  it("has no recommendation when no size fits the body or the fitting size is not made", () => {
    expect(recommendSize({ ...woman168x60, weightKg: 120 })).toEqual({ ok: false, reason: "no-fit" });
    expect(recommendSize({ ...woman168x60, availableSizes: ["L", "XL"] })).toEqual({
      ok: false,
      reason: "no-fit",
    });
  });

  it("never names a size the product is not made in, even as the alternative", () => {
    const dresses = sizeChartFor("women", "dresses")!;
    const input = { heightCm: 175, weightKg: 70, profile: "women", chart: dresses } as const;
    expect(recommendSize({ ...input, availableSizes: ["S", "M", "XL"] })).toEqual({
      ok: true,
      size: "M",
      confidence: "good",
    });
    expect(recommendSize({ ...input, availableSizes: ["S", "L"] })).toEqual({
      ok: true,
      size: "L",
      confidence: "good",
    });
  });

  it("sizes a shopper on another department's chart by their own body", () => {
    expect(recommendSize({ ...woman168x60, chart: menTops, availableSizes: all(menTops) })).toEqual({
      ok: true,
      size: "XS",
      confidence: "good",
    });
  });
});

describe("fit feedback", () => {
  const answers = (small: number, trueToSize: number, large: number): FitAnswers => ({
    small,
    true: trueToSize,
    large,
  });

  it("shifts only from 10 answers and 40 % on", () => {
    expect(fitShift(undefined)).toBe(0);
    expect(fitShift(answers(9, 0, 0))).toBe(0);
    expect(fitShift(answers(4, 6, 0))).toBe(1);
    expect(fitShift(answers(3, 7, 0))).toBe(0);
    expect(fitShift(answers(39, 61, 0))).toBe(0);
    expect(fitShift(answers(40, 60, 0))).toBe(1);
    expect(fitShift(answers(0, 6, 4))).toBe(-1);
    expect(fitShift(answers(0, 61, 39))).toBe(0);
  });

  it("does not shift when shoppers disagree both ways", () => {
    expect(fitShift(answers(4, 2, 4))).toBe(0);
    expect(fitShift(answers(5, 0, 5))).toBe(0);
  });

  it("recommends one size up when the product runs small and one down when it runs large", () => {
    expect(recommendSize({ ...woman168x60, fit: answers(4, 6, 0) })).toMatchObject({ size: "M" });
    expect(recommendSize({ ...woman168x60, fit: answers(0, 6, 4) })).toMatchObject({ size: "XS" });
    expect(recommendSize({ ...woman168x60, fit: answers(3, 7, 0) })).toMatchObject({ size: "S" });
  });

  it("shifts the alternative with the size", () => {
    const jeans = sizeChartFor("women", "jeans")!;
    const input = { ...woman168x60, chart: jeans, availableSizes: all(jeans) };
    expect(recommendSize({ ...input, fit: answers(5, 5, 0) })).toEqual({
      ok: true,
      size: "W28",
      alternative: "W29",
      confidence: "between",
    });
  });

  it("finds no size when the shift runs off the chart or onto a size the product lacks", () => {
    const largest = { ...woman168x60, heightCm: 160, weightKg: 90 };
    expect(recommendSize(largest)).toMatchObject({ ok: true, size: "XXL" });
    expect(recommendSize({ ...largest, fit: answers(10, 0, 0) })).toEqual({ ok: false, reason: "no-fit" });
    const smallest = { ...woman168x60, weightKg: 50 };
    expect(recommendSize(smallest)).toMatchObject({ ok: true, size: "XS" });
    expect(recommendSize({ ...smallest, fit: answers(0, 0, 10) })).toEqual({ ok: false, reason: "no-fit" });
    expect(recommendSize({ ...woman168x60, availableSizes: ["S"], fit: answers(10, 0, 0) })).toEqual({
      ok: false,
      reason: "no-fit",
    });
  });
});

describe("recommendSize: properties", () => {
  const fit = fc.option(fc.record({ small: fc.nat(30), true: fc.nat(30), large: fc.nat(30) }), {
    nil: undefined,
  });
  const product = fc.constantFrom(...sizeCharts).chain((chart) =>
    fc.record({
      chart: fc.constant(chart),
      availableSizes: fc.subarray([...all(chart), "One size", "XXXL"]),
      fit,
    }),
  );
  const height = fc.integer(BODY_LIMITS.heightCm);
  const weight = fc.integer(BODY_LIMITS.weightKg);
  const profile = fc.constantFrom(...bodyProfiles);
  const index = (chart: SizeChart, size: string) => chart.sizes.findIndex((entry) => entry.size === size);

  it("never gives a smaller size for more weight at the same height", () => {
    fc.assert(
      fc.property(product, profile, height, weight, weight, (p, profile, heightCm, a, b) => {
        const lighter = recommendSize({ ...p, profile, heightCm, weightKg: Math.min(a, b) });
        const heavier = recommendSize({ ...p, profile, heightCm, weightKg: Math.max(a, b) });
        if (lighter.ok && heavier.ok) {
          expect(index(p.chart, heavier.size)).toBeGreaterThanOrEqual(index(p.chart, lighter.size));
        }
      }),
    );
  });

  it("never gives a larger size for more height at the same weight", () => {
    fc.assert(
      fc.property(product, profile, height, height, weight, (p, profile, a, b, weightKg) => {
        const shorter = recommendSize({ ...p, profile, weightKg, heightCm: Math.min(a, b) });
        const taller = recommendSize({ ...p, profile, weightKg, heightCm: Math.max(a, b) });
        if (shorter.ok && taller.ok) {
          expect(index(p.chart, taller.size)).toBeLessThanOrEqual(index(p.chart, shorter.size));
        }
      }),
    );
  });

  it("answers out-of-range for any height or weight outside the limits, whatever the product", () => {
    const outside = (limits: { min: number; max: number }) =>
      fc.oneof(
        fc.double({ max: limits.min, maxExcluded: true }),
        fc.double({ min: limits.max, minExcluded: true }),
      );
    fc.assert(
      fc.property(
        product,
        profile,
        fc.oneof(
          fc.tuple(outside(BODY_LIMITS.heightCm), weight),
          fc.tuple(height, outside(BODY_LIMITS.weightKg)),
        ),
        (p, profile, [heightCm, weightKg]) => {
          expect(recommendSize({ ...p, profile, heightCm, weightKg })).toEqual({
            ok: false,
            reason: "out-of-range",
          });
        },
      ),
    );
  });

  it("only names sizes the product is made in, the alternative being the next larger one", () => {
    fc.assert(
      fc.property(product, profile, height, weight, (p, profile, heightCm, weightKg) => {
        const result = recommendSize({ ...p, profile, heightCm, weightKg });
        if (!result.ok) return;
        expect(p.availableSizes).toContain(result.size);
        if (result.confidence === "between") {
          expect(p.availableSizes).toContain(result.alternative);
          expect(index(p.chart, result.alternative)).toBeGreaterThan(index(p.chart, result.size));
        }
      }),
    );
  });
});

describe("recommendSize: the edges of a size's ranges", () => {
  const body = estimateBody({ heightCm: 168, weightKg: 60, profile: "women" });
  const advise = (ranges: ChartSize["ranges"]) =>
    recommendSize({
      ...woman168x60,
      chart: { ...womenTops, keys: ["chest", "waist"], sizes: [{ size: "M", ranges }] },
      availableSizes: ["M"],
    });
  const waist = [body.waist - 2, body.waist + 2] as const;
  const fits = { ok: true, size: "M", confidence: "good" };
  const noFit = { ok: false, reason: "no-fit" };

  it("counts a measurement exactly TOLERANCE_CM beyond a range as fitting, and no further", () => {
    // The arithmetic below is exact at these magnitudes, so the edge is the edge.
    expect(body.chest - TOLERANCE_CM + TOLERANCE_CM).toBe(body.chest);
    expect(body.chest + TOLERANCE_CM - TOLERANCE_CM).toBe(body.chest);
    expect(advise({ chest: [body.chest - 6, body.chest - TOLERANCE_CM], waist })).toEqual(fits);
    expect(advise({ chest: [body.chest + TOLERANCE_CM, body.chest + 6], waist })).toEqual(fits);
    expect(advise({ chest: [body.chest - 6, body.chest - TOLERANCE_CM - 0.5], waist })).toEqual(noFit);
    expect(advise({ chest: [body.chest + TOLERANCE_CM + 0.5, body.chest + 6], waist })).toEqual(noFit);
  });

  it("needs every key measurement to fit, and a range for each", () => {
    const chest = [body.chest - 2, body.chest + 2] as const;
    expect(advise({ chest, waist })).toEqual(fits);
    expect(advise({ chest, waist: [body.waist + 5, body.waist + 9] })).toEqual(noFit);
    expect(advise({ chest: [body.chest - 9, body.chest - 5], waist })).toEqual(noFit);
    expect(advise({ chest })).toEqual(noFit);
  });
});

describe("adviceChart", () => {
  it("uses the ranges operators changed, with the built-in chart's keys", () => {
    const sizes = [{ size: "S", ranges: { chest: [80, 90] as const, waist: [60, 70] as const } }];
    const chart = adviceChart({ profile: "women", family: "tops", sizes }, ["S"]);
    expect(chart).toEqual({ ...womenTops, sizes });
    expect(adviceChart({ profile: "women", family: "tops", sizes }, ["XL"])).toBeNull();
    expect(adviceChart({ profile: "women", family: "tops" }, ["XL"])).toBe(womenTops);
  });
});
