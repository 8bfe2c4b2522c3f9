import { describe, expect, it } from "vitest";
import { garments } from "../../seed/catalogue-data";
import { sizeChartKey } from "../catalog/product-rules";
import type { BodyProfile } from "./body";
import { adviceChart, recommendSize } from "./recommend";
import { sizeChartFor } from "./size-charts";

/** A body in the middle of each department's charts (the seed's model sizes fit it). */
const typical: Record<BodyProfile, { heightCm: number; weightKg: number }> = {
  women: { heightCm: 168, weightKg: 62 },
  men: { heightCm: 180, weightKg: 78 },
};

const sold = Object.entries(garments).flatMap(([code, garment]) =>
  Object.entries(garment.category).map(([gender, category]) => ({
    code,
    profile: gender as BodyProfile,
    category: category!,
    sizes: garment.sizes[gender as BodyProfile] ?? [],
  })),
);

describe("size advice covers every sized category the shop sells", () => {
  it.each(sold.map((g) => [`${g.profile} ${g.code}`, g] as const))(
    "%s: a chart for every size sold, and advice for a typical body",
    (_, garment) => {
      const key = sizeChartKey([garment.category, garment.profile]);
      expect(key).not.toBeNull();
      const chart = sizeChartFor(key!.profile, key!.family);
      for (const size of garment.sizes) expect(chart?.sizes.map((s) => s.size)).toContain(size);
      expect(adviceChart(key, garment.sizes)).toBe(chart);
      const advice = recommendSize({
        ...typical[garment.profile],
        profile: garment.profile,
        chart,
        availableSizes: garment.sizes,
      });
      expect(advice.ok).toBe(true);
    },
  );

  it("offers no advice where no chart holds the product's sizes", () => {
    expect(adviceChart(null, ["S", "M"])).toBeNull();
    expect(adviceChart({ profile: "men", family: "dresses" }, ["M"])).toBeNull();
    expect(adviceChart({ profile: "women", family: "tops" }, ["one-size"])).toBeNull();
  });
});
