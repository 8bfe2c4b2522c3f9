import type { Context, MiddlewareHandler } from "hono";
import { isLocale, type Locale } from "../i18n/locales";
import { translator } from "../i18n/resources.server";
import { logger } from "../logging/logger.server";
import { httpErrors } from "./api-error";
import type { AppEnv } from "./middleware.server";

/** Seconds a client is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A page that needs nothing but this module: no database, no React, no scripts. */
function plainPage(locale: Locale, messageKey: string): string {
  const t = translator(locale);
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(t("errors.generic"))}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>${escapeHtml(t("errors.generic"))}</h1><p>${escapeHtml(t(messageKey))}</p><p><a href="/${locale}/">${escapeHtml(t("errors.backHome"))}</a></p></body></html>`;
}

/**
 * A failure answered without the app: the Api error shape on `/api`, plain text on `/webhooks` (providers
 * only read the status), a small page in the visitor's language elsewhere. 503: too busy, try again.
 */
function failureAnswer(c: Context<AppEnv>, status: 500 | 503) {
  const headers: Record<string, string> = { "cache-control": "no-store" };
  if (status === 503) headers["retry-after"] = String(RETRY_AFTER_SECONDS);
  const error = status === 503 ? httpErrors.busy() : httpErrors.internal();
  if (c.req.path.startsWith("/api/")) return c.json(error.toJSON(), status, headers);
  if (c.req.path.startsWith("/webhooks/")) return c.text(status === 503 ? "Busy" : "Failed", status, headers);
  const first = c.req.path.split("/")[1];
  return c.html(plainPage(isLocale(first) ? first : "en", error.messageTranslationKey), status, headers);
}

/**
 * The app's last resort: an error thrown outside React Router's pages and the API's own handler (a
 * middleware that reads the database while it is gone) is logged and answered as the error page, never
 * as Hono's plain "Internal Server Error" (docs/reliability.md).
 */
export function lastResort(error: Error, c: Context<AppEnv>) {
  logger.error({ err: error, reqId: c.get("requestId"), path: c.req.path }, "request failed");
  return failureAnswer(c, 500);
}

/**
 * Answers a request that is not done within `ms` with a 503 (docs/reliability.md): the Api error shape on
 * `/api`, a plain text on `/webhooks` (providers retry), a small page in the visitor's language elsewhere.
 * A slow or unreachable database then costs the visitor seconds, never a hanging tab. The work itself is
 * not stopped: a command that still finishes is safe to send again (idempotency keys). Uploads are left
 * alone, as a slow phone sending photos is not the shop being slow.
 */
export function deadline(options: { ms: number }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if ((c.req.header("content-type") ?? "").startsWith("multipart/form-data")) return next();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), options.ms);
    });
    const done = next().then(() => "done" as const);
    try {
      if ((await Promise.race([done, late])) === "done") return;
    } finally {
      clearTimeout(timer);
    }
    // The handler may still fail after the answer went out: nobody waits for it, but the log should say.
    done.catch((error) => logger.warn({ err: error, path: c.req.path }, "request failed after its deadline"));
    logger.warn({ reqId: c.get("requestId"), path: c.req.path, ms: options.ms }, "request past its deadline");
    return failureAnswer(c, 503);
  };
}
