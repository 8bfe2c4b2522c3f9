import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../../tests/support/database";
import { tradeFixtures } from "../../../../tests/support/marketplace-trade";
import { user } from "../../../platform/auth/tables.server";
import type { Connection } from "../../../platform/db/db.server";
import { marketplaceStores } from "../tables.server";
import { marketplaceTransactionLog, marketplaceTransactions } from "../transactions/tables.server";
import { dac7Csv, dac7Report, sellerEarnings } from "./payouts.server";
import { marketplacePayoutAccounts } from "./tables.server";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
}, 120_000);
afterAll(() => connection.close());

const { storeWith, person } = tradeFixtures(() => connection);
let buyer: string;

/** A seller with a store (and its id), as the DAC7 rows name them. */
async function sellerWithStore() {
  const { seller } = await storeWith([10_00]);
  const [store] = await connection.db
    .select({ id: marketplaceStores.id })
    .from(marketplaceStores)
    .where(eq(marketplaceStores.userId, seller));
  return { userId: seller, storeId: store!.id };
}

/**
 * A sale of `priceCents` (10 % commission) that reached `completed` at `completedAt` through the log, or
 * one that was refunded (never completed).
 */
async function sale(
  who: { userId: string; storeId: number },
  priceCents: number,
  completedAt: string | null,
) {
  const commissionCents = Math.round(priceCents / 10);
  const [row] = await connection.db
    .insert(marketplaceTransactions)
    .values({
      buyerId: buyer,
      storeId: who.storeId,
      providerId: who.userId,
      state: completedAt ? "completed" : "refunded",
      stateEnteredAt: new Date(completedAt ?? Date.now()),
      delivery: "home",
      address: {
        name: "A",
        street: "Dam",
        houseNumber: "1",
        postalCode: "1012 JS",
        city: "Amsterdam",
        country: "NL",
      },
      itemsCents: priceCents,
      priceCents,
      shippingCents: 6_45,
      feeCents: 1_00,
      commissionCents,
      totalCents: priceCents + 6_45 + 1_00,
      earnings: completedAt ? "available" : "reversed",
      locale: "nl",
      idempotencyKey: randomUUID(),
    })
    .returning({ id: marketplaceTransactions.id });
  if (completedAt)
    await connection.db.insert(marketplaceTransactionLog).values({
      transactionId: row!.id,
      transition: "complete-by-customer",
      fromState: "delivered",
      toState: "completed",
      actor: "customer",
      createdAt: new Date(completedAt),
    });
}

describe("DAC7 counters per seller per year", () => {
  it("count completed sales in their year and quarter (Amsterdam time) and flag who is reportable", async () => {
    buyer = await person("Koper");
    const many = await sellerWithStore(); // 30 small sales: reportable by count
    const exact = await sellerWithStore(); // €2,000.00 in 29 sales: not reportable
    const over = await sellerWithStore(); // one sale of €2,000.01: reportable by consideration
    for (let i = 0; i < 30; i++) await sale(many, 10_00, `2026-0${1 + (i % 9)}-15T10:00:00Z`);
    for (let i = 0; i < 28; i++) await sale(exact, 50_00, "2026-05-10T10:00:00Z");
    await sale(exact, 600_00, "2026-11-02T10:00:00Z");
    // 23:30 UTC on 31 December is already the new year in Amsterdam: it counts in 2026, Q1.
    await sale(over, 2_000_01, "2025-12-31T23:30:00Z");
    // Not counted: a refund never completes, and another year is another year.
    await sale(over, 500_00, null);
    await sale(over, 900_00, "2025-06-01T10:00:00Z");
    await connection.db.insert(marketplacePayoutAccounts).values({
      userId: over.userId,
      iban: "NL91ABNA0417164300",
      holderName: "Zoë Smit",
      verifiedAt: new Date(),
    });
    await connection.db.update(user).set({ dateOfBirth: "1988-02-03" }).where(eq(user.id, over.userId));

    const rows = await dac7Report(2026);
    const of = (id: string) => rows.find((r) => r.userId === id)!;
    expect(rows).toHaveLength(3);
    expect(of(many.userId)).toMatchObject({
      sales: 30,
      considerationCents: 300_00,
      commissionCents: 30_00,
      reportable: true,
    });
    // Months 1–9 in turn: Q1 gets Jan–Mar (12 sales), Q2 Apr–Jun (9), Q3 Jul–Sep (9).
    expect(of(many.userId).quarterCents).toEqual([120_00, 90_00, 90_00, 0]);
    expect(of(exact.userId)).toMatchObject({ sales: 29, considerationCents: 2_000_00, reportable: false });
    expect(of(exact.userId).quarterCents).toEqual([0, 1_400_00, 0, 600_00]);
    expect(of(over.userId)).toMatchObject({
      sales: 1,
      considerationCents: 2_000_01,
      commissionCents: 200_00,
      quarterCents: [2_000_01, 0, 0, 0],
      reportable: true,
      iban: "NL91ABNA0417164300",
      accountHolder: "Zoë Smit",
      dateOfBirth: "1988-02-03",
      name: "Sanne Smit",
      sellerType: "private",
    });
    expect(rows.map((r) => r.reportable)).toEqual([true, true, false]);

    expect(await dac7Report(2025)).toMatchObject([
      { userId: over.userId, sales: 1, considerationCents: 900_00 },
    ]);
    expect(await dac7Report(2024)).toEqual([]);

    // The seller sees their own counters of the year on the earnings page.
    const midYear = new Date("2026-06-01T10:00:00Z");
    expect((await sellerEarnings(over.userId, midYear)).dac7).toEqual({
      year: 2026,
      sales: 1,
      considerationCents: 2_000_01,
      reportable: true,
    });
    expect((await sellerEarnings(exact.userId, midYear)).dac7).toMatchObject({
      sales: 29,
      reportable: false,
    });
  });

  it("exports the reportable sellers (or all) as CSV for the annual report", async () => {
    const csv = await dac7Csv(2026);
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe(
      "year,seller_id,store,seller_type,name,email,date_of_birth,address,country,trade_register,tin,iban,account_holder,sales,consideration_eur,commission_eur,q1_consideration_eur,q2_consideration_eur,q3_consideration_eur,q4_consideration_eur,reportable",
    );
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.includes(",2000.01,200.00,2000.01,0.00,0.00,0.00,yes"))).toBe(true);
    expect(lines.some((l) => l.includes(",30,300.00,30.00,120.00,90.00,90.00,0.00,yes"))).toBe(true);
    const all = (await dac7Csv(2026, { all: true })).trim().split("\r\n");
    expect(all).toHaveLength(4);
    expect(all[3]).toMatch(/,29,2000\.00,.*,no$/);
  });
});
