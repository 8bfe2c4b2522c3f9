import { Star } from "lucide-react";
import { RadioGroup } from "radix-ui";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { defaultLocale, intlLocales, isLocale } from "~/platform/i18n/locales";

export const MAX_STARS = 5;
const STAR_POSITIONS = Array.from({ length: MAX_STARS }, (_, index) => index + 1);

/** How much of each star is filled (0–1), for a rating rounded to the nearest half star. */
export function starFills(rating: number, max = MAX_STARS): number[] {
  const rounded = Math.round(Math.min(max, Math.max(0, rating)) * 2) / 2;
  return Array.from({ length: max }, (_, index) => Math.min(1, Math.max(0, rounded - index)));
}

const sizes = { sm: "size-3.5", md: "size-5", lg: "size-7" } as const;

function StarShape({ fill, size }: { fill: number; size: keyof typeof sizes }) {
  return (
    <span className={`relative inline-block ${sizes[size]}`}>
      <Star aria-hidden="true" strokeWidth={1.25} className="absolute inset-0 size-full text-muted" />
      {fill > 0 ? (
        <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
          <Star aria-hidden="true" strokeWidth={1.25} className={`${sizes[size]} fill-ink text-ink`} />
        </span>
      ) : null}
    </span>
  );
}

export interface RatingStarsProps {
  /** Average rating, 0–5; shown to the nearest half star. */
  value: number;
  /** Number of reviews, shown after the stars. */
  count?: number;
  size?: keyof typeof sizes;
  className?: string;
}

/** Read-only stars, read out as e.g. "4.5 out of 5 stars". */
export function RatingStars({ value, count, size = "md", className = "" }: RatingStarsProps) {
  const { t, i18n } = useTranslation("ui");
  const fills = starFills(value);
  const rating = new Intl.NumberFormat(intlLocales[isLocale(i18n.language) ? i18n.language : defaultLocale], {
    maximumFractionDigits: 1,
  }).format(value);
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <span
        role="img"
        aria-label={t("rating.summary", { rating, max: MAX_STARS })}
        className="inline-flex gap-0.5"
      >
        {STAR_POSITIONS.map((position) => (
          <StarShape key={position} fill={fills[position - 1] ?? 0} size={size} />
        ))}
      </span>
      {count === undefined ? null : (
        <span className="text-xs text-muted">{t("rating.reviews", { count })}</span>
      )}
    </span>
  );
}

export interface RatingInputProps {
  /** Visible label of the question, e.g. "Your rating". */
  label: string;
  /** Form field name; a hidden input carries the value when the group sits in a form. */
  name?: string;
  value?: number;
  defaultValue?: number;
  onValueChange?: (value: number) => void;
  required?: boolean;
  disabled?: boolean;
}

/** A 1–5 star choice as a radio group: arrow keys move and choose, each star is named "3 stars". */
export function RatingInput({
  label,
  name,
  value,
  defaultValue,
  onValueChange,
  required,
  disabled,
}: RatingInputProps) {
  const { t } = useTranslation("ui");
  const labelId = useId();
  const [internal, setInternal] = useState(defaultValue ?? 0);
  const [hovered, setHovered] = useState<number | null>(null);
  const chosen = value ?? internal;
  const shown = hovered ?? chosen;
  return (
    <div>
      <p id={labelId} className="mb-2 text-xs tracking-[0.15em] text-ink uppercase">
        {label}
      </p>
      <RadioGroup.Root
        aria-labelledby={labelId}
        name={name}
        required={required}
        disabled={disabled}
        orientation="horizontal"
        value={chosen ? String(chosen) : ""}
        onValueChange={(next) => {
          const number = Number(next);
          setInternal(number);
          onValueChange?.(number);
        }}
        onPointerLeave={() => setHovered(null)}
        className="inline-flex gap-1"
      >
        {STAR_POSITIONS.map((stars) => (
          <RadioGroup.Item
            key={stars}
            value={String(stars)}
            aria-label={t("rating.option", { count: stars })}
            onPointerEnter={() => setHovered(stars)}
            className="inline-flex size-10 items-center justify-center disabled:cursor-not-allowed disabled:opacity-50"
          >
            <StarShape fill={stars <= shown ? 1 : 0} size="lg" />
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      <p aria-hidden="true" className="mt-1 h-4 text-xs text-muted">
        {chosen ? t("rating.option", { count: chosen }) : ""}
      </p>
    </div>
  );
}
