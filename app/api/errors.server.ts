import type { Hook } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { ApiError, httpErrors } from "../platform/http/api-error";
import type { AppEnv } from "../platform/http/middleware.server";
import type { Locale } from "../platform/i18n/locales";
import { serverI18n } from "../platform/i18n/resources.server";
import { logger } from "../platform/logging/logger.server";
import { isRefusal, type Refusal, refusalStatus } from "../platform/refusal";

// biome-ignore lint/suspicious/noExplicitAny: any route's context can answer an error
export function sendApiError(c: Context<any>, error: ApiError, headers?: Record<string, string>) {
  return c.json(error.toJSON(), error.statusCode as ContentfulStatusCode, headers);
}

/**
 * A domain's refusal as the Api error shape (decision 0031): the status from its kind, the message in the
 * request's locale, its values (and the field it is about) as `details`. Throw it from a handler.
 */
export function apiRefusal(refusal: Refusal, locale: Locale = "en"): ApiError {
  const message = serverI18n(locale).t(refusal.messageKey, refusal.values) as string;
  const details: Record<string, unknown> = { ...refusal.values };
  if (refusal.field) details.field = refusal.field;
  return new ApiError(refusalStatus[refusal.kind], refusal.messageKey, message, details);
}

/**
 * A command's result, or its refusal thrown as the Api error; a throttled refusal that says how long to
 * wait (`retryAfterSeconds`) sets `retry-after`.
 */
// biome-ignore lint/suspicious/noExplicitAny: any route's context can answer a refusal
export function accepted<T>(c: Context<any>, outcome: T | Refusal, locale: Locale): T {
  if (!isRefusal(outcome)) return outcome;
  const wait = outcome.values.retryAfterSeconds;
  if (wait) c.header("retry-after", String(wait));
  throw apiRefusal(outcome, locale);
}

/** Zod issues as `{ "field.path": ["message", …] }`, the `details` of a 400. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const details: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    details[key] = [...(details[key] ?? []), issue.message];
  }
  return details;
}

/** Every failed request validation becomes a 400 Api error with a message per field. */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (!result.success) {
    const target = (result as { target?: string }).target;
    return sendApiError(
      c,
      httpErrors.badRequest({ target, fields: fieldErrors(result.error as z.ZodError) }),
    );
  }
};

/** Maps anything thrown in `/api` to the Api error shape; never a stack trace. */
export function handleApiError(error: Error, c: Context) {
  if (error instanceof ApiError) return sendApiError(c, error);
  if (error instanceof HTTPException) {
    if (error.status === 400 && /json/i.test(error.message))
      return sendApiError(c, httpErrors.malformedJson());
    if (error.status === 413) return sendApiError(c, httpErrors.payloadTooLarge(0));
    if (error.status < 500) {
      return sendApiError(
        c,
        new ApiError(error.status, "errors.invalidInput", error.message || "Bad request"),
      );
    }
  }
  if (unstorableInput(error)) return sendApiError(c, httpErrors.badRequest({ reason: "unstorable" }));
  logger.error({ err: error, reqId: c.get("requestId") }, "api failure");
  return sendApiError(c, httpErrors.internal());
}

/**
 * PostgreSQL's "this value does not fit" errors: an id past the integer range, a NUL byte or a broken
 * character in a string. A schema that let such a value through is a gap in its validation, not an
 * outage: the client gets a 400 (the fuzzer of issue 21 found them), nothing was stored (the statement
 * failed, its transaction rolled back).
 */
const UNSTORABLE = new Set(["22003", "22P02", "22021", "54000", "22001"]);
function unstorableInput(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && UNSTORABLE.has(code)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
