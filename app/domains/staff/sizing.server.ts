import type { ChartSize } from "../sizing/size-charts";
import { resetSizeChart, SizeChartError, saveSizeChart } from "../sizing/sizing.server";
import { audited, type StaffActor } from "./audit.server";
import type { SizeChartInput } from "./validation";

export { SizeChartError };

export function changeSizeChart(actor: StaffActor, input: SizeChartInput) {
  return audited(actor, async (tx) => {
    const { before, after } = await saveSizeChart(
      tx,
      input.profile,
      input.family,
      input.sizes as ChartSize[],
    );
    const same = JSON.stringify(before) === JSON.stringify(after);
    return {
      result: after,
      audit: same
        ? null
        : {
            action: "size-chart.update",
            target: { type: "size-chart", id: `${input.profile}/${input.family}` },
            summary: `Size chart ${input.profile} ${input.family} changed`,
            before: { sizes: before },
            after: { sizes: after },
          },
    };
  });
}

export function restoreSizeChart(actor: StaffActor, input: Pick<SizeChartInput, "profile" | "family">) {
  return audited(actor, async (tx) => {
    const changed = await resetSizeChart(tx, input.profile, input.family);
    return {
      result: changed !== null,
      audit: changed && {
        action: "size-chart.reset",
        target: { type: "size-chart", id: `${input.profile}/${input.family}` },
        summary: `Size chart ${input.profile} ${input.family} back to the built-in one`,
        before: { sizes: changed.before },
        after: { sizes: changed.after },
      },
    };
  });
}
