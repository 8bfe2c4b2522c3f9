import { describe, expect, it } from "vitest";
import { bodyProfiles } from "./body";
import { garmentFamilies, sizeChartFor, sizeCharts } from "./size-charts";

describe("size charts", () => {
  it.each(sizeCharts.map((chart) => [`${chart.profile} ${chart.family}`, chart] as const))(
    "%s: a range for every key, ranges that never shrink towards larger sizes",
    (_, chart) => {
      expect(chart.keys.length).toBeGreaterThan(0);
      expect(new Set(chart.sizes.map((entry) => entry.size)).size).toBe(chart.sizes.length);
      for (const entry of chart.sizes) {
        for (const range of Object.values(entry.ranges)) expect(range[0]).toBeLessThan(range[1]);
      }
      for (const key of chart.keys) {
        const ranges = chart.sizes.map((entry) => entry.ranges[key]);
        expect(ranges.every((range) => range !== undefined)).toBe(true);
        for (const [index, range] of ranges.entries()) {
          const previous = ranges[index - 1];
          if (!previous || !range) continue;
          expect(range[0]).toBeGreaterThanOrEqual(previous[0]);
          expect(range[1]).toBeGreaterThanOrEqual(previous[1]);
          // Contiguous: no body between two sizes falls through a gap.
          expect(range[0]).toBeLessThanOrEqual(previous[1]);
        }
      }
    },
  );

  it("has one chart per department and family, none for men's dresses and skirts", () => {
    for (const profile of bodyProfiles) {
      for (const family of garmentFamilies) {
        const matches = sizeCharts.filter((chart) => chart.profile === profile && chart.family === family);
        const none = profile === "men" && (family === "dresses" || family === "skirts");
        expect(matches.length).toBe(none ? 0 : 1);
        expect(sizeChartFor(profile, family)).toBe(matches[0]);
      }
    }
  });

  it("runs letter sizes XS–XXL and numeric sizes per department", () => {
    const sizes = (profile: "women" | "men", family: (typeof garmentFamilies)[number]) =>
      sizeChartFor(profile, family)?.sizes.map((entry) => entry.size);
    expect(sizes("women", "tops")).toEqual(["XS", "S", "M", "L", "XL", "XXL"]);
    expect(sizes("men", "jackets")).toEqual(["XS", "S", "M", "L", "XL", "XXL"]);
    expect(sizes("women", "trousers")).toEqual(["32", "34", "36", "38", "40", "42", "44", "46"]);
    expect(sizes("men", "trousers")).toEqual(["44", "46", "48", "50", "52", "54", "56"]);
    expect(sizes("women", "jeans")).toEqual([
      "W24",
      "W25",
      "W26",
      "W27",
      "W28",
      "W29",
      "W30",
      "W31",
      "W32",
      "W33",
      "W34",
    ]);
    expect(sizes("men", "jeans")).toEqual(["W28", "W29", "W30", "W31", "W32", "W33", "W34", "W36", "W38"]);
  });
});
