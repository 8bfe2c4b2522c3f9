import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import en from "../../app/locales/en/marketplace.json" with { type: "json" };
import { logInByApi, registerByApi } from "./accounts";
import { dismissConsent } from "./support";

/**
 * Issue 17's selling journey through the real UI: a new customer opens a store (with a picture) and lists
 * an item with photos; another finds it by search, favourites it and makes an offer; the seller counters,
 * the buyer accepts (checkout starts from the accepted price); a report leads an operator to remove it,
 * and the seller reads the statement of reasons and appeals.
 */

const admin = { email: "admin@loomandlabel.test", password: "demo-admin-2026" };

/** A few random letters: a word no seeded listing has, so the search finds exactly this listing. */
const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

async function jpeg(colour: string, width = 800, height = 1000) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

async function signedIn(browser: Browser, baseURL: string, who: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL });
  await dismissConsent(context, baseURL);
  const page = await context.newPage();
  await logInByApi(page.request, who.email, who.password);
  return { context, page };
}

/**
 * Clicks until the page moves on: a click while the page hydrates can be lost. A button already gone
 * (the first click took effect) is not clicked again.
 */
async function clickUntil(button: Locator, done: () => Promise<void>) {
  await expect(async () => {
    await button.click({ timeout: 3000 }).catch(() => undefined);
    await done();
  }).toPass({ timeout: 25_000, intervals: [500, 1000, 2000] });
}

test("a customer opens a store and sells; another finds it, favourites, offers; a report removes it", async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const word = letters(9);
  const seller = { email: `seller-${word}@example.nl`, password: "selling-journey-1", firstName: "Sanne" };
  const buyer = { email: `buyer-${word}@example.nl`, password: "buying-journey-1", firstName: "Bram" };
  await registerByApi(request, { ...seller, locale: "en" });
  await registerByApi(request, { ...buyer, locale: "en" });
  const contexts: BrowserContext[] = [];
  const open = async (who: { email: string; password: string }) => {
    const session = await signedIn(browser, baseURL!, who);
    contexts.push(session.context);
    return session.page;
  };

  // ----- The seller opens a store and lists an item with two photos. -----
  const a: Page = await open(seller);
  await a.goto("/en/marketplace/sell/");
  await expect(a.locator("form#open-store[data-hydrated]")).toBeVisible();
  await a.getByLabel(en.fields.storeName).fill(`Closet ${word}`);
  await a.getByLabel(en.fields.handle).fill(`closet-${word}`);
  await a.getByLabel(en.fields.country).selectOption("NL");
  await a.getByRole("button", { name: en.sell.openStore }).click();
  await expect(a).toHaveURL(/\/en\/marketplace\/sell\/\?saved=store$/);

  const listingForm = a.locator("form#listing[data-hydrated]");
  await expect(listingForm).toBeVisible();
  const photosHelp = en.sell.photosHelp.replace("{{max}}", "20").replace("{{megabytes}}", "15");
  await expect(a.getByText(photosHelp.replace("{{held}}", "0"))).toBeVisible();
  await a.locator("#listing-photos").setInputFiles([
    { name: "front.jpg", mimeType: "image/jpeg", buffer: await jpeg("#5d7052") },
    { name: "back.jpg", mimeType: "image/jpeg", buffer: await jpeg("#4f7cac") },
  ]);
  const title = `Linen wrap dress ${word}`;
  await a.getByRole("textbox", { name: en.fields.title, exact: true }).fill(title);
  await a.getByLabel(en.fields.description).fill("Worn twice, no flaws.");
  await a.getByLabel(en.fields.category).selectOption("dresses");
  await a.getByRole("combobox", { name: en.fields.size, exact: true }).selectOption("M");
  await a.getByLabel(en.fields.colour).selectOption("green");
  await a.getByLabel(en.fields.condition).selectOption("like-new");
  await a.getByLabel(en.fields.brand).fill("Atelier Brume");
  await a.getByLabel(en.fields.price).fill("40");
  await a.getByRole("button", { name: en.sell.publish, exact: true }).click();
  await expect(a).toHaveURL(/\/en\/marketplace\/sell\/\?listing=\d+&saved=published$/);
  const listingId = Number(new URL(a.url()).searchParams.get("listing"));

  // The store gets its picture in the store settings; the store page shows it.
  await a.goto("/en/customer/marketplace/?view=store");
  const picture = a.locator('[data-store-picture="image"]');
  await picture.locator('input[type="file"]').setInputFiles({
    name: "me.jpg",
    mimeType: "image/jpeg",
    buffer: await jpeg("#e3a6b4", 600, 600),
  });
  await clickUntil(picture.getByRole("button", { name: en.my.pictures.upload }), async () => {
    await expect(a).toHaveURL(/saved=image/, { timeout: 5000 });
  });
  await expect(picture.getByRole("img", { name: en.my.pictures.image })).toHaveAttribute(
    "src",
    /^\/media\/marketplace\/p-/,
  );
  await a.goto(`/en/marketplace/store/closet-${word}/`);
  await expect(a.locator('main header img[src^="/media/marketplace/"]')).toBeVisible();

  // ----- Another customer finds it by search, favourites it and makes an offer. -----
  const b = await open(buyer);
  await expect(async () => {
    await b.goto("/en/marketplace/");
    await b.getByRole("searchbox", { name: en.search.label }).fill(word);
    await b.getByRole("button", { name: en.search.submit }).click();
    await expect(b).toHaveURL(new RegExp(`/en/marketplace/browse/\\?q=${word}$`), { timeout: 5000 });
    await expect(b.locator("main article")).toHaveCount(1, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await b.locator("main article").getByRole("link").first().click();
  await expect(b).toHaveURL(new RegExp(`/en/marketplace/item/${listingId}/$`));
  await expect(b.getByRole("heading", { level: 1 })).toHaveText(title);

  const heart = b.locator("[data-favourite-button]");
  await expect(async () => {
    if ((await heart.getAttribute("aria-pressed")) !== "true") await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "true", { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await expect(heart.locator("[data-favourite-count]")).toHaveText("1");

  const offerForm = b.locator("[data-offer-form]");
  await offerForm.getByLabel(en.conversation.offerAmount).fill("30");
  await clickUntil(offerForm.getByRole("button", { name: en.listing.makeOffer }), async () => {
    await expect(b).toHaveURL(/\/en\/customer\/marketplace\/conversations\/\d+\/$/, { timeout: 5000 });
  });
  const conversation = new URL(b.url()).pathname;
  await expect(b.locator("[data-pending-offer]")).toContainText("€30.00");

  // ----- The seller counters. -----
  await a.goto(conversation);
  const pendingForSeller = a.locator("[data-pending-offer]");
  await expect(pendingForSeller).toContainText("€30.00");
  await pendingForSeller.getByLabel(en.conversation.counterAmount).fill("35");
  await clickUntil(pendingForSeller.getByRole("button", { name: en.conversation.counter }), async () => {
    await expect(a.locator('[data-line-kind="counter"]')).toBeVisible({ timeout: 5000 });
  });

  // ----- The buyer accepts: the accepted price holds, and buying starts from it. -----
  await b.goto(conversation);
  const pendingForBuyer = b.locator("[data-pending-offer]");
  await expect(pendingForBuyer).toContainText("€35.00");
  await clickUntil(pendingForBuyer.getByRole("button", { name: en.conversation.accept }), async () => {
    await expect(b.locator("[data-accepted-offer]")).toContainText("€35.00", { timeout: 5000 });
  });
  await b.goto(`/en/marketplace/item/${listingId}/`);
  const buy = b.getByRole("link", { name: en.listing.buy });
  await expect(buy).toHaveAttribute("href", `/en/marketplace/buy/?items=${listingId}`);
  await buy.click();
  await expect(b).toHaveURL(new RegExp(`/en/marketplace/buy/\\?items=${listingId}$`));
  await expect(b.locator("main")).toContainText("€35.00");
  await expect(b.locator("main")).toContainText(title);

  // ----- The buyer reports the listing. -----
  await b.goto(`/en/marketplace/item/${listingId}/`);
  await b.getByRole("link", { name: en.listing.report }).click();
  await expect(b).toHaveURL(new RegExp(`/en/marketplace/report/\\?listing=${listingId}$`));
  await expect(b.locator("form#report[data-hydrated]")).toBeVisible();
  await b.getByRole("combobox", { name: en.fields.reportReason }).selectOption("counterfeit");
  await b.getByRole("textbox", { name: en.fields.reportDetails }).fill("The label is a copy.");
  await b.getByLabel(en.fields.goodFaith).check();
  await b.getByRole("button", { name: en.report.send }).click();
  await expect(b).toHaveURL(/\/en\/marketplace\/report\/\?sent=1$/);
  await expect(b.getByText(en.report.sent)).toBeVisible();

  // ----- An operator removes it from the notice queue with a statement of reasons. -----
  const ops = await open(admin);
  const statement = `The brand label of listing ${listingId} is counterfeit (${word}).`;
  await ops.goto("/admin/marketplace/");
  const item = ops.locator(`[data-queue-item="listing-${listingId}"]`);
  await expect(item).toContainText("The label is a copy.");
  await item.getByLabel("Decision").selectOption("remove");
  await item.getByLabel("Ground (law or terms)").fill("Terms 4.2: counterfeit goods");
  await item.getByLabel("Statement of reasons (sent to the owner)").fill(statement);
  await clickUntil(item.getByRole("button", { name: "Decide" }), async () => {
    await expect(item).toHaveCount(0, { timeout: 5000 });
  });

  // Gone: the listing answers 404 and the search no longer finds it.
  expect((await request.get(`/en/marketplace/item/${listingId}/`)).status()).toBe(404);
  await expect
    .poll(async () => (await (await request.get(`/api/v1/marketplace/listings?q=${word}`)).json()).total)
    .toBe(0);

  // ----- The seller reads the statement of reasons and appeals. -----
  await a.goto("/en/customer/marketplace/?view=decisions");
  const decision = a.locator("[data-decision]");
  await expect(decision.locator("[data-statement]")).toHaveText(statement);
  await decision.getByLabel(en.fields.appeal).fill("It is a genuine dress, I have the receipt.");
  await clickUntil(decision.getByRole("button", { name: en.my.appeal }), async () => {
    await expect(a.locator('[data-appeal-state="open"]')).toHaveText(en.my.appealStates.open, {
      timeout: 5000,
    });
  });

  for (const context of contexts) await context.close();
});
