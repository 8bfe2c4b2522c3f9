import type { Hook } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { ApiError, httpErrors } from "../platform/http/api-error";
import type { AppEnv } from "../platform/http/middleware.server";
import { logger } from "../platform/logging/logger.server";

// biome-ignore lint/suspicious/noExplicitAny: any route's context can answer an error
export function sendApiError(c: Context<any>, error: ApiError, headers?: Record<string, string>) {
  return c.json(error.toJSON(), error.statusCode as ContentfulStatusCode, headers);
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
  logger.error({ err: error, reqId: c.get("requestId") }, "api failure");
  return sendApiError(c, httpErrors.internal());
}
