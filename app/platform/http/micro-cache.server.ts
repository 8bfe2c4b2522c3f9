import { gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";

/**
 * The built-in micro-cache (ARCHITECTURE.md, docs/decisions/0008-micro-cache.md): public pages are the same
 * for every visitor, so a page a route marks shareable (`Cache-Control: … s-maxage=N`) is kept for N
 * seconds per URL and served again as a CDN would, with its own headers (its CSP nonce matches its HTML).
 * Concurrent misses for one URL wait for a single render. Requests that may be personal never touch it:
 * anything but GET/HEAD, signed-in visitors, the app channel, and responses that set a cookie.
 */
export interface MicroCacheOptions {
  /** Entries kept at most (least recently stored dropped first). */
  maxEntries?: number;
  /** Paths never cached (API, assets, media…). */
  skip?: (path: string) => boolean;
  /** Requests that may be personal: served fresh and not stored. */
  personal?: (request: Request) => boolean;
  now?: () => number;
}

interface Entry {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
  gzip: Uint8Array | null;
  expires: number;
}

const MAX_BODY_BYTES = 1024 * 1024;

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

  const respond = (entry: Entry, acceptsGzip: boolean, head: boolean) => {
    const headers = new Headers(entry.headers);
    headers.set("x-micro-cache", "hit");
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
    const acceptsGzip = /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
    const head = method === "HEAD";

    const cached = entries.get(key);
    if (cached && cached.expires > now()) {
      c.res = respond(cached, acceptsGzip, head);
      return;
    }
    const pending = rendering.get(key);
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
    const seconds = sharedMaxAge(response.headers.get("cache-control"));
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
    };
  }
}
