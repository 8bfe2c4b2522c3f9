import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import enForms from "../../app/locales/en/forms.json" with { type: "json" };
import en from "../../app/locales/en/payments.json" with { type: "json" };
import nlForms from "../../app/locales/nl/forms.json" with { type: "json" };
import nl from "../../app/locales/nl/payments.json" with { type: "json" };
import { collectConsoleProblems, dismissConsent, expectNoSeriousA11yViolations } from "./support";

test.beforeEach(async ({ context, baseURL }) => {
  await dismissConsent(context, baseURL!);
});

let staff: APIRequestContext;

/**
 * Customer service creates a payment link through the API (signed in once as the demo admin: sign-ins are
 * throttled), as the checkout does through the domain: a real payment row and a real sandbox payment.
 */
test.beforeAll(async ({ playwright, baseURL }) => {
  staff = await playwright.request.newContext({ baseURL });
  const signIn = await staff.post("/api/v1/account/login", {
    data: { email: "admin@loomandlabel.test", password: "demo-admin-2026" },
    headers: { origin: baseURL! },
  });
  expect(signIn.ok()).toBe(true);
});
test.afterAll(() => staff.dispose());

async function paymentLink(payment: {
  method: string;
  locale: string;
  amountCents: number;
  returnUrl: string;
}) {
  const reference = String(100_000_000 + Math.floor(Math.random() * 899_999_999));
  const created = await staff.post("/api/v1/payments", {
    data: { purpose: "order", reference, description: `Order ${reference}`, ...payment },
    headers: { "idempotency-key": `e2e-${reference}` },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { paymentId: string; checkoutUrl: string };
}

async function statusOf(request: APIRequestContext, paymentId: string) {
  const response = await request.get(`/api/v1/payments/${paymentId}`);
  return ((await response.json()) as { status: string }).status;
}

const hydrated = (page: Page) => expect(page.locator("form[data-hydrated]").first()).toBeAttached();

test("a shopper pays with iDEAL on the sandbox page after choosing a bank, and returns to the shop", async ({
  page,
  request,
}) => {
  const problems = collectConsoleProblems(page);
  const { paymentId, checkoutUrl } = await paymentLink({
    method: "ideal",
    locale: "nl",
    amountCents: 5_995,
    returnUrl: "/nl/?betaald=1",
  });

  await page.goto(checkoutUrl);
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await expect(page.getByText(nl.sandbox.banner)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("59,95");
  await hydrated(page);
  await expectNoSeriousA11yViolations(page);

  const pay = page.getByRole("button", { name: /Betaal/ });
  await pay.click();
  // No bank chosen: the page says so and nothing is paid.
  await expect(page.getByText(nlForms.validation.required)).toBeVisible();
  expect(page.url()).toBe(checkoutUrl);

  await page.getByRole("radio", { name: "ING" }).check();
  await pay.click();
  await page.waitForURL(/\/nl\/\?betaald=1$/);
  expect(await statusOf(request, paymentId)).toBe("paid");

  // The hosted page now only leads back to the shop.
  await page.goto(checkoutUrl);
  await expect(page.getByRole("status").filter({ hasText: nl.sandbox.done.paid })).toBeVisible();
  expect(problems).toEqual([]);
});

test("the card form refuses bad card data in the browser and on the server, then pays", async ({
  page,
  browser,
  request,
}) => {
  const { paymentId, checkoutUrl } = await paymentLink({
    method: "card",
    locale: "en",
    amountCents: 12_50,
    returnUrl: "/en/?paid=card",
  });
  await page.goto(checkoutUrl);
  await hydrated(page);
  const pay = page.getByRole("button", { name: "Pay €12.50" });

  await pay.click();
  await expect(page.getByLabel(en.sandbox.card.holder)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(enForms.validation.required).first()).toBeVisible();

  await page.getByLabel(en.sandbox.card.holder).fill("A");
  await page.getByLabel(en.sandbox.card.number).fill("4111 1111 1111 1112");
  await page.getByLabel(en.sandbox.card.month).fill("13");
  await page.getByLabel(en.sandbox.card.year).fill("2019");
  await page.getByLabel(en.sandbox.card.cvc).fill("12");
  await pay.click();
  await expect(page.getByText(enForms.validation.cardHolder).first()).toBeVisible();
  await expect(page.getByText(enForms.validation.cardNumber).first()).toBeVisible();
  await expect(page.getByText(enForms.validation.cardMonth).first()).toBeVisible();
  await expect(page.getByText(enForms.validation.cardExpired).first()).toBeVisible();
  await expect(page.getByText(enForms.validation.cvc).first()).toBeVisible();
  expect(await statusOf(request, paymentId)).toBe("open");

  // The server checks the same rules when the browser does not (no JavaScript).
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto(checkoutUrl);
  await noScript.getByLabel(en.sandbox.card.holder).fill("Anna de Vries");
  await noScript.getByLabel(en.sandbox.card.number).fill("4111111111111112");
  await noScript.getByLabel(en.sandbox.card.month).fill("12");
  await noScript.getByLabel(en.sandbox.card.year).fill(String(new Date().getFullYear() + 2));
  await noScript.getByLabel(en.sandbox.card.cvc).fill("123");
  await noScript.getByRole("button", { name: "Pay €12.50" }).click();
  await expect(noScript.getByText(enForms.validation.cardNumber).first()).toBeVisible();
  await expect(noScript.getByLabel(en.sandbox.card.number)).toHaveValue("");
  await plain.close();
  expect(await statusOf(request, paymentId)).toBe("open");

  await page.getByLabel(en.sandbox.card.holder).fill("Anna de Vries");
  await page.getByLabel(en.sandbox.card.number).fill("4111 1111 1111 1111");
  await page.getByLabel(en.sandbox.card.month).fill("12");
  await page.getByLabel(en.sandbox.card.year).fill(String(new Date().getFullYear() + 2));
  await page.getByLabel(en.sandbox.card.cvc).fill("123");
  await pay.click();
  await page.waitForURL(/\/en\/\?paid=card$/);
  expect(await statusOf(request, paymentId)).toBe("paid");
});

test("a declined payment goes back to the shop and stays failed", async ({ page, request }) => {
  const { paymentId, checkoutUrl } = await paymentLink({
    method: "bancontact",
    locale: "en",
    amountCents: 4_000,
    returnUrl: "/en/?paid=no",
  });
  await page.goto(checkoutUrl);
  await expect(page.getByRole("img", { name: /QR code to pay €40.00 with Bancontact/ })).toBeVisible();
  await page.getByRole("button", { name: en.sandbox.outcome.decline }).click();
  await page.waitForURL(/\/en\/\?paid=no$/);
  expect(await statusOf(request, paymentId)).toBe("failed");
});

test("Apple Pay is not offered in a browser without it; the shopper goes back to choose another method", async ({
  page,
  request,
}) => {
  const { paymentId, checkoutUrl } = await paymentLink({
    method: "applepay",
    locale: "en",
    amountCents: 2_000,
    returnUrl: "/en/?paid=applepay",
  });
  await page.goto(checkoutUrl);
  await expect(page.getByText(en.sandbox.applepay.unsupported)).toBeVisible();
  await expect(page.getByRole("button", { name: en.sandbox.applepay.pay })).toHaveCount(0);
  await page.getByRole("button", { name: en.sandbox.applepay.otherMethod }).click();
  await page.waitForURL(/\/en\/\?paid=applepay$/);
  expect(await statusOf(request, paymentId)).toBe("canceled");
});
