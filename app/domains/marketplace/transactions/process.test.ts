import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../../tests/support/database";
import { tradeFixtures } from "../../../../tests/support/marketplace-trade";
import { accepted } from "../../../../tests/support/refusals";
import type { Connection } from "../../../platform/db/db.server";
import { isRefusal } from "../../../platform/refusal";
import { outboxMessages } from "../../notifications/tables.server";
import { paymentById } from "../../payments/payments.server";
import { paymentRefunds } from "../../payments/tables.server";
import { walletBalance } from "../../wallet/wallet.server";
import { marketplaceTransactionLog } from "./tables.server";
import {
  enquire,
  fireTimer,
  moveTransaction,
  sweepTimers,
  transactionFor,
  transactionsOf,
} from "./transactions.server";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
}, 120_000);
afterAll(() => connection.close());

const { person, storeWith, buyInput, buy, row, listingState, pay } = tradeFixtures(() => connection);
const key = (value: unknown) => (isRefusal(value) ? value.messageKey : null);
const MIN = 60_000;
const DAY = 86_400_000;
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

async function logOf(id: number) {
  return connection.db
    .select({
      transition: marketplaceTransactionLog.transition,
      actor: marketplaceTransactionLog.actor,
    })
    .from(marketplaceTransactionLog)
    .where(eq(marketplaceTransactionLog.transactionId, id))
    .orderBy(marketplaceTransactionLog.id);
}

describe("buying", () => {
  it("reserves the listing, charges price + shipping + buyer protection, and pays through the PSP", async () => {
    const { seller, listingIds } = await storeWith([20_00]);
    const buyer = await person();
    const { transactionId, checkoutUrl } = await buy(buyer, listingIds);
    expect(checkoutUrl).toMatch(/sandbox-pay/);
    expect(await listingState(listingIds[0]!)).toBe("reserved");
    const tx = await row(transactionId);
    // €20 + €6.45 home + €0.70 + 5 % of €20 = €28.15; commission 10 %.
    expect([tx.priceCents, tx.shippingCents, tx.feeCents, tx.totalCents, tx.commissionCents]).toEqual([
      20_00, 6_45, 1_70, 28_15, 2_00,
    ]);
    expect((await paymentById(tx.paymentId!))?.amountCents).toBe(28_15);
    // Nobody else can buy it now, and the seller never could.
    expect(key(await enquire(await person(), buyInput(listingIds)))).toBe("trade:errors.listingUnavailable");
    expect(key(await enquire(seller, buyInput(listingIds)))).toBe("trade:errors.ownListing");

    await pay(transactionId);
    const paid = await row(transactionId);
    expect([paid.state, paid.earnings]).toEqual(["payment-complete", "pending"]);
    expect((await logOf(transactionId)).map((l) => `${l.transition}:${l.actor}`)).toEqual([
      "enquire:customer",
      "confirm-payment:system",
    ]);
    const mails = await connection.db
      .select({ to: outboxMessages.recipient })
      .from(outboxMessages)
      .where(eq(outboxMessages.template, "marketplaceTransaction"));
    expect(mails.map((m) => m.to).sort()).toEqual([`${buyer}@example.nl`, `${seller}@example.nl`].sort());
  });

  it("frees the listing when the payment fails, and the same key starts one purchase", async () => {
    const { listingIds } = await storeWith([15_00]);
    const buyer = await person();
    const input = buyInput(listingIds);
    const first = accepted(await enquire(buyer, input));
    const again = accepted(await enquire(buyer, input));
    expect(again.transactionId).toBe(first.transactionId);
    await pay(first.transactionId, "failed");
    expect((await row(first.transactionId)).state).toBe("canceled");
    expect(await listingState(listingIds[0]!)).toBe("published");
  });

  it("prices a bundle with the store's discount", async () => {
    const { listingIds } = await storeWith([10_00, 20_00, 30_00]);
    const { marketplaceStoreBundles } = await import("./tables.server");
    const storeId = (await connection.db.query.marketplaceListings.findFirst({
      where: (l, { eq }) => eq(l.id, listingIds[0]!),
    }))!.storeId;
    await connection.db.insert(marketplaceStoreBundles).values({ storeId, percent: 10, fromItems: 3 });
    const { transactionId } = await buy(await person(), listingIds);
    const tx = await row(transactionId);
    expect([tx.itemsCents, tx.bundleDiscountCents, tx.priceCents]).toEqual([60_00, 6_00, 54_00]);
  });
});

describe("the one writer", () => {
  it("walks a purchase to completed: earnings pending at payment, in the wallet at completion", async () => {
    const { seller, listingIds } = await storeWith([40_00]);
    const buyer = await person();
    const { transactionId: id } = await buy(buyer, listingIds);
    await pay(id);
    const as = (role: "customer" | "provider") => ({ role, userId: role === "customer" ? buyer : seller });

    // A wrong actor and a wrong state are refused with the table's message; nothing changes.
    expect(key(await moveTransaction(id, "send-item", as("customer"), { trackingCode: "X" }))).toBe(
      "trade:refused.wrongActor",
    );
    expect(key(await moveTransaction(id, "delivered", as("customer")))).toBe("trade:refused.wrongState");
    expect(key(await moveTransaction(id, "send-item", { role: "provider", userId: buyer }))).toBe(
      "common:errors.notFound",
    );
    expect(key(await moveTransaction(id, "send-item", as("provider")))).toBe("trade:errors.trackingRequired");
    expect((await row(id)).state).toBe("payment-complete");

    accepted(await moveTransaction(id, "send-item", as("provider"), { trackingCode: "SBX123" }));
    accepted(await moveTransaction(id, "delivered", { role: "system" }, { note: "carrier" }));
    expect(await walletBalance(seller)).toBe(0);
    accepted(await moveTransaction(id, "complete-by-customer", as("customer")));
    expect(await walletBalance(seller)).toBe(36_00);
    expect(await listingState(listingIds[0]!)).toBe("sold");
    const done = await row(id);
    expect([done.state, done.earnings]).toEqual(["completed", "available"]);
    // Both sides' views: the buyer's move (review within 30 days), the provider waits.
    const mine = await transactionFor(buyer, id);
    expect([mine?.side, mine?.actions]).toEqual(["customer", ["review-by-customer"]]);
    expect((await transactionFor(seller, id))?.actions).toEqual([]);
    expect(await transactionFor(await person(), id)).toBeNull();
    expect((await transactionsOf(buyer, "customer")).map((t) => [t.id, t.yourMove])).toEqual([[id, true]]);
    expect((await transactionsOf(seller, "provider"))[0]?.totalCents).toBe(36_00);
    expect((await transactionFor(buyer, id))?.timeline.map((l) => l.transition)).toEqual([
      "enquire",
      "confirm-payment",
      "send-item",
      "delivered",
      "complete-by-customer",
    ]);
    // Completed twice: refused, booked once.
    expect(key(await moveTransaction(id, "complete-by-operator", { role: "operator" }))).toBe(
      "trade:refused.wrongState",
    );
    expect(await walletBalance(seller)).toBe(36_00);
  });

  it("refunds the buyer in full and takes the earnings back when the provider accepts a dispute", async () => {
    const { seller, listingIds } = await storeWith([25_00]);
    const buyer = await person();
    const { transactionId: id } = await buy(buyer, listingIds);
    await pay(id);
    accepted(
      await moveTransaction(id, "send-item", { role: "provider", userId: seller }, { trackingCode: "T-1" }),
    );
    accepted(await moveTransaction(id, "delivered", { role: "customer", userId: buyer }));
    expect(key(await moveTransaction(id, "dispute-by-customer", { role: "customer", userId: buyer }))).toBe(
      "trade:errors.noteRequired",
    );
    accepted(
      await moveTransaction(
        id,
        "dispute-by-customer",
        { role: "customer", userId: buyer },
        { note: "Torn seam" },
      ),
    );
    accepted(await moveTransaction(id, "refund-after-dispute", { role: "provider", userId: seller }));
    const done = await row(id);
    expect([done.state, done.earnings, done.refundedCents]).toEqual([
      "refunded",
      "reversed",
      done.totalCents,
    ]);
    const refunds = await connection.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, done.paymentId!));
    expect(refunds.map((r) => r.amountCents)).toEqual([done.totalCents]);
    expect(await walletBalance(seller)).toBe(0);
  });

  it("refuses a dispute after the 2-day window and a not-delivered report before 14 days", async () => {
    const { seller, listingIds } = await storeWith([12_00]);
    const buyer = await person();
    const t0 = new Date();
    const { transactionId: id } = await buy(buyer, listingIds, { now: t0 });
    await pay(id);
    const sentAt = later(t0, MIN);
    accepted(
      await moveTransaction(
        id,
        "send-item",
        { role: "provider", userId: seller },
        { trackingCode: "T-2" },
        { now: sentAt },
      ),
    );
    const customer = { role: "customer" as const, userId: buyer };
    expect(
      key(await moveTransaction(id, "not-delivered", customer, {}, { now: later(sentAt, 13 * DAY) })),
    ).toBe("trade:refused.tooEarly");
    const deliveredAt = later(sentAt, 3 * DAY);
    accepted(await moveTransaction(id, "delivered", { role: "system" }, {}, { now: deliveredAt }));
    expect(
      key(
        await moveTransaction(
          id,
          "dispute-by-customer",
          customer,
          { note: "late" },
          { now: later(deliveredAt, 2 * DAY + MIN) },
        ),
      ),
    ).toBe("trade:refused.tooLate");
    expect((await row(id)).state).toBe("delivered");
  });
});

describe("timers (an injected clock)", () => {
  it("cancels an unpaid purchase 15 minutes after enquire, once, and frees the listing", async () => {
    const { listingIds } = await storeWith([9_00]);
    const t0 = new Date();
    const { transactionId: id } = await buy(await person(), listingIds, { now: t0 });
    expect(await fireTimer({ transactionId: id, transition: "failed-payment" }, later(t0, 14 * MIN))).toBe(
      false,
    );
    expect((await row(id)).state).toBe("pending-payment");
    expect(await fireTimer({ transactionId: id, transition: "failed-payment" }, later(t0, 15 * MIN))).toBe(
      true,
    );
    expect(await fireTimer({ transactionId: id, transition: "failed-payment" }, later(t0, 16 * MIN))).toBe(
      false,
    );
    expect((await row(id)).state).toBe("canceled");
    expect(await listingState(listingIds[0]!)).toBe("published");
    expect((await logOf(id)).filter((l) => l.transition === "failed-payment")).toHaveLength(1);
  });

  it("does not fire a timer whose transition became impossible", async () => {
    const { seller, listingIds } = await storeWith([30_00]);
    const buyer = await person();
    const t0 = new Date();
    const { transactionId: id } = await buy(buyer, listingIds, { now: t0 });
    await pay(id);
    accepted(
      await moveTransaction(
        id,
        "send-item",
        { role: "provider", userId: seller },
        { trackingCode: "T-3" },
        { now: t0 },
      ),
    );
    accepted(await moveTransaction(id, "delivered", { role: "system" }, {}, { now: t0 }));
    accepted(
      await moveTransaction(id, "complete-by-customer", { role: "customer", userId: buyer }, {}, { now: t0 }),
    );
    expect(
      await fireTimer({ transactionId: id, transition: "complete-by-operator" }, later(t0, 3 * DAY)),
    ).toBe(false);
    expect(await fireTimer({ transactionId: id, transition: "item-not-sent" }, later(t0, 6 * DAY))).toBe(
      false,
    );
    expect((await logOf(id)).map((l) => l.transition)).toEqual([
      "enquire",
      "confirm-payment",
      "send-item",
      "delivered",
      "complete-by-customer",
    ]);
  });

  it("the sweep fires what is due from the table after a restart: not sent in 5 days refunds at once", async () => {
    const { seller, listingIds } = await storeWith([18_00]);
    const buyer = await person();
    const t0 = new Date();
    const { transactionId: id } = await buy(buyer, listingIds, { now: t0 });
    await pay(id);
    const paidAt = (await row(id)).stateEnteredAt;
    await sweepTimers(later(paidAt, 5 * DAY - MIN));
    expect((await row(id)).state).toBe("payment-complete");
    await sweepTimers(later(paidAt, 5 * DAY));
    expect((await row(id)).state).toBe("not-delivered");
    // refund-not-delivered is due at once: the next sweep (or its job) takes it.
    await sweepTimers(later(paidAt, 5 * DAY + MIN));
    const done = await row(id);
    expect([done.state, done.earnings, done.refundedCents]).toEqual([
      "refunded",
      "reversed",
      done.totalCents,
    ]);
    expect(await walletBalance(seller)).toBe(0);
  });
});

describe("at the same time", () => {
  it("100 buyers enquiring for the same listing give one reservation", async () => {
    const { listingIds } = await storeWith([50_00]);
    const buyers = await Promise.all(Array.from({ length: 100 }, () => person()));
    const outcomes = await Promise.all(buyers.map((b) => enquire(b, buyInput(listingIds))));
    const won = outcomes.filter((o) => !isRefusal(o));
    expect(won).toHaveLength(1);
    expect(new Set(outcomes.filter(isRefusal).map((o) => o.messageKey))).toEqual(
      new Set(["trade:errors.listingUnavailable"]),
    );
    expect(await listingState(listingIds[0]!)).toBe("reserved");
  }, 60_000);

  it("a webhook and a timer failing the same payment at once apply failed-payment once", async () => {
    const { listingIds } = await storeWith([11_00]);
    const t0 = new Date(Date.now() - 20 * MIN);
    const { transactionId: id } = await buy(await person(), listingIds, { now: t0 });
    await Promise.all([
      pay(id, "expired"),
      fireTimer({ transactionId: id, transition: "failed-payment" }),
      fireTimer({ transactionId: id, transition: "failed-payment" }),
    ]);
    expect((await row(id)).state).toBe("canceled");
    const lines = await connection.db
      .select()
      .from(marketplaceTransactionLog)
      .where(
        and(
          eq(marketplaceTransactionLog.transactionId, id),
          inArray(marketplaceTransactionLog.transition, ["failed-payment"]),
        ),
      );
    expect(lines).toHaveLength(1);
  });
});
