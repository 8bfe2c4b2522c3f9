import { expect, type Page, test } from "@playwright/test";
import enCommon from "../../app/locales/en/common.json" with { type: "json" };
import en from "../../app/locales/en/service.json" with { type: "json" };
import esCommon from "../../app/locales/es/common.json" with { type: "json" };
import es from "../../app/locales/es/service.json" with { type: "json" };
import frCommon from "../../app/locales/fr/common.json" with { type: "json" };
import fr from "../../app/locales/fr/service.json" with { type: "json" };
import nlCommon from "../../app/locales/nl/common.json" with { type: "json" };
import nl from "../../app/locales/nl/service.json" with { type: "json" };
import { waitForMail } from "./outbox";
import { collectConsoleProblems, dismissConsent, expectNoSeriousA11yViolations } from "./support";

const messages = { en, nl, fr, es };
const common = { en: enCommon, nl: nlCommon, fr: frCommon, es: esCommon };

/** Waits until the ALTCHA widget has solved its proof of work (the form's hidden `captcha` is filled). */
async function captchaSolved(page: Page) {
  await expect(page.locator('input[name="captcha"]')).toHaveValue(/.+/, { timeout: 20_000 });
}

test.beforeEach(async ({ context, baseURL }) => {
  await dismissConsent(context, baseURL!);
});

for (const [locale, t] of Object.entries(messages) as [keyof typeof messages, typeof en][]) {
  test(`customer service, delivery and chat pages answer in ${locale}, from the footer, without serious axe findings`, async ({
    page,
  }) => {
    const problems = collectConsoleProblems(page);
    const footer = common[locale].footer;
    const fromFooter = async (name: string) => {
      await page.goto(`/${locale}/`);
      await page.getByRole("contentinfo").getByRole("link", { name, exact: true }).click();
      await page.waitForURL((url) => url.pathname !== `/${locale}/`);
    };

    await fromFooter(footer.customerService);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.customerService.title);
    await expect(page.getByRole("heading", { name: t.faq.delivery[0]!.q })).toHaveCount(0);
    await expect(page.getByText(t.faq.delivery[0]!.q)).toBeVisible();
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    );
    expect(jsonLd["@type"]).toBe("FAQPage");
    expect(jsonLd.mainEntity[0].name).toBe(t.faq.order[0]!.q);
    await expectNoSeriousA11yViolations(page);

    await fromFooter(footer.deliveries);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.deliveries.title);
    await expectNoSeriousA11yViolations(page);

    await fromFooter(footer.app);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.chat.title);
    await expect(page.getByRole("button", { name: t.chat.submit })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(problems).toEqual([]);
  });
}

test("the FAQ search narrows the questions and says when nothing matches", async ({ page }) => {
  await page.goto("/fr/service-clientele/");
  await page.getByRole("searchbox", { name: fr.customerService.searchLabel }).fill("colis suivre");
  await page.getByRole("button", { name: fr.customerService.searchSubmit }).click();
  await expect(page).toHaveURL(/\?q=colis\+suivre/);
  const faq = page.locator("#faq");
  await expect(faq.getByRole("status")).toContainText("1 question");
  await expect(page.getByText(fr.faq.delivery[2]!.a)).toBeVisible();
  await expect(page.getByText(fr.faq.order[0]!.q)).toHaveCount(0);
  await page.getByRole("searchbox", { name: fr.customerService.searchLabel }).fill("zèbre");
  await page.getByRole("button", { name: fr.customerService.searchSubmit }).click();
  await expect(faq.getByRole("status")).toContainText("Aucune question");
});

test("the delivery page shows the carriers, costs and free-shipping thresholds checkout uses", async ({
  page,
}) => {
  await page.goto("/nl/bezorgingen/");
  const nlSection = page.getByRole("region", { name: "Bezorging in Nederland" });
  await expect(nlSection.getByRole("row", { name: /Afhaalpunt.*PostNL.*3,95/ })).toBeVisible();
  await expect(nlSection).toContainText("Gratis bezorging vanaf € 50,00");
  await expect(page.getByText(/Bestel vóór 23:00/)).toBeVisible();
  const spain = page.getByRole("region", { name: "Bezorging in Spanje" });
  await expect(spain).toContainText("Correos Express");
  await expect(spain).toContainText("€ 75,00");
});

test("a shopper sends a contact form and gets the reference on the page and by e-mail", async ({ page }) => {
  const email = `contact-${Date.now()}@example.com`;
  await page.goto("/en/customer-service/");
  const form = page.locator("#contact");
  await form.getByRole("button", { name: en.contact.submit }).click();
  await expect(form.getByRole("combobox", { name: en.contact.topic })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await form.getByRole("combobox", { name: en.contact.topic }).selectOption({ label: en.topics.delivery });
  await form.getByRole("textbox", { name: en.contact.name }).fill("Anna Jansen");
  await form.getByRole("textbox", { name: en.contact.email }).fill(email);
  await form.getByRole("textbox", { name: en.contact.message }).fill("My parcel has not arrived yet.");
  await captchaSolved(page);
  await form.getByRole("button", { name: en.contact.submit }).click();
  await expect(page.getByRole("status").filter({ hasText: en.contact.sentTitle })).toBeVisible();
  const reference = await page
    .getByRole("status")
    .filter({ hasText: /CS-\d{6}/ })
    .textContent();
  const [number] = /CS-\d{6}/.exec(reference ?? "")!;
  await waitForMail(email, new RegExp(`We received your message \\(${number}\\)`));
});

test("the chat page's start chat opens a conversation answered by e-mail", async ({ page }) => {
  const email = `chat-${Date.now()}@example.com`;
  await page.goto("/nl/chat-app/");
  await page.getByRole("combobox", { name: nl.contact.topic }).selectOption({ label: nl.topics.order });
  await page.getByRole("textbox", { name: nl.contact.name }).fill("Bram");
  await page.getByRole("textbox", { name: /E-mailadres/ }).fill(email);
  await page.getByRole("textbox", { name: nl.contact.message }).fill("Kan ik mijn bestelling nog wijzigen?");
  await captchaSolved(page);
  await page.getByRole("button", { name: nl.chat.submit }).click();
  await expect(page.getByRole("status").filter({ hasText: nl.contact.sentTitle })).toBeVisible();
  await waitForMail(email, /We hebben je bericht ontvangen \(CS-\d{6}\)/);
});

test("the seeded campaign is live in two locales with its countdown and picks; the scheduled one is not yet", async ({
  page,
}) => {
  const problems = collectConsoleProblems(page);
  await page.goto("/nl/campagnes/");
  await page.getByRole("link", { name: "De winter-edit" }).click();
  await expect(page).toHaveURL(/\/nl\/campagnes\/winter-edit\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("De winter-edit");
  await expect(page.getByRole("region", { name: "De edit eindigt over" })).toContainText(/\d+ dagen/);
  await expect(
    page.getByRole("region", { name: "Onze favorieten" }).getByRole("article").first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The language switch leads to the campaign's own slug in French.
  await page.locator('a[hreflang="fr"]').first().click();
  await expect(page).toHaveURL(/\/fr\/campagnes\/selection-hiver\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("La sélection d’hiver");
  await page.goto("/en/campaigns/");
  await expect(page.getByRole("link", { name: "Spring preview" })).toHaveCount(0);
  expect(problems).toEqual([]);
  // Scheduled a month ahead: not found yet (the browser logs that 404, so after the console check).
  expect((await page.goto("/en/campaigns/spring-preview/"))?.status()).toBe(404);
});

test("a content page renders its blocks with its own slug per locale", async ({ page }) => {
  await page.goto("/fr/content/a-propos/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("À propos de Loom & Label");
  await expect(page.getByRole("region", { name: "Par rayon" }).getByRole("link").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect((await page.goto("/fr/content/about-us/"))?.status()).toBe(404);
});

test("the in-app views show campaigns, content and the contact form in the app layout", async ({ page }) => {
  await page.goto("/en/app/campaigns/");
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await page.getByRole("link", { name: "The winter edit" }).click();
  await expect(page).toHaveURL(/\/en\/app\/campaigns\/winter-edit\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The winter edit");
  await page.goto("/en/app/content/about-us/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Loom & Label");
  await page.goto("/en/app/contact/returns/");
  await expect(page.getByRole("combobox", { name: en.contact.topic })).toHaveValue("returns");
  await expectNoSeriousA11yViolations(page);
});

test("support answers a contact form by e-mail from the back office", async ({ page }) => {
  const email = `answer-${Date.now()}@example.com`;
  await page.goto("/fr/service-clientele/");
  const form = page.locator("#contact");
  await form.getByRole("combobox", { name: fr.contact.topic }).selectOption({ label: fr.topics.returns });
  await form.getByRole("textbox", { name: fr.contact.name }).fill("Chloé");
  await form.getByRole("textbox", { name: fr.contact.email }).fill(email);
  await form.getByRole("textbox", { name: fr.contact.message }).fill("Puis-je échanger une taille ?");
  await captchaSolved(page);
  await form.getByRole("button", { name: fr.contact.submit }).click();
  const status = page.getByRole("status").filter({ hasText: /CS-\d{6}/ });
  const [reference] = /CS-\d{6}/.exec((await status.textContent()) ?? "")!;

  await page.goto("/admin/tickets/");
  await expect(page).toHaveURL(/\/en\/login\/\?redirect=/);
  await page.getByLabel("Email address").fill("support@loomandlabel.test");
  await page.locator('input[name="password"]').fill("demo-support-2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByRole("link", { name: reference }).click();
  await expect(page.getByText("Puis-je échanger une taille ?")).toBeVisible();
  await page.getByLabel("Your answer").fill("Oui, choisissez Échange sur la page de retour.");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reply sent by e-mail." })).toBeVisible();
  await waitForMail(email, new RegExp(`Re : votre question \\(${reference}\\)`));
});
