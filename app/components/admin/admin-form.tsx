import type { DefaultValue, FieldMetadata, SubmissionResult } from "@conform-to/react";
import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import type { z } from "zod";
import { InputField, SelectField, SwitchField, TextareaField } from "~/components/forms/conform-fields";
import { useShopForm } from "~/platform/forms/use-shop-form";
import { dangerButton, primaryButton, StatusMessage } from "./ui";

/** What every back-office action answers: which form it was, Conform's reply, and a line for the status. */
export interface AdminActionData {
  intent: string;
  result: SubmissionResult<string[]>;
  message?: string;
  /** Where a created record lives, for the "Open it" link after a create. */
  created?: string;
}

type Schema = z.ZodType<Record<string, unknown>>;
type AnyField = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/**
 * One form of a back-office page (a page often has several, told apart by `intent`): Conform with the
 * form's Zod schema in the browser, the action's reply when it is about this form, and its pending state.
 */
export function useAdminForm<S extends Schema>(
  intent: string,
  schema: S,
  // Field values as the inputs show them (strings), nested like the schema; Conform serialises the rest.
  defaultValue?: Record<string, unknown>,
) {
  const actionData = useActionData() as AdminActionData | undefined;
  const navigation = useNavigation();
  const reply = actionData?.intent === intent ? actionData : undefined;
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const form = useShopForm({
    id: intent,
    schema,
    mode: "eager",
    lastResult: reply?.result,
    defaultValue: defaultValue as DefaultValue<z.input<S> & Record<string, unknown>>,
    pending,
  });
  /** A field by its dotted name: `translations.en.slug`, `variants[2].stock`. */
  function field(name: string): AnyField {
    let current: unknown = form.fields;
    const parts = name.split(".");
    parts.forEach((part, index) => {
      const list = /^(.+)\[(\d+)\]$/.exec(part);
      const container = current as Record<string, AnyField>;
      let meta: AnyField;
      if (list) {
        const parent = container[list[1] as string] as AnyField & { getFieldList(): AnyField[] };
        meta = parent.getFieldList()[Number(list[2])] as AnyField;
      } else meta = container[part] as AnyField;
      current =
        index === parts.length - 1 ? meta : (meta as AnyField & { getFieldset(): unknown }).getFieldset();
    });
    return current as AnyField;
  }
  return { ...form, field, reply, intent };
}

export type AdminForm = ReturnType<typeof useAdminForm>;

/** A `<Form method="post">` for one intent, with its submit button, status line and form-level errors. */
export function AdminFormView({
  form,
  submitLabel,
  children,
  encType,
  tone = "primary",
  className = "space-y-4",
  inline = false,
  quiet = false,
}: {
  form: AdminForm;
  submitLabel: ReactNode;
  children?: ReactNode;
  encType?: "multipart/form-data";
  tone?: "primary" | "danger";
  className?: string;
  /** The button sits beside the fields (one-line forms). */
  inline?: boolean;
  /** The page shows this form's result itself (`ActionStatus`): the form goes away when it succeeds. */
  quiet?: boolean;
}) {
  const done = form.reply?.result.status === "success" ? form.reply.message : undefined;
  const formErrors = form.form.errors ?? [];
  return (
    <Form method="post" encType={encType} {...form.formProps} className={className}>
      <input type="hidden" name="intent" value={form.intent} />
      {children}
      {formErrors.length > 0 ? (
        <div role="alert" className="border-s-2 border-sale bg-sale/5 px-3 py-2 text-sm text-sale">
          {formErrors.map((message: string) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      <div className={inline ? "contents" : "flex flex-wrap items-center gap-4"}>
        <button
          type="submit"
          aria-disabled={form.pending || undefined}
          className={tone === "danger" ? dangerButton : primaryButton}
        >
          {form.pending ? "Saving…" : submitLabel}
        </button>
        {inline || quiet ? null : <StatusMessage message={done} />}
      </div>
    </Form>
  );
}

type InputProps = Omit<ComponentPropsWithoutRef<typeof InputField>, "meta">;

/** An input bound to a field of an admin form by its dotted name. */
export function AdminInput({ form, name, ...props }: { form: AdminForm; name: string } & InputProps) {
  return <InputField meta={form.field(name)} {...props} />;
}

export function AdminTextarea({
  form,
  name,
  ...props
}: { form: AdminForm; name: string } & Omit<ComponentPropsWithoutRef<typeof TextareaField>, "meta">) {
  return <TextareaField meta={form.field(name)} {...props} />;
}

export function AdminSelect({
  form,
  name,
  ...props
}: { form: AdminForm; name: string } & Omit<ComponentPropsWithoutRef<typeof SelectField>, "meta">) {
  return <SelectField meta={form.field(name)} {...props} />;
}

export function AdminSwitch({
  form,
  name,
  ...props
}: { form: AdminForm; name: string } & Omit<ComponentPropsWithoutRef<typeof SwitchField>, "meta">) {
  return <SwitchField meta={form.field(name)} {...props} />;
}

/**
 * The status line of an action whose form is gone after it succeeded (a blocked customer's block form, a
 * removed staff member's row), for the intents `matches` accepts.
 */
export function ActionStatus({ matches }: { matches: (intent: string) => boolean }) {
  const reply = useActionData() as AdminActionData | undefined;
  const message =
    reply && matches(reply.intent) && reply.result.status === "success" ? reply.message : undefined;
  return <StatusMessage message={message} />;
}
