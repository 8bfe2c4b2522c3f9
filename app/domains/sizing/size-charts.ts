import type { BodyProfile, Measurement } from "./body";

export const garmentFamilies = [
  "tops",
  "dresses",
  "knitwear",
  "jackets",
  "trousers",
  "jeans",
  "skirts",
  "shorts",
] as const;
export type GarmentFamily = (typeof garmentFamilies)[number];

/** Body measurement range in cm, both ends inclusive. */
export type CmRange = readonly [min: number, max: number];

export interface ChartSize {
  size: string;
  ranges: Partial<Record<Measurement, CmRange>>;
}

/**
 * A size chart in body measurements (not garment measurements: the cut's ease is the brand's business).
 * Contract, checked by the tests: sizes run smallest first, every size has a range for every key, and a
 * key's min and max never decrease from one size to the next (the recommendation relies on it).
 */
export interface SizeChart {
  family: GarmentFamily;
  /** The body the garment is cut for (its department), not the shopper's profile. */
  profile: BodyProfile;
  /** The measurements that decide the size; the other ranges are shown in the size table only. */
  keys: readonly Measurement[];
  sizes: readonly ChartSize[];
}

const womenLetters: readonly ChartSize[] = [
  { size: "XS", ranges: { chest: [76, 84], waist: [58, 66], hips: [84, 92] } },
  { size: "S", ranges: { chest: [84, 88], waist: [66, 70], hips: [92, 96] } },
  { size: "M", ranges: { chest: [88, 92], waist: [70, 74], hips: [96, 100] } },
  { size: "L", ranges: { chest: [92, 98], waist: [74, 80], hips: [100, 106] } },
  { size: "XL", ranges: { chest: [98, 104], waist: [80, 86], hips: [106, 112] } },
  { size: "XXL", ranges: { chest: [104, 112], waist: [86, 94], hips: [112, 120] } },
];

const menLetters: readonly ChartSize[] = [
  { size: "XS", ranges: { chest: [82, 88], waist: [70, 76], hips: [84, 90] } },
  { size: "S", ranges: { chest: [88, 94], waist: [76, 82], hips: [90, 96] } },
  { size: "M", ranges: { chest: [94, 100], waist: [82, 88], hips: [96, 102] } },
  { size: "L", ranges: { chest: [100, 106], waist: [88, 94], hips: [102, 108] } },
  { size: "XL", ranges: { chest: [106, 112], waist: [94, 100], hips: [108, 114] } },
  { size: "XXL", ranges: { chest: [112, 118], waist: [100, 106], hips: [114, 120] } },
];

const womenTrousers: readonly ChartSize[] = [
  { size: "32", ranges: { waist: [58, 62], hips: [84, 88] } },
  { size: "34", ranges: { waist: [62, 66], hips: [88, 92] } },
  { size: "36", ranges: { waist: [66, 70], hips: [92, 96] } },
  { size: "38", ranges: { waist: [70, 74], hips: [96, 100] } },
  { size: "40", ranges: { waist: [74, 78], hips: [100, 104] } },
  { size: "42", ranges: { waist: [78, 82], hips: [104, 108] } },
  { size: "44", ranges: { waist: [82, 87], hips: [108, 113] } },
  { size: "46", ranges: { waist: [87, 92], hips: [113, 118] } },
];

const womenJeans: readonly ChartSize[] = [
  { size: "W24", ranges: { waist: [60, 62], hips: [85, 88] } },
  { size: "W25", ranges: { waist: [62, 65], hips: [88, 90] } },
  { size: "W26", ranges: { waist: [65, 67], hips: [90, 93] } },
  { size: "W27", ranges: { waist: [67, 70], hips: [93, 95] } },
  { size: "W28", ranges: { waist: [70, 72], hips: [95, 98] } },
  { size: "W29", ranges: { waist: [72, 75], hips: [98, 100] } },
  { size: "W30", ranges: { waist: [75, 77], hips: [100, 103] } },
  { size: "W31", ranges: { waist: [77, 80], hips: [103, 105] } },
  { size: "W32", ranges: { waist: [80, 83], hips: [105, 108] } },
  { size: "W33", ranges: { waist: [83, 85], hips: [108, 110] } },
  { size: "W34", ranges: { waist: [85, 88], hips: [110, 113] } },
];

const menTrousers: readonly ChartSize[] = [
  { size: "44", ranges: { waist: [72, 76], hips: [88, 92] } },
  { size: "46", ranges: { waist: [76, 80], hips: [92, 96] } },
  { size: "48", ranges: { waist: [80, 84], hips: [96, 100] } },
  { size: "50", ranges: { waist: [84, 88], hips: [100, 104] } },
  { size: "52", ranges: { waist: [88, 92], hips: [104, 108] } },
  { size: "54", ranges: { waist: [92, 97], hips: [108, 112] } },
  { size: "56", ranges: { waist: [97, 102], hips: [112, 116] } },
];

const menJeans: readonly ChartSize[] = [
  { size: "W28", ranges: { waist: [71, 74], hips: [87, 90] } },
  { size: "W29", ranges: { waist: [74, 76], hips: [90, 92] } },
  { size: "W30", ranges: { waist: [76, 79], hips: [92, 95] } },
  { size: "W31", ranges: { waist: [79, 81], hips: [95, 97] } },
  { size: "W32", ranges: { waist: [81, 84], hips: [97, 100] } },
  { size: "W33", ranges: { waist: [84, 86], hips: [100, 102] } },
  { size: "W34", ranges: { waist: [86, 89], hips: [102, 105] } },
  { size: "W36", ranges: { waist: [89, 94], hips: [105, 110] } },
  { size: "W38", ranges: { waist: [94, 99], hips: [110, 115] } },
];

/*
 * Keys: tops, knitwear and jackets hang from the shoulders and close over the chest; dresses must pass
 * all three girths; women's trousers, skirts and shorts sit on waist and hips. Men's trousers and shorts
 * are sized by the waist alone: men's hips track the waist less closely than a chart's fixed hip-to-waist
 * step, so a hips key would refuse heavier men every size. Skirts and shorts are sold in letter sizes: the
 * letter chart's waist and hips ranges are theirs.
 */
const upper = ["chest"] as const;

export const sizeCharts: readonly SizeChart[] = [
  { family: "tops", profile: "women", keys: upper, sizes: womenLetters },
  { family: "knitwear", profile: "women", keys: upper, sizes: womenLetters },
  { family: "jackets", profile: "women", keys: upper, sizes: womenLetters },
  { family: "dresses", profile: "women", keys: ["chest", "waist", "hips"], sizes: womenLetters },
  { family: "trousers", profile: "women", keys: ["waist", "hips"], sizes: womenTrousers },
  { family: "jeans", profile: "women", keys: ["waist", "hips"], sizes: womenJeans },
  { family: "skirts", profile: "women", keys: ["waist", "hips"], sizes: womenLetters },
  { family: "shorts", profile: "women", keys: ["waist", "hips"], sizes: womenLetters },
  { family: "tops", profile: "men", keys: upper, sizes: menLetters },
  { family: "knitwear", profile: "men", keys: upper, sizes: menLetters },
  { family: "jackets", profile: "men", keys: upper, sizes: menLetters },
  { family: "trousers", profile: "men", keys: ["waist"], sizes: menTrousers },
  { family: "jeans", profile: "men", keys: ["waist"], sizes: menJeans },
  { family: "shorts", profile: "men", keys: ["waist"], sizes: menLetters },
];

/** The chart for a garment of a department, or undefined when there is none (men's dresses and skirts). */
export function sizeChartFor(profile: BodyProfile, family: GarmentFamily): SizeChart | undefined {
  return sizeCharts.find((chart) => chart.profile === profile && chart.family === family);
}
