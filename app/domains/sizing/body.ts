export const bodyProfiles = ["women", "men"] as const;
export type BodyProfile = (typeof bodyProfiles)[number];

/** Inclusive; outside these the model below is not trusted (and PRODUCT.md asks for no recommendation). */
export const BODY_LIMITS = {
  heightCm: { min: 140, max: 210 },
  weightKg: { min: 35, max: 160 },
} as const;

export interface BodyInput {
  heightCm: number;
  weightKg: number;
  profile: BodyProfile;
}

/** Body girths in cm: chest (bust for women), natural waist, hips at their widest. */
export interface BodyMeasurements {
  chest: number;
  waist: number;
  hips: number;
}
export type Measurement = keyof BodyMeasurements;

/**
 * The model, per profile and girth:
 *
 *   girth = reference · (BMI / 22)^e · √(height / referenceHeight),   BMI = kg / m²
 *
 * - The reference person is of average height (women 168 cm, men 180 cm) with BMI 22, the middle of the
 *   healthy range; their girths are typical body measurements of European size surveys for size S/M (women)
 *   and M (men).
 * - `e` is how strongly a girth follows BMI. Waist follows it most (fat is stored there first), chest and
 *   hips less (more skeleton and muscle). Near the reference the exponents give about 2.2 cm (bust, chest,
 *   hips) and 2.6–3 cm (waist) per BMI point, the order of magnitude adult survey data show.
 * - √(height) is geometric similarity: at a fixed BMI, weight ∝ height², so weight per cm of height, and
 *   with it a cross-section's area, grows ∝ height, and a circumference ∝ √height.
 *
 * In weight and height the formula is girth ∝ weight^e · height^(0.5 − 2e). Every `e` is positive and above
 * 0.25, so a heavier body always has larger girths and a taller body of the same weight smaller ones.
 * These are calibrated, not fitted coefficients: replace them when the shop has fit data of its own.
 */
const REFERENCE_BMI = 22;
const model: Record<BodyProfile, { heightCm: number; girth: BodyMeasurements; exponent: BodyMeasurements }> =
  {
    women: {
      heightCm: 168,
      girth: { chest: 88, waist: 71, hips: 97 },
      exponent: { chest: 0.55, waist: 0.8, hips: 0.5 },
    },
    men: {
      heightCm: 180,
      girth: { chest: 96, waist: 83, hips: 96 },
      exponent: { chest: 0.55, waist: 0.8, hips: 0.45 },
    },
  };

export function estimateBody({ heightCm, weightKg, profile }: BodyInput): BodyMeasurements {
  const { heightCm: referenceHeight, girth, exponent } = model[profile];
  const bmiRatio = weightKg / (heightCm / 100) ** 2 / REFERENCE_BMI;
  const frame = Math.sqrt(heightCm / referenceHeight);
  const estimate = (m: Measurement) => girth[m] * bmiRatio ** exponent[m] * frame;
  return { chest: estimate("chest"), waist: estimate("waist"), hips: estimate("hips") };
}
