import { CheckCircle2, CircleX, Info, TriangleAlert } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CloseButton } from "./close-button";

export type NotificationTone = "info" | "success" | "warning" | "error";

export interface NotificationProps {
  tone?: NotificationTone;
  title?: ReactNode;
  /** The message; clamped to two lines with a "Read more" toggle when longer. */
  children: ReactNode;
  /** Shows a close button. */
  onDismiss?: () => void;
  /** Announce it when it appears after the page loaded (errors and warnings assertively). */
  live?: boolean;
  className?: string;
}

const tones = {
  info: { icon: Info, box: "border-line bg-paper", icon_: "text-ink" },
  success: { icon: CheckCircle2, box: "border-success/40 bg-success/5", icon_: "text-success" },
  warning: { icon: TriangleAlert, box: "border-accent/40 bg-sand", icon_: "text-accent" },
  error: { icon: CircleX, box: "border-sale/40 bg-sale/5", icon_: "text-sale" },
} as const;

/** True when clamped text hides some of its content (allowing a pixel for rounding). */
export function isClamped(size: { scrollHeight: number; clientHeight: number }): boolean {
  return size.scrollHeight - size.clientHeight > 1;
}

/** An inline message (not a toast): info, success, warning or error, with its tone named for screen readers. */
export function Notification({
  tone = "info",
  title,
  children,
  onDismiss,
  live = false,
  className = "",
}: NotificationProps) {
  const { t } = useTranslation("ui");
  const textId = useId();
  const textRef = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const style = tones[tone];
  const Icon = style.icon;

  useEffect(() => {
    const text = textRef.current;
    if (!text || expanded) return;
    const measure = () => setOverflows(isClamped(text));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(text);
    return () => observer.disconnect();
  }, [expanded]);

  const liveProps = live
    ? tone === "error" || tone === "warning"
      ? { role: "alert" }
      : { role: "status" }
    : {};

  return (
    <div
      {...liveProps}
      data-tone={tone}
      className={`flex items-start gap-3 border py-3 ps-4 pe-1 text-sm ${style.box} ${className}`}
    >
      <Icon aria-hidden="true" strokeWidth={1.5} className={`mt-0.5 size-5 shrink-0 ${style.icon_}`} />
      <div className="min-w-0 flex-1 py-0.5 pe-3">
        <span className="sr-only">{t(`notification.tone.${tone}`)}: </span>
        {title ? <p className="font-medium text-ink">{title}</p> : null}
        <div id={textId} ref={textRef} className={`text-ink/90 ${expanded ? "" : "line-clamp-2"}`}>
          {children}
        </div>
        {overflows || expanded ? (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={textId}
            onClick={() => setExpanded((value) => !value)}
            className="mt-1 text-xs font-medium tracking-[0.15em] uppercase underline underline-offset-4 hover:text-accent"
          >
            {expanded ? t("notification.readLess") : t("notification.readMore")}
          </button>
        ) : null}
      </div>
      {onDismiss ? (
        <CloseButton className="-my-2" aria-label={t("notification.dismiss")} onClick={onDismiss} />
      ) : null}
    </div>
  );
}
