import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { logInByApi, registerByApi } from "./accounts";
import { expectNoSeriousA11yViolations } from "./support";

const DEMO = { email: "demo@loomandlabel.test", password: "demo-shopper-2026" };
const ADMIN = { email: "admin@loomandlabel.test", password: "demo-admin-2026" };

test("a seller with available earnings sets an IBAN and asks a payout; an admin writes and downloads the SEPA file", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Earnings to pay out: a buyer buys one of the demo shopper's listings (the last one: the other journey
  // buys the first) and the sale is completed through the API.
  await logInByApi(page.request, DEMO.email, DEMO.password);
  const sell = await (await page.request.get("/en/marketplace/sell/")).text();
  const handle = /\/en\/marketplace\/store\/([a-z0-9-]+)\//.exec(sell)?.[1];
  const store = await (await page.request.get(`/api/v1/marketplace/stores/${handle}?locale=en`)).json();
  const listings: { id: number }[] = store.listings ?? store.store?.listings ?? [];
  const listingId = listings.at(-1)?.id;
  expect(listingId, "a listing for sale").toBeTruthy();
  await page.request.post("/api/v1/account/logout");

  const buyer = {
    email: `payout-buyer-${randomUUID().slice(0, 8)}@example.nl`,
    password: "tweedehands-2026",
  };
  await registerByApi(page.request, { ...buyer, locale: "en" });
  await logInByApi(page.request, buyer.email, buyer.password);
  const bought = await page.request.post("/api/v1/marketplace/transactions?locale=en", {
    data: {
      listingIds: [listingId],
      delivery: "home",
      address: {
        name: "Bo Buyer",
        street: "Damrak",
        houseNumber: "12",
        postalCode: "1012 LG",
        city: "Amsterdam",
        country: "NL",
      },
      method: "ideal",
      idempotencyKey: randomUUID(),
    },
  });
  expect(bought.status()).toBe(201);
  const { transactionId, checkoutUrl } = await bought.json();
  await page.goto(checkoutUrl);
  await page.getByRole("radio", { name: "ING" }).check();
  await page.locator("button[value=approve]").click();
  await page.waitForURL(/\/customer\/marketplace\/transactions\/\d+\//);
  const move = (transition: string, extra: Record<string, string> = {}) =>
    page.request.post(`/api/v1/marketplace/transactions/${transactionId}/transitions?locale=en`, {
      data: { transition, ...extra },
    });
  await page.request.post("/api/v1/account/logout");
  await page.context().clearCookies();
  await logInByApi(page.request, DEMO.email, DEMO.password);
  expect((await move("send-item", { trackingCode: `PAY${Date.now()}` })).status()).toBe(200);
  await page.request.post("/api/v1/account/logout");
  await page.context().clearCookies();
  await logInByApi(page.request, buyer.email, buyer.password);
  expect((await move("delivered")).status()).toBe(200);
  expect((await move("complete-by-customer")).status()).toBe(200);
  await page.request.post("/api/v1/account/logout");
  await page.context().clearCookies();

  // The seller: the earnings page, a new IBAN (password again), then the payout.
  await logInByApi(page.request, DEMO.email, DEMO.password);
  await page.goto("/en/customer/marketplace/");
  await page.getByTestId("earnings-link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Earnings and payouts");
  await expect(page.getByTestId("available-earnings")).not.toHaveText("€0.00");
  await expectNoSeriousA11yViolations(page);

  const form = page.locator("[data-form=payout-account]");
  const save = form.getByRole("button", { name: /bank account/ });
  await form.getByLabel("IBAN").fill("NL92 ABNA 0417 1643 00");
  await form.getByLabel("Name on the account").fill("Sanne de Vries");
  await form.getByLabel("Your password").fill(DEMO.password);
  await save.click();
  await expect(form).toContainText("This IBAN is not valid");
  await form.getByLabel("IBAN").fill("NL91 ABNA 0417 1643 00");
  await form.getByLabel("Your password").fill("not-my-password");
  await save.click();
  await expect(form).toContainText("Your current password isn't right.");
  await expect(page.getByTestId("payout-account")).not.toContainText("NL91 ABNA");
  await form.getByLabel("Your password").fill(DEMO.password);
  await save.click();
  await expect(page.getByTestId("payout-account")).toContainText("NL91 ABNA 0417 1643 00");

  await page.getByRole("button", { name: /^Pay out / }).click();
  await expect(page.getByRole("status").filter({ hasText: "Payout of" })).toBeVisible();
  const payoutRow = page.locator("[data-list=payouts] tbody tr").first();
  await expect(payoutRow.locator("[data-state]")).toHaveAttribute("data-state", "requested");
  const payoutNumber = (await payoutRow.locator("td").first().textContent())!.trim();
  await page.request.post("/api/v1/account/logout");
  await page.context().clearCookies();

  // The admin writes the SEPA file now and downloads it.
  await page.goto("/admin/marketplace/payouts/");
  await page.getByLabel("Email address").fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/admin\/marketplace\/payouts\/$/);
  await expect(page.getByText(payoutNumber)).toBeVisible();
  await page.getByRole("button", { name: "Write the SEPA file now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "SEPA file" })).toContainText("LL-PAYOUTS-");
  await page.locator("[data-batch] a").first().click();
  await expect(page.getByRole("cell", { name: payoutNumber })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the SEPA file (XML)" }).click();
  const file = await (await download).path();
  const xml = readFileSync(file, "utf8");
  expect(xml).toContain("urn:iso:std:iso:20022:tech:xsd:pain.001.001.09");
  expect(xml).toContain(`<EndToEndId>${payoutNumber}</EndToEndId>`);
  expect(xml).toContain("<IBAN>NL91ABNA0417164300</IBAN>");

  // Back on the seller's page the payout says it went to the bank.
  await page.context().clearCookies();
  await logInByApi(page.request, DEMO.email, DEMO.password);
  await page.goto("/en/customer/marketplace/earnings/");
  await expect(
    page.locator("[data-list=payouts] tbody tr", { hasText: payoutNumber }).locator("[data-state]"),
  ).toHaveAttribute("data-state", "batched");
});
