import { randomBytes, randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import myordersEn from "../../app/locales/en/myorders.json" with { type: "json" };
import ordersEn from "../../app/locales/en/orders.json" with { type: "json" };
import myordersNl from "../../app/locales/nl/myorders.json" with { type: "json" };
import { collectConsoleProblems, dismissConsent, expectNoSeriousA11yViolations } from "./support";

test.beforeEach(async ({ context, baseURL }) => {
  await dismissConsent(context, baseURL!);
});

interface ApiProduct {
  slug: string;
  orderState: string;
  appOnly: boolean;
  variants: { id: number; size: string; stock: number }[];
}

/** An orderable web product with a size in stock, for this journey's own purchase. */
async function variantToBuy(request: APIRequestContext): Promise<number> {
  const html = await (await request.get("/en/category/")).text();
  const slugs = [...new Set([...html.matchAll(/href="\/en\/([a-z0-9-]+)\/"/g)].map((m) => m[1]!))];
  for (const slug of slugs.reverse()) {
    const response = await request.get(`/api/v1/products/${slug}?locale=en`);
    if (!response.ok()) continue;
    const product = (await response.json()) as ApiProduct;
    if (product.orderState !== "orderable" || product.appOnly) continue;
    const variant = product.variants.find((v) => v.stock >= 5);
    if (variant) return variant.id;
  }
  throw new Error("no product fits");
}

/**
 * A signed-in customer's paid order, through the shop's own APIs in the browser's context (so the session
 * cookie is the page's): register, put a size in the bag, place the order, pay on the sandbox page.
 */
async function customerWithPaidOrder(page: Page, email: string): Promise<string> {
  const request = page.request;
  const challenge = await (await request.get("/api/v1/captcha")).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  const password = "orders-journey-1";
  const registered = await request.post("/api/v1/account/register?locale=en", {
    data: { firstName: "Lotte", lastName: "Jansen", email, password, confirmPassword: password, captcha },
  });
  expect(registered.status()).toBe(201);
  const variantId = await variantToBuy(request);
  expect((await request.post("/api/v1/cart/lines", { data: { variantId, quantity: 1 } })).ok()).toBe(true);
  const points = await (
    await request.get("/api/v1/checkout/service-points?country=NL&postalCode=1012JS&locale=en")
  ).json();
  const placed = await request.post("/api/v1/orders", {
    headers: { "idempotency-key": randomUUID() },
    data: {
      locale: "en",
      country: "NL",
      email,
      methodId: "nl-point",
      servicePointId: points[0].id,
      address: {
        firstName: "Lotte",
        lastName: "Jansen",
        street: "Dam",
        houseNumber: "12",
        postalCode: "1012 JS",
        city: "Amsterdam",
        country: "NL",
      },
      paymentMethod: "ideal",
    },
  });
  expect(placed.status()).toBe(201);
  const { number, checkoutUrl } = await placed.json();
  await page.goto(checkoutUrl);
  await page.getByRole("radio", { name: "ING" }).check();
  await page.locator("button[value=approve]").click();
  await page.waitForURL(/\/order-confirmation\//);
  return number;
}

test("a customer sees the order in the list, opens it, and looks it up as a guest by number and e-mail", async ({
  page,
}) => {
  const problems = collectConsoleProblems(page);
  const email = `orders-${randomBytes(4).toString("hex")}@example.nl`;
  const number = await customerWithPaidOrder(page, email);

  // The overview links to the orders; the list shows number, status in the customer's words and total.
  await page.goto("/en/customer/account/");
  await page.getByRole("main").getByRole("link", { name: myordersEn.overview.viewOrders }).click();
  await expect(page.getByRole("heading", { level: 1, name: myordersEn.list.title })).toBeVisible();
  const row = page.getByRole("link", { name: new RegExp(number) });
  await expect(row).toContainText(ordersEn.status.processing);
  await expect(row).toContainText("€");
  await expectNoSeriousA11yViolations(page);

  await row.click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(page.getByText(ordersEn.status.processing)).toBeVisible();
  await expect(page.getByRole("heading", { name: myordersEn.detail.items })).toBeVisible();
  await expect(page.getByText(/Including 21% VAT/)).toBeVisible();
  await expect(page.getByRole("main").getByText("iDEAL", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Someone else's (or no) order number: the not-found page, not a refusal that says it exists.
  const missing = await page.goto("/en/customer/orders/999999999/");
  expect(missing?.status()).toBe(404);

  // Signed out, as a guest: a wrong e-mail gets the one answer, the right one shows the order (in Dutch).
  await page.context().clearCookies();
  await dismissConsent(page.context(), new URL(page.url()).origin);
  await page.goto("/nl/retouren/");
  await expect(page.getByRole("heading", { level: 1, name: myordersNl.lookup.title })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("textbox", { name: myordersNl.lookup.number }).fill(number);
  await page.getByRole("textbox", { name: /mail/i }).fill("someone-else@example.nl");
  await page.getByRole("button", { name: myordersNl.lookup.submit }).click();
  await expect(page.getByText(myordersNl.lookup.notFound).first()).toBeVisible();

  await page.getByRole("textbox", { name: myordersNl.lookup.number }).fill(number);
  await page.getByRole("textbox", { name: /mail/i }).fill(email.toUpperCase());
  await page.getByRole("button", { name: myordersNl.lookup.submit }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Bestelling ${number}` })).toBeVisible();
  await expect(page.getByText("Wordt verwerkt")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The two 404s are the journey's own: the missing order page and the lookup's "not found" answer.
  expect(problems.filter((p) => !p.includes("status of 404"))).toEqual([]);
});

test("the lookup form refuses a malformed number in the browser", async ({ page }) => {
  await page.goto("/en/returns/");
  await page.getByRole("textbox", { name: myordersEn.lookup.number }).fill("12ab");
  await page.getByRole("textbox", { name: /mail/i }).fill("a@example.nl");
  await page.getByRole("button", { name: myordersEn.lookup.submit }).click();
  await expect(page.getByRole("textbox", { name: myordersEn.lookup.number })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
});
