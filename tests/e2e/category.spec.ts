import { expect, test } from "@playwright/test";
import nl from "../../app/locales/nl/catalog.json" with { type: "json" };
import { collectConsoleProblems, dismissConsent, expectNoSeriousA11yViolations } from "./support";

test.beforeEach(async ({ context, baseURL }) => {
  await dismissConsent(context, baseURL!);
});

test("a category lists 48 products, filters by size through the URL and loads more", async ({ page }) => {
  const problems = collectConsoleProblems(page);
  const response = await page.goto("/nl/category/dames/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dames");
  // Cards, not list items: a card lists its highlight labels too.
  const grid = page.getByRole("region", { name: "Dames" }).getByRole("article");
  await expect(grid).toHaveCount(48);
  // Every discount shows the lowest price of the 30 days before it (EU Omnibus).
  await expect(page.getByText(/^Laagste prijs afgelopen 30 dagen: €\s?\d/).first()).toBeVisible();

  await expect(page.locator("html")).toHaveAttribute("data-consent", /analytics/); // hydrated
  const count = page.getByText(/^\d+ producten$/);
  const before = Number((await count.textContent())?.match(/\d+/)?.[0]);
  const filters = page.getByRole("complementary", { name: nl.listing.filters });
  await filters.getByRole("checkbox", { name: /^M\b/ }).check();
  await expect(page).toHaveURL(/size=m/);
  await expect(count).not.toHaveText(`${before} producten`);
  const filtered = Number((await count.textContent())?.match(/\d+/)?.[0]);
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(before);

  await page.goto("/nl/category/dames/");
  // "Load more" is a button of the app: a click before the page has hydrated does nothing.
  await expect(page.locator("html")).toHaveAttribute("data-consent", /analytics/);
  await page.getByRole("button", { name: nl.listing.loadMore }).click();
  await expect(grid).toHaveCount(96);
  expect(problems).toEqual([]);
});

test("filters and sort work without JavaScript, and bad parameters give a clean page", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await dismissConsent(context, baseURL!);
  const page = await context.newPage();
  await page.goto(`${baseURL}/en/category/women/?sort=price_asc&colour=black`);
  const cents = (
    await page
      .locator("[data-price-cents]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-price-cents")))
  ).map(Number);
  expect(cents.length).toBeGreaterThan(0);
  expect(cents).toEqual([...cents].sort((a, b) => a - b));
  const bad = await page.goto(`${baseURL}/en/category/women/?sort=nonsense&page=abc&size=%3Cx%3E`);
  expect(bad?.status()).toBe(200);
  expect((await page.goto(`${baseURL}/en/category/no-such-category/`))?.status()).toBe(404);
  await context.close();
});

for (const width of [390, 1366]) {
  test(`the category page has no serious accessibility violations at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/fr/category/");
    await expectNoSeriousA11yViolations(page);
  });
}

test("a reload and the back button bring the shopper back to where they were in a listing", async ({
  page,
}) => {
  const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
  await page.goto("/en/category/women/");
  await expect(page.locator("html")).toHaveAttribute("data-consent", /analytics/); // hydrated
  expect(await scrollY()).toBe(0);
  // A new history entry gets the key the router saves its scroll position under.
  expect(await page.evaluate(() => typeof window.history.state?.key)).toBe("string");
  await page.evaluate(() => window.scrollTo(0, 1500));
  // The position comes back before the scripts run: here they never do.
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.reload();
  expect(await scrollY()).toBe(1500);
  await page.unroute("**/assets/*.js");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-consent", /analytics/);
  await expect.poll(scrollY).toBe(1500);

  const link = page
    .getByRole("region", { name: "Women" })
    .getByRole("article")
    .nth(9)
    .getByRole("link")
    .first();
  await link.scrollIntoViewIfNeeded();
  const atClick = await scrollY();
  await link.click();
  await expect(page).not.toHaveURL(/\/category\//);
  await expect.poll(scrollY).toBe(0);
  const left = await page.evaluate(() => window.history.state?.key);
  await page.goBack();
  await expect(page).toHaveURL(/\/en\/category\/women\/$/);
  expect(await page.evaluate(() => window.history.state?.key)).not.toBe(left);
  await expect.poll(scrollY).toBe(atClick);
});
