import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import type { Connection } from "../../platform/db/db.server";
import { parseShopForm } from "../../platform/forms/submission";
import { isRefusal } from "../../platform/refusal";
import { authThrottle } from "../../platform/throttle/tables.server";
import {
  createPublishedEntry,
  isEarlyAccessUnlocked,
  provideEarlyAccessCheck,
} from "../content/content.server";
import { outboxMessages } from "../notifications/tables.server";
import { EarlyAccessRequestSchema } from "./early-access-validation";
import { earlyAccessCheck, hasEarlyAccess, redeemEarlyAccess, requestEarlyAccess } from "./marketing.server";
import { earlyAccessTickets } from "./tables.server";

let connection: Connection;
let campaign = "";
let entry: { id: number; earlyAccessFrom: Date; onlineFrom: Date; slugs: Partial<Record<string, string>> };
const meta = { locale: "nl" as const, ip: "203.0.113.50" };
const phone = "+31612345678";
const day = 86_400_000;

beforeAll(async () => {
  connection = await freshDatabase();
  const earlyAccessFrom = new Date(Date.now() - day);
  const onlineFrom = new Date(Date.now() + 3 * day);
  const id = await createPublishedEntry({
    kind: "campaign",
    name: "Black Friday",
    document: {
      translations: Object.fromEntries(
        (["en", "nl", "fr", "es"] as const).map((l) => [
          l,
          {
            slug: `black-friday-${l}`,
            title: "Black Friday",
            blocks: [{ type: "text" as const, body: "Deals" }],
          },
        ]),
      ),
    },
    earlyAccessFrom,
    onlineFrom,
  });
  campaign = String(id);
  entry = { id, earlyAccessFrom, onlineFrom, slugs: { en: "black-friday-en" } };
}, 180_000);
afterAll(() => connection.close());
beforeEach(async () => {
  await connection.db.delete(earlyAccessTickets);
  await connection.db.delete(outboxMessages);
  await connection.db.delete(authThrottle);
});

async function smsTicket(): Promise<string> {
  const sms = (await connection.db.select().from(outboxMessages)).filter((m) => m.channel === "sms").at(-1);
  return (sms!.payload as { ticket: string }).ticket;
}

describe("early-access form", () => {
  it("reads a national number in the chosen country and refuses one that is none", () => {
    const data = (entries: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(entries)) form.set(k, v);
      return parseShopForm(form, EarlyAccessRequestSchema);
    };
    const ok = data({ country: "NL", phone: "06 12345678" });
    expect(ok.status === "success" && ok.value.phone).toBe("+31612345678");
    expect(data({ country: "BE", phone: "12" }).status).toBe("error");
  });
});

describe("early access", () => {
  it("sends a 6-digit ticket by SMS that unlocks the early window for one person only", async () => {
    expect(await requestEarlyAccess({ phone, campaign }, meta)).toEqual({ phone });
    const ticket = await smsTicket();
    expect(ticket).toMatch(/^\d{6}$/);
    const [row] = await connection.db.select().from(earlyAccessTickets);
    expect(row!.ticketHash).not.toContain(ticket);

    expect(await hasEarlyAccess({ token: "browser-a" }, campaign)).toBe(false);
    expect(await redeemEarlyAccess({ phone, ticket, campaign }, { token: "browser-a", ip: meta.ip })).toEqual(
      {
        campaign,
      },
    );
    expect(await hasEarlyAccess({ token: "browser-a" }, campaign)).toBe(true);
    // The holder again: fine. Someone else with the same ticket: refused.
    expect(
      isRefusal(await redeemEarlyAccess({ phone, ticket, campaign }, { token: "browser-a", ip: meta.ip })),
    ).toBe(false);
    const other = await redeemEarlyAccess({ phone, ticket, campaign }, { token: "browser-b", ip: meta.ip });
    expect(isRefusal(other) && other.messageKey).toBe("marketing:earlyAccess.errors.alreadyUsed");
    expect(await hasEarlyAccess({ token: "browser-b" }, campaign)).toBe(false);
    // A redeemed ticket is not replaced by asking again.
    const again = await requestEarlyAccess({ phone, campaign }, meta);
    expect(isRefusal(again) && again.messageKey).toBe("marketing:earlyAccess.errors.alreadyUsed");
    // Content's campaign pages ask through the seam: inside the early window only the holder.
    const remove = provideEarlyAccessCheck(earlyAccessCheck);
    expect(await isEarlyAccessUnlocked({ customerId: null, ticket: "browser-a" }, entry)).toBe(true);
    expect(await isEarlyAccessUnlocked({ customerId: null, ticket: "browser-b" }, entry)).toBe(false);
    const before = new Date(Date.now() - 2 * day);
    expect(await isEarlyAccessUnlocked({ customerId: null, ticket: "browser-a" }, entry, before)).toBe(false);
    remove();
  });

  it("locks a number after five wrong tickets, and the right one then fails too", async () => {
    await requestEarlyAccess({ phone, campaign }, meta);
    const ticket = await smsTicket();
    const wrong = ticket === "000000" ? "111111" : "000000";
    for (let n = 0; n < 5; n++) {
      const outcome = await redeemEarlyAccess(
        { phone, ticket: wrong, campaign },
        { token: "t", ip: `198.51.100.${n}` },
      );
      expect(isRefusal(outcome) && outcome.messageKey).toBe("marketing:earlyAccess.errors.ticket");
    }
    expect(isRefusal(await redeemEarlyAccess({ phone, ticket, campaign }, { token: "t", ip: meta.ip }))).toBe(
      true,
    );
  });

  it("throttles tickets per number, and refuses a campaign without an open early window", async () => {
    for (let n = 0; n < 3; n++)
      expect(isRefusal(await requestEarlyAccess({ phone, campaign }, meta))).toBe(false);
    const fourth = await requestEarlyAccess({ phone, campaign }, meta);
    expect(isRefusal(fourth) && fourth.kind).toBe("too-many");
    const unknown = await requestEarlyAccess({ phone: "+32470123456", campaign: "nope" }, meta);
    expect(isRefusal(unknown) && unknown.messageKey).toBe("marketing:earlyAccess.errors.closed");
  });
});
