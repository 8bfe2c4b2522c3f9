import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { type LocaleEnv, localeRouting } from "./locale-routing.server";
import type { I18nStrategy } from "./urls";

function shop(strategy: I18nStrategy) {
  const app = new Hono<LocaleEnv>();
  app.use(localeRouting(strategy));
  app.get("*", (c) => c.html(`<p>${c.get("locale")}</p>`));
  return (path: string, cookie?: string) =>
    app.request(path, { headers: cookie ? { cookie } : {}, redirect: "manual" });
}

describe("locale routing, prefix strategy (default)", () => {
  const get = shop("prefix");

  it("sends / to the remembered locale, else English, with 302", async () => {
    expect((await get("/")).headers.get("location")).toBe("/en/");
    const remembered = await get("/?utm=x", "i18n_locale=fr");
    expect(remembered.status).toBe(302);
    expect(remembered.headers.get("location")).toBe("/fr/?utm=x");
  });

  it("sends an unprefixed page to the same page in the remembered locale", async () => {
    const search = await get("/search/", "i18n_locale=nl");
    expect(search.status).toBe(302);
    expect(search.headers.get("location")).toBe("/nl/zoeken/");
    expect((await get("/a-red-dress/")).headers.get("location")).toBe("/en/a-red-dress/");
  });

  it("adds the trailing slash with 301, keeping the query", async () => {
    const response = await get("/nl/zoeken?q=jurk");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/nl/zoeken/?q=jurk");
  });

  it("leaves the API, assets, media and data requests alone", async () => {
    for (const path of [
      "/api/health",
      "/assets/app-x1.js",
      "/media/products/a/400.webp",
      "/nl/zoeken.data",
      "/robots.txt",
    ]) {
      expect((await get(path)).status, path).toBe(200);
    }
  });

  it("serves the back office in English, whatever the cookie, and leaves its cookie alone", async () => {
    const response = await get("/admin/products/", "i18n_locale=nl");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("<p>en</p>");
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("remembers the locale shown for 365 days, path /, SameSite=Lax", async () => {
    const response = await get("/es/");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("<p>es</p>");
    expect(response.headers.get("set-cookie")).toBe("i18n_locale=es; Max-Age=31536000; Path=/; SameSite=Lax");
    expect((await get("/es/", "i18n_locale=es")).headers.get("set-cookie")).toBeNull();
  });

  it("does not treat an unknown two-letter prefix as a page", async () => {
    const response = await get("/de/zoeken/", "i18n_locale=nl");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("<p>nl</p>");
  });
});

describe("locale routing, prefix_except_default strategy", () => {
  const get = shop("prefix_except_default");

  it("serves English unprefixed and moves /en/ URLs there with 301", async () => {
    const home = await get("/");
    expect(home.status).toBe(200);
    expect(await home.text()).toBe("<p>en</p>");
    const moved = await get("/en/search/?q=dress");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/search/?q=dress");
  });

  it("keeps the other locales prefixed", async () => {
    const response = await get("/nl/zoeken/", "i18n_locale=en");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("<p>nl</p>");
    expect(response.headers.get("set-cookie")).toContain("i18n_locale=nl");
  });
});
