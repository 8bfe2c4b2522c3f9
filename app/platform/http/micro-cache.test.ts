import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { microCache, sharedMaxAge, staleWhileRevalidate } from "./micro-cache.server";
import { mayBePersonal, notPages } from "./middleware.server";

function shop(
  clock = { now: 0 },
  options: { revalidate?: boolean; forgetOn?: (forget: () => void) => void } = {},
) {
  let renders = 0;
  const app = new Hono();
  app.use(
    microCache({
      skip: notPages,
      personal: mayBePersonal,
      now: () => clock.now,
      revalidate: options.revalidate ? async (request) => app.fetch(request) : undefined,
      forgetOn: options.forgetOn,
    }),
  );
  app.use(async (c, next) => {
    // Stands in for the security headers: a fresh nonce per rendered response.
    await next();
    c.res.headers.set("content-security-policy", `script-src 'nonce-${renders}'`);
  });
  const page =
    (cacheControl: string, extra: Record<string, string> = {}) =>
    async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return new Response(`<html>render ${renders} ${"x".repeat(2000)}</html>`, {
        headers: { "content-type": "text/html", "cache-control": cacheControl, ...extra },
      });
    };
  const shared = "public, max-age=0, s-maxage=10";
  app.get("/en/category/dresses/", page(shared));
  app.get("/en/category/coats/", page(`${shared}, stale-while-revalidate=60`));
  app.get("/en/private/", page("private, no-store"));
  app.get("/en/cookie/", page(shared, { "set-cookie": "a=1" }));
  app.get("/en/missing/", async () => {
    renders++;
    return new Response("gone", { status: 404, headers: { "cache-control": shared } });
  });
  app.get("/api/v1/products", page(shared));
  return { app, renders: () => renders, clock };
}

describe("micro-cache", () => {
  it("forgets every page when told (a content publish), so the next request renders afresh", async () => {
    let forget = () => {};
    const { app, renders } = shop(undefined, { forgetOn: (f) => (forget = f) });
    await app.request("/en/category/dresses/");
    expect((await app.request("/en/category/dresses/")).headers.get("x-micro-cache")).toBe("hit");
    forget();
    expect((await app.request("/en/category/dresses/")).headers.get("x-micro-cache")).toBe("miss");
    expect(renders()).toBe(2);
  });

  it("serves a shareable page again with its own headers until its s-maxage runs out", async () => {
    const { app, renders, clock } = shop();
    const first = await app.request("/en/category/dresses/");
    const firstBody = await first.text();
    expect(first.headers.get("x-micro-cache")).toBe("miss");
    clock.now = 9_000;
    const second = await app.request("/en/category/dresses/");
    expect(second.headers.get("x-micro-cache")).toBe("hit");
    expect(await second.text()).toBe(firstBody);
    // The nonce in the header belongs to the cached HTML, not to a new render.
    expect(second.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
    expect(renders()).toBe(1);
    // Another query string is another page.
    await app.request("/en/category/dresses/?colour=black");
    expect(renders()).toBe(2);
    clock.now = 10_001;
    await app.request("/en/category/dresses/");
    expect(renders()).toBe(3);
  });

  it("renders once for many simultaneous visitors of one page", async () => {
    const { app, renders } = shop();
    const bodies = await Promise.all(
      Array.from({ length: 8 }, async () => (await app.request("/en/category/dresses/")).text()),
    );
    expect(renders()).toBe(1);
    expect(new Set(bodies).size).toBe(1);
  });

  it("gives gzip to clients that accept it", async () => {
    const { app } = shop();
    const plain = await (await app.request("/en/category/dresses/")).text();
    const zipped = await app.request("/en/category/dresses/", { headers: { "accept-encoding": "gzip, br" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(plain);
  });

  it("sends the page as it is to a client that refuses gzip by its q-value", async () => {
    const { app } = shop();
    const plain = await (await app.request("/en/category/dresses/")).text();
    const refused = await app.request("/en/category/dresses/", {
      headers: { "accept-encoding": "gzip;q=0, br" },
    });
    expect(refused.headers.get("x-micro-cache")).toBe("hit");
    expect(refused.headers.get("content-encoding")).toBeNull();
    expect(await refused.text()).toBe(plain);
  });

  it("never keeps what may be personal or not shareable", async () => {
    const { app, renders } = shop();
    const twice = async (path: string, init?: RequestInit) => {
      await app.request(path, init);
      await app.request(path, init);
    };
    await twice("/en/private/");
    await twice("/en/cookie/");
    await twice("/en/missing/");
    await twice("/api/v1/products");
    await twice("/en/category/dresses/", { headers: { cookie: "better-auth.session_token=abc" } });
    await twice("/en/category/dresses/", { headers: { "x-shop-channel": "app" } });
    expect(renders()).toBe(12);
  });

  it("serves an expired page at once within stale-while-revalidate while one background render replaces it", async () => {
    const { app, renders, clock } = shop({ now: 0 }, { revalidate: true });
    const first = await (await app.request("/en/category/coats/")).text();
    clock.now = 11_000;
    const stale = await Promise.all(Array.from({ length: 5 }, () => app.request("/en/category/coats/")));
    for (const response of stale) {
      expect(response.headers.get("x-micro-cache")).toBe("stale");
      expect(await response.text()).toBe(first);
    }
    // One background render for the five stale answers, and the next visitor gets its result as a hit.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(renders()).toBe(2);
    const fresh = await app.request("/en/category/coats/");
    expect(fresh.headers.get("x-micro-cache")).toBe("hit");
    expect(await fresh.text()).not.toBe(first);
    // Past the window, a visitor waits for a render as without the header.
    clock.now = 11_000 + 71_000;
    const late = await app.request("/en/category/coats/");
    expect(late.headers.get("x-micro-cache")).toBe("miss");
    expect(renders()).toBe(3);
  });

  it("renders an expired page while the visitor waits when it has no stale-while-revalidate or no way to revalidate", async () => {
    const withRevalidate = shop({ now: 0 }, { revalidate: true });
    await withRevalidate.app.request("/en/category/dresses/");
    withRevalidate.clock.now = 11_000;
    const expired = await withRevalidate.app.request("/en/category/dresses/");
    expect(expired.headers.get("x-micro-cache")).toBe("miss");

    const without = shop({ now: 0 });
    await without.app.request("/en/category/coats/");
    without.clock.now = 11_000;
    const noRevalidate = await without.app.request("/en/category/coats/");
    expect(noRevalidate.headers.get("x-micro-cache")).toBe("miss");
  });

  it("reads s-maxage, and nothing from private or no-store responses", () => {
    expect(sharedMaxAge("public, max-age=0, s-maxage=10")).toBe(10);
    expect(sharedMaxAge("private, s-maxage=10")).toBe(0);
    expect(sharedMaxAge("no-store")).toBe(0);
    expect(sharedMaxAge(null)).toBe(0);
    expect(staleWhileRevalidate("public, s-maxage=10, stale-while-revalidate=60")).toBe(60);
    expect(staleWhileRevalidate("public, s-maxage=10")).toBe(0);
  });
});
