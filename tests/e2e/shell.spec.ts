import { expect, test } from "@playwright/test";
import en from "../../app/locales/en/common.json" with { type: "json" };
import nl from "../../app/locales/nl/common.json" with { type: "json" };
import { pageIds, pages, pathPattern } from "../../app/routing/pages";
import { href } from "../../app/routing/urls";
import { collectConsoleProblems, dismissConsent, expectNoSeriousA11yViolations } from "./support";

const locales = ["en", "nl", "fr", "es"] as const;
// Pages with a required parameter (a product's slug) have their own journeys (product.spec.ts), and so do
// pages that answer 404 without the thing they are about (a content entry, a reported listing).
const aboutSomething = new Set(["content", "app-content", "marketplace-report"]);
const served = pageIds.filter((id) => {
  const page: { file?: string; path: unknown } = pages[id];
  return (
    page.file &&
    id !== "not-found" &&
    !aboutSomething.has(id) &&
    !/:[a-z]+(?!\?)(?:\/|$)/i.test(pathPattern(id, "en"))
  );
});
const signedInOnly = (id: (typeof pageIds)[number]) =>
  ((pages[id] as { middleware?: readonly string[] }).middleware ?? []).includes("authenticated");

test.describe("every served page in every locale", () => {
  for (const id of served.filter((id) => !signedInOnly(id))) {
    test(`${id}`, async ({ request, baseURL }) => {
      for (const locale of locales) {
        const path = href(id, {}, locale, "prefix");
        const response = await request.get(path, { headers: { cookie: "i18n_locale=xx" }, maxRedirects: 0 });
        expect(response.status(), path).toBe(200);
        const html = await response.text();
        expect(html).toContain(`<html lang="${locale}"`);
        for (const other of locales) {
          expect(html).toContain(
            `<link rel="alternate" hrefLang="${other}" href="${baseURL}${href(id, {}, other, "prefix")}"/>`,
          );
        }
        expect(html).toContain(`<link rel="canonical" href="${baseURL}${path}"/>`);
        expect(response.headers()["set-cookie"]).toContain(
          `i18n_locale=${locale}; Max-Age=31536000; Path=/; SameSite=Lax`,
        );
      }
    });
  }
});

test("account pages send visitors to the login page and back", async ({ request }) => {
  for (const id of served.filter(signedInOnly)) {
    for (const locale of locales) {
      const path = href(id, {}, locale, "prefix");
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location).toBe(
        `${href("login", {}, locale, "prefix")}?redirect=${encodeURIComponent(path)}`,
      );
    }
  }
});

test("unknown paths and /404/ show the 404 page with status 404", async ({ page, request }) => {
  for (const path of ["/nl/bestaat-niet/hier/", "/en/404/", "/fr/404/"]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  const response = await page.goto("/nl/deze-pagina-bestaat-niet/echt-niet/");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(nl.errors.notFound);
  await expect(page.getByRole("search").getByRole("searchbox")).toBeVisible();
});

test("the trailing slash is added with 301 and the query kept", async ({ request }) => {
  const response = await request.get("/nl/demo?x=1", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe("/nl/demo/?x=1");
});

test("sitemaps and robots.txt", async ({ request, baseURL }) => {
  const index = await request.get("/sitemap.xml");
  expect(index.headers()["content-type"]).toContain("application/xml");
  expect(await index.text()).toContain(`${baseURL}/nl/sitemap.xml`);
  expect(await (await request.get("/es/sitemap.xml")).text()).toContain(`<loc>${baseURL}/es/</loc>`);
  expect(await (await request.get("/robots.txt")).text()).toContain("Disallow: /nl/customer/");
});

test("the header's navigation fly-in opens by keyboard, traps focus and returns it", async ({
  page,
  context,
  baseURL,
}) => {
  await dismissConsent(context, baseURL!);
  const problems = collectConsoleProblems(page);
  await page.goto("/en/");
  // The cookie choice is applied by an effect: once it shows, the page is hydrated.
  await expect(page.locator("html")).toHaveAttribute("data-consent", /analytics/);
  const opener = page.getByRole("button", { name: en.nav.openMenu });
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: en.nav.menu });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("navigation", { name: en.nav.categories })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  expect(problems).toEqual([]);
});

test("the cookie banner: reject is as easy as accept, the choice is stored and can be changed", async ({
  page,
}) => {
  await page.goto("/en/");
  const banner = page.getByRole("region", { name: en.consent.title });
  await expect(banner).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-consent", "none");
  await banner.getByRole("button", { name: en.consent.rejectAll }).click();
  await expect(banner).toBeHidden();
  await expect(page.locator("html")).toHaveAttribute("data-consent", "analytics:0,personalisation:0");
  await page.reload();
  await expect(page.getByRole("region", { name: en.consent.title })).toBeHidden();

  // The reloaded page's button works once the page is live: a click during hydration is lost, so click
  // until the settings open.
  const analytics = banner.getByRole("checkbox", { name: new RegExp(en.consent.analytics) });
  await expect(async () => {
    await page.getByRole("button", { name: en.consent.manage }).click({ timeout: 2_000 });
    await expect(analytics).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await analytics.check();
  await banner.getByRole("button", { name: en.consent.save }).click();
  await expect(page.locator("html")).toHaveAttribute("data-consent", "analytics:1,personalisation:0");
});

test("pages carry no per-visitor data: the same HTML for a signed-in customer and a stranger", async ({
  request,
}) => {
  const signIn = await request.post("/api/v1/account/login", {
    data: { email: "demo@loomandlabel.test", password: "demo-shopper-2026" },
  });
  expect(signIn.ok()).toBe(true);
  const visitor = await (await request.get("/api/v1/visitor")).json();
  expect(visitor).toMatchObject({ signedIn: true, firstName: "Sanne" });
  const signedInHtml = await (await request.get("/nl/")).text();
  expect(signedInHtml).not.toContain("Sanne");
  expect(signedInHtml).not.toContain("demo@loomandlabel.test");
});

for (const width of [390, 1366]) {
  test(`no serious accessibility violations at ${width}px`, async ({ page, context, baseURL }) => {
    await dismissConsent(context, baseURL!);
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/en/", "/nl/demo/", "/fr/page-inconnue/", "/es/offline/"]) {
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
    }
  });
}

test("without network a page shows the offline page in the shopper's language", async ({ page, context }) => {
  await page.goto("/nl/");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await context.setOffline(true);
  await page.goto("/nl/demo/").catch(() => {});
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(nl.system.offlineTitle);
  await context.setOffline(false);
});
