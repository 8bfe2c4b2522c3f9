import { expect, test } from "@playwright/test";
import en from "../../app/locales/en/marketplace.json" with { type: "json" };
import fr from "../../app/locales/fr/marketplace.json" with { type: "json" };
import nl from "../../app/locales/nl/marketplace.json" with { type: "json" };
import { dismissConsent, expectNoSeriousA11yViolations } from "./support";

test.beforeEach(async ({ context, baseURL }) => {
  await dismissConsent(context, baseURL!);
});

test("the shop's second-hand link opens the marketplace home in every locale", async ({ page }) => {
  test.slow();
  for (const [prefix, path, messages] of [
    ["en", "marketplace", en],
    ["nl", "tweedehands", nl],
    ["fr", "seconde-main", fr],
  ] as const) {
    await page.goto(`/${prefix}/`);
    await page.locator(`main a[href="/${prefix}/${path}/"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`/${prefix}/${path}/$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(messages.home.title);
    expect(await page.getByRole("region", { name: messages.home.newIn }).getByRole("listitem").count()).toBe(
      12,
    );
  }
  await expectNoSeriousA11yViolations(page);
});

test("only a grid that opens the page loads its first pictures at once, at high priority", async ({
  page,
}) => {
  // On the marketplace home the new-in grid comes after the hero, the stores and the categories: its
  // pictures wait for the viewport and leave the bandwidth to the stylesheet and the heading (the LCP).
  await page.goto("/en/marketplace/");
  const newIn = page.getByRole("region", { name: en.home.newIn }).locator("img");
  await expect(newIn).toHaveCount(12);
  await expect(page.locator('main img[fetchpriority="high"]')).toHaveCount(0);
  await expect(newIn.first()).toHaveAttribute("loading", "lazy");
  // Browsing, the grid is the page: its first row loads at once.
  await page.goto("/en/marketplace/browse/");
  await expect(page.locator('main article img[fetchpriority="high"]')).toHaveCount(4);
  await expect(page.locator("main article img").first()).toHaveAttribute("loading", "eager");
});

test("a shopper searches, filters by size, opens a listing and its store", async ({ page }) => {
  // Four pages, each checked with axe.
  test.slow();
  await page.goto("/en/marketplace/");
  await page.getByRole("searchbox", { name: en.search.label }).fill("dress");
  await page.getByRole("button", { name: en.search.submit }).click();
  await expect(page).toHaveURL(/\/en\/marketplace\/browse\/\?q=dress$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “dress”");
  const count = async () => Number((await page.getByTestId("result-count").textContent())?.split(" ")[0]);
  const all = await count();
  expect(all).toBeGreaterThan(0);

  // Each size shows its count; choosing one leaves exactly that many items.
  const sizes = page.getByRole("group", { name: en.facets.size });
  const firstSize = sizes.getByRole("checkbox").first();
  const label = (await sizes.locator("label").first().innerText()).trim();
  const expected = Number(label.split(/\s+/).pop());
  await firstSize.check();
  await expect(page).toHaveURL(/size=/);
  await expect.poll(count).toBe(expected);
  expect(expected).toBeLessThanOrEqual(all);
  await expectNoSeriousA11yViolations(page);

  const card = page.locator("main article").first();
  const title = (await card.getByRole("heading", { level: 3 }).innerText()).trim();
  await card.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/en\/marketplace\/item\/\d+\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  // Buying (issue 18): the listing links to its buy page.
  await expect(page.getByRole("link", { name: en.listing.buy })).toHaveAttribute(
    "href",
    /\/en\/marketplace\/buy\/\?items=\d+$/,
  );
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
  );
  expect(jsonLd.offers.itemCondition).toMatch(/^https:\/\/schema\.org\/(New|Used)Condition$/);
  await expectNoSeriousA11yViolations(page);

  const seller = page.getByRole("region", { name: en.listing.seller }).getByRole("link");
  const store = (await seller.innerText()).trim();
  await seller.click();
  await expect(page).toHaveURL(/\/en\/marketplace\/store\/[a-z0-9-]+\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(store);
  expect(await page.locator("main article").count()).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page);
});

test("browsing works without JavaScript and unknown listings, stores and categories answer 404", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await dismissConsent(context, baseURL!);
  const page = await context.newPage();
  expect((await page.goto(`${baseURL}/nl/tweedehands/bladeren/hoeden/`))?.status()).toBe(404);
  await page.goto(`${baseURL}/nl/tweedehands/bladeren/dresses/`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(nl.categories.dresses);
  await page.getByRole("combobox", { name: nl.browse.sort }).selectOption("price-asc");
  await page.getByRole("button", { name: nl.browse.apply }).click();
  await expect(page).toHaveURL(/sort=price-asc/);
  const prices = await page
    .locator("main article [data-price-cents]")
    .evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute("data-price-cents"))));
  expect(prices.length).toBeGreaterThan(1);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  expect((await page.goto(`${baseURL}/nl/tweedehands/item/999999/`))?.status()).toBe(404);
  expect((await page.goto(`${baseURL}/nl/tweedehands/store/nobody-here/`))?.status()).toBe(404);
  await context.close();
});
