import { gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { acceptsEncoding } from "./compress.server";

/**
 * The built-in micro-cache (ARCHITECTURE.md, docs/decisions/0008-micro-cache.md): public pages are the same
 * for every visitor, so a page a route marks shareable (`Cache-Control: … s-maxage=N`) is kept for N
 * seconds per URL and served again as a CDN would, with its own headers (its CSP nonce matches its HTML).
 * Concurrent misses for one URL wait for a single render. Requests that may be personal never touch it:
 * anything but GET/HEAD, signed-in visitors, the app channel, and responses that set a cookie.
 * Within the response's `stale-while-revalidate` window an expired page is still served at once while one
 * background render replaces it, so a busy page is never rendered while a visitor waits.
 */
export interface MicroCacheOptions {
  /** Entries kept at most (least recently stored dropped first). */
  maxEntries?: number;
  /** Paths never cached (API, assets, media…). */
  skip?: (path: string) => boolean;
  /** Requests that may be personal: served fresh and not stored. */
  personal?: (request: Request) => boolean;
  now?: () => number;
  /**
   * Renders a URL again in the background (the app's own `fetch`), for stale-while-revalidate. Without it
   * an expired page is rendered while the visitor waits.
   */
  revalidate?: (request: Request) => Promise<Response>;
  /**
   * Registers the cache's `forget` (drops every stored page) with whatever makes pages stale at once, such
   * as publishing content: the next request renders afresh instead of waiting out `s-maxage`.
   */
  forgetOn?: (forget: () => void) => void;
}

interface Entry {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
  gzip: Uint8Array | null;
  expires: number;
  /** Until then an expired copy may still be served while a fresh one renders. */
  staleUntil: number;
}

const MAX_BODY_BYTES = 1024 * 1024;

/** Seconds an expired response may still be served while it is revalidated. */
export function staleWhileRevalidate(cacheControl: string | null): number {
  const match = cacheControl?.match(/(?:^|,)\s*stale-while-revalidate=(\d+)/i);
  return match ? Number(match[1]) : 0;
}

/** Seconds a shared cache may keep a response, from its `s-maxage`; 0 when it may not. */
export function sharedMaxAge(cacheControl: string | null): number {
  if (!cacheControl || /(?:^|,)\s*(?:private|no-store)\b/i.test(cacheControl)) return 0;
  const match = cacheControl.match(/(?:^|,)\s*s-maxage=(\d+)/i);
  return match ? Number(match[1]) : 0;
}

export function microCache(options: MicroCacheOptions = {}): MiddlewareHandler {
  const maxEntries = options.maxEntries ?? 2000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry | null>>();
  /** The micro-cache's own background renders: they skip the lookup and store what they render. */
  const revalidations = new WeakSet<Request>();
  const refreshing = new Set<string>();
  options.forgetOn?.(() => entries.clear());

  const respond = (entry: Entry, acceptsGzip: boolean, head: boolean, state = "hit") => {
    const headers = new Headers(entry.headers);
    headers.set("x-micro-cache", state);
    const body = acceptsGzip && entry.gzip ? entry.gzip : entry.body;
    if (acceptsGzip && entry.gzip) headers.set("content-encoding", "gzip");
    headers.set("content-length", String(body.byteLength));
    headers.append("vary", "accept-encoding");
    return new Response(head ? null : (body as BodyInit), { status: entry.status, headers });
  };

  return async (c, next) => {
    const method = c.req.method;
    if (
      (method !== "GET" && method !== "HEAD") ||
      options.skip?.(c.req.path) ||
      options.personal?.(c.req.raw)
    )
      return next();
    const url = new URL(c.req.url);
    const key = `${url.pathname}${url.search}`;
    const acceptsGzip = acceptsEncoding(c.req.header("accept-encoding"), "gzip");
    const head = method === "HEAD";

    const revalidating = revalidations.has(c.req.raw);
    const cached = revalidating ? undefined : entries.get(key);
    if (cached && cached.expires > now()) {
      c.res = respond(cached, acceptsGzip, head);
      return;
    }
    if (cached && cached.staleUntil > now() && options.revalidate) {
      if (!refreshing.has(key)) {
        refreshing.add(key);
        const request = new Request(c.req.url, { headers: { accept: "text/html" } });
        revalidations.add(request);
        // A failed background render keeps the stale copy until its window closes.
        options
          .revalidate(request)
          .then(
            (response) => response.body?.cancel(),
            () => {},
          )
          .finally(() => refreshing.delete(key));
      }
      c.res = respond(cached, acceptsGzip, head, "stale");
      return;
    }
    const pending = revalidating ? undefined : rendering.get(key);
    if (pending) {
      const entry = await pending;
      if (entry) {
        c.res = respond(entry, acceptsGzip, head);
        return;
      }
      return next();
    }

    let settle: (entry: Entry | null) => void = () => {};
    rendering.set(key, new Promise((resolve) => (settle = resolve)));
    try {
      await next();
      const entry = await store(c.res);
      if (entry) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
        entries.delete(key);
        entries.set(key, entry);
        c.res = new Response(head ? null : (entry.body as BodyInit), {
          status: entry.status,
          headers: entry.headers,
        });
        c.res.headers.set("x-micro-cache", "miss");
      }
      settle(entry);
    } catch (error) {
      settle(null);
      throw error;
    } finally {
      rendering.delete(key);
    }
  };

  async function store(response: Response): Promise<Entry | null> {
    const cacheControl = response.headers.get("cache-control");
    const seconds = sharedMaxAge(cacheControl);
    if (response.status !== 200 || seconds === 0 || response.headers.has("set-cookie")) return null;
    if (response.headers.has("content-encoding")) return null;
    const body = new Uint8Array(await response.arrayBuffer());
    if (body.byteLength > MAX_BODY_BYTES) return null;
    const headers = [...response.headers].filter(([name]) => name !== "content-length");
    const compressible = /^(?:text\/|application\/(?:json|javascript|xml))/.test(
      response.headers.get("content-type") ?? "",
    );
    return {
      status: response.status,
      headers,
      body,
      gzip: compressible && body.byteLength > 1024 ? new Uint8Array(gzipSync(body, { level: 6 })) : null,
      expires: now() + seconds * 1000,
      staleUntil: now() + (seconds + staleWhileRevalidate(cacheControl)) * 1000,
    };
  }
}
