import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { sameOriginWrites } from "./same-origin.server";
import { writeLimit } from "./write-limit.server";

/** The server's write guards on a small app: a page action, an API call and a webhook. */
function shop(options: { limit?: number; now?: () => number } = {}) {
  const app = new Hono();
  const fromProviders = (p: string) => p.startsWith("/webhooks/");
  app.use(sameOriginWrites({ allowedOrigins: ["https://shop.example"], skip: fromProviders }));
  app.use(
    writeLimit({
      limit: options.limit ?? 1000,
      ipOf: (c) => c.req.header("x-ip") ?? "?",
      skip: fromProviders,
      now: options.now,
    }),
  );
  app.all("/en/login/", (c) => c.text("page"));
  app.all("/api/v1/account/logout", (c) => c.body(null, 204));
  app.post("/webhooks/payments/sandbox", (c) => c.text("ok"));
  return app;
}

const post = (app: Hono, path: string, headers: Record<string, string>) =>
  app.request(`http://shop.example${path}`, {
    method: "POST",
    headers: { host: "shop.example", ...headers },
  });

describe("same-origin writes (ASVS 3.5.1, CSRF)", () => {
  it("refuses a form or API call another site's page sent, by Fetch Metadata", async () => {
    const app = shop();
    for (const site of ["cross-site", "same-site"]) {
      const page = await post(app, "/en/login/", { "sec-fetch-site": site, origin: "https://evil.example" });
      expect(page.status, site).toBe(403);
      const api = await post(app, "/api/v1/account/logout", { "sec-fetch-site": site, cookie: "x=1" });
      expect(api.status, site).toBe(403);
      expect(await api.json()).toMatchObject({
        statusCode: 403,
        messageTranslationKey: "errors.crossSiteRequest",
      });
    }
    expect((await post(app, "/en/login/", { "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect((await post(app, "/en/login/", { "sec-fetch-site": "none" })).status).toBe(200);
  });

  it("falls back to Origin where a browser sends no Fetch Metadata", async () => {
    const app = shop();
    expect((await post(app, "/en/login/", { origin: "https://evil.example" })).status).toBe(403);
    expect((await post(app, "/en/login/", { origin: "null" })).status).toBe(403);
    expect((await post(app, "/en/login/", { origin: "https://shop.example.evil.example" })).status).toBe(403);
    expect((await post(app, "/en/login/", { origin: "https://shop.example" })).status).toBe(200);
    // Reached under another name (a replica's own port, 127.0.0.1): the request's own host counts.
    expect(
      (await post(app, "/en/login/", { origin: "http://127.0.0.1:4650", host: "127.0.0.1:4650" })).status,
    ).toBe(200);
  });

  it("lets through what no browser sent (the app, webhooks) and every read", async () => {
    const app = shop();
    expect((await post(app, "/api/v1/account/logout", { authorization: "Bearer x" })).status).toBe(204);
    expect((await post(app, "/webhooks/payments/sandbox", { "sec-fetch-site": "cross-site" })).status).toBe(
      200,
    );
    const read = await app.request("http://shop.example/en/login/", {
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(read.status).toBe(200);
  });
});

describe("write limit (ASVS 2.4.1, every unauthenticated POST limited)", () => {
  it("answers 429 with Retry-After past the limit per IP, in the window, reads and webhooks untouched", async () => {
    let now = 1_000_000;
    const app = shop({ limit: 3, now: () => now });
    for (let i = 0; i < 3; i++) expect((await post(app, "/en/login/", { "x-ip": "a" })).status).toBe(200);
    const refused = await post(app, "/en/login/", { "x-ip": "a" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    const api = await post(app, "/api/v1/account/logout", { "x-ip": "a" });
    expect(api.status).toBe(429);
    expect(await api.json()).toMatchObject({ statusCode: 429, messageTranslationKey: "account:throttled" });
    expect((await post(app, "/en/login/", { "x-ip": "b" })).status).toBe(200);
    expect((await app.request("http://shop.example/en/login/", { headers: { "x-ip": "a" } })).status).toBe(
      200,
    );
    expect((await post(app, "/webhooks/payments/sandbox", { "x-ip": "a" })).status).toBe(200);
    now += 60_000;
    expect((await post(app, "/en/login/", { "x-ip": "a" })).status).toBe(200);
  });

  it("is off at 0 (load benchmarks from one address)", async () => {
    const app = shop({ limit: 0 });
    for (let i = 0; i < 20; i++) expect((await post(app, "/en/login/", { "x-ip": "a" })).status).toBe(200);
  });
});
