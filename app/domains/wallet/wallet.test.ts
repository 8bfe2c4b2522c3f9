import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import type { Connection } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { isRefusal, refuse } from "../../platform/refusal";
import { createAccount } from "../customers/customers.server";
import {
  bookWalletEntry,
  holdWalletCredit,
  lockWallet,
  maxUsableWalletCents,
  refundToWallet,
  settleWalletHold,
  walletBalance,
  walletEntryExists,
  walletHoldOf,
  walletOf,
  walletTotalOf,
} from "./wallet.server";

let connection: Connection;
let userId: string;
let count = 0;
/** A customer of their own, so each test starts from an empty wallet. */
async function customer(): Promise<string> {
  count += 1;
  const { id } = await createAccount({
    email: `wallet-${count}@example.nl`,
    password: "a-good-password",
    firstName: "Wim",
    lastName: "Wallet",
    locale: "nl",
  });
  return id;
}
/** A customer with this much credit (one goodwill entry). */
async function customerWith(cents: number): Promise<string> {
  const id = await customer();
  const booked = await bookWalletEntry({
    userId: id,
    amountCents: cents,
    kind: "goodwill",
    idempotencyKey: `g-${id}`,
  });
  expect(isRefusal(booked)).toBe(false);
  return id;
}

beforeAll(async () => {
  connection = await freshDatabase();
  userId = await customer();
});
afterAll(() => connection.close());

describe("wallet", () => {
  it("starts empty", async () => {
    expect(await walletOf(userId)).toEqual({ balanceCents: 0, entries: [] });
    expect(await walletBalance(userId)).toBe(0);
  });

  it("books credits once per idempotency key and never goes below 0", async () => {
    const credit = { userId, amountCents: 1500, kind: "goodwill" as const, idempotencyKey: "goodwill-1" };
    expect(await bookWalletEntry(credit)).toEqual({ balanceCents: 1500, duplicate: false });
    expect(await bookWalletEntry(credit)).toEqual({ balanceCents: 1500, duplicate: true });
    expect(
      await bookWalletEntry({ userId, amountCents: -1600, kind: "order", idempotencyKey: "order-1" }),
    ).toEqual(refuse.conflict("account:wallet.insufficient"));
    expect(await walletEntryExists("order-1")).toBe(false);
    // Six spends at once (on PostgreSQL: six connections): only one of them fits in the balance.
    const spends = await Promise.all(
      ["a", "b", "c", "d", "e", "f"].map((key) =>
        bookWalletEntry({ userId, amountCents: -1000, kind: "order", idempotencyKey: `order-${key}` }),
      ),
    );
    expect(spends.filter((s) => !isRefusal(s))).toHaveLength(1);
    const wallet = await walletOf(userId);
    expect(wallet.balanceCents).toBe(500);
    expect(wallet.entries.map((e) => e.amountCents)).toEqual([-1000, 1500]);
  });

  it("spends the whole balance down to exactly 0", async () => {
    const id = await customerWith(700);
    expect(
      await bookWalletEntry({ userId: id, amountCents: -700, kind: "order", idempotencyKey: `all-${id}` }),
    ).toEqual({ balanceCents: 0, duplicate: false });
    expect(await walletBalance(id)).toBe(0);
  });

  it("refuses an entry that is not a whole, non-zero number of cents", async () => {
    for (const amountCents of [0, 1.5, Number.NaN, 2 ** 60])
      await expect(
        bookWalletEntry({ userId, amountCents, kind: "goodwill", idempotencyKey: `bad-${amountCents}` }),
      ).rejects.toThrow("A wallet entry is a non-zero number of cents");
  });

  it("lists the ledger newest first with every field, limited", async () => {
    const id = await customer();
    await bookWalletEntry({
      userId: id,
      amountCents: 300,
      kind: "refund",
      reference: "LL-1001",
      note: "Broken zip",
      idempotencyKey: `first-${id}`,
    });
    await bookWalletEntry({ userId: id, amountCents: 200, kind: "referral", idempotencyKey: `second-${id}` });
    const wallet = await walletOf(id);
    expect(wallet.balanceCents).toBe(500);
    expect(wallet.entries).toEqual([
      {
        id: expect.any(Number),
        amountCents: 200,
        kind: "referral",
        reference: null,
        note: null,
        createdAt: expect.any(Date),
      },
      {
        id: expect.any(Number),
        amountCents: 300,
        kind: "refund",
        reference: "LL-1001",
        note: "Broken zip",
        createdAt: expect.any(Date),
      },
    ]);
    const [newer, older] = wallet.entries;
    expect(newer!.id).toBeGreaterThan(older!.id);
    expect(await walletOf(id, { limit: 1 })).toEqual({ balanceCents: 500, entries: [wallet.entries[0]] });
    expect(await walletOf(id, { limit: 0 })).toEqual({ balanceCents: 500, entries: [] });
  });

  it("shows the newest 100 entries unless told otherwise, and only the customer's own", async () => {
    const id = await customer();
    for (let i = 1; i <= 101; i += 1)
      await bookWalletEntry({
        userId: id,
        amountCents: i,
        kind: "goodwill",
        idempotencyKey: `many-${id}-${i}`,
      });
    const wallet = await walletOf(id);
    expect(wallet.entries).toHaveLength(100);
    expect(wallet.entries[0]!.amountCents).toBe(101);
    expect(wallet.balanceCents).toBe((101 * 102) / 2);
    expect((await walletOf(await customer())).entries).toEqual([]);
  });

  it("sums the entries of the kinds asked for, of that customer only", async () => {
    const id = await customer();
    await bookWalletEntry({ userId: id, amountCents: 4000, kind: "marketplace", idempotencyKey: `m-${id}` });
    await bookWalletEntry({ userId: id, amountCents: 900, kind: "goodwill", idempotencyKey: `gw-${id}` });
    await bookWalletEntry({ userId: id, amountCents: -1500, kind: "payout", idempotencyKey: `p-${id}` });
    expect(await walletTotalOf(id, ["marketplace", "payout"])).toBe(2500);
    expect(await walletTotalOf(id, ["goodwill"])).toBe(900);
    expect(await walletTotalOf(id, ["referral"])).toBe(0);
    expect(await walletTotalOf(userId, ["marketplace"])).toBe(0);
    expect(await walletBalance(id)).toBe(3400);
    await transaction(async (tx) => {
      await lockWallet(id, tx);
      expect(await walletTotalOf(id, ["marketplace"], { tx })).toBe(4000);
      expect(await walletBalance(id, { tx })).toBe(3400);
    });
  });

  it("holds a wallet's ledger locked for the transaction that asked", async () => {
    const id = await customerWith(1000);
    const order: string[] = [];
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = transaction(async (tx) => {
      await lockWallet(id, tx);
      locked();
      await new Promise((resolve) => setTimeout(resolve, 300));
      order.push("holder done");
    });
    await lockTaken;
    const booking = bookWalletEntry({
      userId: id,
      amountCents: -100,
      kind: "order",
      idempotencyKey: `after-${id}`,
    }).then(() => order.push("booked"));
    await Promise.all([holder, booking]);
    expect(order).toEqual(["holder done", "booked"]);
  });
});

describe("the usable amount for an order", () => {
  const usable = (balanceCents: number, totalCents: number, leftCents: number, capPercent: number) =>
    maxUsableWalletCents({ balanceCents, totalCents, leftCents, capPercent });

  it("is the smallest of the balance, what is left to pay and the cap", () => {
    expect(usable(1000, 10_000, 10_000, 100)).toBe(1000);
    expect(usable(10_000, 10_000, 2500, 100)).toBe(2500);
    expect(usable(10_000, 10_000, 10_000, 50)).toBe(5000);
  });

  it("rounds the cap down to a whole cent", () => {
    expect(usable(10_000, 999, 999, 50)).toBe(499);
    expect(usable(10_000, 1, 1, 99)).toBe(0);
  });

  it("keeps the cap between 0 % and 100 %", () => {
    expect(usable(10_000, 4000, 4000, 150)).toBe(4000);
    expect(usable(10_000, 4000, 4000, -20)).toBe(0);
    expect(usable(10_000, 4000, 4000, 0)).toBe(0);
  });

  it("is never negative", () => {
    expect(usable(-300, 4000, 4000, 100)).toBe(0);
    expect(usable(1000, 4000, -5, 100)).toBe(0);
  });
});

describe("wallet holds for orders", () => {
  it("holds credit once per order with an 'order' debit, and refuses more than the balance", async () => {
    const id = await customerWith(2000);
    const held = await holdWalletCredit({ userId: id, orderReference: `LL-H-${id}`, amountCents: 1200 });
    expect(held).toEqual({ holdId: expect.any(Number), amountCents: 1200 });
    expect(await holdWalletCredit({ userId: id, orderReference: `LL-H-${id}`, amountCents: 1200 })).toEqual(
      held,
    );
    expect(await walletBalance(id)).toBe(800);
    const [debit] = (await walletOf(id)).entries;
    expect(debit).toMatchObject({ amountCents: -1200, kind: "order", reference: `LL-H-${id}` });
    expect(await walletEntryExists(`wallet-hold:LL-H-${id}`)).toBe(true);
    expect(await walletHoldOf(`LL-H-${id}`)).toEqual({ amountCents: 1200, refundedCents: 0, state: "held" });

    expect(await holdWalletCredit({ userId: id, orderReference: `LL-H2-${id}`, amountCents: 801 })).toEqual(
      refuse.conflict("account:wallet.insufficient"),
    );
    expect(await walletHoldOf(`LL-H2-${id}`)).toBeNull();
    expect(await walletBalance(id)).toBe(800);
  });

  it("refuses a hold that is not a positive whole number of cents", async () => {
    for (const amountCents of [0, -5, 2.5])
      await expect(
        holdWalletCredit({ userId, orderReference: `LL-bad-${amountCents}`, amountCents }),
      ).rejects.toThrow("A wallet hold is a positive number of cents");
  });

  it("releases an unpaid order's hold back to the wallet, once", async () => {
    const id = await customerWith(1000);
    const reference = `LL-R-${id}`;
    await holdWalletCredit({ userId: id, orderReference: reference, amountCents: 600 });
    expect(await settleWalletHold({ orderReference: reference, outcome: "released" })).toBe(600);
    expect(await walletBalance(id)).toBe(1000);
    expect((await walletOf(id)).entries[0]).toMatchObject({ amountCents: 600, kind: "release", reference });
    expect(await walletHoldOf(reference)).toMatchObject({ state: "released" });
    expect(await settleWalletHold({ orderReference: reference, outcome: "released" })).toBe(0);
    expect(await settleWalletHold({ orderReference: reference, outcome: "spent" })).toBe(0);
    expect(await walletBalance(id)).toBe(1000);
    expect(await walletHoldOf(reference)).toMatchObject({ state: "released" });
    // Another order's hold is released on its own key, not taken for the first one's.
    await holdWalletCredit({ userId: id, orderReference: `${reference}-2`, amountCents: 250 });
    expect(await settleWalletHold({ orderReference: `${reference}-2`, outcome: "released" })).toBe(250);
    expect(await walletBalance(id)).toBe(1000);
  });

  it("marks a paid order's hold spent without crediting anything", async () => {
    const id = await customerWith(1000);
    const reference = `LL-S-${id}`;
    await holdWalletCredit({ userId: id, orderReference: reference, amountCents: 400 });
    expect(await settleWalletHold({ orderReference: reference, outcome: "spent" })).toBe(400);
    expect(await walletBalance(id)).toBe(600);
    expect(await walletHoldOf(reference)).toMatchObject({ state: "spent" });
    expect(await settleWalletHold({ orderReference: reference, outcome: "released" })).toBe(0);
    expect(await walletBalance(id)).toBe(600);
    expect(await settleWalletHold({ orderReference: "LL-NO-SUCH-ORDER", outcome: "spent" })).toBe(0);
  });

  it("refunds to the wallet at most what it spent on the order, once per key", async () => {
    const id = await customerWith(1000);
    const reference = `LL-F-${id}`;
    await holdWalletCredit({ userId: id, orderReference: reference, amountCents: 500 });
    // Not spent yet (the order is unpaid): nothing to give back.
    expect(
      await refundToWallet({ orderReference: reference, amountCents: 100, idempotencyKey: `k0-${id}` }),
    ).toBe(0);
    await settleWalletHold({ orderReference: reference, outcome: "spent" });

    expect(
      await refundToWallet({ orderReference: reference, amountCents: 300, idempotencyKey: `k1-${id}` }),
    ).toBe(300);
    expect(await walletEntryExists(`k1-${id}:wallet`)).toBe(true);
    expect((await walletOf(id)).entries[0]).toMatchObject({ amountCents: 300, kind: "refund", reference });
    // The same key again: nothing more.
    expect(
      await refundToWallet({ orderReference: reference, amountCents: 300, idempotencyKey: `k1-${id}` }),
    ).toBe(0);
    expect(await walletHoldOf(reference)).toEqual({ amountCents: 500, refundedCents: 300, state: "spent" });
    // A second refund is capped at what is left of the 500.
    expect(
      await refundToWallet({ orderReference: reference, amountCents: 900, idempotencyKey: `k2-${id}` }),
    ).toBe(200);
    expect(await walletHoldOf(reference)).toEqual({ amountCents: 500, refundedCents: 500, state: "spent" });
    expect(
      await refundToWallet({ orderReference: reference, amountCents: 50, idempotencyKey: `k3-${id}` }),
    ).toBe(0);
    expect(await walletEntryExists(`k3-${id}:wallet`)).toBe(false);
    expect(await walletBalance(id)).toBe(1000);
    expect(
      await refundToWallet({ orderReference: "LL-NO-SUCH-ORDER", amountCents: 50, idempotencyKey: "k4" }),
    ).toBe(0);
  });

  it("composes in the caller's transaction: a rolled-back hold leaves nothing", async () => {
    const id = await customerWith(1000);
    const reference = `LL-T-${id}`;
    await expect(
      transaction(async (tx) => {
        await holdWalletCredit({ userId: id, orderReference: reference, amountCents: 300 }, { tx });
        expect(await walletHoldOf(reference, { tx })).toMatchObject({ amountCents: 300 });
        expect(await walletEntryExists(`wallet-hold:${reference}`, { tx })).toBe(true);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await walletHoldOf(reference)).toBeNull();
    expect(await walletBalance(id)).toBe(1000);
    await transaction(async (tx) => {
      await holdWalletCredit({ userId: id, orderReference: reference, amountCents: 300 }, { tx });
      expect(await settleWalletHold({ orderReference: reference, outcome: "spent" }, { tx })).toBe(300);
      expect(
        await refundToWallet(
          { orderReference: reference, amountCents: 100, idempotencyKey: `t-${id}` },
          { tx },
        ),
      ).toBe(100);
    });
    expect(await walletHoldOf(reference)).toEqual({ amountCents: 300, refundedCents: 100, state: "spent" });
  });
});
