import type { ComponentPropsWithRef } from "react";
import { useTranslation } from "react-i18next";

export interface StoryBubbleProps extends Omit<ComponentPropsWithRef<"button">, "children"> {
  /** Shown below the bubble, e.g. "Linen edit". */
  label: string;
  /** Picture URL (a small square image, e.g. the 200px variant). */
  image: string;
  /** Seen stories get a quiet ring; unseen ones a coloured one and "new" for screen readers. */
  seen?: boolean;
  size?: "md" | "lg";
}

const sizes = { md: "size-16", lg: "size-20" } as const;

/** A round story opener: the ring says whether it was seen, the label sits below. */
export function StoryBubble({
  label,
  image,
  seen = false,
  size = "md",
  className = "",
  ...props
}: StoryBubbleProps) {
  const { t } = useTranslation("ui");
  return (
    <button
      type="button"
      data-seen={seen}
      className={`group relative inline-flex w-20 flex-col items-center gap-2 text-center ${className}`}
      {...props}
    >
      <span
        className={`rounded-full p-[3px] ${seen ? "bg-line" : "bg-[conic-gradient(from_210deg,var(--color-accent),#c9a27e,var(--color-accent))]"}`}
      >
        <span className="block rounded-full bg-paper p-[2px]">
          <img
            src={image}
            alt=""
            width={80}
            height={80}
            loading="lazy"
            decoding="async"
            className={`${sizes[size]} rounded-full object-cover motion-safe:transition-transform motion-safe:duration-200 group-hover:scale-[1.03] ${seen ? "opacity-80" : ""}`}
          />
        </span>
      </span>
      <span
        className={`line-clamp-2 text-[11px] leading-tight tracking-[0.08em] ${seen ? "text-muted" : "text-ink"}`}
      >
        {label}
        <span className="sr-only">, {seen ? t("story.seen") : t("story.unseen")}</span>
      </span>
    </button>
  );
}
