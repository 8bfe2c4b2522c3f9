import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { descriptionClass, errorClass, labelClass } from "./styles";

/** The accessibility attributes a control inside a `Field` receives. */
export interface FieldControlProps {
  id: string;
  required?: boolean;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

export interface FieldProps {
  /** The control's id; the description and error get `${id}-description` and `${id}-error`. */
  id: string;
  label: ReactNode;
  required?: boolean;
  description?: ReactNode;
  /** The one (translated) message to show; its presence makes the control invalid. */
  error?: string;
  /** Next to the label, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
  /** Below the control, above the error, e.g. a typo suggestion (keep it in a live region). */
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function fieldIds(id: string) {
  return { descriptionId: `${id}-description`, errorId: `${id}-error` };
}

/**
 * Label, control, description and error of one form field. The error sits in a polite live region that
 * is always rendered (so screen readers announce it when it appears); the control is described by the
 * description and, when there is one, the error.
 */
export function Field({
  id,
  label,
  required,
  description,
  error,
  labelAside,
  hint,
  className,
  children,
}: FieldProps) {
  const { descriptionId, errorId } = fieldIds(id);
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <div className="flex flex-wrap items-end justify-between gap-x-4">
        <label htmlFor={id} className={`${labelClass} inline-block pb-1.5`}>
          {label}
          {required ? <RequiredMark /> : null}
        </label>
        {labelAside}
      </div>
      {children({
        id,
        required: required || undefined,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {description ? (
        <p id={descriptionId} className={`${descriptionClass} mt-1.5`}>
          {description}
        </p>
      ) : null}
      {hint}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** The asterisk after a required label; the control's `required` attribute tells assistive technology. */
export function RequiredMark() {
  const { t } = useTranslation("forms");
  return (
    <span aria-hidden="true" title={t("controls.required")} className="ms-0.5 text-sale">
      *
    </span>
  );
}

/** The error line of a field, in a polite live region that exists before the message does. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return (
    <div id={id} aria-live="polite">
      {error ? (
        <p className={errorClass}>
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
