import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import cartEn from "../../app/locales/en/cart.json" with { type: "json" };
import checkoutEn from "../../app/locales/en/checkout.json" with { type: "json" };
import myOrdersEn from "../../app/locales/en/myorders.json" with { type: "json" };
import productEn from "../../app/locales/en/product.json" with { type: "json" };
import { waitForMail } from "./outbox";
import { collectConsoleProblems, dismissConsent, expectNoSeriousA11yViolations } from "./support";

const staff = {
  admin: { email: "admin@loomandlabel.test", password: "demo-admin-2026" },
  merchandiser: { email: "merch@loomandlabel.test", password: "demo-merch-2026" },
  support: { email: "support@loomandlabel.test", password: "demo-support-2026" },
};
const customer = { email: "demo@loomandlabel.test", password: "demo-shopper-2026" };

test.beforeEach(async ({ context, baseURL }) => {
  await dismissConsent(context, baseURL!);
});

/** Signs in through the shop's login page, where the back office sends visitors. */
async function signIn(page: Page, who: { email: string; password: string }, path = "/admin/") {
  await page.goto(path);
  await expect(page).toHaveURL(/\/en\/login\/\?redirect=/);
  await page.getByLabel("Email address").fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, "\\/")}$`));
}

/** A visitor's view of a shop page: a fresh context without any session. */
async function asVisitor(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ baseURL });
  await dismissConsent(context, baseURL);
  const page = await context.newPage();
  await page.goto(path);
  return { page, close: () => context.close() };
}

test("a merchandiser changes a price and the shop shows it", async ({ page, request, browser, baseURL }) => {
  const problems = collectConsoleProblems(page);
  const html = await (await request.get("/en/category/women/")).text();
  const slug = [...html.matchAll(/href="\/en\/([a-z0-9-]+)\/"/g)]
    .map((m) => m[1]!)
    .find((s) => s.includes("-w"));
  const product = (await (await request.get(`/api/v1/products/${slug}?locale=en`)).json()) as {
    id: number;
    name: string;
    styleCode: string;
  };

  await signIn(page, staff.merchandiser);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Good day");
  // The merchandiser's navigation has the catalogue, not customers or settings.
  const nav = page.getByRole("navigation", { name: "Back office" }).first();
  await expect(nav.getByRole("link", { name: "Products" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Customers" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Settings" })).toHaveCount(0);

  await nav.getByRole("link", { name: "Products" }).click();
  await page.getByLabel("Search products").fill(product.styleCode);
  await page.getByRole("button", { name: "Search" }).click();
  // Colours of one style share the name: follow this product's own link.
  await page.locator(`a[href="/admin/products/${product.id}/"]`).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
  await expectNoSeriousA11yViolations(page);

  // A bad amount is refused in the browser with a clear message, and nothing is saved.
  const price = page.getByLabel(/^Price \(€\)/);
  await price.fill("12,345");
  await page.getByRole("button", { name: "Save price" }).click();
  await expect(page.getByText("Enter an amount like 49.95")).toBeVisible();

  await price.fill("12.34");
  await page.getByRole("button", { name: "Save price" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Price saved" })).toBeVisible();
  // The product's history names the change.
  await expect(page.getByText(/^Price €[\d.]+ → €12\.34/)).toBeVisible();

  // A shopper sees the new price (the shared cache may serve the old page for a few seconds).
  const shop = await asVisitor(browser, baseURL!, `/en/${slug}/`);
  await expect(async () => {
    await shop.page.reload();
    await expect(shop.page.getByText("€12.34").first()).toBeVisible({ timeout: 1000 });
  }).toPass();
  await shop.close();
  expect(problems).toEqual([]);
});

test("an admin blocks a customer, and the audit log says who did it", async ({ page }) => {
  const problems = collectConsoleProblems(page);
  await signIn(page, staff.admin, "/admin/customers/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Customers");
  await page.getByLabel("Search customers").fill(customer.email);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: "Sanne de Vries" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sanne de Vries");
  await expectNoSeriousA11yViolations(page);

  // The reason is required, in the browser and on the server.
  // The customer page has other forms with a reason (wallet credit): the block form's own field.
  const blockReason = page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Block customer" }) })
    .getByLabel("Reason");
  await page.getByRole("button", { name: "Block customer" }).click();
  await expect(blockReason).toHaveAttribute("aria-invalid", "true");
  await blockReason.fill("Three chargebacks in a month");
  await page.getByRole("button", { name: "Block customer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Customer blocked" })).toBeVisible();
  await expect(page.getByText("Three chargebacks in a month").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Lift the block" })).toBeVisible();

  await page
    .getByRole("navigation", { name: "Back office" })
    .first()
    .getByRole("link", { name: "Audit log" })
    .click();
  const entry = page.getByRole("listitem").filter({ hasText: "Blocked: Three chargebacks in a month" });
  await expect(entry).toContainText("admin@loomandlabel.test (admin)");
  await expectNoSeriousA11yViolations(page);

  // Put things back for other journeys.
  await page.goBack();
  await page.getByRole("button", { name: "Lift the block" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Block lifted" })).toBeVisible();
  expect(problems).toEqual([]);
});

test("visitors go to the login page; customers get no back office", async ({ page, request }) => {
  await page.goto("/admin/customers/");
  await expect(page).toHaveURL(/\/en\/login\/\?redirect=%2Fadmin%2Fcustomers%2F/);

  // A customer signs in as usual, and the back office answers with the shop's 404 page.
  await page.getByLabel("Email address").fill(customer.email);
  await page.locator('input[name="password"]').fill(customer.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("This page could not be found").first()).toBeVisible();
  const response = await page.goto("/admin/");
  expect(response?.status()).toBe(404);
  expect((await page.request.get("/api/v1/admin/products")).status()).toBe(404);
  expect((await request.get("/api/v1/admin/products")).status()).toBe(401);
});

test("support may not open the catalogue, even by its address", async ({ page }) => {
  await signIn(page, staff.support);
  const response = await page.goto("/admin/products/");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("No access");
  await expectNoSeriousA11yViolations(page);
});

const backOfficePages = [
  "/admin/",
  "/admin/orders/",
  "/admin/products/",
  "/admin/products/new/",
  "/admin/categories/",
  "/admin/categories/1/",
  "/admin/categories/new/",
  "/admin/synonyms/",
  "/admin/size-charts/",
  "/admin/customers/",
  "/admin/staff/",
  "/admin/settings/",
  "/admin/notices/",
  "/admin/outbox/",
  "/admin/audit/",
];

// One test per width: fifteen axe runs each, which a busy machine needs minutes for.
for (const width of [1366, 390]) {
  test(`every back-office page has no serious accessibility problem at ${width}px`, async ({ page }) => {
    test.setTimeout(240_000);
    const problems = collectConsoleProblems(page);
    await signIn(page, staff.admin);
    await page.setViewportSize({ width, height: 900 });
    for (const path of backOfficePages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      // Nothing sticks out sideways on a phone (wide tables scroll inside their own box).
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
        width,
      );
    }
    expect(problems).toEqual([]);
  });
}

interface ApiProduct {
  slug: string;
  orderState: string;
  appOnly: boolean;
  variants: { id: number; size: string; stock: number }[];
}

/** An orderable web product with a size in stock, after the first `skip` of them. */
async function productToBuy(request: APIRequestContext, skip: number) {
  const html = await (await request.get("/en/category/men/")).text();
  const slugs = [...new Set([...html.matchAll(/href="\/en\/([a-z0-9-]+)\/"/g)].map((m) => m[1]!))];
  let skipped = 0;
  for (const slug of slugs) {
    const response = await request.get(`/api/v1/products/${slug}?locale=en`);
    if (!response.ok()) continue;
    const product = (await response.json()) as ApiProduct;
    const size = product.variants.find((v) => v.stock >= 2);
    if (product.orderState !== "orderable" || product.appOnly || !size) continue;
    if (skipped++ < skip) continue;
    return { product, size };
  }
  throw new Error("no product to buy");
}

/** A signed-in customer buys one item with iDEAL on the sandbox page; answers the order number. */
async function customerBuys(page: Page, request: APIRequestContext): Promise<string> {
  const { product, size } = await productToBuy(request, 3);
  await page.goto(`/en/login/?redirect=${encodeURIComponent(`/en/${product.slug}/`)}`);
  await page.getByLabel("Email address").fill(customer.email);
  await page.locator('input[name="password"]').fill(customer.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(new RegExp(`/en/${product.slug}/$`));
  await expect(page.locator("html")).toHaveAttribute("data-consent", /analytics/);
  await page.getByRole("radio", { name: new RegExp(`^${size.size}\\b`) }).check({ force: true });
  await page.getByRole("button", { name: productEn.bag.add }).click();
  await page
    .getByRole("dialog", { name: cartEn.flyInTitle })
    .getByRole("link", { name: cartEn.summary.toCheckout })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: checkoutEn.title })).toBeVisible();
  await expect(page.locator("form#checkout[data-hydrated]")).toBeAttached();
  const t = checkoutEn;
  await page.getByRole("textbox", { name: t.address.firstName, exact: true }).fill("Sanne");
  await page.getByRole("textbox", { name: t.address.lastName, exact: true }).fill("de Vries");
  await page.locator("#checkout-postalCode").fill("1012 JS");
  await page.locator("#checkout-houseNumber").fill("12");
  await page.getByRole("button", { name: t.address.lookup }).click();
  await expect(page.getByRole("textbox", { name: t.address.street, exact: true })).toHaveValue("Dam");
  await page.getByRole("radio", { name: /^iDEAL/ }).check();
  await page.getByRole("button", { name: t.placeOrder }).click();
  await page.waitForURL(/\/sandbox-pay\//);
  await page.getByRole("radio", { name: "ING" }).check();
  await page.locator("button[value=approve]").click();
  await page.waitForURL(/\/en\/order-confirmation\/\?order=\d{9}/);
  return (await page.getByTestId("order-number").textContent())!.trim();
}

test("staff ship an order with a tracking code; the customer sees track & trace and has the e-mail", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.slow();
  const number = await customerBuys(page, request);

  // Support finds the paid order and ships it.
  const staffContext = await browser.newContext({ baseURL });
  await dismissConsent(staffContext, baseURL!);
  const desk = await staffContext.newPage();
  const problems = collectConsoleProblems(desk);
  await signIn(desk, staff.support, "/admin/orders/");
  await desk.getByLabel("Search orders").fill(number);
  await desk.getByRole("button", { name: "Search" }).click();
  await desk.getByRole("link", { name: number }).click();
  await expect(desk.getByRole("heading", { level: 1 })).toHaveText(`Order ${number}`);
  await expect(desk.getByText("Paid · to ship").first()).toBeVisible();
  await expectNoSeriousA11yViolations(desk);

  // The code is required, in the browser and on the server.
  await desk.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(desk.getByLabel("Track & trace code")).toHaveAttribute("aria-invalid", "true");
  await desk.getByLabel("Carrier").selectOption("PostNL");
  await desk.getByLabel("Track & trace code").fill("3SLOOM1234567");
  await desk.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(desk.getByRole("status").filter({ hasText: "Shipped" })).toBeVisible();
  await expect(desk.getByText("Shipped", { exact: true }).first()).toBeVisible();
  await expect(desk.getByText(/Shipped with PostNL, track & trace 3SLOOM1234567/)).toBeVisible();
  await expect(desk.getByText(/support@loomandlabel\.test \(support\)/).first()).toBeVisible();
  // On a phone the order page fits the screen (its tables scroll inside their own box).
  await desk.setViewportSize({ width: 390, height: 844 });
  expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(problems).toEqual([]);
  await staffContext.close();

  // The customer's order page shows the code and the carrier's tracking link.
  await page.goto(`/en/customer/orders/${number}/`);
  const tracking = page.getByRole("region", { name: myOrdersEn.detail.trackAndTrace });
  await expect(tracking).toContainText("3SLOOM1234567");
  await expect(tracking.getByRole("link", { name: /Follow your parcel with PostNL/ })).toHaveAttribute(
    "href",
    /jouw\.postnl\.nl\/track-and-trace\/3SLOOM1234567-NL-1012JS/,
  );
  // …and the shipped e-mail, with the code.
  await waitForMail(
    customer.email,
    new RegExp(`Subject: Your order ${number} is on its way[\\s\\S]*3SLOOM1234567`),
  );
});
