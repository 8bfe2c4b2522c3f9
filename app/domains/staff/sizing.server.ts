import { isRefusal } from "../../platform/refusal";
import type { ChartSize } from "../sizing/size-charts";
import { resetSizeChart, saveSizeChart } from "../sizing/sizing.server";
import { audited, type StaffActor } from "./audit.server";
import type { SizeChartInput } from "./validation";

export function changeSizeChart(actor: StaffActor, input: SizeChartInput) {
  return audited(actor, async (tx) => {
    const saved = await saveSizeChart(input.profile, input.family, input.sizes as ChartSize[], { tx });
    if (isRefusal(saved)) return saved;
    const { before, after } = saved;
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
    const changed = await resetSizeChart(input.profile, input.family, { tx });
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
