import { type FormEvent, useState } from "react";

/**
 * A form's browser-side check, loaded on first use: the action's own schema lives in a module of its own
 * (`import()`), so Zod and Conform cost a page nothing until a shopper uses the form.
 */
export interface DeferredCheck {
  /** Starts loading the check module (on the form's first focus). */
  load(): Promise<unknown>;
  /** The form's errors by field name (`""` for the whole form), or null when the action would accept it. */
  validate(formData: FormData): Promise<Record<string, string[]> | null>;
}

interface Submitter {
  state: string;
  submit(form: HTMLFormElement, options: { method: "post" }): Promise<void>;
}

/**
 * A form checked in the browser with a `DeferredCheck` before it is sent through a fetcher; without
 * JavaScript it is a plain POST and the action answers with the same messages. The check loads on the
 * form's first focus; after a failed check, fields are checked again as the shopper corrects them. `reply`
 * is the fetcher's last answer and `serverErrors` its field errors: a newer answer wins over the last check.
 * Used by the product page's forms and the footer's newsletter form, which are on pages whose first load
 * must stay small (docs/decisions/0027-first-load-javascript.md, 0054-the-footer-form-loads-its-checks-on-use.md).
 */
export function useDeferredValidation(
  check: DeferredCheck,
  fetcher: Submitter,
  reply: unknown,
  serverErrors: Record<string, string[] | null | undefined> = {},
) {
  const [clientErrors, setClientErrors] = useState<Record<string, string[]> | null>(null);
  const [checkedReply, setCheckedReply] = useState<unknown>(null);
  const errors: Record<string, string[] | null | undefined> =
    clientErrors ?? (reply && reply !== checkedReply ? serverErrors : {});

  const validate = async (form: HTMLFormElement) => {
    const found = await check.validate(new FormData(form));
    setClientErrors(found);
    setCheckedReply(reply);
    return found;
  };

  const formProps = {
    method: "post" as const,
    noValidate: true,
    onFocus: () => void check.load(),
    onSubmit: async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      const found = await validate(form);
      if (found) {
        const first = Object.keys(found)[0];
        const control = first ? (form.elements.namedItem(first) as HTMLElement | RadioNodeList | null) : null;
        (control instanceof RadioNodeList ? (control[0] as HTMLElement | undefined) : control)?.focus();
        return;
      }
      setClientErrors(null);
      await fetcher.submit(form, { method: "post" });
      setCheckedReply(null);
    },
    onChange: (event: FormEvent<HTMLFormElement>) => {
      if (clientErrors) void validate(event.currentTarget);
    },
  };
  return { errors, formProps, pending: fetcher.state !== "idle" };
}
