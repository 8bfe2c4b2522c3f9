import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import returnsEn from "../../app/locales/en/returns.json" with { type: "json" };
import { logInByApi, placePaidOrder, registerByApi } from "./accounts";
import { waitForMail } from "./outbox";
import { collectConsoleProblems, dismissConsent, expectNoSeriousA11yViolations } from "./support";

const support = { email: "support@loomandlabel.test", password: "demo-support-2026" };

test.beforeEach(async ({ context, baseURL }) => {
  await dismissConsent(context, baseURL!);
});

/** A support desk in its own browser context, signed in through the shop's login page. */
async function supportDesk(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ baseURL });
  await dismissConsent(context, baseURL);
  const desk = await context.newPage();
  await desk.goto(path);
  await desk.getByLabel("Email address").fill(support.email);
  await desk.locator('input[name="password"]').fill(support.password);
  await desk.getByRole("button", { name: "Log in" }).click();
  await expect(desk).toHaveURL(new RegExp(`${path.replace(/\//g, "\\/")}$`));
  return { desk, close: () => context.close() };
}

async function ship(desk: Page, number: string) {
  await desk.goto(`/admin/orders/${number}/`);
  await desk.getByLabel("Carrier").selectOption("PostNL");
  await desk.getByLabel("Track & trace code").fill(`3SRET${number}`);
  await desk.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(desk.getByRole("status").filter({ hasText: "Shipped" })).toBeVisible();
}

test("a customer returns one of two items by QR drop-off; staff receive and refund it; the customer sees the refund and the e-mails", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const problems = collectConsoleProblems(page);
  const email = `return-${randomBytes(4).toString("hex")}@example.nl`;
  await registerByApi(page.request, {
    email,
    password: "returns-journey-1",
    firstName: "Noor",
    lastName: "Visser",
    locale: "en",
  });
  await logInByApi(page.request, email, "returns-journey-1");
  const number = await placePaidOrder(
    page,
    { email, firstName: "Noor", lastName: "Visser", locale: "en" },
    2,
  );

  // Before it ships there is nothing to send back.
  await page.goto(`/en/customer/orders/${number}/`);
  await expect(page.getByRole("link", { name: returnsEn.returnItems })).toHaveCount(0);

  const { desk, close } = await supportDesk(browser, baseURL!, "/admin/orders/");
  await ship(desk, number);

  // The order page offers the return and the withdrawal; the form takes one of the two units.
  await page.goto(`/en/customer/orders/${number}/`);
  await expect(page.getByRole("link", { name: returnsEn.withdrawal.button })).toBeVisible();
  await page.getByRole("link", { name: returnsEn.returnItems }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `Return items from order ${number}` }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // A unit without a reason is refused in the browser.
  await page.getByLabel(returnsEn.form.quantity).selectOption("1");
  await page.getByRole("button", { name: returnsEn.form.submit }).click();
  await expect(page.getByRole("combobox", { name: returnsEn.form.reason })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await page.getByRole("combobox", { name: returnsEn.form.reason }).selectOption("too-small");
  await page.getByRole("radio", { name: returnsEn.methods["drop-off"] }).check();
  await page.getByRole("button", { name: returnsEn.form.submit }).click();

  // My returns: the new return with its QR code.
  await expect(page.getByRole("heading", { level: 1, name: returnsEn.list.title })).toBeVisible();
  const status = page.getByRole("status").filter({ hasText: /Return R\d{9} requested/ });
  await expect(status).toBeVisible();
  const returnNumber = (await status.textContent())!.match(/R\d{9}/)![0];
  await expect(page.getByRole("img", { name: `QR code of return ${returnNumber}` })).toBeVisible();
  await expect(page.getByText(returnsEn.status.requested, { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await waitForMail(email, new RegExp(`Your return ${returnNumber}`));

  // Support scans the parcel in, accepts the line and refunds it.
  await desk.goto("/admin/returns/");
  await desk.getByLabel("Return number").fill(returnNumber.toLowerCase());
  await desk.getByRole("button", { name: "Receive" }).click();
  await expect(desk.getByRole("heading", { level: 1, name: `Return ${returnNumber}` })).toBeVisible();
  await expect(desk.getByText(/Refund due by/)).toBeVisible();
  await expectNoSeriousA11yViolations(desk);
  await desk.getByRole("button", { name: "Refund" }).click();
  await expect(desk.getByRole("alert").filter({ hasText: returnsEn.errors.notInspected })).toBeVisible();
  await desk.getByRole("button", { name: "Accept" }).click();
  await expect(desk.getByRole("status").filter({ hasText: "Line accepted." })).toBeVisible();
  await desk.getByRole("button", { name: "Refund" }).click();
  await expect(desk.getByRole("status").filter({ hasText: /Refunded \d+\.\d{2} EUR/ })).toBeVisible();
  await desk.goto("/admin/returns/?status=refunded");
  await expect(desk.getByRole("link", { name: returnNumber })).toBeVisible();
  await close();

  // The customer sees the refund, and has the received and refund e-mails.
  await page.goto("/en/customer/returns/");
  const card = page.getByRole("article", { name: `Return ${returnNumber}` });
  await expect(card.getByText(returnsEn.status.refunded, { exact: true })).toBeVisible();
  await expect(card.getByText(/Refunded: €/)).toBeVisible();
  await waitForMail(email, new RegExp(`We received return ${returnNumber}`));
  await waitForMail(email, new RegExp(`Refund for return ${returnNumber}`));
  expect(problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
});

test("a guest withdraws from a whole order with the two-step button and gets the receipt with date and time", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = collectConsoleProblems(page);
  const email = `withdraw-${randomBytes(4).toString("hex")}@example.nl`;
  const number = await placePaidOrder(page, { email, firstName: "Ilse", lastName: "Bakker", locale: "en" });
  await page.context().clearCookies();
  await dismissConsent(page.context(), new URL(page.url()).origin);

  // The footer leads to the withdrawal function on every page.
  await page.goto("/en/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Withdraw from contract" }).click();
  await expect(page.getByRole("heading", { level: 1, name: returnsEn.withdrawal.title })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("textbox", { name: "Order number" }).fill(number);
  await page.locator("#main").getByRole("textbox", { name: /mail/i }).fill(email);
  await page.getByRole("button", { name: returnsEn.withdrawal.find }).click();

  // Step one: the statement, prefilled; nothing is withdrawn yet.
  await expect(page.getByRole("heading", { name: returnsEn.withdrawal.statementTitle })).toBeVisible();
  await expect(page.getByText(`Name: Ilse Bakker`)).toBeVisible();
  await expect(page.getByText(`E-mail: ${email}`)).toBeVisible();
  await expect(page.getByText(new RegExp(`goods of order ${number}`))).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Step two: the separate confirmation, then the receipt.
  await page.getByRole("button", { name: returnsEn.withdrawal.confirm }).click();
  await expect(page.getByRole("heading", { level: 1, name: returnsEn.withdrawal.doneTitle })).toBeVisible();
  await expect(page.getByText(returnsEn.withdrawal.doneBody.slice(0, 20))).toContainText(email);
  const [receipt] = await waitForMail(
    email,
    new RegExp(`received your withdrawal on [^<]*\\d{1,2}:\\d{2}[\\s\\S]*goods of order ${number}`),
  );
  expect(receipt).toBeTruthy();
  expect(problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
});

test("an exchange for another size holds the new size, and ships it once the return is received", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const problems = collectConsoleProblems(page);
  const email = `exchange-${randomBytes(4).toString("hex")}@example.nl`;
  await registerByApi(page.request, {
    email,
    password: "returns-journey-2",
    firstName: "Sanne",
    lastName: "Smit",
    locale: "en",
  });
  await logInByApi(page.request, email, "returns-journey-2");
  const number = await placePaidOrder(page, { email, firstName: "Sanne", lastName: "Smit", locale: "en" });
  const { desk, close } = await supportDesk(browser, baseURL!, "/admin/orders/");
  await ship(desk, number);

  await page.goto(`/en/customer/orders/${number}/return/`);
  await page.getByLabel(returnsEn.form.quantity).selectOption("1");
  await page.getByRole("combobox", { name: returnsEn.form.reason }).selectOption("too-small");
  await page.getByRole("radio", { name: returnsEn.methods.exchange }).check();
  const sizes = page.getByRole("combobox", { name: returnsEn.form.exchangeSize });
  const size = (await sizes.locator("option:not([disabled])").first().textContent())!.trim();
  await sizes.selectOption({ label: size });
  await page.getByRole("button", { name: returnsEn.form.submit }).click();

  const status = page.getByRole("status").filter({ hasText: /Return R\d{9} requested/ });
  await expect(status).toBeVisible();
  const returnNumber = (await status.textContent())!.match(/R\d{9}/)![0];
  const card = page.getByRole("article", { name: `Return ${returnNumber}` });
  await expect(card.getByText(returnsEn.list.exchange.held.replace("{{size}}", size))).toBeVisible();

  await desk.goto("/admin/returns/");
  await desk.getByLabel("Return number").fill(returnNumber);
  await desk.getByRole("button", { name: "Receive" }).click();
  await expect(desk.getByRole("heading", { level: 1, name: `Return ${returnNumber}` })).toBeVisible();
  await close();

  await page.goto("/en/customer/returns/");
  await expect(card.getByText(returnsEn.status.received, { exact: true })).toBeVisible();
  await expect(card.getByText(returnsEn.list.exchange.shipped.replace("{{size}}", size))).toBeVisible();
  await waitForMail(email, new RegExp(`Your new size ${size} of `));
  expect(problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
});
