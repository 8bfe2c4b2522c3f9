import { describe, expect, it } from "vitest";
import { localeSitemap, robotsTxt, sitemapIndex } from "./sitemap.server";

describe("sitemaps and robots.txt", () => {
  it("lists one sitemap per locale", () => {
    const index = sitemapIndex("https://shop.test");
    for (const l of ["en", "nl", "fr", "es"])
      expect(index).toContain(`<loc>https://shop.test/${l}/sitemap.xml</loc>`);
  });

  it("lists public pages in a locale with their alternates", () => {
    const nl = localeSitemap("nl", "https://shop.test", "prefix");
    expect(nl).toContain("<loc>https://shop.test/nl/</loc>");
    expect(nl).toContain('hreflang="fr" href="https://shop.test/fr/"');
    expect(nl).not.toContain("/demo/");
    expect(localeSitemap("en", "https://shop.test", "prefix_except_default")).toContain(
      "<loc>https://shop.test/</loc>",
    );
  });

  it("lists content pages and campaigns under their own slug per locale, with the others as alternates", () => {
    const fr = localeSitemap("fr", "https://shop.test", "prefix", [
      { id: "campaigns", slugs: { en: "winter-edit", fr: "selection-hiver" } },
    ]);
    expect(fr).toContain("<loc>https://shop.test/fr/campagnes/selection-hiver/</loc>");
    expect(fr).toContain('hreflang="en" href="https://shop.test/en/campaigns/winter-edit/"');
    expect(
      localeSitemap("es", "https://shop.test", "prefix", [{ id: "content", slugs: { en: "about" } }]),
    ).not.toContain("about");
  });

  it("keeps checkout, accounts and search out of the index in every locale", () => {
    const robots = robotsTxt("https://shop.test", "prefix");
    for (const path of [
      "/api/",
      "/nl/checkout/",
      "/fr/customer/",
      "/es/buscar/",
      "/nl/zoeken/",
      "/en/login/",
    ]) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
    expect(robots).toContain("Sitemap: https://shop.test/sitemap.xml");
  });
});
