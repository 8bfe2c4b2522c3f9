import { and, eq, gt, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDatabase } from "../../../tests/support/database";
import { products, productVariants } from "../../domains/catalog/tables.server";
import { issueGiftCard } from "../../domains/gift-cards/gift-cards.server";
import { seedDemoDiscountCodes } from "../../domains/promotions/promotions.server";
import type { Connection } from "../../platform/db/db.server";
import { createApi } from "../index.server";

let connection: Connection;
const api = createApi();
let size: { id: number; productId: number };

beforeAll(async () => {
  connection = await seededDatabase({ products: 10, seed: 8, now: new Date("2026-06-01T10:00:00Z") });
  const [row] = await connection.db
    .select({ id: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.isActive, true), gt(productVariants.stock, 0)))
    .orderBy(productVariants.id)
    .limit(1);
  size = row!;
  await connection.db.update(productVariants).set({ stock: 4 }).where(eq(productVariants.id, size.id));
  await connection.db
    .update(products)
    .set({ appOnly: false, onlineFrom: null, priceCents: 2_000, originalPriceCents: null })
    .where(inArray(products.id, [size.productId]));
  await seedDemoDiscountCodes(connection.db);
}, 180_000);
afterAll(() => connection.close());

function call(path: string, init: { method?: string; body?: unknown; cookie?: string; key?: string } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.key) headers["idempotency-key"] = init.key;
  return api.request(path, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function guestBag(quantity = 1): Promise<string> {
  const added = await call("/v1/cart/lines", { method: "POST", body: { variantId: size.id, quantity } });
  expect(added.status).toBe(201);
  return added.headers
    .getSetCookie()
    .find((c) => c.startsWith("shop_cart="))!
    .split(";")[0]!;
}

const order = {
  locale: "nl",
  country: "NL",
  email: "joost@example.nl",
  methodId: "nl-point",
  servicePointId: "nl-001",
  donationCents: 500,
  paymentMethod: "ideal",
  address: {
    firstName: "Joost",
    lastName: "Bakker",
    street: "Dam",
    houseNumber: "1",
    postalCode: "1012js",
    city: "Amsterdam",
    country: "NL",
  },
};

describe("checkout API", () => {
  it("quotes the bag for a destination, with the code, VAT and the payment methods", async () => {
    const cookie = await guestBag(2);
    const applied = await call("/v1/checkout/discount-code", {
      method: "POST",
      cookie,
      body: { code: "tieneuro", locale: "en", country: "BE" },
    });
    expect(applied.status).toBe(400);
    expect(await applied.json()).toMatchObject({
      messageTranslationKey: "checkout:discount.minimumSubtotal",
      message: "This code is valid from an order of €60.00.",
    });
    const free = await call("/v1/checkout/discount-code", {
      method: "POST",
      cookie,
      body: { code: "FREESHIP", locale: "en", country: "BE" },
    });
    expect(await free.json()).toMatchObject({ code: "FREESHIP", replaced: null });
    const response = await call("/v1/checkout/quote", {
      method: "POST",
      cookie,
      body: { locale: "fr", country: "BE", methodId: "be-home" },
    });
    expect(response.status).toBe(200);
    const quote = await response.json();
    expect(quote).toMatchObject({
      country: "BE",
      canOrder: true,
      methodId: "be-home",
      discount: { code: "FREESHIP", ok: true },
      totals: { subtotalCents: 4_000, shippingCents: 0, freeShipping: "code", totalCents: 4_000 },
    });
    expect(quote.totals.vat.lines[0]).toMatchObject({ ratePercent: 21 });
    expect(quote.paymentMethods).toContain("bancontact");
    expect(quote.moments.length).toBeGreaterThan(0);
  });

  it("places an order once per Idempotency-Key and shows it to the guest with the key or the e-mail", async () => {
    const cookie = await guestBag();
    const first = await call("/v1/orders", {
      method: "POST",
      cookie,
      key: "api-test-key-0000001",
      body: order,
    });
    expect(first.status).toBe(201);
    const placed = await first.json();
    expect(placed).toMatchObject({ number: expect.stringMatching(/^\d{9}$/), created: true });
    expect(placed.checkoutUrl).toContain("/sandbox-pay/");
    const again = await call("/v1/orders", {
      method: "POST",
      cookie,
      key: "api-test-key-0000001",
      body: order,
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ number: placed.number, created: false });
    // The same key with another payment method: the order waits for its iDEAL payment, untouched.
    const changed = await call("/v1/orders", {
      method: "POST",
      cookie,
      key: "api-test-key-0000001",
      body: { ...order, paymentMethod: "card" },
    });
    expect(changed.status).toBe(409);
    expect(await changed.json()).toMatchObject({
      messageTranslationKey: "checkout:errors.paymentMethodChanged",
    });

    const key = new URL(placed.confirmationUrl).searchParams.get("key");
    const byKey = await call(`/v1/orders/${placed.number}?key=${key}`);
    expect(await byKey.json()).toMatchObject({
      number: placed.number,
      status: "pending",
      totals: { subtotalCents: 2_000, shippingCents: 395, donationCents: 500, totalCents: 2_895 },
      shippingAddress: { postalCode: "1012 JS" },
    });
    expect((await call(`/v1/orders/${placed.number}?email=Joost@example.nl`)).status).toBe(200);
    expect((await call(`/v1/orders/${placed.number}?email=someone@example.nl`)).status).toBe(404);
    expect((await call(`/v1/orders/${placed.number}`)).status).toBe(404);
    // Guessing the e-mail of a known number is the guest lookup's throttle, as on the returns page.
    const guesses: number[] = [];
    for (let i = 0; i < 6; i++)
      guesses.push((await call(`/v1/orders/${placed.number}?email=guess${i}@example.nl`)).status);
    expect(guesses).toContain(429);
    expect((await call(`/v1/orders/${placed.number}?email=Joost@example.nl`)).status).toBe(429);
  });

  it("refuses bad addresses with the spec's messages, and stock that is gone with 409", async () => {
    const cookie = await guestBag();
    const canary = await call("/v1/orders", {
      method: "POST",
      cookie,
      key: "api-test-key-0000002",
      body: {
        ...order,
        locale: "en",
        address: { ...order.address, country: "ES", postalCode: "35001", houseNumber: "4b" },
      },
    });
    expect(canary.status).toBe(400);
    expect((await canary.json()).details.fields).toMatchObject({
      "address.houseNumber": ["Digits only here: letters go in the addition field"],
      "address.postalCode": ["Sorry, we don't deliver to this area"],
    });
    await connection.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, size.id));
    const soldOut = await call("/v1/orders", {
      method: "POST",
      cookie,
      key: "api-test-key-0000003",
      body: order,
    });
    expect(soldOut.status).toBe(409);
    expect(await soldOut.json()).toMatchObject({ messageTranslationKey: "checkout:errors.soldOut" });
    await connection.db.update(productVariants).set({ stock: 4 }).where(eq(productVariants.id, size.id));
  });

  it("looks up Dutch addresses and lists service points", async () => {
    const found = await call("/v1/checkout/address-lookup?postalCode=1012JS&houseNumber=5");
    expect(await found.json()).toMatchObject({
      status: "found",
      address: { street: "Dam", city: "Amsterdam" },
    });
    expect((await call("/v1/checkout/address-lookup?postalCode=1012&houseNumber=5")).status).toBe(400);
    const points = await call("/v1/checkout/service-points?country=BE&postalCode=2000");
    expect((await points.json())[0]).toMatchObject({ country: "BE", city: "Antwerpen" });
  });

  it("pays with a gift card: added by number + PIN, shown in the quote with what it pays, removed again", async () => {
    const cookie = await guestBag(1);
    const card = await issueGiftCard({ amountCents: 15_00, source: "goodwill", idempotencyKey: "api-pay-1" });
    const add = (body: unknown, locale = "nl") =>
      call(`/v1/checkout/gift-cards?locale=${locale}`, { method: "POST", cookie, body });

    // Bad input: translated messages per field, nothing added.
    const bad = await add({ giftCardNumber: "1234", giftCardPin: "1" }, "en");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("19");
    // A wrong PIN: the one answer for every miss.
    const wrong = await add({
      giftCardNumber: card.number,
      giftCardPin: card.pin === "000000" ? "000001" : "000000",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ messageTranslationKey: "giftcard:errors.notRecognised" });
    const quoteOf = async () =>
      (await (
        await call("/v1/checkout/quote", { method: "POST", cookie, body: { locale: "nl", country: "NL" } })
      ).json()) as {
        totals: { totalCents: number; giftCardCents: number; amountDueCents: number };
        payment: { giftCards: unknown[] };
      };
    expect((await quoteOf()).payment.giftCards).toEqual([]);

    const added = await add({ giftCardNumber: card.number, giftCardPin: card.pin });
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ cardId: card.id, last4: card.last4, availableCents: 15_00 });
    const quote = await quoteOf();
    expect(quote.payment.giftCards).toEqual([
      expect.objectContaining({ cardId: card.id, last4: card.last4, amountCents: 15_00, usable: true }),
    ]);
    expect(quote.totals.giftCardCents).toBe(15_00);
    expect(quote.totals.amountDueCents).toBe(quote.totals.totalCents - 15_00);

    const removed = await call(`/v1/checkout/gift-cards/${card.id}?locale=nl`, { method: "DELETE", cookie });
    expect(removed.status).toBe(204);
    expect((await quoteOf()).payment.giftCards).toEqual([]);
    const again = await call(`/v1/checkout/gift-cards/${card.id}?locale=en`, { method: "DELETE", cookie });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ messageTranslationKey: "giftcard:errors.notApplied" });
  });

  it("documents the endpoints in the OpenAPI document", async () => {
    const doc = await (await call("/v1/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/v1/checkout/quote",
        "/v1/checkout/discount-code",
        "/v1/checkout/address-lookup",
        "/v1/checkout/service-points",
        "/v1/checkout/gift-cards",
        "/v1/checkout/gift-cards/{cardId}",
        "/v1/gift-cards/balance",
        "/v1/wallet",
        "/v1/orders",
        "/v1/orders/{number}",
      ]),
    );
  });
});
