import { randomBytes } from "node:crypto";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import admin from "../../app/locales/en/admin.json" with { type: "json" };
import en from "../../app/locales/en/service.json" with { type: "json" };
import { logInByApi, placePaidOrder, registerByApi } from "./accounts";
import { waitForMail } from "./outbox";
import { collectConsoleProblems, dismissConsent, expectNoSeriousA11yViolations } from "./support";

test.beforeEach(async ({ context, baseURL }) => {
  await dismissConsent(context, baseURL!);
});

async function staffLogIn(page: Page, path: string, email: string, password: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/en\/login\/\?redirect=/);
  await page.getByLabel("Email address").fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** A wall-clock time in Amsterdam as a `datetime-local` input takes it ("2026-11-27T14:05"). */
function amsterdamLocal(instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Amsterdam",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

async function shopperPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  await dismissConsent(context, baseURL);
  return context.newPage();
}

test("a merchandiser builds a campaign with a shelf and schedules it; shoppers see it at its time in two locales", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(330_000);
  const tag = randomBytes(3).toString("hex");
  const slug = `flash-${tag}`;
  await staffLogIn(page, "/admin/content/", "merch@loomandlabel.test", "demo-merch-2026");
  await page.getByRole("textbox", { name: "Internal name" }).fill(`Flash sale ${tag}`);
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Flash sale ${tag}` })).toBeVisible();

  // English first: title and slug, a shelf of the newest products with its own title.
  await page.getByRole("textbox", { name: "Title", exact: true }).first().fill("Flash sale");
  await page.getByRole("textbox", { name: "Slug (in the URL)" }).fill(slug);
  await page.getByRole("button", { name: "Start this translation" }).click();
  await expect(page.getByText("English title and slug saved.")).toBeVisible();
  await page.getByRole("combobox", { name: "New block" }).selectOption({ label: "Product shelf" });
  await page.getByRole("button", { name: "Add block" }).click();
  const shelf = page.locator("#block-1");
  await shelf.getByRole("textbox", { name: "Title", exact: true }).fill("Picked for the sale");
  await shelf.getByRole("button", { name: "Save block 1" }).click();
  await expect(page.getByText("Block saved.")).toBeVisible();
  // The preview beside the editor shows the shelf with products.
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "Picked for the sale" })).toBeVisible();
  await expect(preview.getByRole("article").first()).toBeVisible();

  // Publishing with English only is refused with the missing languages named.
  await page.getByRole("button", { name: "Publish the draft" }).click();
  await expect(
    page.getByText(admin.content.missingLocales.replace("{{locales}}", "nl, fr, es")),
  ).toBeVisible();

  // Dutch from the English blocks, with its own title; French and Spanish copied as they are.
  for (const language of ["Dutch", "French", "Spanish"]) {
    await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: language }).click();
    // The language's own page, not the previous one still on screen with its "Copied" message.
    await expect(page.getByRole("heading", { level: 2, name: `${language} text` })).toBeVisible();
    await page.getByRole("button", { name: "Copy blocks" }).click();
    await expect(page.getByText(/Copied from English/)).toBeVisible();
  }
  await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "Dutch" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Dutch text" })).toBeVisible();
  await page.getByRole("textbox", { name: "Title", exact: true }).first().fill("Flitsuitverkoop");
  await page.getByRole("button", { name: "Save title and slug" }).click();
  await expect(page.getByText("Dutch title and slug saved.")).toBeVisible();

  // Online from the minute after next (Amsterdam time), published now: visible only from then.
  const opens = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000);
  await page.getByRole("textbox", { name: "Online from" }).fill(amsterdamLocal(opens));
  await page.getByRole("button", { name: "Save schedule" }).click();
  await expect(page.getByText("Name and schedule saved.")).toBeVisible();
  await page.getByRole("button", { name: "Publish the draft" }).click();
  await expect(page.getByText(/Published as version 1/)).toBeVisible();

  const shopper = await shopperPage(browser, baseURL!);
  const problems = collectConsoleProblems(shopper);
  const request = shopper.request;
  expect((await request.get(`/en/campaigns/${slug}/`)).status()).toBe(404);
  await expect
    .poll(async () => (await request.get(`/en/campaigns/${slug}/`)).status(), {
      timeout: 150_000,
      intervals: [5_000],
    })
    .toBe(200);
  await shopper.goto(`/en/campaigns/${slug}/`);
  await expect(shopper.getByRole("heading", { level: 1 })).toHaveText("Flash sale");
  await expect(
    shopper.getByRole("region", { name: "Picked for the sale" }).getByRole("article").first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(shopper);
  // The list may still be the one a cache kept from before the campaign's time (s-maxage 10 s, then
  // stale-while-revalidate): it is there within the cache's window, not at once.
  const listed = shopper.getByRole("link", { name: "Flitsuitverkoop" });
  await expect
    .poll(
      async () => {
        await shopper.goto("/nl/campagnes/");
        return listed.count();
      },
      { timeout: 90_000, intervals: [5_000] },
    )
    .toBe(1);
  await listed.click();
  await expect(shopper).toHaveURL(new RegExp(`/nl/campagnes/${slug}-nl/$`));
  await expect(shopper.getByRole("heading", { level: 1 })).toHaveText("Flitsuitverkoop");
  expect(problems).toEqual([]);
  await shopper.context().close();
});

test("a shopper writes about an order with a photo on its subject page and support answers it", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const email = `contact-order-${randomBytes(4).toString("hex")}@example.nl`;
  await registerByApi(page.request, { email, password: "contact-order-1", locale: "en" });
  await logInByApi(page.request, email, "contact-order-1");
  const number = await placePaidOrder(page, { email, firstName: "Sem", lastName: "Tester", locale: "en" });

  await page.goto("/en/contact/order/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    en.contactPage.subjectTitle.replace("{{topic}}", en.topics.order),
  );
  const form = page.locator("#contact");
  await expect(form.getByRole("combobox", { name: en.contact.topic })).toHaveValue("order");
  await form.getByRole("textbox", { name: en.contact.name }).fill("Sem Tester");
  await form.getByRole("textbox", { name: en.contact.email }).fill(email);
  await form.getByRole("textbox", { name: en.contact.orderNumber }).fill(number);
  await form.getByRole("textbox", { name: en.contact.message }).fill("The seam of my coat came loose.");
  await form.getByLabel(en.contact.photos).setInputFiles(path.resolve("public/icons/icon-512.png"));
  await expect(page.locator('input[name="captcha"]')).toHaveValue(/.+/, { timeout: 20_000 });
  await form.getByRole("button", { name: en.contact.submit }).click();
  const status = page.getByRole("status").filter({ hasText: /CS-\d{6}/ });
  const [reference] = /CS-\d{6}/.exec((await status.textContent()) ?? "")!;
  await waitForMail(email, new RegExp(`We received your message \\(${reference}\\)`));

  const support = await shopperPage(browser, baseURL!);
  await staffLogIn(support, "/admin/tickets/", "support@loomandlabel.test", "demo-support-2026");
  await support.getByRole("link", { name: reference }).click();
  await expect(support.getByText(`order ${number}`)).toBeVisible();
  await expect(support.getByText("The seam of my coat came loose.")).toBeVisible();
  await expect(support.getByRole("img", { name: /Attachment 1 of 1/ })).toBeVisible();
  await support.getByLabel("Your answer").fill("Sorry! Send it back for free; we repair or refund it.");
  await support.getByRole("button", { name: "Send reply" }).click();
  await expect(support.getByRole("status").filter({ hasText: "Reply sent by e-mail." })).toBeVisible();
  await waitForMail(email, new RegExp(`Re: your question \\(${reference}\\)`));
  await support.context().close();
});

for (const width of [390, 1366]) {
  test(`the new pages answer without serious axe findings at ${width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    const problems = collectConsoleProblems(page);
    for (const path of [
      "/nl/",
      "/nl/contact/",
      "/fr/contact/returns/",
      "/es/campanas/",
      "/en/campaigns/winter-edit/",
      "/en/app/credit-card/",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expectNoSeriousA11yViolations(page);
    }
    expect(problems).toEqual([]);
  });
}

test("the home page's hero and shelves come from its content entry", async ({ page }) => {
  await page.goto("/fr/");
  await expect(page.getByRole("heading", { level: 2, name: "Nouveautés" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Voir toutes les nouveautés" })).toBeVisible();
});
