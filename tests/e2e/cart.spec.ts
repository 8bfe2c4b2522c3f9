import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import cartEn from "../../app/locales/en/cart.json" with { type: "json" };
import productEn from "../../app/locales/en/product.json" with { type: "json" };
import wishlistEn from "../../app/locales/en/wishlist.json" with { type: "json" };
import cartFr from "../../app/locales/fr/cart.json" with { type: "json" };
import productFr from "../../app/locales/fr/product.json" with { type: "json" };
import wishlistFr from "../../app/locales/fr/wishlist.json" with { type: "json" };
import { collectConsoleProblems, dismissConsent, expectNoSeriousA11yViolations } from "./support";

interface ApiProduct {
  id: number;
  name: string;
  slug: string;
  slugs: Record<string, string>;
  orderState: string;
  appOnly: boolean;
  variants: { id: number; size: string; stock: number }[];
}

const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-consent", /analytics/);

test.beforeEach(async ({ context, baseURL }) => {
  await dismissConsent(context, baseURL!);
});

/**
 * An orderable web product with a size of `stock` to `most` units, from the catalogue's first page; `skip`
 * lets each test take its own product (the journeys share one database).
 */
async function productWithStock(
  request: APIRequestContext,
  stock: number,
  skip = 0,
  most = 20,
): Promise<ApiProduct> {
  const html = await (await request.get("/en/category/")).text();
  const slugs = [...new Set([...html.matchAll(/href="\/en\/([a-z0-9-]+)\/"/g)].map((m) => m[1]!))];
  let skipped = 0;
  for (const slug of slugs) {
    const response = await request.get(`/api/v1/products/${slug}?locale=en`);
    if (!response.ok()) continue;
    const product = (await response.json()) as ApiProduct;
    if (product.orderState !== "orderable" || product.appOnly) continue;
    if (!product.variants.some((v) => v.stock >= stock && v.stock <= most)) continue;
    if (skipped++ < skip) continue;
    return product;
  }
  throw new Error("no product fits");
}

test("a shopper adds a size to the bag, changes the quantity and empties the bag again", async ({
  page,
  request,
}) => {
  const problems = collectConsoleProblems(page);
  const product = await productWithStock(request, 2);
  const size = product.variants.find((v) => v.stock >= 2 && v.stock <= 20)!;
  await page.goto(`/en/${product.slug}/`);
  await hydrated(page);

  await page.getByRole("radio", { name: new RegExp(`^${size.size}\\b`) }).check({ force: true });
  await page.getByRole("button", { name: productEn.bag.add }).click();

  const bag = page.getByRole("dialog", { name: cartEn.flyInTitle });
  await expect(bag).toBeVisible();
  const line = bag.getByRole("listitem").filter({ hasText: product.name });
  await expect(line).toContainText(`Size: ${size.size}`);
  await expect(line.locator("output")).toHaveText("1");
  await expect(page.locator("[data-bag-count]")).toHaveAttribute("data-bag-count", "1");
  await expect(bag.getByText(/Order before 23:00|Order now and we ship tomorrow/)).toBeVisible();

  await line.getByRole("button", { name: `One more ${product.name}` }).click();
  await expect(line.locator("output")).toHaveText("2");
  await expect(page.locator("[data-bag-count]")).toHaveAttribute("data-bag-count", "2");

  await line.getByRole("button", { name: `Remove ${product.name} from your bag` }).click();
  await expect(bag.getByRole("heading", { name: cartEn.empty.title })).toBeVisible();
  await expect(page.locator("[data-bag-count]")).toHaveAttribute("data-bag-count", "0");
  await page.keyboard.press("Escape");
  await expect(bag).toBeHidden();
  expect(problems).toEqual([]);
});

test("more than the stock is refused with 'Not enough stock', on the product page and in the bag", async ({
  page,
  request,
}) => {
  const product = await productWithStock(request, 1, 1, 3);
  const size = product.variants.find((v) => v.stock >= 1 && v.stock <= 3)!;
  await page.goto(`/en/${product.slug}/`);
  await hydrated(page);
  await page.getByRole("radio", { name: new RegExp(`^${size.size}\\b`) }).check({ force: true });
  // Put every unit in the bag through the page, then ask for one more.
  const bag = page.getByRole("dialog", { name: cartEn.flyInTitle });
  for (let i = 0; i < size.stock; i++) {
    await page.getByRole("button", { name: productEn.bag.add }).click();
    await expect(bag).toBeVisible();
    await expect(page.locator("[data-bag-count]")).toHaveAttribute("data-bag-count", String(i + 1));
    await page.keyboard.press("Escape");
    await expect(bag).toBeHidden();
  }
  await page.getByRole("button", { name: productEn.bag.add }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Not enough stock" })).toBeVisible();

  await page.goto("/en/cart/");
  await hydrated(page);
  const line = page.getByRole("main").getByRole("listitem").filter({ hasText: product.name });
  await line.getByRole("button", { name: `One more ${product.name}` }).click();
  await expect(line.getByRole("alert")).toContainText("Not enough stock");
  await expect(line.locator("output")).toHaveText(String(size.stock));
});

test("a shopper wishlists a product from a card and finds it on the wishlist page", async ({ page }) => {
  await page.goto("/en/category/women/");
  await hydrated(page);
  // The second card: the server pastes it from its markup cache (the first renders in place), and the
  // browser hydrates it like any other (decision 0060).
  const card = page.getByRole("article").nth(1);
  const name = (await card.getByRole("heading", { level: 3 }).textContent())?.trim() ?? "";
  const heart = card.getByRole("button", { name: wishlistEn.add.replace("{{product}}", name) });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  // The heart is drawn from the page's one symbol: it is there, and the drawing has a size.
  const drawn = heart.locator('svg use[href="#icon-heart"]');
  await expect(page.locator("symbol#icon-heart path")).toHaveCount(1);
  expect((await drawn.boundingBox())?.width ?? 0).toBeGreaterThan(10);
  const unfilled = await drawn.evaluate((use) => getComputedStyle(use).fill);
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  // Pressed, the symbol's path takes the accent fill from the heart's svg.
  await expect.poll(() => drawn.evaluate((use) => getComputedStyle(use).fill)).not.toBe(unfilled);
  await expect(page.locator("[data-wishlist-count]")).toHaveAttribute("data-wishlist-count", "1");

  // The heart stays pressed on the next (cached, identical) page view.
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("article").nth(1).getByRole("button", { pressed: true })).toBeVisible();

  await page.locator("[data-wishlist-count]").click();
  await expect(page.getByRole("heading", { level: 1, name: wishlistEn.title })).toBeVisible();
  const item = page.locator("[data-wishlist-item]").filter({ hasText: name });
  await expect(item).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Add to bag from the wishlist needs a size.
  await item.getByRole("button", { name: wishlistEn.addToBag }).click();
  await expect(item.getByRole("alert")).toHaveText(cartEn.errors.sizeRequired);
  const sizes = item.getByLabel(wishlistEn.size.replace("{{product}}", name));
  const firstInStock = sizes.locator("option:not([disabled]):not([value=''])").first();
  await sizes.selectOption(await firstInStock.getAttribute("value"));
  await item.getByRole("button", { name: wishlistEn.addToBag }).click();
  await expect(page.getByRole("dialog", { name: cartEn.flyInTitle })).toBeVisible();
  await page.keyboard.press("Escape");

  await item.getByRole("button", { name: `Remove ${name} from your wishlist` }).click();
  await expect(page.getByRole("heading", { name: wishlistEn.empty.title })).toBeVisible();
  await expect(page.locator("[data-wishlist-count]")).toHaveAttribute("data-wishlist-count", "0");
});

test("the same in French: panier page, French messages and an empty bag", async ({ page, request }) => {
  const product = await productWithStock(request, 1, 2);
  const size = product.variants.find((v) => v.stock >= 1)!;
  await page.goto(`/fr/${product.slugs.fr}/`);
  await hydrated(page);
  await page.getByRole("button", { name: productFr.bag.add }).click();
  await expect(page.getByText(productFr.size.required)).toBeVisible();
  await page.getByRole("radio", { name: new RegExp(`^${size.size}\\b`) }).check({ force: true });
  await page.getByRole("button", { name: productFr.bag.add }).click();
  await expect(page.getByRole("dialog", { name: cartFr.flyInTitle })).toBeVisible();
  await page.getByRole("dialog").getByRole("link", { name: cartFr.summary.viewBag }).click();

  await expect(page).toHaveURL(/\/fr\/panier\/$/);
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: cartFr.title })).toBeVisible();
  await expect(page.getByRole("main").getByText(/livraison offerte/)).toBeVisible();
  await expect(page.getByRole("link", { name: cartFr.summary.toCheckout })).toHaveAttribute(
    "href",
    "/fr/checkout/",
  );
  await expectNoSeriousA11yViolations(page);
  const line = page.getByRole("main").getByRole("listitem").first();
  await line.getByRole("button", { name: /^Supprimer .* du panier$/ }).click();
  await expect(page.getByRole("heading", { name: cartFr.empty.title })).toBeVisible();

  await page.goto("/fr/wishlist/");
  await expect(page.getByRole("heading", { name: wishlistFr.empty.title })).toBeVisible();
});

test("without JavaScript the bag still works: add on the product page, then change it on the cart page", async ({
  browser,
  baseURL,
  request,
}) => {
  const product = await productWithStock(request, 2, 3);
  const size = product.variants.find((v) => v.stock >= 2 && v.stock <= 20)!;
  const context = await browser.newContext({ javaScriptEnabled: false });
  await dismissConsent(context, baseURL!);
  const page = await context.newPage();
  await page.goto(`${baseURL}/en/${product.slug}/`);
  await page.getByRole("radio", { name: new RegExp(`^${size.size}\\b`) }).check({ force: true });
  await page.getByRole("button", { name: productEn.bag.add }).click();
  await expect(page.getByRole("status").filter({ hasText: `size ${size.size}` })).toBeVisible();
  await page.getByRole("link", { name: cartEn.summary.viewBag }).click();
  const line = page.getByRole("main").getByRole("listitem").filter({ hasText: product.name });
  await line.getByRole("button", { name: `One more ${product.name}` }).click();
  await expect(line.locator("output")).toHaveText("2");
  await line.getByRole("button", { name: `Remove ${product.name} from your bag` }).click();
  await expect(page.getByRole("heading", { name: cartEn.empty.title })).toBeVisible();

  // The heart without JavaScript adds to the wishlist and shows it.
  await page.goto(`${baseURL}/en/category/women/`);
  const card = page.getByRole("article").first();
  await card.getByRole("button", { name: /to your wishlist$/ }).click();
  await expect(page).toHaveURL(/\/en\/wishlist\/$/);
  await expect(page.locator("[data-wishlist-item]")).toHaveCount(1);
  await context.close();
});

test("the cart page has no serious accessibility violations on a phone", async ({ page, request }) => {
  const product = await productWithStock(request, 1, 4);
  // The page's own cookies: the bag is this browser's.
  const added = await page.request.post("/api/v1/cart/lines", {
    data: { variantId: product.variants.find((v) => v.stock >= 1)!.id },
  });
  expect(added.status()).toBe(201);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/en/cart/");
  await expect(page.getByRole("heading", { level: 1, name: cartEn.title })).toBeVisible();
  // The bag's own list (recommendations follow it on the page).
  await expect(page.getByRole("main").getByRole("list").first().getByRole("listitem")).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
});
