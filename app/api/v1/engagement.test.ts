import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import { createPublishedEntry } from "../../domains/content/content.server";
import { outboxMessages } from "../../domains/notifications/tables.server";
import nl from "../../locales/nl/marketing.json" with { type: "json" };
import type { Connection } from "../../platform/db/db.server";
import { createApi } from "../index.server";

let connection: Connection;
let campaign = "";
const api = new Hono().route("/api", createApi());
const day = 86_400_000;

beforeAll(async () => {
  connection = await freshDatabase();
  const id = await createPublishedEntry({
    kind: "campaign",
    name: "Black Friday",
    document: {
      translations: Object.fromEntries(
        (["en", "nl", "fr", "es"] as const).map((l) => [
          l,
          { slug: `bf-${l}`, title: "Black Friday", blocks: [{ type: "text" as const, body: "Deals" }] },
        ]),
      ),
    },
    earlyAccessFrom: new Date(Date.now() - day),
    onlineFrom: new Date(Date.now() + 3 * day),
  });
  campaign = String(id);
}, 180_000);
afterAll(() => connection.close());

const ask = (body: Record<string, string>) =>
  api.request(`/api/v1/early-access/tickets?locale=nl&campaign=${campaign}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.77" },
    body: JSON.stringify(body),
  });

describe("early-access API", () => {
  it("refuses a fixed line with the mobile-number message and sends nothing", async () => {
    const response = await ask({ country: "NL", phone: "020 123 4567" });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(nl.earlyAccess.errors.mobile);
    expect(await connection.db.select().from(outboxMessages)).toEqual([]);
  });

  it("sends the ticket to the mobile number in E.164, read in the visitor's country", async () => {
    const response = await ask({ country: "BE", phone: "0470 12 34 56" });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ phone: "+32470123456" });
    const sms = (await connection.db.select().from(outboxMessages)).filter((m) => m.channel === "sms");
    expect(sms.map((m) => m.recipient)).toEqual(["+32470123456"]);
  });
});
