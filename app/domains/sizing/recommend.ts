import { BODY_LIMITS, type BodyMeasurements, type BodyProfile, estimateBody } from "./body";
import { type FitAnswers, fitShift } from "./fit";
import { type ChartSize, type GarmentFamily, type SizeChart, sizeChartFor } from "./size-charts";

/**
 * A measurement this far outside a size's range still counts as fitting it: the estimate itself is only
 * good to a few cm, and a 1 cm step beyond a chart's edge does not make a garment unwearable.
 */
export const TOLERANCE_CM = 1;

export interface RecommendInput {
  heightCm: number;
  weightKg: number;
  profile: BodyProfile;
  /** The product's chart; null or undefined when it has none. */
  chart: SizeChart | null | undefined;
  /** The sizes the product is made in (sold out or not); sizes outside the chart are ignored. */
  availableSizes: readonly string[];
  fit?: FitAnswers;
}

export type Recommendation =
  | { ok: true; size: string; confidence: "good" }
  | { ok: true; size: string; alternative: string; confidence: "between" }
  | { ok: false; reason: "out-of-range" | "no-chart" | "no-fit" };

/**
 * The smallest of the product's sizes whose chart ranges hold every key measurement (± TOLERANCE_CM).
 * When the next fitting size holds them too, the body sits between the two: "between", naming the larger.
 *
 * Fit feedback shifts which chart row a size is measured against: in a product that runs small, its M is
 * worn like the chart's S, so M is recommended to the body that the chart calls L; the smallest size of such
 * a product has no row to stand for and is never recommended.
 */
export function recommendSize(input: RecommendInput): Recommendation {
  const { heightCm, weightKg, profile, chart, availableSizes, fit } = input;
  if (!within(heightCm, BODY_LIMITS.heightCm) || !within(weightKg, BODY_LIMITS.weightKg)) {
    return { ok: false, reason: "out-of-range" };
  }
  if (!chart?.sizes.some((entry) => availableSizes.includes(entry.size))) {
    return { ok: false, reason: "no-chart" };
  }
  const body = estimateBody({ heightCm, weightKg, profile });
  const shift = fitShift(fit);
  const fitting = chart.sizes.filter((entry, index) => {
    const wornAs = chart.sizes[index - shift];
    return availableSizes.includes(entry.size) && wornAs !== undefined && holds(wornAs, chart.keys, body);
  });
  const [size, alternative] = fitting;
  if (!size) return { ok: false, reason: "no-fit" };
  return alternative
    ? { ok: true, size: size.size, alternative: alternative.size, confidence: "between" }
    : { ok: true, size: size.size, confidence: "good" };
}

/**
 * The chart size advice uses for a product (its department's and family's, with the ranges operators
 * changed), or null when no advice can be given: no chart for it, or none of its sizes in the chart.
 * "Find my size" is offered only where this is not null.
 */
export function adviceChart(
  key: { profile: BodyProfile; family: GarmentFamily; sizes?: readonly ChartSize[] } | null,
  availableSizes: readonly string[],
): SizeChart | null {
  const builtIn = key ? sizeChartFor(key.profile, key.family) : undefined;
  if (!builtIn) return null;
  const chart = key?.sizes ? { ...builtIn, sizes: key.sizes } : builtIn;
  return chart.sizes.some((entry) => availableSizes.includes(entry.size)) ? chart : null;
}

function within(value: number, range: { min: number; max: number }) {
  return value >= range.min && value <= range.max;
}

function holds(entry: ChartSize, keys: SizeChart["keys"], body: BodyMeasurements) {
  return keys.every((key) => {
    const range = entry.ranges[key];
    return (
      range !== undefined && body[key] >= range[0] - TOLERANCE_CM && body[key] <= range[1] + TOLERANCE_CM
    );
  });
}
