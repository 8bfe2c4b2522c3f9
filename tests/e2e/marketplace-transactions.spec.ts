import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { logInByApi, registerByApi } from "./accounts";
import { expectNoSeriousA11yViolations } from "./support";

const DEMO = { email: "demo@loomandlabel.test", password: "demo-shopper-2026" };

test("a buyer pays a listing with iDEAL, the seller prints the label, the carrier delivers, the buyer completes and reviews", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The seller is the demo shopper, who has a store: one of its listings is bought.
  await logInByApi(page.request, DEMO.email, DEMO.password);
  const sell = await (await page.request.get("/en/marketplace/sell/")).text();
  const handle = /\/en\/marketplace\/store\/([a-z0-9-]+)\//.exec(sell)?.[1];
  expect(handle, "the demo shopper's store").toBeTruthy();
  const store = await (await page.request.get(`/api/v1/marketplace/stores/${handle}?locale=en`)).json();
  const listingId: number = (store.listings ?? store.store?.listings ?? [])[0]?.id;
  expect(listingId, "a listing for sale").toBeTruthy();
  await page.request.post("/api/v1/account/logout");

  const buyer = { email: `buyer-${randomUUID().slice(0, 8)}@example.nl`, password: "tweedehands-2026" };
  await registerByApi(page.request, { ...buyer, locale: "en" });
  await logInByApi(page.request, buyer.email, buyer.password);

  await page.goto(`/en/marketplace/item/${listingId}/`);
  await page.locator("[data-buy-link]").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Buy second hand");
  await page.getByLabel("Street").fill("Damrak");
  await page.getByLabel("House number").fill("12");
  await page.getByLabel("Postal code").fill("1012 LG");
  await page.getByLabel("City").fill("Amsterdam");
  await page.getByRole("radio", { name: "iDEAL" }).check();
  await expect(page.locator("[data-totals]")).toContainText("Buyer protection");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL(/\/sandbox-pay\//);
  await page.getByRole("radio", { name: "ING" }).check();
  await page.locator("button[value=approve]").click();
  await page.waitForURL(/\/customer\/marketplace\/transactions\/\d+\//);
  await expect(page.locator("[data-state]").first()).toHaveAttribute("data-state", "payment-complete");
  const transactionUrl = new URL(page.url()).pathname;
  const id = /transactions\/(\d+)/.exec(transactionUrl)![1];
  await page.request.post("/api/v1/account/logout");

  // The seller prints the prepaid label and sends the item.
  await page.context().clearCookies();
  await logInByApi(page.request, DEMO.email, DEMO.password);
  await page.goto(transactionUrl);
  const label = await page.request.get(`/api/v1/marketplace/transactions/${id}/label?locale=en`);
  expect(label.headers()["content-type"]).toBe("application/pdf");
  expect((await label.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await page.reload();
  await page.getByRole("button", { name: "I sent the item" }).click();
  await expect(page.locator("[data-state]").first()).toHaveAttribute("data-state", "item-sent");

  // The sandbox carrier scans the parcel as delivered: its signed webhook moves the purchase.
  await page.getByRole("link", { name: "Open the carrier's tracking page" }).click();
  await page.getByRole("button", { name: "Scan: delivered" }).click();
  await expect(page.locator("[data-parcel-status]")).toHaveAttribute("data-parcel-status", "delivered");
  await page.goto(transactionUrl);
  await expect(page.locator("[data-state]").first()).toHaveAttribute("data-state", "delivered");
  await page.request.post("/api/v1/account/logout");

  // The buyer completes (the seller's earnings become available) and reviews.
  await page.context().clearCookies();
  await logInByApi(page.request, buyer.email, buyer.password);
  await page.goto(transactionUrl);
  // A click while the page is still hydrating is lost: click until the purchase is completed (the button
  // goes once it is, so it is never sent twice).
  const complete = page.getByRole("button", { name: "All good, complete" });
  await expect(async () => {
    if (await complete.isVisible()) await complete.click({ timeout: 2_000 });
    await expect(page.locator("[data-state]").first()).toHaveAttribute("data-state", "completed", {
      timeout: 3_000,
    });
  }).toPass({ timeout: 20_000 });
  await page.getByLabel("Your review").fill("Exactly as described, quickly sent.");
  await page.getByRole("radio", { name: "4 stars" }).check();
  await page.getByRole("button", { name: "Post review" }).click();
  await expect(page.locator("[data-state]").first()).toHaveAttribute("data-state", "completed-and-reviewed");
  await expect(page.locator("[data-rating]")).toHaveAttribute("data-rating", "4");
  await expect(page.locator("[data-timeline] li")).toHaveCount(6);
  await expectNoSeriousA11yViolations(page);
  await page.goto("/en/customer/marketplace/purchases/");
  await expect(page.locator("[data-list=purchases] [data-state]").first()).toHaveAttribute(
    "data-state",
    "completed-and-reviewed",
  );
  await expectNoSeriousA11yViolations(page);

  // A move the table refuses answers 409 with the translated message, and changes nothing.
  const refused = await page.request.post(`/api/v1/marketplace/transactions/${id}/transitions?locale=en`, {
    data: { transition: "complete-by-customer" },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).messageTranslationKey).toBe("trade:refused.wrongState");
});

test("a buyer opens a dispute with a photo, support decides for the buyer, the buyer sees the refund", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // One of the demo shopper's listings still for sale.
  await logInByApi(page.request, DEMO.email, DEMO.password);
  const sell = await (await page.request.get("/en/marketplace/sell/")).text();
  const handle = /\/en\/marketplace\/store\/([a-z0-9-]+)\//.exec(sell)?.[1];
  const store = await (await page.request.get(`/api/v1/marketplace/stores/${handle}?locale=en`)).json();
  const listings: { id: number }[] = store.listings ?? store.store?.listings ?? [];
  const listingId = listings.at(-1)?.id;
  expect(listingId, "a listing for sale").toBeTruthy();
  await page.request.post("/api/v1/account/logout");

  // A new buyer pays it with iDEAL on the sandbox PSP's page.
  const buyer = { email: `disputer-${randomUUID().slice(0, 8)}@example.nl`, password: "tweedehands-2026" };
  await page.context().clearCookies();
  await registerByApi(page.request, { ...buyer, locale: "en" });
  await logInByApi(page.request, buyer.email, buyer.password);
  const bought = await page.request.post("/api/v1/marketplace/transactions?locale=en", {
    data: {
      listingIds: [listingId],
      delivery: "home",
      address: {
        name: "Dana Disputer",
        street: "Damrak",
        houseNumber: "5",
        postalCode: "1012 LG",
        city: "Amsterdam",
        country: "NL",
      },
      method: "ideal",
      idempotencyKey: randomUUID(),
    },
  });
  expect(bought.status()).toBe(201);
  const { transactionId: id, checkoutUrl } = await bought.json();
  await page.goto(checkoutUrl);
  await page.getByRole("radio", { name: "ING" }).check();
  await page.locator("button[value=approve]").click();
  await page.waitForURL(/\/customer\/marketplace\/transactions\/\d+\//);
  const transactionUrl = new URL(page.url()).pathname;
  await page.request.post("/api/v1/account/logout");

  // The seller prints the label and sends it; the buyer says it arrived.
  await page.context().clearCookies();
  await logInByApi(page.request, DEMO.email, DEMO.password);
  expect((await page.request.get(`/api/v1/marketplace/transactions/${id}/label?locale=en`)).status()).toBe(
    200,
  );
  const sent = await page.request.post(`/api/v1/marketplace/transactions/${id}/transitions?locale=en`, {
    data: { transition: "send-item" },
  });
  expect(sent.status()).toBe(200);
  await page.request.post("/api/v1/account/logout");
  await page.context().clearCookies();
  await logInByApi(page.request, buyer.email, buyer.password);
  const arrived = await page.request.post(`/api/v1/marketplace/transactions/${id}/transitions?locale=en`, {
    data: { transition: "delivered" },
  });
  expect(arrived.status()).toBe(200);

  // The buyer reports the problem with a photo.
  await page.goto(transactionUrl);
  const form = page.locator("[data-move=dispute-by-customer]");
  await form.getByLabel("What is wrong?").fill("The sleeve is torn, which the listing did not say.");
  await form.getByLabel(/Photos of the problem/).setInputFiles({
    name: "torn.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: "#7a5a3a" } })
      .png()
      .toBuffer(),
  });
  await form.getByRole("button", { name: "Report a problem" }).click();
  await expect(page.locator("[data-state]").first()).toHaveAttribute("data-state", "dispute");
  await expect(page.locator("[data-dispute-reason]")).toContainText("The sleeve is torn");
  await expect(page.locator("[data-dispute-photo]")).toHaveCount(1);
  await page.getByLabel("Your message").fill("I can send more photos if needed.");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.locator("[data-dispute-messages] li")).toContainText(["I can send more photos"]);
  await expectNoSeriousA11yViolations(page);
  // The API reads the same dispute; a second dispute is a move the table refuses (409).
  const read = await (await page.request.get(`/api/v1/marketplace/transactions/${id}/dispute`)).json();
  expect(read).toMatchObject({ open: true, photos: [{ n: 0 }] });
  const again = await page.request.post(`/api/v1/marketplace/transactions/${id}/dispute?locale=en`, {
    data: { reason: "Again", photos: ["aGVsbG8="] },
  });
  expect(again.status()).toBe(409);
  await page.request.post("/api/v1/account/logout");

  // Support finds it in the queue and decides for the buyer with a statement.
  await page.context().clearCookies();
  await logInByApi(page.request, "support@loomandlabel.test", "demo-support-2026");
  await page.goto("/admin/marketplace/disputes/");
  await page.locator(`[data-dispute="${id}"] a`).click();
  await expect(page.locator("[data-dispute-reason]")).toContainText("The sleeve is torn");
  await expect(page.locator("[data-dispute-photo]")).toHaveCount(1);
  const decide = page.locator("[data-operator-move=refund-after-dispute-by-operator]");
  await decide.getByLabel(/Statement/).fill("The photo shows a tear the listing did not mention.");
  await decide.getByRole("button", { name: /Decide for the buyer/ }).click();
  await expect(page.locator("[data-admin-state]")).toHaveAttribute("data-admin-state", "refunded");
  await page.request.post("/api/v1/account/logout");

  // The buyer sees the refund, the decision and its statement.
  await page.context().clearCookies();
  await logInByApi(page.request, buyer.email, buyer.password);
  await page.goto(transactionUrl);
  await expect(page.locator("[data-state]").first()).toHaveAttribute("data-state", "refunded");
  await expect(page.getByRole("region", { name: "Amounts" })).toContainText("Refunded");
  await expect(page.locator("[data-dispute-outcome]")).toContainText("The photo shows a tear");
  await expectNoSeriousA11yViolations(page);
});
