import type { Measurement } from "./body";
import type { ChartSize, SizeChart } from "./size-charts";

/**
 * What is wrong with a size chart, in words for staff; empty when it keeps the contract the
 * recommendation relies on: a range for every key measurement in every size, min below max, and ranges
 * that never shrink from one size to the next and leave no gap between them.
 */
export function chartProblems(
  chart: Pick<SizeChart, "keys" | "sizes">,
): { size: string; key: Measurement; message: string }[] {
  const problems: { size: string; key: Measurement; message: string }[] = [];
  const measured = new Set<Measurement>(chart.keys);
  for (const entry of chart.sizes)
    for (const key of Object.keys(entry.ranges) as Measurement[]) measured.add(key);
  for (const key of measured) {
    let previous: ChartSize | undefined;
    for (const entry of chart.sizes) {
      const range = entry.ranges[key];
      const problem = (message: string) => problems.push({ size: entry.size, key, message });
      if (!range) {
        if (chart.keys.includes(key)) problem("Needs a range: this measurement decides the size");
        continue;
      }
      const [min, max] = range;
      const before = previous?.ranges[key];
      if (!(min < max)) problem("The minimum must be below the maximum");
      else if (before && (min < before[0] || max < before[1]))
        problem(`Must not be smaller than size ${previous?.size}`);
      else if (before && min > before[1]) problem(`Leaves a gap after size ${previous?.size}`);
      previous = entry;
    }
  }
  return problems;
}
