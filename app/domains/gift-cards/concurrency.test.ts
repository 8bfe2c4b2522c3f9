import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import type { Connection } from "../../platform/db/db.server";
import { isRefusal } from "../../platform/refusal";
import { holdGiftCard, issueGiftCard, settleGiftCardHolds } from "./gift-cards.server";
import { giftCardHolds, giftCards } from "./tables.server";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
});
afterAll(() => connection.close());

/**
 * 50 checkouts at once on one €100 card, each holding €7 (PRODUCT.md: never spent twice, never below 0,
 * under any concurrency). On PostgreSQL the commands run on separate connections of the pool; on PGlite
 * they queue on its one connection, which tests the same rules without the race.
 */
describe("one card, 50 orders at once", () => {
  it("never spends more than the balance, and every order that failed releases its hold", async () => {
    const card = await issueGiftCard({ amountCents: 100_00, source: "goodwill", idempotencyKey: "race" });
    const orders = Array.from({ length: 50 }, (_, i) => `9${String(i).padStart(8, "0")}`);
    const holds = await Promise.all(
      orders.map((orderReference) => holdGiftCard({ cardId: card.id, amountCents: 7_00, orderReference })),
    );
    const held = orders.filter((_, i) => !isRefusal(holds[i]));
    expect(held).toHaveLength(14); // 14 × €7 = €98 ≤ €100 < 15 × €7
    // Half of those pay, half fail; the payments and failures race too.
    const settled = await Promise.all(
      held.map((orderReference, i) =>
        settleGiftCardHolds({ orderReference, outcome: i % 2 === 0 ? "spent" : "released" }),
      ),
    );
    expect(settled.every((cents) => cents === 7_00)).toBe(true);
    const [row] = await connection.db
      .select({ balanceCents: giftCards.balanceCents, heldCents: giftCards.heldCents })
      .from(giftCards)
      .where(eq(giftCards.id, card.id));
    expect(row).toEqual({ balanceCents: 100_00 - 7 * 7_00, heldCents: 0 });
    const [states] = await connection.db
      .select({
        spent: sql<number>`count(*) filter (where ${giftCardHolds.state} = 'spent')`.mapWith(Number),
        released: sql<number>`count(*) filter (where ${giftCardHolds.state} = 'released')`.mapWith(Number),
        held: sql<number>`count(*) filter (where ${giftCardHolds.state} = 'held')`.mapWith(Number),
      })
      .from(giftCardHolds)
      .where(eq(giftCardHolds.cardId, card.id));
    expect(states).toEqual({ spent: 7, released: 7, held: 0 });
  });
});
