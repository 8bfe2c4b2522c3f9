import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import type { Locale } from "../i18n/locales";
import { logger } from "../logging/logger.server";
import type { Channel } from "./context";

export interface AppEnv {
  Variables: {
    requestId: string;
    secureHeadersNonce?: string;
    locale: Locale;
    channel: Channel;
  };
}

/** Security headers on every response, with a fresh CSP nonce per request for React Router's scripts. */
export function securityHeaders(options: { dev: boolean }): MiddlewareHandler<AppEnv> {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // Vite's dev client injects inline modules and a websocket; production is nonce-only.
      scriptSrc: options.dev ? ["'self'", "'unsafe-inline'"] : [NONCE, "'strict-dynamic'", "'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: options.dev ? ["'self'", "ws:", "wss:"] : ["'self'"],
      // The ALTCHA captcha solves its proof of work in workers it starts from blob: URLs.
      workerSrc: ["'self'", "blob:"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.dev ? false : "max-age=31536000; includeSubDomains",
    referrerPolicy: "strict-origin-when-cross-origin",
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
}

/** One pino line per request with the request id (also sent as `X-Request-Id`), status and duration. */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = performance.now();
  await next();
  c.res.headers.set("x-request-id", c.get("requestId"));
  const ms = Math.round((performance.now() - started) * 10) / 10;
  // A visitor who left mid-render (a closed tab, a load test's last requests) gets React Router's 500 for
  // the aborted render, which nobody receives: logged as nginx's 499, not as the shop's failure.
  const status = c.req.raw.signal.aborted ? 499 : c.res.status;
  const entry = { reqId: c.get("requestId"), method: c.req.method, path: c.req.path, status, ms };
  // 503 is the readiness probe or maintenance saying "not now", not a failure.
  if (status >= 500 && status !== 503) logger.error(entry, "request");
  else logger.info(entry, "request");
};

/**
 * Headers that only mean something on a document (or a worker): policies for what the page may load,
 * frame or open. On a script or stylesheet they do nothing but cost about 700 bytes per request (HTTP/1.1
 * does not compress headers), which on a phone is more than some of the scripts themselves.
 */
export const documentOnlyHeaders = [
  "content-security-policy",
  "permissions-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-frame-options",
  "x-xss-protection",
  "x-download-options",
  "x-dns-prefetch-control",
  "x-permitted-cross-domain-policies",
] as const;

/** Hashed build assets never change under the same name; they keep `nosniff`, CORP and HSTS. */
export const immutableAssets: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.ok) return;
  c.res.headers.set("cache-control", "public, max-age=31536000, immutable");
  for (const name of documentOnlyHeaders) c.res.headers.delete(name);
};

/** Paths that are not pages: the micro-cache leaves them alone. */
export function notPages(path: string): boolean {
  return /^\/(?:api|assets|media|admin)(?:\/|$)/.test(path) || path === "/sw.js";
}

/** A request whose page could differ for this visitor: signed in (staff pass in maintenance) or the app. */
export function mayBePersonal(request: Request): boolean {
  const cookie = request.headers.get("cookie") ?? "";
  return (
    /session_token=/.test(cookie) ||
    // An early-access ticket may open a campaign before its window (content's EARLY_ACCESS_COOKIE).
    /(?:^|;\s*)shop_early_access=/.test(cookie) ||
    /(?:^|;\s*)shop_channel=/.test(cookie) ||
    request.headers.get("x-shop-channel") !== null
  );
}

/**
 * Behind TLS (an `https:` BASE_URL) every cookie the shop sets carries `Secure` (ASVS 3.3.1): better-auth
 * marks its own, and this covers the rest (locale, consent, channel, guest cart and wishlist) without each
 * place having to know.
 */
export const secureCookies: MiddlewareHandler = async (c, next) => {
  await next();
  const cookies = c.res.headers.getSetCookie();
  if (!cookies.some((cookie) => !/;\s*secure\s*(?:;|$)/i.test(cookie))) return;
  c.res.headers.delete("set-cookie");
  for (const cookie of cookies)
    c.res.headers.append("set-cookie", /;\s*secure\s*(?:;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`);
};

const FORM_TYPES = /^(?:application\/x-www-form-urlencoded|multipart\/form-data)\s*(?:;|$)/i;

/**
 * A page's action reads form data (every form of the shop posts `application/x-www-form-urlencoded` or
 * `multipart/form-data`, with or without JavaScript); anything else posted to a page would fail in
 * `request.formData()` with a 500. It gets a 415 instead (found by the forms fuzzer of issue 21). The API
 * and webhooks read their own bodies and are left alone.
 */
export const pageWritesAreForms: MiddlewareHandler = async (c, next) => {
  const method = c.req.method;
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
  if (/^\/(?:api|webhooks)\//.test(c.req.path)) return next();
  if (FORM_TYPES.test(c.req.header("content-type") ?? "")) return next();
  return c.text("Unsupported Media Type", 415);
};
