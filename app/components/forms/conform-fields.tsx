import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { suggestEmail } from "~/platform/forms/email-typo";
import { translateMessage } from "~/platform/forms/messages";
import type { ShopForm } from "~/platform/forms/use-shop-form";
import { PasswordInput, Select, Switch, Textarea, TextInput } from "./controls";
import { type ErrorSummaryItem, ErrorSummary as ErrorSummaryView } from "./error-summary";
import { Field, FieldError, fieldIds, RequiredMark } from "./field";
import { descriptionClass } from "./styles";

/** Conform metadata of one field of any form. */

/** The label, help texts and error around a bound control: the same for every kind of field. */
function frame(
  meta: BoundFieldProps["meta"],
  error: string | undefined,
  text: Pick<BoundFieldProps, "label" | "description" | "labelAside" | "hint" | "className">,
) {
  return { id: meta.id, required: meta.required, error, ...text };
}

export type FieldMeta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/** The first message of a field, translated, with the label for `{{_field_}}`. */
export function useFieldError(meta: FieldMeta, label: string): string | undefined {
  const { t } = useTranslation("forms");
  const first = meta.errors?.[0];
  return first ? translateMessage(t, first, { label }) : undefined;
}

interface BoundFieldProps {
  meta: FieldMeta;
  /** Visible label, already translated; also fills `{{_field_}}` in messages. */
  label: string;
  description?: ReactNode;
  labelAside?: ReactNode;
  hint?: ReactNode;
  className?: string;
}

type InputType = "text" | "email" | "tel" | "date" | "url" | "search";
type NativeInputProps = Omit<
  ComponentPropsWithoutRef<"input">,
  "id" | "name" | "form" | "type" | "defaultValue" | "value" | "required"
>;

/** A text-like input bound to a Conform field. */
export function InputField({
  meta,
  label,
  description,
  labelAside,
  hint,
  className,
  type = "text",
  ...native
}: BoundFieldProps & NativeInputProps & { type?: InputType }) {
  const error = useFieldError(meta, label);
  const { key, ...props } = getInputProps(meta, { type, ariaAttributes: false });
  return (
    <Field {...frame(meta, error, { label, description, labelAside, hint, className })}>
      {(control) => <TextInput key={key} {...props} {...native} {...control} />}
    </Field>
  );
}

/**
 * An e-mail input that proposes a corrected domain ("Did you mean anna@gmail.com?") once the field has
 * been left; choosing it fills the field. Never blocks the form.
 */
export function EmailField({ form, ...props }: BoundFieldProps & NativeInputProps & { form: ShopForm }) {
  const { meta } = props;
  const value = typeof meta.value === "string" ? meta.value : "";
  const flags = form.flags(meta.name);
  const suggestion = flags.touched || form.submitCount > 0 ? suggestEmail(value) : null;
  return (
    <InputField
      type="email"
      autoComplete="email"
      inputMode="email"
      spellCheck={false}
      autoCapitalize="none"
      {...props}
      hint={
        <EmailSuggestion
          suggestion={suggestion}
          onAccept={(address) => {
            form.setValue(meta.name, address);
            requestAnimationFrame(() => document.getElementById(meta.id)?.focus());
          }}
        />
      }
    />
  );
}

/** The typo suggestion line, in a polite live region that exists before the suggestion does. */
export function EmailSuggestion({
  suggestion,
  onAccept,
}: {
  suggestion: string | null;
  onAccept: (address: string) => void;
}) {
  const { t } = useTranslation("forms");
  return (
    <div aria-live="polite">
      {suggestion ? (
        <button
          type="button"
          onClick={() => onAccept(suggestion)}
          className="mt-1 inline-flex min-h-11 items-center text-start text-sm text-ink underline decoration-accent underline-offset-4 hover:text-accent"
        >
          {t("controls.didYouMean", { suggestion })}
        </button>
      ) : null}
    </div>
  );
}

/** A password input with show/hide and an optional "Forgot password?" slot next to the label. */
export function PasswordField({
  meta,
  label,
  description,
  forgotPassword,
  hint,
  className,
  autoComplete = "current-password",
}: Omit<BoundFieldProps, "labelAside"> & {
  forgotPassword?: ReactNode;
  autoComplete?: "current-password" | "new-password";
}) {
  const error = useFieldError(meta, label);
  // Conform never echoes a password back, so there is no default value to set.
  const {
    key,
    defaultValue: _omit,
    ...props
  } = getInputProps(meta, { type: "password", ariaAttributes: false });
  const { type: _type, ...rest } = props;
  return (
    <Field
      id={meta.id}
      label={label}
      required={meta.required}
      description={description}
      error={error}
      labelAside={forgotPassword}
      hint={hint}
      className={className}
    >
      {(control) => <PasswordInput key={key} autoComplete={autoComplete} {...rest} {...control} />}
    </Field>
  );
}

/** A native select bound to a Conform field; pass `<option>`s as children. */
export function SelectField({
  meta,
  label,
  description,
  labelAside,
  hint,
  className,
  placeholder,
  children,
  ...native
}: BoundFieldProps &
  Omit<ComponentPropsWithoutRef<"select">, "id" | "name" | "form" | "defaultValue" | "value" | "required"> & {
    placeholder?: string;
  }) {
  const error = useFieldError(meta, label);
  const { key, ...props } = getSelectProps(meta, { ariaAttributes: false });
  return (
    <Field {...frame(meta, error, { label, description, labelAside, hint, className })}>
      {(control) => (
        <Select key={key} placeholder={placeholder} {...props} {...native} {...control}>
          {children}
        </Select>
      )}
    </Field>
  );
}

/** A textarea bound to a Conform field, with a character count when `maxChars` is given. */
export function TextareaField({
  meta,
  label,
  description,
  labelAside,
  hint,
  className,
  maxChars,
  ...native
}: BoundFieldProps &
  Omit<
    ComponentPropsWithoutRef<"textarea">,
    "id" | "name" | "form" | "defaultValue" | "value" | "required"
  > & {
    maxChars?: number;
  }) {
  const error = useFieldError(meta, label);
  const { key, ...props } = getTextareaProps(meta, { ariaAttributes: false });
  return (
    <Field {...frame(meta, error, { label, description, labelAside, hint, className })}>
      {(control) => <Textarea key={key} maxChars={maxChars} {...props} {...native} {...control} />}
    </Field>
  );
}

export interface ToggleFieldProps extends Omit<ComponentPropsWithoutRef<"input">, "type" | "role" | "id"> {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  className?: string;
}

/** A labelled switch row (label left, switch right) with description and error; not tied to Conform. */
export function ToggleField({
  id,
  label,
  description,
  error,
  className,
  required,
  ...input
}: ToggleFieldProps) {
  const { descriptionId, errorId } = fieldIds(id);
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <div className="flex min-h-11 items-center justify-between gap-4 border-b border-line">
        <label htmlFor={id} className="flex-1 py-2 text-base text-ink">
          {label}
          {required ? <RequiredMark /> : null}
        </label>
        <Switch
          id={id}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...input}
        />
      </div>
      {description ? (
        <p id={descriptionId} className={`${descriptionClass} mt-1.5`}>
          {description}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A switch bound to a boolean Conform field (`toggle()` or `accepted()`). */
export function SwitchField({
  meta,
  label,
  description,
  className,
  ...native
}: Omit<BoundFieldProps, "labelAside" | "hint"> &
  Omit<ComponentPropsWithoutRef<"input">, "id" | "name" | "form" | "type" | "defaultChecked" | "required">) {
  const error = useFieldError(meta, label);
  const { key, type: _type, ...props } = getInputProps(meta, { type: "checkbox", ariaAttributes: false });
  return (
    <ToggleField
      key={key}
      label={label}
      description={description}
      error={error}
      className={className}
      {...props}
      {...native}
    />
  );
}

/**
 * The error summary of a `useShopForm` form after a failed submit: the first message of each field in
 * `labels` (in that order, which should be the order on screen) and the form's own errors.
 */
export function FormErrorSummary({ form, labels }: { form: ShopForm; labels: Record<string, string> }) {
  const { t } = useTranslation("forms");
  if (form.submitCount === 0) return null;
  const items: ErrorSummaryItem[] = [];
  for (const [name, label] of Object.entries(labels)) {
    const meta = form.field(name);
    const first = meta?.errors?.[0];
    if (meta && first) items.push({ id: meta.id, label, message: translateMessage(t, first, { label }) });
  }
  const formErrors = (form.form.errors ?? []).map((message) => translateMessage(t, message));
  return <ErrorSummaryView items={items} formErrors={formErrors} />;
}
