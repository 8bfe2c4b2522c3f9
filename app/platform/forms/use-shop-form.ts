import {
  type DefaultValue,
  type FieldMetadata,
  getFormProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { z } from "zod";
import { deriveFieldFlags, type FieldFlags, intentOf, validatedByIntent } from "./field-flags";
import { defaultValidationMode, modeOptions, type ValidationMode } from "./modes";
import { parseShopForm } from "./submission";

export interface UseShopFormOptions<Schema extends z.ZodType<Record<string, unknown>>> {
  schema: Schema;
  /** SPEC §5 validation mode; aggressive (input and blur) by default. */
  mode?: ValidationMode;
  /** Form id; stable ids keep server replies and field ids predictable. */
  id?: string;
  /** The action's reply (`useActionData()`), from `parseSubmission`. */
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<FormInput<Schema>>;
  /** A submission of this form is under way (`navigation.state === "submitting"`, `fetcher.state !== "idle"`). */
  pending?: boolean;
  /**
   * Called for a submit the schema accepts. Without it the submit goes on (to the route's action); call
   * `event.preventDefault()` to handle it in the browser instead.
   */
  onValidSubmit?: (event: FormEvent<HTMLFormElement>, value: z.output<Schema>) => void;
}

/** The form's input shape as Conform wants it (an object of fields). */
type FormInput<Schema extends z.ZodType> = z.input<Schema> & Record<string, unknown>;

interface Interaction {
  touched: ReadonlySet<string>;
  interacted: ReadonlySet<string>;
  validated: ReadonlySet<string>;
}

const INTENT = "__intent__";
const empty: Interaction = { touched: new Set(), interacted: new Set(), validated: new Set() };

function fieldName(target: EventTarget | null): string | null {
  if (
    !(
      target instanceof HTMLInputElement ||
      target instanceof HTMLSelectElement ||
      target instanceof HTMLTextAreaElement
    )
  )
    return null;
  return target.name && target.name !== INTENT ? target.name : null;
}

function withAll(set: ReadonlySet<string>, names: readonly string[]): ReadonlySet<string> {
  if (names.every((name) => set.has(name))) return set;
  return new Set([...set, ...names]);
}

/**
 * Conform's `useForm` set up the shop's way: the schema validates in the browser with the same messages
 * as `parseSubmission` on the server, the validation mode maps onto Conform's events, one message per
 * field, and the SPEC §5 field flags are tracked. Spread `formProps` on the `<form>` (or React Router
 * `<Form method="post">`): without JavaScript the form posts to the action as usual.
 */
export function useShopForm<Schema extends z.ZodType<Record<string, unknown>>>(
  options: UseShopFormOptions<Schema>,
) {
  const { schema, mode = defaultValidationMode, lastResult, pending = false } = options;
  const events = modeOptions(mode);
  const constraint = useMemo(() => getZodConstraint(schema), [schema]);
  const [interaction, setInteraction] = useState<Interaction>(() => ({
    ...empty,
    validated: new Set(Object.keys(lastResult?.state?.validated ?? {})),
  }));
  const [submitCount, setSubmitCount] = useState(lastResult?.status === "error" ? 1 : 0);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // A server reply (no-JavaScript round trip or a failed action) counts as a submit of every field.
  const seenResult = useRef(lastResult);
  useEffect(() => {
    if (!lastResult || seenResult.current === lastResult) return;
    seenResult.current = lastResult;
    setInteraction((current) => ({
      ...current,
      validated: withAll(current.validated, Object.keys(lastResult.state?.validated ?? {})),
    }));
    if (lastResult.status === "error") setSubmitCount((count) => count + 1);
  }, [lastResult]);

  const [form, fields] = useForm<FormInput<Schema>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue,
    constraint,
    shouldValidate: events.shouldValidate,
    shouldRevalidate: events.shouldRevalidate,
    onValidate({ formData }) {
      // Conform's own entries (`__intent__`, `__state__`) are not fields.
      const names = [...new Set([...Object.keys(constraint), ...formData.keys()])].filter(
        (name) => !name.startsWith("__"),
      );
      const { fields: validated, reset } = validatedByIntent(intentOf(formData), names);
      if (validated.length > 0 || reset === "all" || reset.length > 0)
        setInteraction((current) => {
          if (reset === "all") return empty;
          if (reset.length === 0 && validated.every((name) => current.validated.has(name))) return current;
          const next = new Set(current.validated);
          for (const name of reset) next.delete(name);
          for (const name of validated) next.add(name);
          return { ...current, validated: next };
        });
      return parseShopForm(formData, schema);
    },
    onSubmit(event, { submission }) {
      if (submission?.status === "success") options.onValidSubmit?.(event, submission.value);
    },
  });

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      if (submitter?.getAttribute("name") !== INTENT) setSubmitCount((count) => count + 1);
      form.onSubmit(event);
    },
    [form],
  );

  const onBlur = (event: React.FocusEvent<HTMLFormElement>) => {
    const name = fieldName(event.target);
    if (!name) return;
    setInteraction((current) =>
      current.touched.has(name) ? current : { ...current, touched: withAll(current.touched, [name]) },
    );
    // Aggressive validates on blur too; Conform's `shouldValidate` can name only one event.
    if (events.validateOnFirstBlur && !interaction.validated.has(name)) form.validate({ name });
  };

  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const name = fieldName(event.target);
    if (!name) return;
    setInteraction((current) =>
      current.interacted.has(name)
        ? current
        : { ...current, interacted: withAll(current.interacted, [name]) },
    );
  };

  const formProps = {
    ...getFormProps(form),
    onSubmit,
    onBlur,
    onInput,
    "data-hydrated": hydrated ? "true" : undefined,
  };

  /** The SPEC §5 flags of one field. */
  function flags(name: string): FieldFlags {
    const meta = (fields as Record<string, (typeof fields)[keyof typeof fields] | undefined>)[name];
    return deriveFieldFlags({
      touched: interaction.touched.has(name),
      interacted: interaction.interacted.has(name),
      validated: interaction.validated.has(name),
      errors: meta?.errors,
      changed: meta?.dirty ?? false,
      required: constraint[name]?.required ?? false,
      pending,
    });
  }

  /** Sets a field's value as the user would (e.g. accepting a typo suggestion) and validates it. */
  function setValue(name: string, value: string) {
    setInteraction((current) => ({ ...current, interacted: withAll(current.interacted, [name]) }));
    form.update({ name, value, validated: true });
  }

  /** Conform metadata of a field by name (for components that work with any form). */
  function field(name: string): FieldMetadata<unknown, Record<string, unknown>, string[]> {
    return (fields as unknown as Record<string, FieldMetadata<unknown, Record<string, unknown>, string[]>>)[
      name
    ]!;
  }

  return { form, fields, formProps, flags, field, setValue, submitCount, mode, pending, hydrated };
}

/** What the shared form components need of a `useShopForm` result, whatever its schema. */
export interface ShopForm {
  flags(name: string): FieldFlags;
  field(name: string): FieldMetadata<unknown, Record<string, unknown>, string[]>;
  setValue(name: string, value: string): void;
  submitCount: number;
  form: { errors?: string[] };
}
