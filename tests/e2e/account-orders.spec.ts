import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import myordersEn from "../../app/locales/en/myorders.json" with { type: "json" };
import ordersEn from "../../app/locales/en/orders.json" with { type: "json" };
import myordersNl from "../../app/locales/nl/myorders.json" with { type: "json" };
import { logInByApi, placePaidOrder, registerByApi } from "./accounts";
import { collectConsoleProblems, dismissConsent, expectNoSeriousA11yViolations } from "./support";

test.beforeEach(async ({ context, baseURL }) => {
  await dismissConsent(context, baseURL!);
});

/** A signed-in customer (page's context) with a paid order: registered, confirmed, signed in, bought. */
async function customerWithPaidOrder(page: Page, email: string): Promise<string> {
  const password = "orders-journey-1";
  await registerByApi(page.request, {
    email,
    password,
    firstName: "Lotte",
    lastName: "Jansen",
    locale: "en",
  });
  await logInByApi(page.request, email, password);
  return placePaidOrder(page, { email, firstName: "Lotte", lastName: "Jansen", locale: "en" });
}

test("a customer sees the order in the list, opens it, and looks it up as a guest by number and e-mail", async ({
  page,
}) => {
  test.setTimeout(90_000);
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
  await page.locator("#main").getByRole("textbox", { name: /mail/i }).fill("someone-else@example.nl");
  await page.getByRole("button", { name: myordersNl.lookup.submit }).click();
  await expect(page.getByText(myordersNl.lookup.notFound).first()).toBeVisible();

  await page.getByRole("textbox", { name: myordersNl.lookup.number }).fill(number);
  await page.locator("#main").getByRole("textbox", { name: /mail/i }).fill(email.toUpperCase());
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
  await page.locator("#main").getByRole("textbox", { name: /mail/i }).fill("a@example.nl");
  await page.getByRole("button", { name: myordersEn.lookup.submit }).click();
  await expect(page.getByRole("textbox", { name: myordersEn.lookup.number })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
});
