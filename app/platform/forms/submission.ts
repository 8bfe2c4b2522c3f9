import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { Refusal } from "../refusal";
import { type Translate, translateMessage } from "./messages";
import { firstMessage, shopErrorMap } from "./rules";

/**
 * Parses form data with a shop schema the way Conform does in the browser (empty strings are missing,
 * checkboxes are booleans), with the shop's error map and one message per field. Messages stay encoded
 * keys; the browser translates them in `Field`. Client and server both call this.
 */
export function parseShopForm<Schema extends z.ZodType>(
  formData: FormData | URLSearchParams,
  schema: Schema,
) {
  return parseWithZod(formData, { schema, error: shopErrorMap, formatError: firstMessage });
}

/** Fields whose submitted values are never echoed back in a reply (they would land in the HTML). */
const SENSITIVE = /password|pin|cvc|cardnumber/i;

export interface ParseSubmissionOptions {
  /** `t` of the request's locale, e.g. `serverI18n(locale).t` or `useTranslation().t`. */
  t: Translate;
  /** Translated labels by field name, for `{{_field_}}` in the default message. */
  labels?: Record<string, string>;
  /** Extra fields not to echo back; password, PIN, CVC and card number fields never are. */
  hideFields?: string[];
}

export type ParsedSubmission<Value> =
  | {
      status: "success";
      value: Value;
      /**
       * A reply for after the domain call: `reply({ refusal })` when it refused (translated, on its field
       * when it names one, else for the whole form), `reply({ resetForm: true })` after success.
       */
      reply: (options?: ReplyOptions) => SubmissionResult<string[]>;
    }
  | { status: "error"; result: SubmissionResult<string[]> };

export type ReplyOptions =
  | { resetForm?: boolean }
  | { refusal: Refusal; hideFields?: string[] }
  | { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] };

/**
 * The server half of a form (for the React Router action; works for plain POSTs without JavaScript):
 * the typed value when the schema accepts the form data, otherwise Conform's `SubmissionResult` with every
 * message translated for the request's locale — return it from the action and pass it to
 * `useShopForm({ lastResult })`.
 */
export function parseSubmission<Schema extends z.ZodType>(
  formData: FormData | URLSearchParams,
  schema: Schema,
  options: ParseSubmissionOptions,
): ParsedSubmission<z.output<Schema>> {
  const submission = parseShopForm(formData, schema);
  const hidden = [...new Set([...(options.hideFields ?? []), ...sensitiveFields(formData)])];
  const translate = (result: SubmissionResult<string[]>) => translateResult(result, options);

  if (submission.status === "success") {
    return {
      status: "success",
      value: submission.value,
      reply: (reply = {}) => {
        if ("resetForm" in reply && reply.resetForm) return submission.reply({ resetForm: true });
        if ("refusal" in reply) {
          const text = options.t(reply.refusal.messageKey, reply.refusal.values);
          const hideFields = [...hidden, ...(reply.hideFields ?? [])];
          return submission.reply(
            reply.refusal.field
              ? { fieldErrors: { [reply.refusal.field]: [text] }, hideFields }
              : { formErrors: [text], hideFields },
          );
        }
        const { formErrors, fieldErrors, hideFields } = reply as Extract<
          ReplyOptions,
          { formErrors?: string[] }
        >;
        return translate(
          submission.reply({
            formErrors: formErrors?.map((key) => options.t(key, {})),
            fieldErrors,
            hideFields: [...hidden, ...(hideFields ?? [])],
          }),
        );
      },
    };
  }
  return { status: "error", result: translate(submission.reply({ hideFields: hidden })) };
}

function sensitiveFields(formData: FormData | URLSearchParams): string[] {
  const names = new Set<string>();
  for (const [name] of formData.entries()) if (SENSITIVE.test(name)) names.add(name);
  return [...names];
}

/** A `SubmissionResult` with every encoded message replaced by its translation. */
export function translateResult(
  result: SubmissionResult<string[]>,
  options: Pick<ParseSubmissionOptions, "t" | "labels">,
): SubmissionResult<string[]> {
  if (!result.error) return result;
  const error: Record<string, string[] | null> = {};
  for (const [name, messages] of Object.entries(result.error)) {
    error[name] =
      messages?.map((message) => translateMessage(options.t, message, { label: options.labels?.[name] })) ??
      null;
  }
  return { ...result, error };
}
