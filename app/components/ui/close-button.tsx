import { X } from "lucide-react";
import type { ComponentPropsWithRef } from "react";
import { useTranslation } from "react-i18next";

/** The square "×" every overlay shares; named "Close" in the shopper's language unless told otherwise. */
export function CloseButton({ className = "", ...props }: ComponentPropsWithRef<"button">) {
  const { t } = useTranslation("ui");
  return (
    <button
      type="button"
      aria-label={t("close")}
      className={`inline-flex size-10 shrink-0 items-center justify-center text-ink transition-colors hover:bg-sand ${className}`}
      {...props}
    >
      <X aria-hidden="true" className="size-5" strokeWidth={1.5} />
    </button>
  );
}
