import { type Browser, expect, type Page, test } from "@playwright/test";
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
  await page.getByRole("button", { name: "Block customer" }).click();
  await expect(page.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Reason").fill("Three chargebacks in a month");
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

test("every back-office page has no serious accessibility problem, on a desktop and a phone", async ({
  page,
}) => {
  test.slow();
  const problems = collectConsoleProblems(page);
  await signIn(page, staff.admin);
  const pages = [
    "/admin/",
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
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      // Nothing sticks out sideways on a phone (wide tables scroll inside their own box).
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
        width,
      );
    }
  }
  expect(problems).toEqual([]);
});
