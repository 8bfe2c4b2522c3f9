import { once } from "node:events";
import type { Transform } from "node:stream";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { parseAccept } from "hono/utils/accept";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

/** Smaller answers gain nothing from an encoding's framing and a stream's set-up. */
const THRESHOLD_BYTES = 1024;

/** What the shop compresses with, best first for equal preference: the cheapest for the bytes it sends. */
export type Encoding = "zstd" | "br" | "gzip";

/**
 * How each encoding's stream is made and flushed. zstd at its default level 3 and brotli at quality 2 send
 * about the bytes of gzip's level 6 for a third and a half of its CPU (a 187 KB category page streamed in
 * three flushes: zstd 20.6 KB in 0.86 ms, brotli 21.5 KB in 1.4 ms, gzip 20.9 KB in 2.3–2.7 ms;
 * docs/decisions/0062). zstd is Node's since 22.15 and 23.8; without it the shop offers the other two.
 */
const codecs: Record<Encoding, { make: () => Transform & zlib.Zlib; flush: number }> = {
  zstd: {
    make: () => zlib.createZstdCompress({ params: { [zlib.constants.ZSTD_c_compressionLevel]: 3 } }),
    flush: zlib.constants.ZSTD_e_flush,
  },
  br: {
    make: () =>
      zlib.createBrotliCompress({
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      }),
    flush: zlib.constants.BROTLI_OPERATION_FLUSH,
  },
  gzip: { make: () => zlib.createGzip(), flush: zlib.constants.Z_SYNC_FLUSH },
};
const offered: Encoding[] = (["zstd", "br", "gzip"] as const).filter(
  (encoding) => encoding !== "zstd" || "createZstdCompress" in zlib,
);

/**
 * Compresses text answers for clients that accept it (docs/decisions/0059, 0062): zstd, brotli or gzip, as
 * the client's `Accept-Encoding` prefers, in that order when it likes them alike. React writes a page 4 KB
 * at a time (≈ 45 writes for a category page), all within one tick when nothing is suspended; a
 * `CompressionStream` (hono/compress) hands each write to zlib on the thread pool on its own, which cost an
 * uncached category page ≈ 40 % more CPU than sending it uncompressed. Here the writes of one tick go to
 * zlib as one chunk, followed by a flush, so each flush of React's reaches the browser whole and at once (a
 * streamed shell is not held back in the compressor's buffer until the page ends).
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
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
    if (!encoding) return;
    c.res = new Response(body.pipeThrough(compressByTick(encoding)), c.res);
    c.res.headers.delete("Content-Length");
    c.res.headers.set("Content-Encoding", encoding);
    const etag = c.res.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  };
}

/** The q-value a parsed `Accept-Encoding` gives an encoding (`*` stands for any not named); 0 for none. */
function quality(accepts: ReturnType<typeof parseAccept>, encoding: Encoding): number {
  return (
    (accepts.find((a) => a.type.toLowerCase() === encoding) ?? accepts.find((a) => a.type === "*"))?.q ?? 0
  );
}

/** Whether an `Accept-Encoding` header takes this encoding (a q-value above 0). */
export function acceptsEncoding(header: string | undefined, encoding: Encoding): boolean {
  return header ? quality(parseAccept(header), encoding) > 0 : false;
}

/**
 * The encoding the shop sends for an `Accept-Encoding` header: the one with the highest q-value above 0,
 * zstd before brotli before gzip when their q-values are equal; null for none.
 */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepts = parseAccept(header);
  let chosen: Encoding | null = null;
  let best = 0;
  for (const encoding of offered) {
    const q = quality(accepts, encoding);
    if (q > best) {
      chosen = encoding;
      best = q;
    }
  }
  return chosen;
}

/**
 * A compressing stream that hands zlib the writes of one tick as one chunk and flushes after it (gzip's
 * Z_SYNC_FLUSH, brotli's and zstd's flush): one trip to the thread pool per flush of the page instead of
 * one per 4 KB, and each flush decodable by the browser as it arrives.
 */
export function compressByTick(encoding: Encoding): TransformStream<Uint8Array, Uint8Array> {
  const codec = codecs[encoding];
  const compressor = codec.make();
  let held: Uint8Array[] = [];
  let sending: Promise<void> | null = null;
  /** Hands zlib what is held as one chunk. */
  const writeHeld = () => {
    if (held.length) compressor.write(held.length === 1 ? (held[0] as Uint8Array) : Buffer.concat(held));
    held = [];
  };
  const send = () => {
    sending = null;
    writeHeld();
    compressor.flush(codec.flush);
  };
  // `cancel` (the browser went away: free zlib at once) is in the Streams standard and in Node, not yet in
  // TypeScript's DOM types.
  const transformer: Transformer<Uint8Array, Uint8Array> & { cancel(): void } = {
    start(controller) {
      compressor.on("data", (out: Buffer) => {
        // The browser may have gone (the answer cancelled) while zlib was still working: nothing to send.
        try {
          controller.enqueue(new Uint8Array(out.buffer, out.byteOffset, out.length));
        } catch {
          compressor.destroy();
        }
      });
      compressor.on("error", (error) => controller.error(error));
    },
    transform(chunk) {
      held.push(chunk);
      sending ??= new Promise<void>((resolve) => setImmediate(resolve)).then(send);
    },
    async flush() {
      await sending;
      writeHeld();
      const ended = once(compressor, "end");
      compressor.end();
      await ended;
    },
    cancel() {
      compressor.destroy();
    },
  };
  return new TransformStream(transformer);
}
