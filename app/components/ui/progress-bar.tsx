import { Progress } from "radix-ui";
import { useTranslation } from "react-i18next";
import { UiKeyframes } from "./keyframes";

export interface ProgressBarProps {
  /** Progress from 0 to `max`; `null` for an indeterminate bar (work going on, end unknown). */
  value: number | null;
  max?: number;
  /** Names the bar, e.g. "Uploading photos". */
  label: string;
  /** Show the label and percentage above the bar. */
  showLabel?: boolean;
  /** `error`: the work failed (the navigation bar's failed style). */
  status?: "default" | "error";
  className?: string;
}

/** The share of `max` done, as a whole percentage between 0 and 100. */
export function percentOf(value: number, max: number): number {
  if (!(max > 0)) return 0;
  return Math.round(Math.min(100, Math.max(0, (value / max) * 100)));
}

/** A thin progress bar; determinate ones expose aria-valuenow, indeterminate ones omit it. */
export function ProgressBar({
  value,
  max = 100,
  label,
  showLabel = true,
  status = "default",
  className = "",
}: ProgressBarProps) {
  const { t } = useTranslation("ui");
  const percent = value === null ? null : percentOf(value, max);
  const valueText = percent === null ? t("progress.indeterminate") : t("progress.percent", { percent });
  const fill = status === "error" ? "bg-sale" : "bg-ink";
  return (
    <div className={className}>
      <UiKeyframes />
      {showLabel ? (
        <div aria-hidden="true" className="mb-2 flex justify-between gap-4 text-xs text-muted">
          <span className="tracking-[0.15em] uppercase">{label}</span>
          <span className="tabular-nums">{status === "error" ? t("progress.failed") : valueText}</span>
        </div>
      ) : null}
      <Progress.Root
        value={value === null ? null : Math.min(max, Math.max(0, value))}
        max={max}
        aria-label={status === "error" ? `${label}: ${t("progress.failed")}` : label}
        getValueLabel={(current, maximum) => t("progress.percent", { percent: percentOf(current, maximum) })}
        data-status={status}
        className="relative h-0.5 w-full overflow-hidden bg-line"
      >
        {percent === null ? (
          <Progress.Indicator
            className={`absolute inset-y-0 left-0 w-2/5 ${fill} motion-safe:animate-[ui-indeterminate_1.4s_ease-in-out_infinite] motion-reduce:w-full motion-reduce:opacity-40`}
          />
        ) : (
          <Progress.Indicator
            className={`h-full ${fill} motion-safe:transition-[width] motion-safe:duration-300`}
            style={{ width: `${percent}%` }}
          />
        )}
      </Progress.Root>
    </div>
  );
}
