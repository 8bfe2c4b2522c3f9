import { type FormEvent, useState } from "react";
import type { useFetcher } from "react-router";
import type { ProductActionData } from "./reply";

const load = () => import("./validate-forms");

/**
 * A product-page form checked in the browser with the action's own schema before it is sent through a
 * fetcher; without JavaScript it is a plain POST and the action answers with the same messages. The
 * validation module loads on the form's first focus, so it costs the page nothing until then.
 */
export function useDeferredValidation(
  intent: ProductActionData["intent"],
  fetcher: ReturnType<typeof useFetcher<ProductActionData>>,
  reply: ProductActionData | undefined,
) {
  const [clientErrors, setClientErrors] = useState<Record<string, string[]> | null>(null);
  const [checkedReply, setCheckedReply] = useState<unknown>(null);
  // A newer server reply wins over the last browser check.
  const serverErrors = reply && reply !== checkedReply ? (reply.result.error ?? {}) : {};
  const errors: Record<string, string[] | null | undefined> = clientErrors ?? serverErrors;

  const validate = async (form: HTMLFormElement) => {
    const { validateProductForm } = await load();
    const found = validateProductForm(intent, new FormData(form));
    setClientErrors(found);
    setCheckedReply(reply);
    return found;
  };

  const formProps = {
    method: "post" as const,
    noValidate: true,
    onFocus: () => void load(),
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
    /** After a failed check, fields are checked again as the shopper corrects them. */
    onChange: (event: FormEvent<HTMLFormElement>) => {
      if (clientErrors) void validate(event.currentTarget);
    },
  };
  return { errors, formProps, pending: fetcher.state !== "idle" };
}
