import type { MiddlewareHandler } from "hono";
import { ApiError } from "./api-error";

/**
 * Refuses a state-changing request (anything but GET, HEAD, OPTIONS) that a browser sent from another
 * site: the cross-site request forgery defence of ASVS 3.5.1 and 10.x (docs/security.md), for the
 * storefront's forms, the back office and the API's cookie sign-in alike. SameSite=Lax cookies already
 * stop most of it; this also covers sibling subdomains (same site, other origin), login forgery (no
 * cookie yet) and browsers without SameSite.
 *
 * A browser says where a request comes from: `Sec-Fetch-Site` (every current browser over HTTPS and on
 * localhost) is trusted first, else `Origin`. A request with neither is no browser's form or script (the
 * app, curl, a provider's webhook, an old browser whose SameSite cookies protect it) and passes.
 * `allowedOrigins` lists the shop's public origins (BASE_URL); an `Origin` equal to the request's own
 * host passes as well, so a shop reached under another name (127.0.0.1, a replica behind HAProxy) works.
 */
export function sameOriginWrites(options: {
  allowedOrigins: readonly string[];
  /** Paths that outside services post to (webhooks): never a browser's. */
  skip?: (path: string) => boolean;
}): MiddlewareHandler {
  const allowed = new Set(options.allowedOrigins.map((origin) => new URL(origin).origin));
  return async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
    if (options.skip?.(c.req.path)) return next();
    if (isSameOrigin(c.req.raw.headers, allowed)) return next();
    const refused = new ApiError(
      403,
      "errors.crossSiteRequest",
      "Requests from another site may not change anything here.",
    );
    if (c.req.path.startsWith("/api/")) return c.json(refused.toJSON(), 403);
    return c.text(refused.message, 403);
  };
}

/** Whether the browser (if it is one) sent this request from the shop's own pages. */
export function isSameOrigin(headers: Headers, allowedOrigins: ReadonlySet<string>): boolean {
  const site = headers.get("sec-fetch-site");
  // `none`: the visitor typed the address or used a bookmark, nothing another site did.
  if (site) return site === "same-origin" || site === "none";
  const origin = headers.get("origin");
  if (origin === null) return true;
  if (origin === "null") return false;
  if (allowedOrigins.has(origin)) return true;
  const host = headers.get("host");
  try {
    return host !== null && new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}
