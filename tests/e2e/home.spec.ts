import { expect, test } from "@playwright/test";
import en from "../../app/locales/en/common.json" with { type: "json" };
import es from "../../app/locales/es/common.json" with { type: "json" };
import fr from "../../app/locales/fr/common.json" with { type: "json" };
import nl from "../../app/locales/nl/common.json" with { type: "json" };
import { collectConsoleProblems, dismissConsent, expectNoSeriousA11yViolations } from "./support";

const messages = { en, nl, fr, es };

test("the root sends visitors to the English shop", async ({ request }) => {
  const response = await request.get("/", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/en/");
});

for (const [locale, text] of Object.entries(messages)) {
  test(`the home page renders and hydrates in ${locale}`, async ({ page }) => {
    const problems = collectConsoleProblems(page);
    const response = await page.goto(`/${locale}/`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.home.title);
    await expect(page).toHaveTitle(new RegExp(text.home.title));
    // Hydrated: the language switch in the footer leads to the same page in another locale.
    const other = locale === "en" ? "nl" : "en";
    await page.getByRole("navigation", { name: text.nav.language }).locator(`a[hreflang="${other}"]`).click();
    await expect(page.locator("html")).toHaveAttribute("lang", other);
    expect(problems).toEqual([]);
  });
}

test.describe("home page sections", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await dismissConsent(context, baseURL!);
  });

  test("the campaign, category entry points, new in and best sellers lead to listings and products", async ({
    page,
  }) => {
    const problems = collectConsoleProblems(page);
    await page.goto("/nl/");
    const t = nl.home;

    // The campaign photo is the LCP candidate: fetched at once, with high priority and real sizes.
    const hero = page.getByRole("img", { name: t.heroAlt });
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    await expect(hero).toHaveAttribute("loading", "eager");
    await expect(hero).toHaveAttribute("sizes", /100vw/);
    await expect(hero).toHaveAttribute("srcset", / 400w, /);
    await expect(page.getByRole("link", { name: t.shopNewIn })).toHaveAttribute(
      "href",
      "/nl/category/?sort=newest",
    );

    const categories = page.getByRole("region", { name: t.categories });
    await expect(categories.getByRole("link", { name: "Dames", exact: true })).toHaveAttribute(
      "href",
      "/nl/category/dames/",
    );
    await expect(categories.getByRole("link", { name: "Heren", exact: true })).toHaveAttribute(
      "href",
      "/nl/category/heren/",
    );
    await expect(categories.getByRole("link")).toHaveCount(6);
    await expect(categories.locator("img")).toHaveCount(6);

    const shelves = [
      { title: t.newIn, more: t.viewAllNewIn, listing: "/nl/category/?sort=newest" },
      { title: t.bestSellers, more: t.viewAllBestSellers, listing: "/nl/category/" },
    ];
    for (const { title, more, listing } of shelves) {
      const shelf = page.getByRole("region", { name: title });
      await expect(shelf.getByRole("heading", { level: 2 })).toHaveText(title);
      await expect(shelf.getByRole("link", { name: more })).toHaveAttribute("href", listing);
      await expect(shelf.getByRole("article")).toHaveCount(8);
      const hrefs = await shelf
        .locator("article > a")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      expect(hrefs).toHaveLength(8);
      for (const href of hrefs) expect(href).toMatch(/^\/nl\/[a-z0-9-]+\/$/);
      expect(new Set(hrefs).size).toBe(8);
    }

    // "New in" is the listing's newest-first sort: its first card is the listing's first product.
    const firstNew = await page
      .getByRole("region", { name: t.newIn })
      .locator("article > a")
      .first()
      .getAttribute("href");
    await page.getByRole("link", { name: t.viewAllNewIn }).click();
    await expect(page).toHaveURL(/\/nl\/category\/\?sort=newest$/);
    await expect(page.locator("main article > a").first()).toHaveAttribute("href", firstNew as string);
    expect(problems).toEqual([]);
  });

  for (const width of [390, 1366]) {
    test(`the home page has no serious accessibility violations and no sideways scroll at ${width}px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/en/");
      await expectNoSeriousA11yViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
});
