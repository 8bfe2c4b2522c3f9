import type { Context, MiddlewareHandler } from "hono";
import { isLocale } from "../i18n/locales";
import { translator } from "../i18n/resources.server";
import { ApiError } from "./api-error";

/**
 * A flood guard on every state-changing request (anything but GET, HEAD, OPTIONS), per client IP, in a
 * fixed window (ASVS 2.4.1 / 6.3.1, docs/security.md). The actions worth guessing at (sign-in, register,
 * reset, gift-card balance, guest order lookup, contact, referral and student links) have their own, much
 * tighter, PostgreSQL counters shared by every replica (decision 0018); this one only makes sure no
 * unauthenticated POST is unlimited. It lives in each process's memory: no database work per request,
 * and a shop with N replicas lets through up to N × `limit`, which is fine for a flood guard.
 */
export function writeLimit(options: {
  /** Writes per IP per window; 0 turns the guard off (load benchmarks from one address). */
  limit: number;
  windowSeconds?: number;
  ipOf: (c: Context) => string;
  skip?: (path: string) => boolean;
  now?: () => number;
}): MiddlewareHandler {
  const windowMs = (options.windowSeconds ?? 60) * 1000;
  const now = options.now ?? Date.now;
  const windows = new Map<string, { started: number; count: number }>();
  return async (c, next) => {
    const method = c.req.method;
    if (options.limit <= 0 || method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
    if (options.skip?.(c.req.path)) return next();
    const at = now();
    if (windows.size > 50_000)
      for (const [key, window] of windows) if (at - window.started >= windowMs) windows.delete(key);
    const ip = options.ipOf(c);
    let window = windows.get(ip);
    if (!window || at - window.started >= windowMs) {
      window = { started: at, count: 0 };
      windows.set(ip, window);
    }
    window.count += 1;
    if (window.count <= options.limit) return next();
    const wait = String(Math.max(1, Math.ceil((window.started + windowMs - at) / 1000)));
    const locale = c.get("locale");
    const message = translator(isLocale(locale) ? locale : "en")("account:throttled");
    const refused = new ApiError(429, "account:throttled", message, { retryAfterSeconds: Number(wait) });
    if (c.req.path.startsWith("/api/")) return c.json(refused.toJSON(), 429, { "retry-after": wait });
    return c.text(message, 429, { "retry-after": wait });
  };
}
