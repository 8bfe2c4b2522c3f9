import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
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
  await page.getByRole("button", { name: "All good, complete" }).click();
  await expect(page.locator("[data-state]").first()).toHaveAttribute("data-state", "completed");
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
