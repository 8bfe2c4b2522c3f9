import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solvedCaptcha } from "../../../tests/support/captcha";
import { registeredCustomer } from "../../../tests/support/customers";
import { freshDatabase } from "../../../tests/support/database";
import { addGiftCardToCart } from "../../domains/cart/cart.server";
import { placeOrder } from "../../domains/checkout/checkout.server";
import { dispatchDateWindow, issueGiftCard } from "../../domains/gift-cards/gift-cards.server";
import { giftCardPurchases } from "../../domains/gift-cards/tables.server";
import { bookWalletEntry } from "../../domains/wallet/wallet.server";
import type { Connection } from "../../platform/db/db.server";
import { newGuestToken } from "../../platform/http/guest-token.server";
import { isRefusal } from "../../platform/refusal";
import { createApi } from "../index.server";

let connection: Connection;
const api = new Hono().route("/api", createApi());
beforeAll(async () => {
  connection = await freshDatabase();
});
afterAll(() => connection.close());

const post = (path: string, body: unknown) =>
  api.request(`/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("gift card API", () => {
  it("answers the balance for number + PIN + captcha, a translated 400 otherwise", async () => {
    const card = await issueGiftCard({ amountCents: 35_00, source: "goodwill", idempotencyKey: "api-1" });
    const body = { number: card.number, pin: card.pin };
    const ok = await post("/v1/gift-cards/balance?locale=nl", { ...body, captcha: await solvedCaptcha() });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      last4: card.last4,
      balanceCents: 35_00,
      expired: false,
      blocked: false,
    });

    const wrong = await post("/v1/gift-cards/balance?locale=nl", {
      ...body,
      pin: card.pin === "000000" ? "000001" : "000000",
      captcha: await solvedCaptcha(),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ messageTranslationKey: "giftcard:errors.notRecognised" });

    const bad = await post("/v1/gift-cards/balance?locale=fr", { number: "123", pin: "1", captcha: "" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("19");
  });
});

describe("wallet API", () => {
  it("answers the signed-in customer's balance and ledger, newest first, with readable reasons; 401 without", async () => {
    const { token, userId } = await registeredCustomer("wallet-api@example.nl");
    await bookWalletEntry({
      userId,
      amountCents: 20_00,
      kind: "goodwill",
      note: "Sorry!",
      idempotencyKey: "w-1",
    });
    await bookWalletEntry({
      userId,
      amountCents: -7_50,
      kind: "order",
      reference: "700000001",
      idempotencyKey: "w-2",
    });
    const get = (path: string, bearer?: string) =>
      api.request(`/api${path}`, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
    expect((await get("/v1/wallet?locale=nl")).status).toBe(401);
    const response = await get("/v1/wallet?locale=nl", token);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const wallet = await response.json();
    expect(wallet.balanceCents).toBe(12_50);
    expect(
      wallet.entries.map((e: { kind: string; amountCents: number; reason: string }) => [
        e.kind,
        e.amountCents,
        e.reason,
      ]),
    ).toEqual([
      ["order", -7_50, "Besteed aan een bestelling"],
      ["goodwill", 20_00, "Tegoed uit coulance"],
    ]);
    expect(wallet.entries[1]).toMatchObject({ note: "Sorry!", reference: null });
    const one = await (await get("/v1/wallet?locale=en&limit=1", token)).json();
    expect(one.entries).toHaveLength(1);
    expect(one.balanceCents).toBe(12_50);
  });
});

describe("an order's gift cards in the app", () => {
  it("lists them for the buyer and changes an e-gift card's recipient and date until it is sent", async () => {
    const { token, userId } = await registeredCustomer("giver-api@example.nl");
    const other = await registeredCustomer("stranger-api@example.nl");
    const cart = { token: newGuestToken() };
    expect(
      isRefusal(
        await addGiftCardToCart(cart, {
          kind: "egift",
          amountCents: 25_00,
          toName: "Rosa",
          fromName: "Gea",
          message: null,
          recipientEmail: "rosa-api@example.nl",
          dispatchDate: "2099-06-01",
        }),
      ),
    ).toBe(false);
    const placed = await placeOrder({
      idempotencyKey: crypto.randomUUID(),
      cart,
      locale: "nl",
      channel: "app",
      customer: { userId, email: "giver-api@example.nl" },
      email: "giver-api@example.nl",
      country: "NL",
      delivery: { methodId: "nl-point", servicePointId: "nl-001" },
      donationCents: 0,
      address: {
        firstName: "Gea",
        lastName: "Giver",
        street: "Dam",
        houseNumber: "1",
        postalCode: "1012 JS",
        city: "Amsterdam",
        country: "NL",
      },
      paymentMethod: "ideal",
    });
    if (isRefusal(placed)) throw new Error(placed.messageKey);
    const path = `/v1/account/orders/${placed.number}/gift-cards`;
    const call = (p: string, bearer: string | null, init: { method?: string; body?: unknown } = {}) =>
      api.request(`/api${p}`, {
        method: init.method ?? "GET",
        headers: {
          "content-type": "application/json",
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });

    expect((await call(path, null)).status).toBe(401);
    expect((await call(path, other.token)).status).toBe(404);
    const list = await call(path, token);
    expect(list.status).toBe(200);
    const [card] = await list.json();
    expect(card).toMatchObject({
      kind: "egift",
      amountCents: 25_00,
      recipientEmail: "rosa-api@example.nl",
      dispatchDate: "2099-06-01",
      status: "ordered",
      changeable: true,
    });

    const { first } = dispatchDateWindow();
    const change = (body: unknown, bearer = token, locale = "nl") =>
      call(`${path}/${card.id}?locale=${locale}`, bearer, { method: "PATCH", body });
    // Bad input: translated per field, nothing changed.
    const bad = await change({ recipientEmail: "not-an-address", dispatchDate: "yesterday" }, token, "fr");
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).details.fields)).toEqual(
      expect.arrayContaining(["recipientEmail", "dispatchDate"]),
    );
    expect((await change({ recipientEmail: "x@example.nl", dispatchDate: first }, other.token)).status).toBe(
      404,
    );
    const changed = await change({ recipientEmail: "Noor-API@example.nl", dispatchDate: first });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      recipientEmail: "noor-api@example.nl",
      dispatchDate: first,
    });

    // Once sent, it is refused.
    await connection.db
      .update(giftCardPurchases)
      .set({ status: "sent" })
      .where(eq(giftCardPurchases.id, card.id));
    const late = await change({ recipientEmail: "late@example.nl", dispatchDate: first }, token, "en");
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ messageTranslationKey: "giftcard:errors.alreadySent" });
  });
});
