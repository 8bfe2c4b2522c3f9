import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solvedCaptcha } from "../../../tests/support/captcha";
import { freshDatabase } from "../../../tests/support/database";
import type { Connection } from "../../platform/db/db.server";
import { luhnValid } from "../../platform/forms/validators";
import { isRefusal, refuse } from "../../platform/refusal";
import {
  adjustGiftCard,
  checkGiftCardBalance,
  expireGiftCards,
  holdGiftCard,
  issueGiftCard,
  recogniseGiftCard,
  refundToGiftCards,
  setGiftCardBlocked,
  settleGiftCardHolds,
} from "./gift-cards.server";
import { giftCardEntries, giftCards } from "./tables.server";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
});
afterAll(() => connection.close());

const notRecognised = refuse.invalid("giftcard:errors.notRecognised", {}, "number");
const issue = (amountCents: number, key: string) =>
  issueGiftCard({ amountCents, source: "goodwill", idempotencyKey: key });

async function card(id: number) {
  const [row] = await connection.db.select().from(giftCards).where(eq(giftCards.id, id));
  return row as typeof giftCards.$inferSelect;
}

describe("issuing", () => {
  it("gives a 19-digit Luhn number and a 6-digit PIN once, stores neither in clear, valid two years", async () => {
    const issued = await issue(25_00, "issue-1");
    expect(issued.number).toMatch(/^[1-9]\d{18}$/);
    expect(luhnValid(issued.number as string)).toBe(true);
    expect(issued.pin).toMatch(/^\d{6}$/);
    expect(issued.last4).toBe(issued.number?.slice(-4));
    const months = (issued.validUntil.getTime() - Date.now()) / (30.44 * 24 * 3600 * 1000);
    expect(Math.round(months)).toBe(24);
    const row = await card(issued.id);
    expect(JSON.stringify(row)).not.toContain(issued.number as string);
    expect(row.pinHash).not.toContain(issued.pin as string);
    expect(row.pinHash).toMatch(/^scrypt\$/);
    // The same key issues once, and never shows the number again.
    expect(await issue(25_00, "issue-1")).toMatchObject({ id: issued.id, number: null, pin: null });
  });

  it("gives different numbers every time", async () => {
    const numbers = new Set<string | null>();
    for (let i = 0; i < 20; i++) numbers.add((await issue(10_00, `many-${i}`)).number);
    expect(numbers.size).toBe(20);
  });
});

describe("recognising a card", () => {
  it("answers the balance for the right number and PIN, the same refusal for any other", async () => {
    const issued = await issue(40_00, "recognise-1");
    const number = issued.number as string;
    const pin = issued.pin as string;
    expect(await recogniseGiftCard({ number: number.replace(/(\d{4})/g, "$1 "), pin })).toMatchObject({
      id: issued.id,
      availableCents: 40_00,
      status: "active",
      expired: false,
    });
    const wrongPin = pin === "000000" ? "000001" : "000000";
    const otherNumber = `${number.slice(0, 17)}${(Number(number[17]) + 1) % 10}`;
    const fixed = otherNumber.slice(0, 18);
    const { luhnCheckDigit } = await import("../../platform/forms/validators");
    expect(await recogniseGiftCard({ number, pin: wrongPin })).toEqual(notRecognised);
    expect(await recogniseGiftCard({ number: `${fixed}${luhnCheckDigit(fixed)}`, pin })).toEqual(
      notRecognised,
    );
  });

  it("locks the card after 5 wrong PINs: the sixth try within the hour is refused even with the right PIN", async () => {
    const issued = await issue(15_00, "lock-1");
    const number = issued.number as string;
    const wrongPin = issued.pin === "123456" ? "654321" : "123456";
    for (let i = 0; i < 5; i++)
      expect(await recogniseGiftCard({ number, pin: wrongPin })).toEqual(notRecognised);
    expect(await recogniseGiftCard({ number, pin: issued.pin as string })).toEqual(notRecognised);
    // An hour later the right PIN works again.
    await connection.db
      .update(giftCards)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(giftCards.id, issued.id));
    expect(await recogniseGiftCard({ number, pin: issued.pin as string })).toMatchObject({
      availableCents: 15_00,
    });
  });

  it("a right PIN resets the count of wrong ones", async () => {
    const issued = await issue(15_00, "lock-2");
    const number = issued.number as string;
    const wrongPin = issued.pin === "123456" ? "654321" : "123456";
    for (let i = 0; i < 4; i++) await recogniseGiftCard({ number, pin: wrongPin });
    expect(await recogniseGiftCard({ number, pin: issued.pin as string })).not.toSatisfy(isRefusal);
    for (let i = 0; i < 4; i++) await recogniseGiftCard({ number, pin: wrongPin });
    expect(await recogniseGiftCard({ number, pin: issued.pin as string })).not.toSatisfy(isRefusal);
  });
});

describe("the balance checker", () => {
  it("wants a solved captcha, then throttles per card", async () => {
    const issued = await issue(30_00, "check-1");
    const input = { number: issued.number as string, pin: issued.pin as string };
    expect(await checkGiftCardBalance(input, { ip: "198.51.100.1" })).toEqual(
      refuse.invalid("account:captcha.missing", undefined, "captcha"),
    );
    expect(
      await checkGiftCardBalance({ ...input, captcha: await solvedCaptcha() }, { ip: "198.51.100.1" }),
    ).toMatchObject({ availableCents: 30_00, last4: issued.last4 });
    for (let i = 0; i < 9; i++)
      await checkGiftCardBalance({ ...input, captcha: await solvedCaptcha() }, { ip: `198.51.100.${i + 2}` });
    expect(
      await checkGiftCardBalance({ ...input, captcha: await solvedCaptcha() }, { ip: "198.51.100.99" }),
    ).toEqual(refuse.tooMany("giftcard:errors.tooMany"));
  });
});

describe("money on a card", () => {
  it("holds, spends, releases and refunds with a ledger, each move once", async () => {
    const { id } = await issue(50_00, "ledger-1");
    expect(await holdGiftCard({ cardId: id, amountCents: 30_00, orderReference: "100000001" })).toMatchObject(
      {
        amountCents: 30_00,
      },
    );
    // Sent twice (a retried place-order), held once.
    await holdGiftCard({ cardId: id, amountCents: 30_00, orderReference: "100000001" });
    expect(await card(id)).toMatchObject({ balanceCents: 50_00, heldCents: 30_00 });
    expect(await holdGiftCard({ cardId: id, amountCents: 25_00, orderReference: "100000002" })).toEqual(
      refuse.conflict("giftcard:errors.insufficient", { available: 20_00 }),
    );
    await holdGiftCard({ cardId: id, amountCents: 20_00, orderReference: "100000002" });
    expect(await settleGiftCardHolds({ orderReference: "100000001", outcome: "spent" })).toBe(30_00);
    expect(await settleGiftCardHolds({ orderReference: "100000001", outcome: "released" })).toBe(0);
    expect(await settleGiftCardHolds({ orderReference: "100000002", outcome: "released" })).toBe(20_00);
    expect(await card(id)).toMatchObject({ balanceCents: 20_00, heldCents: 0 });

    const refund = await refundToGiftCards({
      orderReference: "100000001",
      amountCents: 40_00,
      idempotencyKey: "r1",
    });
    expect(refund).toMatchObject({ expiredCents: 0, leftCents: 10_00 });
    expect(refund.toCards.map((c) => c.amountCents)).toEqual([30_00]);
    expect(
      await refundToGiftCards({ orderReference: "100000001", amountCents: 40_00, idempotencyKey: "r1" }),
    ).toMatchObject({ toCards: [], leftCents: 40_00 });
    expect(await card(id)).toMatchObject({ balanceCents: 50_00, heldCents: 0 });

    const kinds = await connection.db
      .select({ kind: giftCardEntries.kind, amountCents: giftCardEntries.amountCents })
      .from(giftCardEntries)
      .where(eq(giftCardEntries.cardId, id))
      .orderBy(giftCardEntries.id);
    expect(kinds).toEqual([
      { kind: "issue", amountCents: 50_00 },
      { kind: "hold", amountCents: 30_00 },
      { kind: "hold", amountCents: 20_00 },
      { kind: "spend", amountCents: 30_00 },
      { kind: "release", amountCents: 20_00 },
      { kind: "refund", amountCents: 30_00 },
    ]);
  });

  it("refuses holds on blocked and expired cards; staff adjust within what is not held", async () => {
    const { id } = await issue(20_00, "blocked-1");
    await setGiftCardBlocked({ cardId: id, blocked: true });
    expect(await holdGiftCard({ cardId: id, amountCents: 5_00, orderReference: "200000001" })).toEqual(
      refuse.conflict("giftcard:errors.blocked"),
    );
    await setGiftCardBlocked({ cardId: id, blocked: false });
    await holdGiftCard({ cardId: id, amountCents: 15_00, orderReference: "200000001" });
    expect(
      await adjustGiftCard({ cardId: id, amountCents: -10_00, note: "typo", idempotencyKey: "adj-1" }),
    ).toEqual(refuse.conflict("giftcard:errors.insufficient", { available: 5_00 }));
    expect(
      await adjustGiftCard({ cardId: id, amountCents: -5_00, note: "typo", idempotencyKey: "adj-1" }),
    ).toBe(true);
    expect(
      await adjustGiftCard({ cardId: id, amountCents: -5_00, note: "typo", idempotencyKey: "adj-1" }),
    ).toBe(true);
    expect(await card(id)).toMatchObject({ balanceCents: 15_00, heldCents: 15_00 });

    await connection.db
      .update(giftCards)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(giftCards.id, id));
    expect(await holdGiftCard({ cardId: id, amountCents: 1_00, orderReference: "200000002" })).toEqual(
      refuse.conflict("giftcard:errors.expired"),
    );
  });

  it("expires what is left and sends refunds of expired cards elsewhere", async () => {
    const { id } = await issue(20_00, "expire-1");
    await holdGiftCard({ cardId: id, amountCents: 8_00, orderReference: "300000001" });
    await settleGiftCardHolds({ orderReference: "300000001", outcome: "spent" });
    await holdGiftCard({ cardId: id, amountCents: 2_00, orderReference: "300000002" });
    await connection.db
      .update(giftCards)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(giftCards.id, id));
    expect(await expireGiftCards()).toBeGreaterThanOrEqual(1);
    // What was held before the end still settles.
    expect(await card(id)).toMatchObject({ balanceCents: 2_00, heldCents: 2_00 });
    await settleGiftCardHolds({ orderReference: "300000002", outcome: "spent" });
    expect(
      await refundToGiftCards({ orderReference: "300000001", amountCents: 8_00, idempotencyKey: "r-exp" }),
    ).toEqual({
      toCards: [],
      expiredCents: 8_00,
      leftCents: 0,
    });
    expect(await card(id)).toMatchObject({ balanceCents: 0, heldCents: 0 });
  });
});
