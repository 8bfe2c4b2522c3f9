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

  it("checks measurements that are not keys too, but does not require them", () => {
    const messages = (sizes: Parameters<typeof chartProblems>[0]["sizes"]) =>
      chartProblems({ keys: ["chest"], sizes }).map((p) => `${p.size} ${p.key}: ${p.message}`);
    expect(
      messages([
        { size: "S", ranges: { chest: [84, 88], waist: [70, 66] } },
        { size: "M", ranges: { chest: [88, 92] } },
      ]),
    ).toEqual(["S waist: The minimum must be below the maximum"]);
  });

  it("refuses a range of one value, and allows a size that starts where the last one started or ended", () => {
    const messages = (sizes: Parameters<typeof chartProblems>[0]["sizes"]) =>
      chartProblems({ keys: ["chest"], sizes }).map((p) => `${p.size}: ${p.message}`);
    expect(messages([{ size: "S", ranges: { chest: [84, 84] } }])).toEqual([
      "S: The minimum must be below the maximum",
    ]);
    expect(
      messages([
        { size: "S", ranges: { chest: [84, 88] } },
        { size: "M", ranges: { chest: [84, 92] } },
        { size: "L", ranges: { chest: [92, 92.5] } },
        { size: "XL", ranges: { chest: [92.5, 96] } },
      ]),
    ).toEqual([]);
    // Growing at the bottom but shrinking at the top is still a smaller size.
    expect(
      messages([
        { size: "S", ranges: { chest: [84, 90] } },
        { size: "M", ranges: { chest: [86, 89] } },
      ]),
    ).toEqual(["M: Must not be smaller than size S"]);
    expect(
      messages([
        { size: "S", ranges: { chest: [84, 90] } },
        { size: "M", ranges: { chest: [86, 90] } },
      ]),
    ).toEqual([]);
  });
});
