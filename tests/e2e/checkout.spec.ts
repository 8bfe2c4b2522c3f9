import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import cartEn from "../../app/locales/en/cart.json" with { type: "json" };
import checkoutEn from "../../app/locales/en/checkout.json" with { type: "json" };
import ordersEn from "../../app/locales/en/orders.json" with { type: "json" };
import productEn from "../../app/locales/en/product.json" with { type: "json" };
import cartFr from "../../app/locales/fr/cart.json" with { type: "json" };
import checkoutFr from "../../app/locales/fr/checkout.json" with { type: "json" };
import ordersFr from "../../app/locales/fr/orders.json" with { type: "json" };
import productFr from "../../app/locales/fr/product.json" with { type: "json" };
import cartNl from "../../app/locales/nl/cart.json" with { type: "json" };
import checkoutNl from "../../app/locales/nl/checkout.json" with { type: "json" };
import productNl from "../../app/locales/nl/product.json" with { type: "json" };
import { collectConsoleProblems, dismissConsent, expectNoSeriousA11yViolations } from "./support";

interface ApiProduct {
  name: string;
  slug: string;
  slugs: Record<string, string>;
  orderState: string;
  appOnly: boolean;
  variants: { id: number; size: string; stock: number }[];
}

const messages = {
  en: { cart: cartEn, checkout: checkoutEn, product: productEn },
  nl: { cart: cartNl, checkout: checkoutNl, product: productNl },
  fr: { cart: cartFr, checkout: checkoutFr, product: productFr },
} as const;
type Locale = keyof typeof messages;

test.beforeEach(async ({ context, baseURL }) => {
  await dismissConsent(context, baseURL!);
});

// Whole purchases through several pages: give them room on a busy machine (nothing here measures time).
test.describe.configure({ timeout: 120_000 });

/** An orderable web product with a size of 3–20 units; `skip` gives each journey its own product. */
async function productToBuy(request: APIRequestContext, skip: number): Promise<ApiProduct> {
  const html = await (await request.get("/en/category/")).text();
  const slugs = [...new Set([...html.matchAll(/href="\/en\/([a-z0-9-]+)\/"/g)].map((m) => m[1]!))];
  let skipped = 0;
  for (const slug of slugs) {
    const response = await request.get(`/api/v1/products/${slug}?locale=en`);
    if (!response.ok()) continue;
    const product = (await response.json()) as ApiProduct;
    if (product.orderState !== "orderable" || product.appOnly) continue;
    if (!product.variants.some((v) => v.stock >= 3 && v.stock <= 20)) continue;
    if (skipped++ < skip) continue;
    return product;
  }
  throw new Error("no product fits");
}

/**
 * The product API's stock: it answers from the process's memory, which follows the change feed at most a
 * second behind (decision 0053), so a test polls it rather than reading it once right after a change.
 */
async function stockOf(request: APIRequestContext, product: ApiProduct, variantId: number) {
  const fresh = (await (
    await request.get(`/api/v1/products/${product.slug}?locale=en`)
  ).json()) as ApiProduct;
  return fresh.variants.find((v) => v.id === variantId)!.stock;
}

const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-consent", /analytics/);

/** Through the real pages: the product page's add to bag, the bag fly-in, on to the checkout. */
async function toCheckout(page: Page, product: ApiProduct, size: { size: string }, locale: Locale) {
  const t = messages[locale];
  await page.goto(`/${locale}/${product.slugs[locale]}/`);
  await hydrated(page);
  await page.getByRole("radio", { name: new RegExp(`^${size.size}\\b`) }).check({ force: true });
  await page.getByRole("button", { name: t.product.bag.add }).click();
  const bag = page.getByRole("dialog", { name: t.cart.flyInTitle });
  await bag.getByRole("link", { name: t.cart.summary.toCheckout }).click();
  await expect(page.getByRole("heading", { level: 1, name: t.checkout.title })).toBeVisible();
  await expect(page.locator("form#checkout[data-hydrated]")).toBeAttached();
}

/** A guest's details: a Dutch address found by the postcode lookup. */
async function fillInGuest(page: Page, locale: Locale, email: string) {
  const t = messages[locale].checkout;
  await page.locator("#main").getByRole("textbox", { name: /mail/i }).fill(email);
  await page.getByRole("textbox", { name: t.address.firstName, exact: true }).fill("Anna");
  await page.getByRole("textbox", { name: t.address.lastName, exact: true }).fill("de Boer");
  await page.locator("#checkout-postalCode").fill("1012 JS");
  await page.locator("#checkout-houseNumber").fill("12");
  await page.getByRole("button", { name: t.address.lookup }).click();
  await expect(page.getByRole("textbox", { name: t.address.street, exact: true })).toHaveValue("Dam");
  await expect(page.getByRole("textbox", { name: t.address.city, exact: true })).toHaveValue("Amsterdam");
}

/** The e-mail the shop wrote for an order, decoded (quoted-printable) enough to read its text. */
function emailAbout(number: string): string | null {
  const outbox = path.join(process.env.E2E_DATA_DIR!, "outbox");
  let files: string[] = [];
  try {
    files = readdirSync(outbox).filter((f) => f.endsWith(".eml"));
  } catch {
    return null;
  }
  for (const file of files) {
    const raw = readFileSync(path.join(outbox, file), "latin1");
    if (!raw.includes(number)) continue;
    const unwrapped = raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(unwrapped, "latin1").toString("utf8");
  }
  return null;
}

async function payOnSandbox(page: Page, decision: "approve" | "decline") {
  await page.waitForURL(/\/sandbox-pay\//);
  if (decision === "decline") {
    await page.locator("button[value=decline]").click();
    return;
  }
  await page.getByRole("radio", { name: "ING" }).check();
  await page.locator("button[value=approve]").click();
}

test("a guest buys with iDEAL on the sandbox page, sees the order number and gets the e-mail", async ({
  page,
  request,
}) => {
  const problems = collectConsoleProblems(page);
  const product = await productToBuy(request, 0);
  const size = product.variants.find((v) => v.stock >= 3 && v.stock <= 20)!;
  const stock = await stockOf(request, product, size.id);
  await toCheckout(page, product, size, "en");
  await expectNoSeriousA11yViolations(page);

  // The typo suggester proposes the common domain; choosing it fills the field.
  await fillInGuest(page, "en", "anna.buyer@gmial.com");
  await page.getByRole("button", { name: "Did you mean anna.buyer@gmail.com?" }).click();
  await expect(page.locator("#main").getByRole("textbox", { name: /mail/i })).toHaveValue(
    "anna.buyer@gmail.com",
  );
  // Home delivery with a moment is chosen already; the summary shows the VAT of the Netherlands.
  await expect(page.getByRole("radio", { name: new RegExp(checkoutEn.delivery.home) })).toBeChecked();
  await expect(page.getByText(/Including 21% VAT/)).toBeVisible();
  await page.getByRole("radio", { name: /Donate €2\.00/ }).check();
  await expect(page.getByRole("complementary")).toContainText("€2.00");
  await page.getByRole("radio", { name: /^iDEAL/ }).check();

  await page.getByRole("button", { name: checkoutEn.placeOrder }).click();
  await payOnSandbox(page, "approve");

  await page.waitForURL(/\/en\/order-confirmation\/\?order=\d{9}&key=/);
  await expect(page.getByRole("heading", { level: 1, name: ordersEn.confirmation.title })).toBeVisible();
  const number = (await page.getByTestId("order-number").textContent())!.trim();
  expect(number).toMatch(/^[1-9]\d{8}$/);
  await expect(page.getByText(ordersEn.status.processing)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expect.poll(() => stockOf(request, product, size.id)).toBe(stock - 1);

  // The confirmation e-mail, in English, with the VAT breakdown.
  await expect.poll(() => emailAbout(number), { timeout: 20_000 }).not.toBeNull();
  const email = emailAbout(number)!;
  expect(email).toContain(`Subject: Your order ${number} at Loom & Label`);
  expect(email).toContain("anna.buyer@gmail.com");
  expect(email).toMatch(/Including 21% VAT/);
  // The bag was emptied by the payment.
  await page.goto("/en/cart/");
  await expect(page.getByRole("heading", { name: cartEn.empty.title })).toBeVisible();
  expect(problems).toEqual([]);
});

test("a declined payment returns to the checkout with the message, the bag intact and the stock back (nl)", async ({
  page,
  request,
}) => {
  const product = await productToBuy(request, 1);
  const size = product.variants.find((v) => v.stock >= 3 && v.stock <= 20)!;
  const stock = await stockOf(request, product, size.id);
  await toCheckout(page, product, size, "nl");
  await fillInGuest(page, "nl", "bas@example.nl");
  await page.getByRole("radio", { name: /^iDEAL/ }).check();
  await page.getByRole("button", { name: checkoutNl.placeOrder }).click();
  await page.waitForURL(/\/sandbox-pay\//);
  // The order holds the unit while the shopper is on the payment page.
  await expect.poll(() => stockOf(request, product, size.id)).toBe(stock - 1);
  await payOnSandbox(page, "decline");

  await page.waitForURL(/\/nl\/checkout\/\?payment=cancelled/);
  await expect(page.getByText(checkoutNl.errors.paymentCancelled)).toBeVisible();
  await expect(page.getByRole("complementary")).toContainText(`Maat ${size.size}`);
  await expect.poll(() => stockOf(request, product, size.id)).toBe(stock);
  // Trying again is one click: the form is filled in as it was.
  await expect(page.getByRole("textbox", { name: checkoutNl.address.street, exact: true })).toHaveValue(
    "Dam",
  );
  await expect(page.getByRole("radio", { name: /^iDEAL/ })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
});

test("a guest buys in French and sees the confirmation in French", async ({ page, request }) => {
  const product = await productToBuy(request, 2);
  const size = product.variants.find((v) => v.stock >= 3 && v.stock <= 20)!;
  await toCheckout(page, product, size, "fr");
  await page.locator("#main").getByRole("textbox", { name: /mail/i }).fill("camille@example.fr");
  await page.getByRole("textbox", { name: checkoutFr.address.firstName, exact: true }).fill("Camille");
  await page.getByRole("textbox", { name: checkoutFr.address.lastName, exact: true }).fill("Martin");
  await expect(page.getByLabel("Pays")).toHaveValue("FR");
  await page.locator("#checkout-postalCode").fill("75001");
  await page.locator("#checkout-houseNumber").fill("104");
  await page.getByRole("textbox", { name: checkoutFr.address.street, exact: true }).fill("Rue de Rivoli");
  await page.getByRole("textbox", { name: checkoutFr.address.city, exact: true }).fill("Paris");
  // A service point near the postal code instead of home delivery.
  await page.getByRole("radio", { name: new RegExp(checkoutFr.delivery.servicePoint) }).check();
  await page.getByRole("button", { name: checkoutFr.delivery.pointSearch }).click();
  await page.getByRole("radio", { name: /Tabac Presse Rivoli/ }).check();
  await expect(page.getByText(/Dont TVA 20 %/)).toBeVisible();
  // iDEAL is Dutch; in France the shopper pays by card.
  await expect(page.getByRole("radio", { name: /^iDEAL/ })).toHaveCount(0);
  await page.getByRole("radio", { name: /^Carte de crédit/ }).check();
  await page.getByRole("button", { name: checkoutFr.placeOrder }).click();
  await page.waitForURL(/\/sandbox-pay\//);
  await page.locator("input[name=holder]").fill("Camille Martin");
  await page.locator("input[name=cardNumber]").fill("4242 4242 4242 4242");
  await page.locator("input[name=month]").fill("12");
  await page.locator("input[name=year]").fill("2031");
  await page.locator("input[name=cvc]").fill("123");
  await page.locator("button[value=approve]").click();

  await page.waitForURL(/\/fr\/confirmation-de-commande\/\?order=\d{9}/);
  await expect(page.getByRole("heading", { level: 1, name: ordersFr.confirmation.title })).toBeVisible();
  await expect(page.getByText("Tabac Presse Rivoli")).toBeVisible();
  const number = (await page.getByTestId("order-number").textContent())!.trim();
  await expect.poll(() => emailAbout(number), { timeout: 20_000 }).not.toBeNull();
  expect(emailAbout(number)).toContain(`Subject: Votre commande ${number} chez Loom & Label`);
});

test("the checkout says so when the bag is empty, and refuses an unknown discount code", async ({
  page,
  request,
}) => {
  await page.goto("/en/checkout/");
  await expect(page.getByRole("heading", { level: 1, name: checkoutEn.emptyBag.title })).toBeVisible();

  const product = await productToBuy(request, 3);
  const size = product.variants.find((v) => v.stock >= 3 && v.stock <= 20)!;
  await toCheckout(page, product, size, "en");
  await page.getByRole("textbox", { name: checkoutEn.discount.label }).fill("NOSUCHCODE");
  await page.getByRole("button", { name: checkoutEn.discount.apply }).click();
  await expect(page.getByText(checkoutEn.discount.unknown)).toBeVisible();
  await page.getByRole("textbox", { name: checkoutEn.discount.label }).fill("welcome15");
  await page.getByRole("button", { name: checkoutEn.discount.apply }).click();
  await expect(page.getByText("Code WELCOME15 is applied.")).toBeVisible();
  await expect(page.getByRole("complementary")).toContainText("Discount (WELCOME15)");
  // Placing the order without the required fields names what is missing, and places nothing.
  await page.getByRole("button", { name: checkoutEn.placeOrder }).click();
  await expect(
    page.getByRole("textbox", { name: checkoutEn.address.firstName, exact: true }),
  ).toHaveAttribute("aria-invalid", "true");
  expect(page.url()).toMatch(/\/en\/checkout\/$/);
});

test("without JavaScript a guest looks up the address, recalculates and buys", async ({
  browser,
  baseURL,
  request,
}) => {
  const product = await productToBuy(request, 4);
  const size = product.variants.find((v) => v.stock >= 3 && v.stock <= 20)!;
  const context = await browser.newContext({ javaScriptEnabled: false });
  await dismissConsent(context, baseURL!);
  const page = await context.newPage();
  await page.goto(`${baseURL}/en/${product.slug}/`);
  await page.getByRole("radio", { name: new RegExp(`^${size.size}\\b`) }).check({ force: true });
  await page.getByRole("button", { name: productEn.bag.add }).click();
  await page.goto(`${baseURL}/en/checkout/`);

  await page.locator("#main").getByRole("textbox", { name: /mail/i }).fill("nojs@example.nl");
  await page.getByRole("textbox", { name: checkoutEn.address.firstName, exact: true }).fill("Noor");
  await page.getByRole("textbox", { name: checkoutEn.address.lastName, exact: true }).fill("Jansen");
  await page.locator("#checkout-postalCode").fill("1012JS");
  await page.locator("#checkout-houseNumber").fill("3");
  await page.getByRole("button", { name: checkoutEn.address.lookup }).click();
  // The page comes back with the address filled in and what was typed kept.
  await expect(page.getByText(checkoutEn.address.found)).toBeVisible();
  await expect(page.getByRole("textbox", { name: checkoutEn.address.street, exact: true })).toHaveValue(
    "Dam",
  );
  await expect(page.locator("#main").getByRole("textbox", { name: /mail/i })).toHaveValue("nojs@example.nl");

  await page.getByRole("radio", { name: /Donate €5\.00/ }).check();
  await page.getByRole("button", { name: checkoutEn.placeOrder }).click();
  // No payment method chosen: the server says so and keeps the form.
  await expect(
    page
      .getByRole("region", { name: checkoutEn.sections.payment })
      .getByText(checkoutEn.errors.paymentMethodRequired),
  ).toBeVisible();
  await expect(page.getByRole("radio", { name: /Donate €5\.00/ })).toBeChecked();
  await page.getByRole("radio", { name: /^iDEAL/ }).check();
  await page.getByRole("button", { name: checkoutEn.placeOrder }).click();
  await payOnSandbox(page, "approve");
  await page.waitForURL(/\/en\/order-confirmation\/\?order=\d{9}/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    new RegExp(`${ordersEn.confirmation.title}|${ordersEn.confirmation.titlePending}`),
  );
  await context.close();
});
