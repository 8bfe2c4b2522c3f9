import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import { user } from "../../platform/auth/tables.server";
import type { Connection } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { parseShopForm } from "../../platform/forms/submission";
import { isRefusal } from "../../platform/refusal";
import { authThrottle } from "../../platform/throttle/tables.server";
import { createAccount } from "../customers/customers.server";
import { outboxMessages } from "../notifications/tables.server";
import { redeemDiscountCode } from "../promotions/promotions.server";
import { discountCodes, discountRedemptions } from "../promotions/tables.server";
import {
  confirmNewsletter,
  newsletterStatus,
  newsletterSubscribersCsv,
  setAccountNewsletter,
  subscribeNewsletter,
  unsubscribeNewsletter,
} from "./marketing.server";
import { unsubscribeToken } from "./newsletter.server";
import { newsletterConsentEvents, newsletterSubscribers } from "./tables.server";
import { NEWSLETTER_CONSENT_VERSION, NewsletterSchema } from "./validation";

let connection: Connection;
const meta = { locale: "nl" as const, ip: "203.0.113.20", source: "footer" as const };

beforeAll(async () => {
  connection = await freshDatabase();
}, 180_000);
afterAll(() => connection.close());
beforeEach(async () => {
  await connection.db.delete(newsletterConsentEvents);
  await connection.db.delete(newsletterSubscribers);
  await connection.db.delete(discountRedemptions);
  await connection.db.delete(discountCodes);
  await connection.db.delete(outboxMessages);
  await connection.db.delete(authThrottle);
});

async function mails(template: string) {
  return connection.db.select().from(outboxMessages).where(eq(outboxMessages.template, template));
}

/** The token of the newest confirmation link e-mailed to the address. */
async function confirmToken(): Promise<string> {
  const [mail] = await mails("newsletterConfirm");
  const url = (mail!.payload as { confirmUrl: string }).confirmUrl;
  return new URL(url).searchParams.get("confirm")!;
}

describe("newsletter form", () => {
  it("refuses a bad address with the field's message", () => {
    const data = new FormData();
    data.set("email", "not-an-address");
    const parsed = parseShopForm(data, NewsletterSchema);
    expect(parsed.status).toBe("error");
    expect(parsed.status === "error" && Object.keys(parsed.error ?? {})).toEqual(["email"]);
  });
});

describe("double opt-in", () => {
  it("e-mails a link, and on confirmation a unique single-use 15 % first-order code with RFC 8058 headers", async () => {
    const pending = await subscribeNewsletter("Lena@Example.nl", meta);
    expect(pending).toEqual({ status: "pending", code: null });
    expect(await newsletterStatus("lena@example.nl")).toBe("pending");
    expect(await mails("newsletterWelcome")).toHaveLength(0);

    const confirmed = await confirmNewsletter(await confirmToken(), { ip: "203.0.113.21" });
    if (isRefusal(confirmed)) throw new Error(confirmed.messageKey);
    expect(confirmed.code).toMatch(/^HELLO-[A-Z2-9]{8}$/);
    const [code] = await connection.db.select().from(discountCodes);
    expect(code).toMatchObject({
      code: confirmed.code,
      kind: "percentage",
      percent: 15,
      firstOrderOnly: true,
      usageLimit: 1,
      perCustomerLimit: 1,
      source: "newsletter",
    });
    const [welcome] = await mails("newsletterWelcome");
    expect(welcome!.html).toContain(confirmed.code!);
    expect(welcome!.headers).toMatchObject({
      "List-Unsubscribe": expect.stringMatching(
        /^<http.+\/api\/v1\/newsletter\/unsubscribe\?token=\d+\..+>$/,
      ),
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(welcome!.html).toMatch(/unsubscribe\?token=/);
    // The link opened again shows the same code and issues nothing new.
    expect(await confirmNewsletter(await confirmToken(), { ip: null })).toEqual({
      email: "lena@example.nl",
      code: confirmed.code,
    });
    expect(await connection.db.select().from(discountCodes)).toHaveLength(1);
  });

  it("answers an address subscribed already with the spec's message, and changes nothing", async () => {
    await subscribeNewsletter("lena@example.nl", meta);
    await confirmNewsletter(await confirmToken(), { ip: null });
    const before = await connection.db.select().from(outboxMessages);
    const again = await subscribeNewsletter("lena@example.nl", meta);
    expect(isRefusal(again) && again.messageKey).toBe("marketing:newsletter.errors.alreadySubscribed");
    expect(await connection.db.select().from(outboxMessages)).toHaveLength(before.length);
  });

  it("refuses an unknown link", async () => {
    const outcome = await confirmNewsletter("nonsense", { ip: null });
    expect(isRefusal(outcome) && outcome.messageKey).toBe("marketing:newsletter.errors.link");
  });

  it("keeps the consent proof (time, IP, text version) and exports it as CSV", async () => {
    await subscribeNewsletter("=cmd@example.nl", meta);
    await confirmNewsletter(await confirmToken(), { ip: "198.51.100.7" });
    const events = await connection.db.select().from(newsletterConsentEvents);
    expect(events.map((e) => [e.kind, e.ip, e.textVersion])).toEqual([
      ["requested", "203.0.113.20", NEWSLETTER_CONSENT_VERSION],
      ["confirmed", "198.51.100.7", NEWSLETTER_CONSENT_VERSION],
    ]);
    const csv = await newsletterSubscribersCsv();
    const [header, row] = csv.trim().split("\r\n");
    expect(header).toContain("requested_ip");
    expect(row).toContain("203.0.113.20");
    expect(row).toContain("198.51.100.7");
    expect(row).toContain(NEWSLETTER_CONSENT_VERSION);
    expect(row!.startsWith("'=cmd@example.nl")).toBe(true);
  });
});

describe("unsubscribe", () => {
  it("is one click with the token of the e-mail, idempotent, and refuses a forged token", async () => {
    await subscribeNewsletter("lena@example.nl", meta);
    await confirmNewsletter(await confirmToken(), { ip: null });
    const [row] = await connection.db.select().from(newsletterSubscribers);
    expect(isRefusal(await unsubscribeNewsletter(`${row!.id}.forged`, { ip: null }))).toBe(true);
    expect(await newsletterStatus("lena@example.nl")).toBe("subscribed");
    expect(await unsubscribeNewsletter(unsubscribeToken(row!.id), { ip: null })).toEqual({
      email: "lena@example.nl",
    });
    expect(await unsubscribeNewsletter(unsubscribeToken(row!.id), { ip: null })).toEqual({
      email: "lena@example.nl",
    });
    expect(await newsletterStatus("lena@example.nl")).toBe("unsubscribed");
    // Subscribing again works, but the welcome code was given once.
    await subscribeNewsletter("lena@example.nl", meta);
    const tokens = await mails("newsletterConfirm");
    const token = new URL((tokens.at(-1)!.payload as { confirmUrl: string }).confirmUrl).searchParams.get(
      "confirm",
    )!;
    const again = await confirmNewsletter(token, { ip: null });
    expect(again).toEqual({ email: "lena@example.nl", code: null });
    expect(await connection.db.select().from(discountCodes)).toHaveLength(1);
  });
});

describe("the account's switch", () => {
  it("subscribes a confirmed account at once, keeps the account's flag, and unsubscribes it", async () => {
    const { id } = await createAccount({
      email: "sem@example.nl",
      password: "a-long-password",
      firstName: "Sem",
      lastName: "Bakker",
      locale: "nl",
    });
    expect(await setAccountNewsletter({ email: "sem@example.nl" }, true, meta)).toEqual({
      status: "subscribed",
    });
    expect(await mails("newsletterWelcome")).toHaveLength(1);
    const flag = async () =>
      (await connection.db.select({ on: user.newsletter }).from(user).where(eq(user.id, id)))[0]?.on;
    expect(await flag()).toBe(true);
    expect(await setAccountNewsletter({ email: "sem@example.nl" }, false, meta)).toEqual({
      status: "unsubscribed",
    });
    expect(await flag()).toBe(false);
  });
});

describe("the welcome code", () => {
  it("serves one order only, also when two orders use it at once", async () => {
    await subscribeNewsletter("lena@example.nl", meta);
    const confirmed = await confirmNewsletter(await confirmToken(), { ip: null });
    if (isRefusal(confirmed)) throw new Error(confirmed.messageKey);
    const redeem = (n: number) =>
      transaction(async (tx) =>
        redeemDiscountCode(
          {
            code: confirmed.code!,
            orderNumber: String(700_000_000 + n),
            email: n === 1 ? "lena@example.nl" : "other@example.nl",
            amountCents: 750,
            lines: [{ productId: 1, unitPriceCents: 5_000, quantity: 1 }],
            firstOrder: true,
          },
          { tx },
        ),
      );
    const results = await Promise.all([redeem(1), redeem(2)]);
    expect(results.filter((r) => !isRefusal(r))).toHaveLength(1);
  });
});
