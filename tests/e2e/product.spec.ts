import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import en from "../../app/locales/en/product.json" with { type: "json" };
import nl from "../../app/locales/nl/product.json" with { type: "json" };
import { collectConsoleProblems, dismissConsent, expectNoSeriousA11yViolations } from "./support";

interface ApiProduct {
  slug: string;
  orderState: string;
  variants: { id: number; size: string; stock: number }[];
  sizeChart: { family: string } | null;
  slugs: Record<string, string>;
}

test.beforeEach(async ({ context, baseURL }) => {
  await dismissConsent(context, baseURL!);
});

/** Product slugs of the first page of the whole catalogue, read from the category page. */
async function catalogueSlugs(request: APIRequestContext, category = ""): Promise<string[]> {
  const html = await (await request.get(`/en/category/${category}`)).text();
  return [...new Set([...html.matchAll(/href="\/en\/([a-z0-9-]+)\/"/g)].map((m) => m[1]!))];
}

/** The first product of the catalogue's first page that fits. */
async function findProduct(
  request: APIRequestContext,
  fits: (p: ApiProduct) => boolean,
  category = "",
): Promise<ApiProduct> {
  for (const slug of await catalogueSlugs(request, category)) {
    const response = await request.get(`/api/v1/products/${slug}?locale=en`);
    if (!response.ok()) continue;
    const product = (await response.json()) as ApiProduct;
    if (fits(product)) return product;
  }
  throw new Error("no product fits");
}

const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-consent", /analytics/);

test("a shopper opens a product from a category, must choose a size, and adds it", async ({ page }) => {
  const problems = collectConsoleProblems(page);
  await page.goto("/en/category/women/");
  const card = page.getByRole("region", { name: "Women" }).getByRole("listitem").first();
  const name = (await card.getByRole("heading", { level: 3 }).textContent())?.trim() ?? "";
  await card.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await hydrated(page);

  // schema.org Product with an EUR offer per size.
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd["@type"]).toBe("Product");
  expect(jsonLd.name).toBe(name);
  expect(jsonLd.offers.length).toBeGreaterThan(0);
  expect(jsonLd.offers[0]).toMatchObject({ "@type": "Offer", priceCurrency: "EUR" });
  expect(jsonLd.offers[0].availability).toMatch(
    /^https:\/\/schema\.org\/(InStock|OutOfStock|PreOrder|BackOrder)$/,
  );

  // The demo catalogue's first women's product is orderable in several sizes.
  const add = page.getByRole("button", { name: en.bag.add });
  await add.click();
  await expect(page.getByText(en.size.required)).toBeVisible();
  const size = page
    .locator("label")
    .filter({ has: page.locator('input[name="variantId"]') })
    .filter({
      hasNotText: en.size.soldOut,
    });
  const chosen = (await size.first().locator("span").first().textContent())?.trim();
  await size.first().click();
  await expect(page.getByText(en.size.required)).toBeHidden();
  await add.click();
  // The bag flies in with the size (tests/e2e/cart.spec.ts follows the bag further).
  await expect(page.getByRole("status").filter({ hasText: `size ${chosen}` })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Your bag" })).toBeVisible();
  expect(problems).toEqual([]);
});

test("a sold-out size offers a stock alert by e-mail", async ({ page, request }) => {
  const product = await findProduct(
    request,
    (p) => p.orderState === "orderable" && p.variants.some((v) => v.stock === 0),
  );
  const soldOut = product.variants.find((v) => v.stock === 0)!;
  await page.goto(`/en/${product.slug}/`);
  await hydrated(page);
  const chip = page.locator("label").filter({ has: page.locator(`input[value="${soldOut.id}"]`) });
  await expect(chip).toContainText(en.size.soldOut);
  await chip.click();
  await expect(page.getByText(`Size ${soldOut.size} is sold out`)).toBeVisible();
  await expect(page.getByRole("button", { name: en.bag.add })).toBeHidden();
  await expect(page.getByRole("combobox", { name: en.stockAlert.size })).toHaveValue(String(soldOut.id));

  await page.getByRole("button", { name: en.stockAlert.submit }).click();
  await expect(page.getByText(en.stockAlert.contactRequired)).toBeVisible();
  await page.getByRole("textbox", { name: en.stockAlert.email, exact: true }).fill("e2e-alert@example.nl");
  await page.getByRole("button", { name: en.stockAlert.submit }).click();
  await expect(page.getByRole("status").filter({ hasText: `size ${soldOut.size} is back` })).toBeVisible();
});

test("size advice recommends a size from height and weight and remembers them", async ({ page, request }) => {
  const product = await findProduct(request, (p) => p.orderState === "orderable" && p.sizeChart !== null);
  await page.goto(`/en/${product.slug}/`);
  await hydrated(page);
  await page.getByRole("button", { name: en.sizeAdvice.open }).click();
  const panel = page.getByRole("dialog", { name: en.sizeAdvice.title });
  await panel.getByLabel(en.sizeAdvice.height).fill("250");
  await panel.getByLabel(en.sizeAdvice.weight).fill("70");
  await panel.getByRole("button", { name: en.sizeAdvice.submit }).click();
  await expect(panel.getByText(en.sizeAdvice.none)).toBeVisible();
  await expect(panel.getByText(en.sizing.heightRange)).toBeVisible();

  await panel.getByLabel(en.sizeAdvice.height).fill("170");
  await panel.getByRole("button", { name: en.sizeAdvice.submit }).click();
  await expect(panel.getByText(/^We recommend size /).or(panel.getByText(en.sizeAdvice.none))).toBeVisible();

  await page.reload();
  await hydrated(page);
  await page.getByRole("button", { name: en.sizeAdvice.open }).click();
  await expect(page.getByRole("dialog").getByLabel(en.sizeAdvice.height)).toHaveValue("170");
  await expect(page.getByRole("dialog").getByLabel(en.sizeAdvice.weight)).toHaveValue("70");
});

test("size advice covers skirts too: the form asks for height and weight", async ({ page, request }) => {
  const product = await findProduct(
    request,
    (p) => p.orderState === "orderable" && p.sizeChart?.family === "skirts",
    "women-skirts/",
  );
  await page.goto(`/en/${product.slug}/`);
  await hydrated(page);
  await page.getByRole("button", { name: en.sizeAdvice.open }).click();
  await expect(page.getByRole("dialog").getByLabel(en.sizeAdvice.height)).toBeVisible();
  await expect(page.getByRole("dialog").getByText(en.sizeAdvice.noChart)).toHaveCount(0);
});

test("the product page in Dutch: own slug, hreflang alternates and Dutch messages", async ({
  page,
  request,
}) => {
  const product = await findProduct(request, (p) => p.orderState === "orderable");
  await page.goto(`/nl/${product.slugs.nl}/`);
  await expect(page.locator('link[rel="alternate"][hreflang="fr"]')).toHaveAttribute(
    "href",
    new RegExp(`/fr/${product.slugs.fr}/$`),
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`/nl/${product.slugs.nl}/$`),
  );
  await hydrated(page);
  await page.getByRole("button", { name: nl.bag.add }).click();
  await expect(page.getByText(nl.size.required)).toBeVisible();
  // Recently viewed: kept in the browser, shown on the next product page, not the current one.
  const next = await findProduct(request, (p) => p.orderState === "orderable" && p.slug !== product.slug);
  await page.goto(`/nl/${next.slugs.nl}/`);
  await hydrated(page);
  const recent = page.getByRole("region", { name: nl.recent.title });
  await expect(recent.getByRole("link")).toHaveCount(1);
  await expect(recent.getByRole("link")).toHaveAttribute("href", `/nl/${product.slugs.nl}/`);
  // Another locale's slug is not a product here.
  expect((await page.goto(`/nl/${product.slugs.en}/`))?.status()).toBe(404);
});

test("without JavaScript the server still asks for a size and for a contact", async ({
  browser,
  baseURL,
  request,
}) => {
  const product = await findProduct(
    request,
    (p) => p.orderState === "orderable" && p.variants.some((v) => v.stock === 0),
  );
  const context = await browser.newContext({ javaScriptEnabled: false });
  await dismissConsent(context, baseURL!);
  const page = await context.newPage();
  await page.goto(`${baseURL}/en/${product.slug}/`);
  await page.getByRole("button", { name: en.bag.add }).click();
  await expect(page.getByText(en.size.required)).toBeVisible();

  await page.getByText(en.stockAlert.title).click();
  await page.getByRole("button", { name: en.stockAlert.submit }).click();
  await expect(page.getByText(en.stockAlert.contactRequired)).toBeVisible();
  await context.close();
});

for (const width of [390, 1366]) {
  test(`the product page has no serious accessibility violations at ${width}px`, async ({
    page,
    request,
  }) => {
    const product = await findProduct(
      request,
      (p) => p.orderState === "orderable" && p.variants.some((v) => v.stock === 0),
    );
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/en/${product.slug}/`);
    await hydrated(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: en.sizeAdvice.open }).click();
    await expect(page.getByRole("dialog").getByLabel(en.sizeAdvice.height)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
