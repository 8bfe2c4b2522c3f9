import { describe, expect, it } from "vitest";
import { pageIds } from "./pages";
import { alternates, href, matchPage, reservedSegments } from "./urls";

describe("href", () => {
  it("builds localized, slashed paths under both strategies", () => {
    expect(href("home", {}, "en", "prefix")).toBe("/en/");
    expect(href("home", {}, "en", "prefix_except_default")).toBe("/");
    expect(href("home", {}, "nl", "prefix_except_default")).toBe("/nl/");
    expect(href("search", {}, "nl", "prefix")).toBe("/nl/zoeken/");
    expect(href("search", {}, "en", "prefix_except_default")).toBe("/search/");
    expect(href("customer-service", {}, "fr", "prefix")).toBe("/fr/service-clientele/");
    expect(href("forgot-password", {}, "es", "prefix")).toBe("/es/olvidaste-contrasena/");
    expect(href("app-campaigns", { slug: "black-friday" }, "es", "prefix")).toBe(
      "/es/app/campanas/black-friday/",
    );
    expect(href("app-campaigns", {}, "nl", "prefix")).toBe("/nl/app/campagnes/");
    expect(href("order", { number: "123456789" }, "en", "prefix")).toBe("/en/customer/orders/123456789/");
    expect(href("marketplace-item", { id: "42" }, "fr", "prefix")).toBe("/fr/seconde-main/item/42/");
    expect(href("product", { product: "linnen-jurk" }, "nl", "prefix")).toBe("/nl/linnen-jurk/");
  });

  it("refuses to build a path without its required parameters", () => {
    expect(() => href("order", {}, "en", "prefix")).toThrow(/number/);
  });
});

describe("matchPage", () => {
  it("finds the page and locale of every href it builds", () => {
    for (const id of pageIds) {
      for (const locale of ["en", "nl", "fr", "es"] as const) {
        const params = { slug: "x", id: "7", number: "123456789", handle: "anna", product: "jurk-rood" };
        const path = href(id, params, locale, "prefix");
        const match = matchPage(path);
        // Pages with an optional slug may match themselves; the product catch-all must never shadow a page.
        expect(match?.id, path).toBe(id);
        expect(match?.locale).toBe(locale);
      }
    }
  });

  it("treats unprefixed paths as the given or default locale", () => {
    expect(matchPage("/zoeken/", { locale: "nl" })).toMatchObject({
      id: "search",
      locale: "nl",
      prefixed: false,
    });
    expect(matchPage("/search/")).toMatchObject({ id: "search", locale: "en", prefixed: false });
    expect(matchPage("/a-red-dress/")).toMatchObject({ id: "product", params: { product: "a-red-dress" } });
    expect(matchPage("/nl/a/b/c/d/e/")).toBeNull();
  });
});

describe("alternates and reserved slugs", () => {
  it("gives the same page in every locale", () => {
    expect(alternates({ id: "returns", params: {} }, "prefix_except_default")).toEqual({
      en: "/returns/",
      nl: "/nl/retouren/",
      fr: "/fr/retours/",
      es: "/es/devoluciones/",
    });
  });

  it("reserves every fixed first segment so no product slug can hide a page", () => {
    const reserved = reservedSegments();
    for (const segment of [
      "zoeken",
      "customer",
      "app",
      "tweedehands",
      "login",
      "404",
      "api",
      "admin",
      "sandbox-pay",
      "webhooks",
      "nl",
    ]) {
      expect(reserved.has(segment), segment).toBe(true);
    }
    expect(reserved.has(":product")).toBe(false);
  });
});
