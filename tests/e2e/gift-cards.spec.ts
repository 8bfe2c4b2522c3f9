import { expect, type Page, test } from "@playwright/test";
import enForms from "../../app/locales/en/forms.json" with { type: "json" };
import enGiftcard from "../../app/locales/en/giftcard.json" with { type: "json" };
import esGiftcard from "../../app/locales/es/giftcard.json" with { type: "json" };
import frGiftcard from "../../app/locales/fr/giftcard.json" with { type: "json" };
import nlForms from "../../app/locales/nl/forms.json" with { type: "json" };
import nlGiftcard from "../../app/locales/nl/giftcard.json" with { type: "json" };
import { demoGiftCard } from "../../app/seed/demo-gift-card";
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
  await expect(page.locator("#giftcard[data-hydrated]")).toBeVisible();
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
