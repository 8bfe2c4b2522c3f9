import { constants, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { acceptsGzip, compressAnswers } from "./compress.server";

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

const gzip = { headers: { "accept-encoding": "gzip, deflate, br, zstd" } };

describe("compressAnswers", () => {
  it("gzips a page for a browser that accepts it, and says the answer varies by encoding", async () => {
    const response = await app().request("/page", gzip);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("content-length")).toBeNull();
    expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBeLessThan(page.length / 4);
    expect(gunzipSync(body).toString()).toBe(page);
  });

  it("sends the page as it is to a client that does not accept gzip, still varying by encoding", async () => {
    const refusals: Record<string, string>[] = [
      {},
      { "accept-encoding": "identity" },
      { "accept-encoding": "gzip;q=0, br" },
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
      const response = await app().request(path, gzip);
      expect(response.headers.get("content-encoding"), path).toBeNull();
    }
    const encoded = await app().request("/already", gzip);
    expect(encoded.headers.get("content-encoding")).toBe("gzip");
    expect((await encoded.arrayBuffer()).byteLength).toBe(4096);
  });

  it("weakens a strong ETag: the gzipped bytes are not the tagged bytes", async () => {
    const response = await app().request("/tagged", gzip);
    expect(response.headers.get("etag")).toBe('W/"v1"');
  });

  it("hands the browser each flush of a streamed page at once, decodable before the page ends", async () => {
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
    const response = await streamed.request("/streamed", gzip);
    const reader = response.body!.getReader();
    // What a browser can decode of the bytes it has (a sync flush ends on a byte boundary).
    const received: Buffer[] = [];
    const decoded = () =>
      gunzipSync(Buffer.concat(received), { finishFlush: constants.Z_SYNC_FLUSH }).toString();
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
    expect(gunzipSync(Buffer.concat(received)).toString()).toBe(`${shell}<p>late</p></body></html>`);
  });

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
    const response = await streamed.request("/endless", gzip);
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    const pullsAtCancel = pulls;
    await new Promise((resolve) => setTimeout(resolve, 100));
    // An error thrown by a late zlib write would fail this test as an unhandled error.
    expect(pulls - pullsAtCancel).toBeLessThanOrEqual(2);
  });
});

describe("acceptsGzip", () => {
  it("reads the Accept-Encoding header's q-values", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1, gzip;q=0.5")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
