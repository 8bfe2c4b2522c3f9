import { describe, expect, it } from "vitest";
import { chartProblems } from "./chart-rules";
import { sizeCharts } from "./size-charts";

describe("chartProblems", () => {
  it("finds nothing wrong with the built-in charts", () => {
    for (const chart of sizeCharts) expect(chartProblems(chart)).toEqual([]);
  });

  it("names a missing key range, a reversed range, a shrinking size and a gap", () => {
    const sizes = [
      { size: "S", ranges: { chest: [84, 88] as const } },
      { size: "M", ranges: {} },
      { size: "L", ranges: { chest: [92, 90] as const } },
    ];
    expect(chartProblems({ keys: ["chest"], sizes }).map((p) => `${p.size}: ${p.message}`)).toEqual([
      "M: Needs a range: this measurement decides the size",
      "L: The minimum must be below the maximum",
    ]);
    expect(
      chartProblems({
        keys: ["chest"],
        sizes: [
          { size: "S", ranges: { chest: [84, 90] } },
          { size: "M", ranges: { chest: [83, 92] } },
          { size: "L", ranges: { chest: [95, 99] } },
        ],
      }).map((p) => `${p.size}: ${p.message}`),
    ).toEqual(["M: Must not be smaller than size S", "L: Leaves a gap after size M"]);
  });
});
