import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import enMarketing from "../../app/locales/en/marketing.json" with { type: "json" };
import esMarketing from "../../app/locales/es/marketing.json" with { type: "json" };
import frMarketing from "../../app/locales/fr/marketing.json" with { type: "json" };
import nlMarketing from "../../app/locales/nl/marketing.json" with { type: "json" };
import { logInByApi, placePaidOrder, registerByApi } from "./accounts";
import { waitForMail } from "./outbox";
import { collectConsoleProblems, dismissConsent, expectNoSeriousA11yViolations } from "./support";

const marketing = { en: enMarketing, nl: nlMarketing, fr: frMarketing, es: esMarketing };

test.beforeEach(async ({ context, baseURL }) => {
  await dismissConsent(context, baseURL!);
});

const uniqueEmail = (name: string, domain = "example.nl") =>
  `${name}-${randomBytes(4).toString("hex")}@${domain}`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A control by the start of its label (required labels end in a `*`). */
const field = (page: Page, label: string) =>
  page.locator("#main").getByLabel(new RegExp(`^${escapeRegExp(label)}\\*?$`));

/** A size in stock of an orderable web product, found the way a shopper would: from the category page. */
async function variantInStock(request: APIRequestContext): Promise<number> {
  const html = await (await request.get("/en/category/")).text();
  const slugs = [...new Set([...html.matchAll(/href="\/en\/([a-z0-9-]+)\/"/g)].map((m) => m[1]!))];
  for (const slug of slugs) {
    const response = await request.get(`/api/v1/products/${slug}?locale=en`);
    if (!response.ok()) continue;
    const product = (await response.json()) as {
      orderState: string;
      appOnly: boolean;
      variants: { id: number; stock: number }[];
    };
    if (product.orderState !== "orderable" || product.appOnly) continue;
    const variant = product.variants.find((v) => v.stock >= 2);
    if (variant) return variant.id;
  }
  throw new Error("no product in stock");
}

async function captchaSolved(page: Page) {
  await expect(page.locator('input[name="captcha"]')).toHaveValue(/.+/, { timeout: 20_000 });
}

test("the footer's refer-a-friend and student-discount pages answer in all four locales", async ({
  page,
}) => {
  test.setTimeout(120_000);
  for (const locale of ["en", "nl", "fr", "es"] as const) {
    for (const [path, title] of [
      ["refer-a-friend", marketing[locale].refer.title],
      ["studenten-korting", marketing[locale].student.title],
    ] as const) {
      const response = await page.goto(`/${locale}/${path}/`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    }
  }
});

test("nl: refer a friend — own address refused, then the friend receives a welcome code, registers and buys with it", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const m = marketing.nl.refer;
  const problems = collectConsoleProblems(page);
  const me = uniqueEmail("anna");
  const friend = uniqueEmail("bo");
  await page.goto("/nl/refer-a-friend/");
  // The own-address check on leaving the field runs in the browser once the form is live.
  await expect(page.locator("form#refer-a-friend[data-hydrated]")).toBeAttached();
  await field(page, m.labels.name).fill("Anna de Vries");
  await field(page, m.labels.email).fill(me);
  await field(page, m.labels.friendFirstName).fill("Bo");
  await field(page, m.labels.friendEmail).fill(me);
  await field(page, m.labels.friendEmail).blur();
  await expect(page.getByText(m.errors.ownEmail).first()).toBeVisible();

  await field(page, m.labels.friendEmail).fill(friend);
  await field(page, m.labels.message).fill("Dit is echt iets voor jou!");
  await page.getByLabel(new RegExp(`^${escapeRegExp(m.labels.terms)}`)).check();
  await captchaSolved(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: m.submit }).click();
  await expect(page.getByText(m.sent.replace("{{email}}", friend))).toBeVisible();

  const [, code] = await waitForMail(friend, /(FRIEND-[A-Z0-9]{8})/);
  // The friend puts something in the bag and the personal code applies.
  const friendContext = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const request = friendContext.request;
  expect(
    (
      await request.post("/api/v1/cart/lines", {
        data: { variantId: await variantInStock(request), quantity: 1 },
      })
    ).ok(),
  ).toBe(true);
  const applied = await request.post("/api/v1/checkout/discount-code", {
    data: { code, locale: "nl", country: "NL", email: friend },
  });
  expect(applied.status(), await applied.text()).toBe(200);

  // Checked before the refusal below, whose 409 the console reports as it should.
  expect(problems).toEqual([]);

  // The same friend cannot be invited twice.
  await page.goto("/nl/refer-a-friend/");
  await field(page, m.labels.name).fill("Someone Else");
  await field(page, m.labels.email).fill(uniqueEmail("else"));
  await field(page, m.labels.friendFirstName).fill("Bo");
  await field(page, m.labels.friendEmail).fill(friend);
  await page.getByLabel(new RegExp(`^${escapeRegExp(m.labels.terms)}`)).check();
  await captchaSolved(page);
  await page.getByRole("button", { name: m.submit }).click();
  await expect(page.getByText(m.errors.alreadyInvited).first()).toBeVisible();

  // The friend opens an account and buys with the welcome code.
  await dismissConsent(friendContext, new URL(page.url()).origin);
  const friendPage = await friendContext.newPage();
  const password = "vriendelijk-wachtwoord-2026";
  await registerByApi(friendPage.request, { email: friend, password, firstName: "Bo", locale: "nl" });
  await logInByApi(friendPage.request, friend, password);
  const bo = { email: friend, firstName: "Bo", lastName: "Bakker", locale: "nl" as const };
  const number = await placePaidOrder(friendPage, bo, 1, code);
  const order = await (await friendPage.request.get(`/api/v1/account/orders/${number}?locale=nl`)).json();
  expect(order.totals.discountCode).toBe(code);
  expect(order.totals.discountCents).toBeGreaterThan(0);
  await friendContext.close();
});

test("en: student discount — a non-student address is refused, a student address gets a code by the e-mailed link", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const m = marketing.en.student;
  await page.goto("/en/studenten-korting/");
  // Typed into only once the form is live: a click during hydration is lost.
  await expect(page.locator("form#student-discount[data-hydrated]")).toBeAttached();
  await page.getByLabel(new RegExp(`^${escapeRegExp(m.labels.country)}`)).selectOption("NL");
  await field(page, m.labels.email).fill(uniqueEmail("jan", "gmail.com"));
  await page.getByRole("button", { name: m.submit }).click();
  await expect(page.getByText(m.errors.domain).first()).toBeVisible();
  // The answer is a new document (the form posts without JavaScript too): wait until it is live again.
  await expect(page.locator("form#student-discount[data-hydrated]")).toBeAttached();

  const student = uniqueEmail("jan", "student.uva.nl");
  await field(page, m.labels.email).fill(student);
  await page.getByRole("button", { name: m.submit }).click();
  await expect(page.getByText(m.sent.replace("{{email}}", student))).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const [link] = await waitForMail(student, /https?:\/\/\S+studenten-korting\/\?token=[A-Za-z0-9_-]+/);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { name: m.codeTitle.replace("{{percent}}", "10") })).toBeVisible();
  await expect(page.getByText(/STUDENT-[A-Z0-9]{8}/)).toBeVisible();
  await waitForMail(student, /STUDENT-[A-Z0-9]{8}/);
});
