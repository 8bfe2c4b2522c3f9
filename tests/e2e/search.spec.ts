import { expect, test } from "@playwright/test";
import en from "../../app/locales/en/search.json" with { type: "json" };
import nlCatalog from "../../app/locales/nl/catalog.json" with { type: "json" };
import nl from "../../app/locales/nl/search.json" with { type: "json" };
import { collectConsoleProblems, dismissConsent, expectNoSeriousA11yViolations } from "./support";

test.beforeEach(async ({ context, baseURL }) => {
  await dismissConsent(context, baseURL!);
});

test("the search form and its results work without JavaScript, and bad parameters give a clean page", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await dismissConsent(context, baseURL!);
  const page = await context.newPage();
  // The header's search button is a plain link to the search page.
  await page.goto(`${baseURL}/nl/`);
  await page.getByRole("link", { name: "Zoeken" }).first().click();
  await expect(page).toHaveURL(/\/nl\/zoeken\/$/);

  await page.getByRole("searchbox", { name: nl.label }).fill("jurken");
  await page.getByRole("button", { name: nl.submit }).click();
  await expect(page).toHaveURL(/\/nl\/zoeken\/\?q=jurken$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("“jurken”");
  const results = page.getByRole("region", { name: "“jurken”" }).getByRole("listitem");
  expect(await results.count()).toBeGreaterThan(0);
  // The dresses category is suggested above the results.
  await expect(
    page.getByRole("navigation", { name: nl.categories }).getByRole("link", { name: "Jurken" }),
  ).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

  // Sorting is a GET form too.
  await page.getByRole("combobox", { name: nlCatalog.listing.sortBy }).selectOption("price_asc");
  await page.getByRole("button", { name: nlCatalog.listing.apply }).first().click();
  await expect(page).toHaveURL(/sort=price_asc/);
  const cents = (
    await page
      .locator("[data-price-cents]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-price-cents")))
  ).map(Number);
  expect(cents).toEqual([...cents].sort((a, b) => a - b));

  for (const url of [
    "/nl/zoeken/?q=jurk&sort=nonsense&page=abc&size=%3Cx%3E",
    `/nl/zoeken/?q=${"x".repeat(300)}`,
    "/nl/zoeken/?q=%27%26%7C%21%3A*()",
    "/nl/zoeken/?q=jurk&page=400",
  ]) {
    const response = await page.goto(`${baseURL}${url}`);
    expect(response?.status(), url).toBe(200);
  }
  await context.close();
});

test("a typo is corrected and said so; a search without results offers a way on", async ({ page }) => {
  await page.goto("/nl/zoeken/?q=jruk");
  await expect(page.getByText("Geen resultaten voor “jruk”. We tonen resultaten voor “jurk”.")).toBeVisible();
  expect(await page.getByRole("region", { name: "“jruk”" }).getByRole("listitem").count()).toBeGreaterThan(0);

  await page.goto("/en/search/?q=xqzvw");
  await expect(page.getByRole("heading", { name: en.noResults.title })).toBeVisible();
  await expect(page.getByRole("navigation", { name: en.noResults.tryCategories })).toBeVisible();
  await page.getByRole("region", { name: en.popular }).getByRole("link", { name: "dress" }).click();
  await expect(page).toHaveURL(/\/en\/search\/\?q=dress$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("“dress”");
  await page.goto("/en/search/?q=xqzvw");
  await expectNoSeriousA11yViolations(page);
});

test("the search fly-in suggests as you type and works by keyboard", async ({ page }) => {
  const problems = collectConsoleProblems(page);
  await page.goto("/nl/");
  await expect(page.locator("html")).toHaveAttribute("data-consent", /analytics/); // hydrated
  await page.getByRole("link", { name: "Zoeken" }).first().click();
  const dialog = page.getByRole("dialog", { name: nl.flyIn.title });
  const input = dialog.getByRole("combobox", { name: nl.label });
  await expect(input).toBeFocused();
  await input.pressSequentially("jurk");
  const listbox = dialog.getByRole("listbox");
  await expect(listbox.getByRole("option", { name: "Jurken" })).toBeVisible();
  const options = listbox.getByRole("option");
  expect(await options.count()).toBeGreaterThan(1);
  await expect(input).toHaveAttribute("aria-expanded", "true");
  await expectNoSeriousA11yViolations(page);

  // Down twice: the second option (the first product) is active; Up goes back to the category.
  await input.press("ArrowDown");
  await expect(input).toHaveAttribute("aria-activedescendant", (await options.nth(0).getAttribute("id"))!);
  await input.press("ArrowDown");
  const productId = (await options.nth(1).getAttribute("id"))!;
  await expect(input).toHaveAttribute("aria-activedescendant", productId);
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await input.press("ArrowUp");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  // Enter on the active category opens it.
  await input.press("Enter");
  await expect(page).toHaveURL(/\/nl\/category\/dames-jurken\/$/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jurken");

  // Enter without an active option goes to the search page; Escape closes the fly-in.
  await page.getByRole("link", { name: "Zoeken" }).first().click();
  await dialog.getByRole("combobox").fill("broek");
  await dialog.getByRole("combobox").press("Enter");
  await expect(page).toHaveURL(/\/nl\/zoeken\/\?q=broek$/);
  await page.getByRole("link", { name: "Zoeken" }).first().click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(problems).toEqual([]);
});

for (const width of [390, 1366]) {
  test(`the search page has no serious accessibility violations at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/fr/chercher/?q=robe");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto("/es/buscar/");
    await expectNoSeriousA11yViolations(page);
  });
}
