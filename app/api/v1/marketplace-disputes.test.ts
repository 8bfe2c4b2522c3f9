import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieOf } from "../../../tests/support/customers";
import { freshDatabase } from "../../../tests/support/database";
import { tradeFixtures } from "../../../tests/support/marketplace-trade";
import { accepted } from "../../../tests/support/refusals";
import { createAccount } from "../../domains/customers/customers.server";
import { moveTransaction } from "../../domains/marketplace/transactions/transactions.server";
import { auth } from "../../platform/auth/auth.server";
import type { Connection } from "../../platform/db/db.server";
import { createApi } from "../index.server";

let connection: Connection;
const api = new Hono().route("/api", createApi());
const { storeWith, buy, row, pay } = tradeFixtures(() => connection);

async function account(email: string) {
  const { id } = await createAccount({
    email,
    password: "dispute-password-1",
    firstName: "Noor",
    lastName: "Meijer",
    locale: "en",
  });
  const { headers } = await auth.api.signInEmail({
    body: { email, password: "dispute-password-1" },
    returnHeaders: true,
  });
  return { id, cookie: cookieOf(headers.getSetCookie()) };
}

let jpeg: string;
beforeAll(async () => {
  connection = await freshDatabase();
  jpeg = (
    await sharp({ create: { width: 600, height: 400, channels: 3, background: "#335577" } })
      .jpeg()
      .toBuffer()
  ).toString("base64");
}, 120_000);
afterAll(() => connection.close());

describe("the dispute API", () => {
  it("opens within the window (201), refuses a second one (409), a stranger (404) and a missing photo (400)", async () => {
    const { seller, listingIds } = await storeWith([18_00]);
    const buyer = await account("api-buyer@example.nl");
    const stranger = await account("api-stranger@example.nl");
    const { transactionId: id } = await buy(buyer.id, listingIds);
    await pay(id);
    accepted(
      await moveTransaction(id, "send-item", { role: "provider", userId: seller }, { trackingCode: "API-1" }),
    );
    const post = (path: string, cookie: string, body: unknown) =>
      api.request(`/api/v1/marketplace/transactions/${id}${path}?locale=en`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    // Not delivered yet: the table refuses with its translated message.
    const early = await post("/dispute", buyer.cookie, { reason: "Torn", photos: [jpeg] });
    expect([early.status, (await early.json()).messageTranslationKey]).toEqual([
      409,
      "trade:refused.wrongState",
    ]);
    accepted(await moveTransaction(id, "delivered", { role: "system" }));

    expect((await post("/dispute", buyer.cookie, { reason: "Torn", photos: [] })).status).toBe(400);
    expect(
      (await post("/dispute", buyer.cookie, { reason: "Torn", photos: ["bm90IGEgcGhvdG8="] })).status,
    ).toBe(400);
    expect((await post("/dispute", stranger.cookie, { reason: "Torn", photos: [jpeg] })).status).toBe(404);
    expect((await row(id)).state).toBe("delivered");

    const opened = await post("/dispute", buyer.cookie, { reason: "Torn seam", photos: [jpeg] });
    expect(opened.status).toBe(201);
    expect(await opened.json()).toMatchObject({ reason: "Torn seam", open: true, photos: [{ n: 0 }] });
    expect((await post("/dispute", buyer.cookie, { reason: "Again", photos: [jpeg] })).status).toBe(409);

    const message = await post("/dispute/messages", buyer.cookie, { body: "Photo attached." });
    expect(message.status).toBe(201);
    expect((await message.json()).messages).toMatchObject([{ author: "customer", body: "Photo attached." }]);
    expect((await post("/dispute/messages", stranger.cookie, { body: "Hi" })).status).toBe(404);

    const read = await api.request(`/api/v1/marketplace/transactions/${id}/dispute`, {
      headers: { cookie: buyer.cookie },
    });
    expect((await read.json()).messages).toHaveLength(1);
    const photo = await api.request(`/api/v1/marketplace/transactions/${id}/dispute/photos/0`, {
      headers: { cookie: buyer.cookie },
    });
    expect([photo.status, photo.headers.get("content-type")]).toEqual([200, "image/webp"]);
    const hidden = await api.request(`/api/v1/marketplace/transactions/${id}/dispute/photos/0`, {
      headers: { cookie: stranger.cookie },
    });
    expect(hidden.status).toBe(404);
    expect(
      (await api.request(`/api/v1/marketplace/transactions/${id}/dispute`, { headers: {} })).status,
    ).toBe(401);
    // The detail carries the dispute too.
    const detail = await api.request(`/api/v1/marketplace/transactions/${id}`, {
      headers: { cookie: buyer.cookie },
    });
    expect((await detail.json()).dispute).toMatchObject({ reason: "Torn seam" });
  });
});
