import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import enCart from "../../app/locales/en/cart.json" with { type: "json" };
import enCheckout from "../../app/locales/en/checkout.json" with { type: "json" };
import enForms from "../../app/locales/en/forms.json" with { type: "json" };
import enGiftcard from "../../app/locales/en/giftcard.json" with { type: "json" };
import enOrders from "../../app/locales/en/orders.json" with { type: "json" };
import enProduct from "../../app/locales/en/product.json" with { type: "json" };
import esGiftcard from "../../app/locales/es/giftcard.json" with { type: "json" };
import frGiftcard from "../../app/locales/fr/giftcard.json" with { type: "json" };
import nlForms from "../../app/locales/nl/forms.json" with { type: "json" };
import nlGiftcard from "../../app/locales/nl/giftcard.json" with { type: "json" };
import { demoGiftCard } from "../../app/seed/demo-gift-card";
import { registerByApi } from "./accounts";
import { waitForMail } from "./outbox";
import { collectConsoleProblems, dismissConsent, expectNoSeriousA11yViolations } from "./support";

test.beforeEach(async ({ context, baseURL }) => {
  await dismissConsent(context, baseURL!);
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A control by the start of its label (required labels end in a `*`). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escapeRegExp(label)}\\*?$`));

/** Waits until the ALTCHA widget has solved its proof of work (the form's hidden `captcha` is filled). */
async function captchaSolved(page: Page) {
  await expect(page.locator('input[name="captcha"]')).toHaveValue(/.+/, { timeout: 20_000 });
}

test("the balance checker answers in all four locales", async ({ page }) => {
  for (const [prefix, giftcard] of [
    ["/en", enGiftcard],
    ["/nl", nlGiftcard],
    ["/fr", frGiftcard],
    ["/es", esGiftcard],
  ] as const) {
    const response = await page.goto(`${prefix}/saldo-checker/`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(giftcard.saldo.title);
  }
});

test("the balance checker: the demo card's balance, and one answer for any miss", async ({ page }) => {
  test.setTimeout(90_000);
  const problems = collectConsoleProblems(page);
  const g = nlGiftcard;
  const f = nlForms;
  await page.goto("/nl/saldo-checker/");

  // Bad input gets the translated SPEC §5 message and asks the server nothing.
  await field(page, f.labels.giftCardCode).fill("1234 5678");
  await field(page, f.labels.giftCardPin).fill("12");
  await page.getByRole("button", { name: g.saldo.submit }).click();
  await expect(
    page.getByText(f.validation.giftCardCode_other.replace("{{count}}", "19")).first(),
  ).toBeVisible();
  await expect(
    page.getByText(f.validation.giftCardPin_other.replace("{{count}}", "6")).first(),
  ).toBeVisible();

  // A wrong PIN: the same answer as for a card that does not exist.
  await field(page, f.labels.giftCardCode).fill(demoGiftCard.number);
  await field(page, f.labels.giftCardPin).fill(demoGiftCard.pin === "111111" ? "222222" : "111111");
  await captchaSolved(page);
  await page.getByRole("button", { name: g.saldo.submit }).click();
  await expect(page.getByText(g.errors.notRecognised).first()).toBeVisible();

  await field(page, f.labels.giftCardCode).fill(demoGiftCard.number.replace(/(\d{4})/g, "$1 "));
  await field(page, f.labels.giftCardPin).fill(demoGiftCard.pin);
  await captchaSolved(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: g.saldo.submit }).click();
  const result = page.getByTestId("saldo-result");
  await expect(result.getByRole("heading")).toHaveText(
    g.saldo.result.replace("{{last4}}", demoGiftCard.number.slice(-4)),
  );
  await expect(page.getByTestId("saldo-balance")).toHaveText(/€\s?100,00/);
  await expect(page.getByTestId("saldo-valid-until")).toHaveText(/20\d\d/);
  // The full number is never written back into the page.
  expect(await page.content()).not.toContain(demoGiftCard.number);
  await expectNoSeriousA11yViolations(page);
  // The refused checks answer 400 on purpose (the form's reply): no other problem.
  expect(problems.filter((problem) => !problem.includes("status of 400"))).toEqual([]);
});

test("the balance checker works without JavaScript up to the captcha, which it asks for", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/en/saldo-checker/");
  await field(page, enForms.labels.giftCardCode).fill(demoGiftCard.number);
  await field(page, enForms.labels.giftCardPin).fill(demoGiftCard.pin);
  await page.getByRole("button", { name: enGiftcard.saldo.submit }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(enGiftcard.saldo.title);
  await expect(page.getByTestId("saldo-result")).toHaveCount(0);
  await context.close();
});

test("the gift card page: a live preview, and the translated messages for a card filled in wrongly", async ({
  page,
}) => {
  const g = enGiftcard;
  const f = enForms;
  for (const [prefix, giftcard] of [
    ["/nl", nlGiftcard],
    ["/fr", frGiftcard],
    ["/es", esGiftcard],
  ] as const) {
    expect((await page.goto(`${prefix}/giftcard/`))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(giftcard.buy.title);
  }
  await page.goto("/en/giftcard/");
  await expect(page.locator("form#giftcard[data-hydrated]")).toBeVisible();
  const preview = page.getByTestId("giftcard-preview");
  await page.getByRole("button", { name: "€75.00" }).click();
  await expect(page.getByTestId("giftcard-preview-amount")).toHaveText("€75.00");
  await field(page, g.buy.to).fill("Noor");
  await field(page, g.buy.from).fill("Sanne");
  await expect(preview).toContainText("To: Noor");
  await expect(preview).toContainText("From: Sanne");

  await field(page, g.buy.amount).fill("501");
  await field(page, g.buy.message).fill("x".repeat(301));
  await field(page, g.buy.recipientEmail).fill("");
  await page.getByRole("button", { name: g.buy.submit }).click();
  await expect(
    page.getByText(f.validation.giftCardAmount.replace("{{min}}", "10").replace("{{max}}", "500")).first(),
  ).toBeVisible();
  await expect(page.getByText(f.validation.required).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A physical card needs no e-mail address or date.
  await page.getByLabel(g.buy.kinds.physical).check();
  await expect(field(page, g.buy.recipientEmail)).toHaveCount(0);
});

// ── The journeys of issue 15: buy, send, check, spend, refund ───────────────────────────────────────

// Whole purchases through several pages and a job that runs every minute: room on a busy machine.
const staff = { support: { email: "support@loomandlabel.test", password: "demo-support-2026" } };

/** A day on the shop's clock (Europe/Amsterdam), `offset` days from today, as YYYY-MM-DD. */
function shopDay(offset = 0): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(
    new Date(Date.now() + offset * 24 * 3600 * 1000),
  );
}

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.nl`;

interface ApiProduct {
  slug: string;
  orderState: string;
  appOnly: boolean;
  variants: { id: number; size: string; stock: number }[];
}

/** An orderable web product with a size of 3–20 units; `skip` gives each journey its own product. */
async function productToBuy(request: APIRequestContext, skip: number) {
  const html = await (await request.get("/en/category/")).text();
  const slugs = [...new Set([...html.matchAll(/href="\/en\/([a-z0-9-]+)\/"/g)].map((m) => m[1]!))];
  let skipped = 0;
  for (const slug of slugs) {
    const response = await request.get(`/api/v1/products/${slug}?locale=en`);
    if (!response.ok()) continue;
    const product = (await response.json()) as ApiProduct;
    const size = product.variants.find((v) => v.stock >= 3 && v.stock <= 20);
    if (product.orderState !== "orderable" || product.appOnly || !size) continue;
    if (skipped++ < skip) continue;
    return { product, size };
  }
  throw new Error("no product fits");
}

/** The product page's add to bag, the bag fly-in, on to the checkout (English). */
async function productToCheckout(page: Page, request: APIRequestContext, skip: number) {
  const { product, size } = await productToBuy(request, skip);
  await page.goto(`/en/${product.slug}/`);
  await expect(page.locator("html")).toHaveAttribute("data-consent", /analytics/);
  await page.getByRole("radio", { name: new RegExp(`^${size.size}\\b`) }).check({ force: true });
  await page.getByRole("button", { name: enProduct.bag.add }).click();
  await page
    .getByRole("dialog", { name: enCart.flyInTitle })
    .getByRole("link", { name: enCart.summary.toCheckout })
    .click();
  await checkoutReady(page);
}

async function checkoutReady(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: enCheckout.title })).toBeVisible();
  await expect(page.locator("form#checkout[data-hydrated]")).toBeAttached();
}

/** The buyer's details: a Dutch address found by the postcode lookup (a guest also gives the e-mail). */
async function fillInAddress(page: Page, email?: string) {
  const t = enCheckout;
  if (email) await page.locator("#main").getByRole("textbox", { name: /mail/i }).fill(email);
  await page.getByRole("textbox", { name: t.address.firstName, exact: true }).fill("Sanne");
  await page.getByRole("textbox", { name: t.address.lastName, exact: true }).fill("de Vries");
  await page.locator("#checkout-postalCode").fill("1012 JS");
  await page.locator("#checkout-houseNumber").fill("12");
  await page.getByRole("button", { name: t.address.lookup }).click();
  await expect(page.getByRole("textbox", { name: t.address.street, exact: true })).toHaveValue("Dam");
}

/** Number + PIN at checkout; the card is listed with what it pays. */
async function payWithCard(page: Page, card: { number: string; pin: string }) {
  await page.getByRole("textbox", { name: enCheckout.giftCards.number }).fill(card.number);
  await page.getByRole("textbox", { name: enCheckout.giftCards.pin, exact: true }).fill(card.pin);
  await page.getByRole("button", { name: enCheckout.giftCards.submit }).click();
  await expect(
    page.getByText(enCheckout.giftCards.added.replace("{{last4}}", card.number.slice(-4))),
  ).toBeVisible();
  await expect(page.locator(`[data-gift-card="${card.number.slice(-4)}"]`)).toBeVisible();
}

async function approveIdeal(page: Page) {
  await page.waitForURL(/\/sandbox-pay\//);
  await page.getByRole("radio", { name: "ING" }).check();
  await page.locator("button[value=approve]").click();
  await page.waitForURL(/\/en\/order-confirmation\/\?order=\d{9}&key=/);
  await expect(page.getByRole("heading", { level: 1, name: enOrders.confirmation.title })).toBeVisible();
  return (await page.getByTestId("order-number").textContent())!.trim();
}

/** The number and PIN in the gift card e-mail to `address` (sent by a job: give it a few minutes). */
async function cardFromMail(address: string, timeout = 20_000) {
  let found: { number: string; pin: string } | null = null;
  await expect
    .poll(
      async () => {
        try {
          const [, number, pin] = await waitForMail(
            address,
            /(\d{4} \d{4} \d{4} \d{4} \d{3})[\s\S]*?PIN(?:<!-- -->)?:\s*(?:<[^>]+>\s*)?(\d{6})/,
          );
          found = { number: number!.replace(/ /g, ""), pin: pin! };
          return true;
        } catch {
          return false;
        }
      },
      { timeout, intervals: [5_000] },
    )
    .toBe(true);
  return found! as { number: string; pin: string };
}

/** Signs a member of staff in through the shop's login page, where the back office sends visitors. */
async function staffPage(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ baseURL });
  await dismissConsent(context, baseURL);
  const page = await context.newPage();
  await page.goto(path);
  await expect(page).toHaveURL(/\/en\/login\/\?redirect=/);
  await page.getByLabel("Email address").fill(staff.support.email);
  await page.locator('input[name="password"]').fill(staff.support.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, "\\$&")}$`));
  return { page, close: () => context.close() };
}

const euros = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);

test("a guest buys an e-gift card with iDEAL, moves it to today, it is e-mailed by the job, checked, spent with iDEAL, and a staff refund puts it back", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const g = enGiftcard;
  const buyer = unique("buyer");
  const first = unique("rosa");
  const recipient = unique("noor");

  // 1. Buy a €10 e-gift card for tomorrow, in the bag, paid with iDEAL.
  await page.goto("/en/giftcard/");
  await expect(page.locator("form#giftcard[data-hydrated]")).toBeVisible();
  await field(page, g.buy.amount).fill("10");
  await field(page, g.buy.to).fill("Noor");
  await field(page, g.buy.from).fill("Sanne");
  await field(page, g.buy.message).fill("Happy birthday!");
  await field(page, g.buy.recipientEmail).fill(first);
  await field(page, g.buy.dispatchDate).fill(shopDay(1));
  await page.getByRole("button", { name: g.buy.submit }).click();
  await page.waitForURL(/\/en\/cart\/$/);
  await expect(page.getByRole("main")).toContainText("€10.00");
  await page.getByRole("link", { name: enCart.summary.toCheckout }).click();
  await checkoutReady(page);
  await fillInAddress(page, buyer);
  await page.getByRole("radio", { name: /^iDEAL/ }).check();
  await page.getByRole("button", { name: enCheckout.placeOrder }).click();
  const bought = await approveIdeal(page);
  // The buyer's receipt, with the way to change the card.
  await waitForMail(buyer, new RegExp(`Subject: Your gift cards for order ${bought}`));

  // 2. On the order page, the buyer sends it to another address, today.
  const cards = page.getByTestId("order-gift-cards");
  await expect(cards).toContainText(g.change.pending);
  const change = cards.getByRole("form", { name: g.change.title });
  await change.getByRole("textbox", { name: g.buy.recipientEmail }).fill(recipient);
  // A day in the past is refused with the translated message, and changes nothing.
  await change.getByLabel(g.buy.dispatchDate).fill(shopDay(-2));
  await change.getByRole("button", { name: g.change.submit }).click();
  await expect(
    change.getByText(/Choose a date on or after|Choose today or a later date/).first(),
  ).toBeVisible();
  await change.getByLabel(g.buy.dispatchDate).fill(shopDay(0));
  await change.getByRole("button", { name: g.change.submit }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Saved. The card goes to ${recipient}` }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // 3. The dispatch job (every minute) e-mails the card to the new address, once, with number and PIN.
  const card = await cardFromMail(recipient, 180_000);
  expect(card.number).toMatch(/^\d{19}$/);
  await waitForMail(recipient, /Subject: Sanne sent you a Loom/);
  await page.reload();
  await expect(cards).toContainText("Sent on");
  await expect(cards.getByRole("form")).toHaveCount(0);

  // 4. Its balance on /saldo-checker/.
  await page.goto("/en/saldo-checker/");
  await field(page, enForms.labels.giftCardCode).fill(card.number);
  await field(page, enForms.labels.giftCardPin).fill(card.pin);
  await captchaSolved(page);
  await page.getByRole("button", { name: g.saldo.submit }).click();
  await expect(page.getByTestId("saldo-balance")).toHaveText("€10.00");

  // 5. An order paid with the card and iDEAL for the rest. A wrong PIN first: the one answer, nothing added.
  await productToCheckout(page, request, 6);
  await page.getByRole("textbox", { name: enCheckout.giftCards.number }).fill(card.number);
  await page
    .getByRole("textbox", { name: enCheckout.giftCards.pin, exact: true })
    .fill(card.pin === "000000" ? "000001" : "000000");
  await page.getByRole("button", { name: enCheckout.giftCards.submit }).click();
  await expect(page.getByText(g.errors.notRecognised).first()).toBeVisible();
  await expect(page.locator(`[data-gift-card="${card.number.slice(-4)}"]`)).toHaveCount(0);
  await payWithCard(page, card);
  const summary = page.getByRole("complementary");
  await expect(summary).toContainText(enOrders.totals.giftCard);
  await expect(summary).toContainText(enOrders.totals.amountDue);
  await fillInAddress(page, recipient);
  await page.getByRole("radio", { name: /^iDEAL/ }).check();
  await page.getByRole("button", { name: enCheckout.placeOrder }).click();
  const spent = await approveIdeal(page);

  // 6. Support refunds that order in full: the provider's share, and the card's €10 back on the card.
  const desk = await staffPage(browser, baseURL!, "/admin/orders/");
  await desk.page.goto(`/admin/orders/${spent}/`);
  await expect(desk.page.getByRole("heading", { level: 1 })).toHaveText(`Order ${spent}`);
  await desk.page.getByLabel("Reason (internal)").fill("Changed their mind");
  await desk.page.getByRole("button", { name: "Refund", exact: true }).click();
  // The order's history says where the money went: the payment's share and the card's.
  await expect(
    desk.page.getByText(
      new RegExp(
        `Refunded €[\\d.]+ \\(€[\\d.]+ to the payment, €10\\.00 to gift card …${card.number.slice(-4)}\\)`,
      ),
    ),
  ).toBeVisible();
  await desk.page.goto(`/admin/gift-cards/?q=${card.number.slice(-4)}`);
  await desk.page
    .getByRole("link", { name: `…${card.number.slice(-4)}` })
    .first()
    .click();
  await expect(desk.page.getByRole("heading", { level: 1 })).toHaveText(
    `Gift card …${card.number.slice(-4)}`,
  );
  await expect(desk.page.getByText(`refund · ${spent}`)).toBeVisible();
  await expect(desk.page.getByText(/available €10\.00/)).toBeVisible();
  await desk.close();
});

test("a customer pays an order entirely with a goodwill gift card and wallet credit from support: no payment page", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const email = unique("wanda");
  const password = "wallet-journey-2026";
  await registerByApi(request, { email, password, firstName: "Wanda", lastName: "Wallet", locale: "en" });

  // Support gives the customer €15 of goodwill credit on the customer page (audited).
  const desk = await staffPage(browser, baseURL!, "/admin/customers/");
  await desk.page.getByLabel("Search customers").fill(email);
  await desk.page.getByRole("button", { name: "Search" }).click();
  await desk.page.getByRole("link", { name: "Wanda Wallet" }).click();
  await desk.page.getByLabel("Amount (€)").fill("15");
  await desk.page.getByLabel("Reason (the customer sees it)").fill("Sorry for the late parcel");
  await desk.page.getByRole("button", { name: "Add goodwill credit" }).click();
  const walletPanel = desk.page.getByRole("region", { name: "Wallet credit" });
  await expect(walletPanel.getByText("Balance €15.00")).toBeVisible();
  await expect(walletPanel.getByText(/goodwill · Sorry for the late parcel · €15\.00/)).toBeVisible();
  await expect(desk.page.getByText("Goodwill wallet credit €15.00: Sorry for the late parcel")).toBeVisible();

  // The customer signs in and takes a product to the checkout; the order's total decides the card.
  await page.goto("/en/login/");
  await page.getByLabel("Email address").fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).not.toHaveURL(/\/login\//);
  await productToCheckout(page, request, 7);
  const totalText = await page
    .getByRole("complementary")
    .getByText(enOrders.totals.total, { exact: true })
    .first()
    .locator("xpath=following-sibling::*[1]")
    .textContent();
  const totalCents = euros(totalText ?? "");
  expect(totalCents).toBeGreaterThan(20_00);
  // A card for all but about €10: the wallet pays the rest.
  const cardEuros = Math.ceil((totalCents - 10_00) / 100);

  // Support issues a goodwill gift card, e-mailed to the customer with its number and PIN.
  await desk.page.goto("/admin/gift-cards/");
  await desk.page.getByLabel("Amount (€)").fill(String(cardEuros));
  await desk.page.getByLabel("Recipient e-mail").fill(email);
  await desk.page.getByLabel("Recipient name").fill("Wanda");
  await desk.page.getByLabel("Reason").fill("Goodwill for the late parcel");
  await desk.page.getByRole("button", { name: "Issue and e-mail" }).click();
  await desk.close();
  const card = await cardFromMail(email);

  // Card first, then the wallet: nothing is left to pay, so there is no payment step.
  await payWithCard(page, card);
  await page.getByRole("checkbox", { name: new RegExp(enCheckout.giftCards.wallet) }).check();
  await expect(page.getByTestId("paid-in-full")).toBeVisible();
  await expect(page.getByRole("radio", { name: /^iDEAL/ })).toHaveCount(0);
  const summary = page.getByRole("complementary");
  await expect(summary).toContainText(enOrders.totals.giftCard);
  await expect(summary).toContainText(enOrders.totals.wallet);
  await fillInAddress(page);
  await page.getByRole("button", { name: enCheckout.placeOrder }).click();
  await page.waitForURL(/\/en\/order-confirmation\/\?order=\d{9}/);
  expect(page.url()).not.toContain("sandbox-pay");
  await expect(page.getByRole("heading", { level: 1, name: enOrders.confirmation.title })).toBeVisible();
  await expect(page.getByText(enOrders.status.processing)).toBeVisible();
  const number = (await page.getByTestId("order-number").textContent())!.trim();

  // The wallet shows the credit and what this order spent of it.
  await page.goto("/en/customer/wallet/");
  await expect(page.getByRole("main")).toContainText("Sorry for the late parcel");
  await expect(page.getByRole("main")).toContainText(number);
});
