import { once } from "node:events";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { parseAccept } from "hono/utils/accept";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

/** Smaller answers gain nothing from gzip's 18 bytes of framing and a stream's set-up. */
const THRESHOLD_BYTES = 1024;

/**
 * Gzips text answers for clients that accept it (docs/decisions/0059). React writes a page 4 KB at a time
 * (≈ 45 writes for a category page), all within one tick when nothing is suspended; a `CompressionStream`
 * (hono/compress) hands each write to zlib on the thread pool on its own, which cost an uncached category
 * page ≈ 40 % more CPU than sending it uncompressed. Here the writes of one tick go to zlib as one chunk,
 * followed by a sync flush, so each flush of React's reaches the browser whole and at once (a streamed
 * shell is not held back in zlib's buffer until the page ends).
 */
export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const body = c.res.body;
    if (
      !body ||
      c.res.status === 206 ||
      c.res.headers.has("Content-Encoding") ||
      c.res.headers.has("Transfer-Encoding") ||
      c.req.method === "HEAD" ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(c.res.headers.get("Content-Type") ?? "") ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(c.res.headers.get("Cache-Control") ?? "")
    )
      return;
    const length = c.res.headers.get("Content-Length");
    if (length && Number(length) < THRESHOLD_BYTES) return;
    const vary = c.res.headers.get("Vary");
    if (vary !== "*" && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? ""))
      c.header("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    if (!acceptsGzip(c.req.header("Accept-Encoding"))) return;
    c.res = new Response(body.pipeThrough(gzipByTick()), c.res);
    c.res.headers.delete("Content-Length");
    c.res.headers.set("Content-Encoding", "gzip");
    const etag = c.res.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  };
}

/** `gzip` (or `*`) with a q-value above 0. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const accepts = parseAccept(header);
  const gzip = accepts.find((a) => a.type.toLowerCase() === "gzip") ?? accepts.find((a) => a.type === "*");
  return gzip !== undefined && gzip.q > 0;
}

/**
 * A gzip stream that hands zlib the writes of one tick as one chunk and flushes after it (Z_SYNC_FLUSH):
 * one trip to the thread pool per flush of the page instead of one per 4 KB.
 */
export function gzipByTick(): TransformStream<Uint8Array, Uint8Array> {
  const gzip = zlib.createGzip();
  let held: Uint8Array[] = [];
  let sending: Promise<void> | null = null;
  /** Hands zlib what is held as one chunk. */
  const writeHeld = () => {
    if (held.length) gzip.write(held.length === 1 ? (held[0] as Uint8Array) : Buffer.concat(held));
    held = [];
  };
  const send = () => {
    sending = null;
    writeHeld();
    gzip.flush(zlib.constants.Z_SYNC_FLUSH);
  };
  // `cancel` (the browser went away: free zlib at once) is in the Streams standard and in Node, not yet in
  // TypeScript's DOM types.
  const transformer: Transformer<Uint8Array, Uint8Array> & { cancel(): void } = {
    start(controller) {
      gzip.on("data", (out: Buffer) => {
        // The browser may have gone (the answer cancelled) while zlib was still working: nothing to send.
        try {
          controller.enqueue(new Uint8Array(out.buffer, out.byteOffset, out.length));
        } catch {
          gzip.destroy();
        }
      });
      gzip.on("error", (error) => controller.error(error));
    },
    transform(chunk) {
      held.push(chunk);
      sending ??= new Promise<void>((resolve) => setImmediate(resolve)).then(send);
    },
    async flush() {
      await sending;
      writeHeld();
      const ended = once(gzip, "end");
      gzip.end();
      await ended;
    },
    cancel() {
      gzip.destroy();
    },
  };
  return new TransformStream(transformer);
}
