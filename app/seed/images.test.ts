import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  mediaFiles,
  PLACEHOLDER_CACHE,
  photoSetPromised,
  photoSetsPending,
} from "../platform/media/product-photos.server";
import { ImagePool, type ImageSpec, imageKey } from "./images.server";

const spec = (colour: string, hex: string): ImageSpec => ({
  silhouette: "tshirt",
  colour,
  hex,
  print: "plain",
  view: "front",
});

describe("product photos on a fresh shop (issue 22)", () => {
  let dataDir: string;
  let app: Hono;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "photos-"));
    app = new Hono();
    app.use("/media/*", mediaFiles(dataDir));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("answers a set not drawn yet with a light placeholder, short-cached, then with the real photo", async () => {
    // One worker: the second set waits in the queue while the first is drawn.
    const pool = new ImagePool(path.join(dataDir, "media"), 1);
    const first = pool.request(spec("red", "#aa2222"));
    const second = pool.request(spec("navy", "#112244"));
    expect(photoSetsPending()).toBe(2);

    const waiting = await app.request(second.w400.url);
    expect(waiting.status).toBe(200);
    expect(waiting.headers.get("content-type")).toBe("image/svg+xml");
    const cache = waiting.headers.get("cache-control") ?? "";
    expect(cache).toBe(PLACEHOLDER_CACHE);
    expect(cache).not.toMatch(/immutable/);
    expect(Number(/max-age=(\d+)/.exec(cache)?.[1])).toBeLessThanOrEqual(60);
    const placeholder = await waiting.text();
    expect(placeholder).toMatch(/^<svg /);
    expect(placeholder.length).toBeLessThan(1024);

    await pool.drain();
    expect(photoSetsPending()).toBe(0);
    for (const set of [first, second]) {
      const drawn = await app.request(set.w400.url);
      expect(drawn.status).toBe(200);
      expect(drawn.headers.get("content-type")).toBe("image/webp");
      expect(drawn.headers.get("cache-control")).toBe("public, max-age=86400");
      const file = await readFile(path.join(dataDir, set.w400.url));
      expect(Buffer.from(await drawn.arrayBuffer()).equals(file)).toBe(true);
    }
  });

  it("answers a set promised to a pool made later (the marketplace's pictures) with the placeholder too", async () => {
    const later = spec("ochre", "#cc9933");
    const url = `/media/products/${imageKey(later)}/400.webp`;
    expect((await app.request(url)).status).toBe(404);
    photoSetPromised(imageKey(later));
    const waiting = await app.request(url);
    expect(waiting.status).toBe(200);
    expect(waiting.headers.get("content-type")).toBe("image/svg+xml");
    const pool = new ImagePool(path.join(dataDir, "media"), 1);
    pool.request(later);
    await pool.drain();
    expect((await app.request(url)).headers.get("content-type")).toBe("image/webp");
    expect(photoSetsPending()).toBe(0);
  });

  it("draws the set a shopper asks for before the others still queued", async () => {
    const pool = new ImagePool(path.join(dataDir, "media"), 1);
    const colours = ["olive", "sand", "plum", "teal"].map((c, i) => spec(c, `#${i}${i}8844`));
    const sets = colours.map((s) => pool.request(s));
    const last = colours.at(-1) as ImageSpec;
    await app.request(sets.at(-1)?.w200.url ?? "");
    // The order they land on disk (the original is renamed into place last). Polling the URLs instead would
    // hurry each polled set in turn and race the one asked for.
    const order: string[] = [];
    const started = Date.now();
    while (order.length < colours.length && Date.now() - started < 20_000) {
      for (const [i, set] of sets.entries()) {
        const key = imageKey(colours[i] as ImageSpec);
        if (!order.includes(key) && existsSync(path.join(dataDir, set.original.url))) order.push(key);
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await pool.drain();
    // The first set was already being drawn; the asked-for one comes right after it.
    expect(order).toHaveLength(colours.length);
    expect(order.indexOf(imageKey(last))).toBeLessThanOrEqual(1);
  });

  it("leaves an unknown photo a 404", async () => {
    expect((await app.request("/media/products/no-such-key/200.webp")).status).toBe(404);
  });
});
