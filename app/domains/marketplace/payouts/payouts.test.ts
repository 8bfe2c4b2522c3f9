import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { cookieOf } from "../../../../tests/support/customers";
import { freshDatabase } from "../../../../tests/support/database";
import { tradeFixtures } from "../../../../tests/support/marketplace-trade";
import { accepted } from "../../../../tests/support/refusals";
import { createApi } from "../../../api/index.server";
import { auth } from "../../../platform/auth/auth.server";
import { user } from "../../../platform/auth/tables.server";
import type { Connection } from "../../../platform/db/db.server";
import { isRefusal } from "../../../platform/refusal";
import { createAccount } from "../../customers/customers.server";
import { outboxMessages } from "../../notifications/tables.server";
import { walletEntries } from "../../wallet/tables.server";
import { bookWalletEntry, walletBalance } from "../../wallet/wallet.server";
import { moveTransaction } from "../transactions/transactions.server";
import {
  batchFile,
  batchPayouts,
  payoutAccountOf,
  payoutBatch,
  payoutsOf,
  requestPayout,
  savePayoutAccount,
  sellerEarnings,
  waitingPayouts,
} from "./payouts.server";
import { marketplacePayouts } from "./tables.server";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
}, 120_000);
afterAll(() => connection.close());

const { storeWith, person, buy, pay } = tradeFixtures(() => connection);
const key = (value: unknown) => (isRefusal(value) ? value.messageKey : null);
const api = new Hono().route("/api", createApi());

/** A signed-in seller: their id and the headers of their session (the password is checked against it). */
async function seller(password = "seller-password-1") {
  const email = `${randomUUID()}@example.nl`;
  const { id } = await createAccount({ email, password, firstName: "Sanne", lastName: "Smit", locale: "nl" });
  const { headers } = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
  return { id, email, password, headers: new Headers({ cookie: cookieOf(headers.getSetCookie()) }) };
}

/** Completed sales' earnings as the process books them (a `marketplace` wallet credit). */
async function earn(userId: string, cents: number) {
  accepted(
    await bookWalletEntry({ userId, amountCents: cents, kind: "marketplace", idempotencyKey: randomUUID() }),
  );
}

async function withAccount(who: Awaited<ReturnType<typeof seller>>) {
  accepted(
    await savePayoutAccount(who.headers, who.id, {
      iban: "NL91ABNA0417164300",
      holderName: "Sanne Smit",
      password: who.password,
    }),
  );
}

async function mailsTo(email: string) {
  return connection.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
}

describe("the payout account", () => {
  it("needs the password again, a valid SEPA IBAN and a name, and e-mails the seller on every change", async () => {
    const who = await seller();
    const input = { iban: "NL91 ABNA 0417 1643 00", holderName: "Sanne Smit", password: who.password };
    expect(
      await savePayoutAccount(who.headers, who.id, { ...input, password: "wrong-password" }),
    ).toMatchObject({ kind: "forbidden", messageKey: "account:password.wrongCurrent", field: "password" });
    expect(key(await savePayoutAccount(who.headers, who.id, { ...input, iban: "NL92ABNA0417164300" }))).toBe(
      "payouts:errors.ibanInvalid",
    );
    expect(
      key(await savePayoutAccount(who.headers, who.id, { ...input, iban: "BR1800360305000010009795493C1" })),
    ).toBe("payouts:errors.ibanNotSepa");
    expect(key(await savePayoutAccount(who.headers, who.id, { ...input, holderName: "  " }))).toBe(
      "payouts:errors.holderName",
    );
    expect(await payoutAccountOf(who.id)).toBeNull();
    expect(await mailsTo(who.email)).toEqual([]);

    const saved = accepted(await savePayoutAccount(who.headers, who.id, input));
    expect(saved).toMatchObject({ iban: "NL91ABNA0417164300", holderName: "Sanne Smit" });
    let mails = await mailsTo(who.email);
    expect(mails.map((m) => [m.template, m.locale])).toEqual([["payoutAccountChanged", "nl"]]);
    expect(mails[0]!.subject).toBe("Je bankrekening voor uitbetalingen is gewijzigd");

    // Saving the same again changes nothing and sends nothing.
    accepted(await savePayoutAccount(who.headers, who.id, input));
    expect(await mailsTo(who.email)).toHaveLength(1);

    accepted(await savePayoutAccount(who.headers, who.id, { ...input, iban: "BE68539007547034" }));
    mails = await mailsTo(who.email);
    expect(mails).toHaveLength(2);
    const change = mails.find((m) => m.text?.includes("BE •••• 7034"));
    expect(change?.text).toContain("NL •••• 4300");
    expect((await payoutAccountOf(who.id))?.iban).toBe("BE68539007547034");
  });

  it("cannot be set with another person's session", async () => {
    const [owner, other] = [await seller(), await seller("other-password-1")];
    expect(
      key(
        await savePayoutAccount(other.headers, owner.id, {
          iban: "NL91ABNA0417164300",
          holderName: "X",
          password: owner.password,
        }),
      ),
    ).toBe("account:password.wrongCurrent");
  });
});

describe("asking for a payout", () => {
  it("needs an account and the minimum (€5), and pays the available earnings out of the wallet", async () => {
    const who = await seller();
    await earn(who.id, 4_99);
    expect(key(await requestPayout(who.id, { idempotencyKey: randomUUID() }))).toBe(
      "payouts:errors.noAccount",
    );
    await withAccount(who);
    expect(await requestPayout(who.id, { idempotencyKey: randomUUID() })).toMatchObject({
      messageKey: "payouts:errors.belowMinimum",
      values: { minimum: 5_00, available: 4_99 },
    });
    await earn(who.id, 7_01);
    expect(await sellerEarnings(who.id)).toMatchObject({ availableCents: 12_00, canRequest: true });
    expect(key(await requestPayout(who.id, { idempotencyKey: randomUUID(), amountCents: 12_01 }))).toBe(
      "payouts:errors.moreThanAvailable",
    );

    const idempotencyKey = randomUUID();
    const { payout, duplicate } = accepted(await requestPayout(who.id, { idempotencyKey }));
    expect(duplicate).toBe(false);
    expect(payout).toMatchObject({ amountCents: 12_00, state: "requested", ibanMasked: "NL •••• 4300" });
    expect(payout.number).toMatch(/^PO-\d{6}$/);
    expect(await walletBalance(who.id)).toBe(0);
    const entries = await connection.db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, who.id), eq(walletEntries.kind, "payout")));
    expect(entries.map((e) => [e.amountCents, e.reference])).toEqual([[-12_00, payout.number]]);

    // The same key answers the same payout and books nothing more.
    const again = accepted(await requestPayout(who.id, { idempotencyKey }));
    expect(again).toEqual({ payout, duplicate: true });
    expect(await walletBalance(who.id)).toBe(0);
    expect(await payoutsOf(who.id)).toHaveLength(1);
    expect(await sellerEarnings(who.id)).toMatchObject({ availableCents: 0, canRequest: false });
  });

  it("pays out marketplace earnings only, and no more than the wallet still holds", async () => {
    const who = await seller();
    await withAccount(who);
    await earn(who.id, 20_00);
    accepted(
      await bookWalletEntry({
        userId: who.id,
        amountCents: 50_00,
        kind: "goodwill",
        idempotencyKey: randomUUID(),
      }),
    );
    expect((await sellerEarnings(who.id)).availableCents).toBe(20_00);
    // Spent in the shop: 65 of the 70 are gone, the 5 left can still be paid out.
    accepted(
      await bookWalletEntry({
        userId: who.id,
        amountCents: -65_00,
        kind: "order",
        idempotencyKey: randomUUID(),
      }),
    );
    expect((await sellerEarnings(who.id)).availableCents).toBe(5_00);
    const partial = accepted(
      await requestPayout(who.id, { idempotencyKey: randomUUID(), amountCents: 5_00 }),
    );
    expect(partial.payout.amountCents).toBe(5_00);
    expect(await walletBalance(who.id)).toBe(0);
  });

  it("asked twice at once for the same balance, pays once and the wallet never goes below 0", async () => {
    const who = await seller();
    await withAccount(who);
    await earn(who.id, 30_00);
    // Shopping credit beside the earnings: the wallet's own "not below 0" alone would let a second
    // payout of the same earnings through; the lock around "what is payable" does not.
    accepted(
      await bookWalletEntry({
        userId: who.id,
        amountCents: 50_00,
        kind: "goodwill",
        idempotencyKey: randomUUID(),
      }),
    );
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => requestPayout(who.id, { idempotencyKey: randomUUID() })),
    );
    const paid = outcomes.filter((o) => !isRefusal(o));
    expect(paid).toHaveLength(1);
    expect(new Set(outcomes.filter(isRefusal).map((o) => o.messageKey))).toEqual(
      new Set(["payouts:errors.belowMinimum"]),
    );
    expect(await walletBalance(who.id)).toBe(50_00);
    const rows = await connection.db
      .select()
      .from(marketplacePayouts)
      .where(eq(marketplacePayouts.userId, who.id));
    expect(rows.map((r) => r.amountCents)).toEqual([30_00]);
  }, 60_000);

  it("counts a sale's earnings as pending until the buyer completes, then as available", async () => {
    const { seller: provider, listingIds } = await storeWith([40_00]);
    const buyer = await person();
    const { transactionId } = await buy(buyer, listingIds);
    await pay(transactionId);
    expect(await sellerEarnings(provider)).toMatchObject({ pendingCents: 36_00, availableCents: 0 });
    const as = (role: "customer" | "provider", userId: string) => ({ role, userId });
    accepted(
      await moveTransaction(transactionId, "send-item", as("provider", provider), { trackingCode: "T1" }),
    );
    accepted(await moveTransaction(transactionId, "delivered", { role: "system" }, { note: "carrier" }));
    expect(await sellerEarnings(provider)).toMatchObject({ pendingCents: 36_00, availableCents: 0 });
    accepted(await moveTransaction(transactionId, "complete-by-customer", as("customer", buyer)));
    expect(await sellerEarnings(provider)).toMatchObject({ pendingCents: 0, availableCents: 36_00 });
  });
});

describe("the SEPA batch", () => {
  const xsd = readFileSync(path.join(import.meta.dirname, "pain.001.001.09.xsd"), "utf8");

  it("puts every requested payout in one file that validates, once, and lists them", async () => {
    await batchPayouts(); // earlier tests' payouts
    const people = [await seller(), await seller()];
    for (const [i, who] of people.entries()) {
      await withAccount(who);
      await earn(who.id, (i + 1) * 10_00);
      accepted(await requestPayout(who.id, { idempotencyKey: randomUUID() }));
    }
    expect((await waitingPayouts()).map((p) => p.amountCents)).toEqual([10_00, 20_00]);

    const [first, second] = await Promise.all([batchPayouts(), batchPayouts()]);
    const batch = (first ?? second)!;
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect(batch).toMatchObject({ payoutCount: 2, totalCents: 30_00, downloadedAt: null });
    expect(batch.messageId).toMatch(/^LL-PAYOUTS-\d{8}-\d+$/);
    expect(await waitingPayouts()).toEqual([]);
    expect(await batchPayouts()).toBeNull();

    const detail = (await payoutBatch(batch.id))!;
    expect(detail.payouts.map((p) => [p.amountCents, p.email])).toEqual([
      [10_00, people[0]!.email],
      [20_00, people[1]!.email],
    ]);
    expect((await payoutsOf(people[0]!.id))[0]).toMatchObject({ state: "batched" });

    const file = (await batchFile(batch.id))!;
    expect(file.fileName).toBe(`${batch.messageId}.xml`);
    const verdict = await validateXML({
      xml: [{ fileName: "batch.xml", contents: file.xml }],
      schema: [{ fileName: "pain.001.001.09.xsd", contents: xsd }],
    });
    expect(verdict.errors).toEqual([]);
    expect(file.xml).toContain("<CtrlSum>30.00</CtrlSum>");
    expect(file.xml).toContain(`<EndToEndId>${detail.payouts[0]!.number}</EndToEndId>`);
    expect((await payoutBatch(batch.id))!.batch.downloadedAt).not.toBeNull();
  });
});

describe("the app's API", () => {
  it("reads the earnings, sets the account with the password and asks a payout once per key", async () => {
    const who = await seller();
    await earn(who.id, 8_00);
    const call = (method: string, url: string, body?: unknown) =>
      api.request(`/api/v1/marketplace/${url}`, {
        method,
        headers: { cookie: who.headers.get("cookie")!, "content-type": "application/json" },
        body: body ? JSON.stringify(body) : undefined,
      });
    const read = await call("GET", "payouts");
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ availableCents: 8_00, account: null, canRequest: false });

    const wrong = await call("PUT", "payout-account?locale=en", {
      iban: "NL91ABNA0417164300",
      holderName: "Sanne Smit",
      password: "nope",
    });
    expect(wrong.status).toBe(403);
    const invalid = await call("PUT", "payout-account?locale=en", {
      iban: "NL00ABNA0417164300",
      holderName: "Sanne Smit",
      password: who.password,
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ messageTranslationKey: "payouts:errors.ibanInvalid" });
    const set = await call("PUT", "payout-account?locale=en", {
      iban: "NL91ABNA0417164300",
      holderName: "Sanne Smit",
      password: who.password,
    });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ ibanMasked: "NL •••• 4300" });

    const body = { idempotencyKey: randomUUID() };
    const first = await call("POST", "payouts?locale=en", body);
    expect(first.status).toBe(201);
    const again = await call("POST", "payouts?locale=en", body);
    expect((await again.json()).id).toBe((await first.json()).id);
    const more = await call("POST", "payouts?locale=en", { idempotencyKey: randomUUID() });
    expect(more.status).toBe(409);
  });
});

describe("the demo seed", () => {
  it("gives the demo seller a bank account and a payout waiting for the next file, once", async () => {
    const { seedDemoAccounts } = await import("../../../seed/demo-accounts.server");
    const { seedDemoPayout } = await import("../../../seed/demo-payout.server");
    await seedDemoAccounts();
    expect(await seedDemoPayout(connection.db)).toBe(true);
    expect(await seedDemoPayout(connection.db)).toBe(false);
    const [demo] = await connection.db.select().from(user).where(eq(user.email, "demo@loomandlabel.test"));
    const earnings = await sellerEarnings(demo!.id);
    expect(earnings.account).toMatchObject({ holderName: "Sanne de Vries" });
    expect(earnings.payouts).toMatchObject([{ amountCents: 24_30, state: "requested" }]);
  });
});
