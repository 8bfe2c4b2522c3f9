import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../tests/support/database";
import { accepted } from "../../tests/support/refusals";
import { marketplaceStoreBundles } from "../domains/marketplace/transactions/tables.server";
import {
  disputePhoto,
  disputeQueue,
  moveTransaction,
  storeRating,
  transactionFor,
  transactionsOf,
} from "../domains/marketplace/transactions/transactions.server";
import { paymentRefunds } from "../domains/payments/tables.server";
import { walletBalance } from "../domains/wallet/wallet.server";
import { user } from "../platform/auth/tables.server";
import type { Connection } from "../platform/db/db.server";
import { env } from "../platform/env.server";
import { seedMarketplace } from "./marketplace.server";
import { seedDemoTrades } from "./marketplace-trades.server";

const DEMO = "00000000-0000-4000-8000-00000000d3a1";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
  await connection.db.insert(user).values({
    id: DEMO,
    name: "Sanne de Vries",
    email: "demo@loomandlabel.test",
    firstName: "Sanne",
    lastName: "de Vries",
  });
  await seedMarketplace(connection.db, { stores: 10 });
}, 120_000);
afterAll(() => connection.close());

describe("demo marketplace purchases", () => {
  it("gives every screen a real case: a sale to ship, a dispute in the queue, a delivered purchase, reviews", async () => {
    const started = Date.now();
    expect(await seedDemoTrades(connection.db, { dataDir: env().DATA_DIR })).toBe(6);
    expect(Date.now() - started).toBeLessThan(5_000);

    const sales = await transactionsOf(DEMO, "provider");
    expect(sales.map((s) => [s.state, s.yourMove])).toEqual([["payment-complete", true]]);
    const purchases = await transactionsOf(DEMO, "customer");
    expect(purchases.map((p) => p.state).sort()).toEqual([
      "completed-and-reviewed",
      "completed-and-reviewed",
      "delivered",
      "dispute",
    ]);
    // The delivered one is inside the dispute window: the demo shopper may open a dispute.
    const delivered = purchases.find((p) => p.state === "delivered")!;
    expect((await transactionFor(DEMO, delivered.id))?.actions).toContain("dispute-by-customer");

    const [queued] = await disputeQueue();
    expect(queued).toMatchObject({ messages: 1, lastAuthor: "provider" });
    const dispute = await transactionFor(DEMO, queued!.id);
    expect(dispute?.timeline.map((l) => l.transition)).toEqual([
      "enquire",
      "confirm-payment",
      "send-item",
      "delivered",
      "dispute-by-customer",
    ]);
    expect(await disputePhoto(queued!.id, 0, { userId: DEMO })).not.toBeNull();

    // Reviewed stores have a rating; the completed sales' earnings are in their sellers' wallets.
    const reviewed = purchases.filter((p) => p.state === "completed-and-reviewed");
    for (const p of reviewed) {
      const detail = await transactionFor(DEMO, p.id);
      expect(detail?.review?.rating).toBeGreaterThan(0);
      expect(detail?.earnings).toBe("available");
    }
    const [bundle] = await connection.db.select().from(marketplaceStoreBundles);
    expect(bundle).toMatchObject({ percent: 10, fromItems: 2 });
    const ratings = await Promise.all(
      (await connection.db.query.marketplaceReviews.findMany()).map((r) => storeRating(r.storeId)),
    );
    expect(ratings.every((r) => r.count > 0 && r.average !== null)).toBe(true);
    expect(await walletBalance(DEMO)).toBe(0);

    // The seeded payments are real sandbox payments: support's decision refunds the buyer through them.
    const moved = accepted(
      await moveTransaction(
        queued!.id,
        "refund-after-dispute-by-operator",
        { role: "operator" },
        { note: "The photo shows the tear." },
      ),
    );
    expect(moved.transaction.refundedCents).toBe(moved.transaction.totalCents);
    const refunds = await connection.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, moved.transaction.paymentId!));
    expect(refunds).toHaveLength(1);
  });
});
