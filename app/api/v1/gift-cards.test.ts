import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solvedCaptcha } from "../../../tests/support/captcha";
import { freshDatabase } from "../../../tests/support/database";
import { issueGiftCard } from "../../domains/gift-cards/gift-cards.server";
import type { Connection } from "../../platform/db/db.server";
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
