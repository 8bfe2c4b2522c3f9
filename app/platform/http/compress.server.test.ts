import { brotliDecompressSync, constants, gunzipSync, zstdDecompressSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { acceptsEncoding, chooseEncoding, compressAnswers, type Encoding } from "./compress.server";

/** What a browser does with each encoding's bytes; `partial` decodes what has arrived of a stream so far. */
const decoders: Record<Encoding, (bytes: Buffer, partial?: boolean) => string> = {
  gzip: (bytes, partial) =>
    gunzipSync(bytes, partial ? { finishFlush: constants.Z_SYNC_FLUSH } : {}).toString(),
  br: (bytes, partial) =>
    brotliDecompressSync(bytes, partial ? { finishFlush: constants.BROTLI_OPERATION_FLUSH } : {}).toString(),
  zstd: (bytes, partial) =>
    zstdDecompressSync(bytes, partial ? { finishFlush: constants.ZSTD_e_flush } : {}).toString(),
};
const encodings = Object.keys(decoders) as Encoding[];
const asking = (encoding: Encoding) => ({ headers: { "accept-encoding": encoding } });

const page = `<!DOCTYPE html><html><body>${Array.from({ length: 400 }, (_, i) => `<p>card ${i}</p>`).join("")}</body></html>`;

function app() {
  const app = new Hono();
  app.use(compressAnswers());
  app.get("/page", (c) => c.html(page));
  app.get("/tiny", (c) => c.html("<p>hi</p>", 200, { "content-length": "9" }));
  app.get("/image", (c) => c.body(new Uint8Array(4096), 200, { "content-type": "image/webp" }));
  app.get("/already", (c) =>
    c.body(new Uint8Array(4096), 200, { "content-type": "text/html", "content-encoding": "gzip" }),
  );
  app.get("/no-transform", (c) => c.html(page, 200, { "cache-control": "no-transform" }));
  app.get("/tagged", (c) => c.html(page, 200, { etag: '"v1"' }));
  return app;
}

/** What Chrome asks for. */
const browser = { headers: { "accept-encoding": "gzip, deflate, br, zstd" } };

describe("compressAnswers", () => {
  it("compresses a page with zstd for a browser that takes it, and says the answer varies by encoding", async () => {
    const response = await app().request("/page", browser);
    expect(response.headers.get("content-encoding")).toBe("zstd");
    expect(response.headers.get("content-length")).toBeNull();
    expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(decoders.zstd(Buffer.from(await response.arrayBuffer()))).toBe(page);
  });

  it.each(encodings)(
    "sends %s to a client that takes only that, a quarter of the page or less",
    async (encoding) => {
      const response = await app().request("/page", asking(encoding));
      expect(response.headers.get("content-encoding")).toBe(encoding);
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.length).toBeLessThan(page.length / 4);
      expect(decoders[encoding](body)).toBe(page);
    },
  );

  it("sends the page as it is to a client that takes none of them, still varying by encoding", async () => {
    const refusals: Record<string, string>[] = [
      {},
      { "accept-encoding": "identity" },
      { "accept-encoding": "gzip;q=0, deflate" },
      { "accept-encoding": "*;q=0" },
    ];
    for (const headers of refusals) {
      const response = await app().request("/page", { headers });
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(await response.text()).toBe(page);
    }
  });

  it("leaves small answers, pictures, encoded answers and no-transform alone", async () => {
    for (const path of ["/tiny", "/image", "/no-transform"]) {
      const response = await app().request(path, browser);
      expect(response.headers.get("content-encoding"), path).toBeNull();
    }
    const encoded = await app().request("/already", browser);
    expect(encoded.headers.get("content-encoding")).toBe("gzip");
    expect((await encoded.arrayBuffer()).byteLength).toBe(4096);
  });

  it("weakens a strong ETag: the compressed bytes are not the tagged bytes", async () => {
    const response = await app().request("/tagged", browser);
    expect(response.headers.get("etag")).toBe('W/"v1"');
  });

  it.each(encodings)(
    "hands the browser each flush of a streamed page at once, decodable before the page ends (%s)",
    async (encoding) => {
      let finish = () => {};
      const rest = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const shell = "<!DOCTYPE html><html><head><title>Shell</title></head><body>".padEnd(2048, " ");
      const streamed = new Hono();
      streamed.use(compressAnswers());
      streamed.get("/streamed", (c) =>
        c.body(
          new ReadableStream<Uint8Array>({
            async start(controller) {
              const bytes = new TextEncoder().encode(shell);
              // React writes a flush in several pieces within one tick.
              controller.enqueue(bytes.slice(0, 1000));
              controller.enqueue(bytes.slice(1000));
              await rest;
              controller.enqueue(new TextEncoder().encode("<p>late</p></body></html>"));
              controller.close();
            },
          }),
          200,
          { "content-type": "text/html; charset=utf-8" },
        ),
      );
      const response = await streamed.request("/streamed", asking(encoding));
      expect(response.headers.get("content-encoding")).toBe(encoding);
      const reader = response.body!.getReader();
      // What a browser can decode of the bytes it has (a flush ends on a byte boundary).
      const received: Buffer[] = [];
      const decoded = () => decoders[encoding](Buffer.concat(received), true);
      const nextChunk = () =>
        Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error("held back")), 2000)),
        ]);
      // The shell arrives whole while the rest of the page is still being rendered.
      while (decoded().length < shell.length) {
        const { value, done } = await nextChunk();
        expect(done).toBe(false);
        received.push(Buffer.from(value!));
      }
      expect(decoded()).toBe(shell);
      finish();
      for (;;) {
        const { value, done } = await nextChunk();
        if (done) break;
        received.push(Buffer.from(value));
      }
      expect(decoders[encoding](Buffer.concat(received))).toBe(`${shell}<p>late</p></body></html>`);
    },
  );

  it("stops quietly when the browser goes away in the middle of a page", async () => {
    const streamed = new Hono();
    streamed.use(compressAnswers());
    let pulls = 0;
    streamed.get("/endless", (c) =>
      c.body(
        new ReadableStream<Uint8Array>({
          async pull(controller) {
            pulls++;
            await new Promise((resolve) => setTimeout(resolve, 5));
            controller.enqueue(new TextEncoder().encode("<p>more</p>".repeat(400)));
          },
        }),
        200,
        { "content-type": "text/html" },
      ),
    );
    const response = await streamed.request("/endless", browser);
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    const pullsAtCancel = pulls;
    await new Promise((resolve) => setTimeout(resolve, 100));
    // An error thrown by a late zlib write would fail this test as an unhandled error.
    expect(pulls - pullsAtCancel).toBeLessThanOrEqual(2);
  });
});

describe("chooseEncoding", () => {
  it("takes the client's highest q-value, zstd before brotli before gzip when they are equal", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("zstd");
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip, deflate")).toBe("gzip");
    expect(chooseEncoding("br;q=0.5, gzip;q=1")).toBe("gzip");
    expect(chooseEncoding("zstd;q=0, br;q=0.2, gzip;q=0.1")).toBe("br");
    expect(chooseEncoding("GZIP")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("zstd");
    expect(chooseEncoding("zstd;q=0, *")).toBe("br");
    expect(chooseEncoding("gzip;q=0")).toBeNull();
    expect(chooseEncoding("deflate, identity")).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

describe("acceptsEncoding", () => {
  it("reads the Accept-Encoding header's q-values for one encoding", () => {
    expect(acceptsEncoding("br;q=1, gzip;q=0.5", "gzip")).toBe(true);
    expect(acceptsEncoding("*", "gzip")).toBe(true);
    expect(acceptsEncoding("gzip;q=0, br", "gzip")).toBe(false);
    expect(acceptsEncoding("br", "gzip")).toBe(false);
    expect(acceptsEncoding(undefined, "gzip")).toBe(false);
  });
});
