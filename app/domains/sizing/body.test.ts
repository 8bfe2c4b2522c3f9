import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BODY_LIMITS, type BodyProfile, bodyProfiles, estimateBody } from "./body";

const height = fc.integer(BODY_LIMITS.heightCm);
const weight = fc.integer(BODY_LIMITS.weightKg);
const profile = fc.constantFrom(...bodyProfiles);
const girths = ["chest", "waist", "hips"] as const;

describe("estimateBody", () => {
  it("gives the reference girths at the reference height and BMI 22", () => {
    const expectReference = (heightCm: number, profile: BodyProfile, expected: Record<string, number>) => {
      const body = estimateBody({ heightCm, weightKg: 22 * (heightCm / 100) ** 2, profile });
      for (const girth of girths) expect(body[girth]).toBeCloseTo(expected[girth]!, 9);
    };
    expectReference(168, "women", { chest: 88, waist: 71, hips: 97 });
    expectReference(180, "men", { chest: 96, waist: 83, hips: 96 });
  });

  it("estimates typical bodies", () => {
    const woman = estimateBody({ heightCm: 168, weightKg: 60, profile: "women" });
    expect(woman.chest).toBeCloseTo(86.4, 1);
    expect(woman.waist).toBeCloseTo(69.1, 1);
    expect(woman.hips).toBeCloseTo(95.4, 1);
    const man = estimateBody({ heightCm: 185, weightKg: 85, profile: "men" });
    expect(man.chest).toBeCloseTo(104.0, 1);
    expect(man.waist).toBeCloseTo(92.7, 1);
    expect(man.hips).toBeCloseTo(102.8, 1);
  });

  it("gives a heavier body larger girths", () => {
    fc.assert(
      fc.property(height, weight, weight, profile, (heightCm, a, b, profile) => {
        fc.pre(a !== b);
        const [lighter, heavier] = [Math.min(a, b), Math.max(a, b)].map((weightKg) =>
          estimateBody({ heightCm, weightKg, profile }),
        );
        for (const girth of girths) expect(heavier![girth]).toBeGreaterThan(lighter![girth]);
      }),
    );
  });

  it("gives a taller body of the same weight smaller girths", () => {
    fc.assert(
      fc.property(height, height, weight, profile, (a, b, weightKg, profile) => {
        fc.pre(a !== b);
        const [shorter, taller] = [Math.min(a, b), Math.max(a, b)].map((heightCm) =>
          estimateBody({ heightCm, weightKg, profile }),
        );
        for (const girth of girths) expect(taller![girth]).toBeLessThan(shorter![girth]);
      }),
    );
  });

  it("stays plausible between BMI 18.5 and 30", () => {
    fc.assert(
      fc.property(
        height,
        fc.double({ min: 18.5, max: 30, noNaN: true }),
        profile,
        (heightCm, bmi, profile) => {
          const body = estimateBody({ heightCm, weightKg: bmi * (heightCm / 100) ** 2, profile });
          for (const girth of girths) {
            expect(body[girth]).toBeGreaterThan(50);
            expect(body[girth]).toBeLessThan(135);
          }
          if (profile === "women") expect(body.waist).toBeLessThan(body.hips);
        },
      ),
    );
  });
});
