import { useTranslation } from "react-i18next";
import { UiKeyframes } from "./keyframes";

const shimmer =
  "bg-sand motion-safe:bg-[linear-gradient(90deg,var(--color-sand)_0%,var(--color-paper)_50%,var(--color-sand)_100%)] motion-safe:bg-[length:200%_100%] motion-safe:animate-[ui-shimmer_1.6s_linear_infinite]";

/**
 * What a product card looks like while it loads: the same 2:3 image box and lines for brand, name and
 * price, so the grid does not jump when products arrive. The shimmer stops for reduced motion.
 */
export function ProductCardSkeleton({ className = "" }: { className?: string }) {
  const { t } = useTranslation("ui");
  return (
    <div aria-busy="true" className={`flex flex-col gap-3 ${className}`}>
      <UiKeyframes />
      <span className="sr-only">{t("skeleton.loading")}</span>
      <div aria-hidden="true" className={`aspect-[2/3] w-full ${shimmer}`} />
      <div aria-hidden="true" className="flex flex-col gap-2">
        <div className={`h-2.5 w-1/3 ${shimmer}`} />
        <div className={`h-3 w-4/5 ${shimmer}`} />
        <div className={`h-3 w-1/4 ${shimmer}`} />
      </div>
    </div>
  );
}
