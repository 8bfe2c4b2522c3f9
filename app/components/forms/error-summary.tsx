import { CircleAlert } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";

export interface ErrorSummaryItem {
  /** Id of the control, for the link. */
  id: string;
  label: string;
  message: string;
}

/**
 * The form-level list of what to fix, shown after a submit that failed: one link per field (to the field)
 * and the form's own errors (e.g. a refusal from the server). Renders nothing when there is nothing.
 */
export function ErrorSummary({
  items,
  formErrors = [],
}: {
  items: ErrorSummaryItem[];
  formErrors?: string[];
}) {
  const { t } = useTranslation("forms");
  const titleId = useId();
  if (items.length === 0 && formErrors.length === 0) return null;
  return (
    <div role="alert" aria-labelledby={titleId} className="border border-sale bg-white p-4">
      <p id={titleId} className="flex items-center gap-2 font-medium text-sale">
        <CircleAlert aria-hidden="true" className="size-5 shrink-0" strokeWidth={1.75} />
        {items.length > 0 ? t("summary.title", { count: items.length }) : t("summary.formTitle")}
      </p>
      {formErrors.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm text-ink">
          {formErrors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      {items.length > 0 ? (
        <ul className="mt-1 text-sm">
          {items.map((item) => (
            <li key={item.id}>
              <a
                href={`#${item.id}`}
                className="inline-flex min-h-11 items-center underline underline-offset-4 hover:text-accent desktop:min-h-8"
                onClick={(event) => {
                  const target = document.getElementById(item.id);
                  if (!target) return;
                  event.preventDefault();
                  target.focus();
                  target.scrollIntoView({ block: "center" });
                }}
              >
                {t("summary.item", { label: item.label, message: item.message })}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
