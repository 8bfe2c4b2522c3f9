import { randomUUID } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { orderingDatabase } from "../../../tests/support/ordering";
import { isRefusal } from "../../platform/refusal";
import { addPaymentCard, type CartRef } from "../cart/cart.server";
import { productVariants } from "../catalog/tables.server";
import { writeSetting } from "../content/content.server";
import { createAccount } from "../customers/customers.server";
import { issueGiftCard } from "../gift-cards/gift-cards.server";
import { giftCardHolds, giftCards } from "../gift-cards/tables.server";
import { orders } from "../orders/tables.server";
import { walletHolds } from "../wallet/tables.server";
import { bookWalletEntry, walletBalance } from "../wallet/wallet.server";
import { placeOrder } from "./checkout.server";

// 50 checkouts at once spending one gift card, and 50 spending one wallet (issue 15): the sum held never
// exceeds the balance, nothing goes below 0, and every order whose payment fails gives its hold back.
// Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL; the figures are logged for the issue.
const { state, cartWith, order, settle } = orderingDatabase();
const ATTEMPTS = 50;

beforeEach(async () => {
  await state.connection.db.update(productVariants).set({ stock: 10_000 });
});
afterAll(() => writeSetting("walletCap", { percent: 100 }));

/**
 * Pays every order still waiting, alternately failed and paid, those that hold card or wallet money first
 * (so failures release holds); answers how many of each.
 */
async function settleAll() {
  const pending = await state.connection.db
    .select({ number: orders.number })
    .from(orders)
    .where(eq(orders.status, "pending"))
    .orderBy(desc(sql`${orders.giftCardCents} + ${orders.walletCents}`), orders.id);
  let paid = 0;
  let failed = 0;
  for (const [i, { number }] of pending.entries()) {
    await settle(number, i % 2 === 0 ? "failed" : "paid");
    if (i % 2 === 0) failed++;
    else paid++;
  }
  return { paid, failed };
}

async function statuses() {
  const rows = await state.connection.db
    .select({ status: orders.status, n: sql<number>`count(*)::int` })
    .from(orders)
    .groupBy(orders.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

describe(`${ATTEMPTS} checkouts at once`, () => {
  it("spending one gift card: never more than its balance, never below 0, failed orders release", async () => {
    const card = await issueGiftCard({
      amountCents: 500_00,
      source: "goodwill",
      idempotencyKey: randomUUID(),
    });
    const carts: CartRef[] = [];
    for (let i = 0; i < ATTEMPTS; i++) {
      const cart = await cartWith([{ variantId: state.size.id, quantity: 2 }]);
      await addPaymentCard(cart, card.id, 5);
      carts.push(cart);
    }
    const started = Date.now();
    const results = await Promise.all(carts.map((cart) => placeOrder(order(cart))));
    const ms = Date.now() - started;
    const refused = results.filter(isRefusal);
    const [afterPlace] = await state.connection.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(afterPlace!.heldCents).toBeLessThanOrEqual(afterPlace!.balanceCents);
    expect(afterPlace!.balanceCents).toBeGreaterThanOrEqual(0);
    const placed = await statuses();
    const settled = await settleAll();
    const holds = await state.connection.db
      .select()
      .from(giftCardHolds)
      .where(eq(giftCardHolds.cardId, card.id));
    const spent = holds.filter((h) => h.state === "spent").reduce((sum, h) => sum + h.amountCents, 0);
    const released = holds.filter((h) => h.state === "released").reduce((sum, h) => sum + h.amountCents, 0);
    const [after] = await state.connection.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(holds.every((h) => h.state !== "held")).toBe(true);
    expect(spent).toBeLessThanOrEqual(500_00);
    expect(after).toMatchObject({ balanceCents: 500_00 - spent, heldCents: 0 });
    // Every order canceled for a failed payment had its hold released, none spent.
    const canceled = await state.connection.db
      .select({ number: orders.number, giftCardCents: orders.giftCardCents })
      .from(orders)
      .where(eq(orders.status, "canceled"));
    for (const o of canceled)
      if (o.giftCardCents > 0)
        expect(holds.find((h) => h.orderReference === o.number)?.state).toBe("released");
    console.info(
      `[gift card] ${state.connection.driver}: ${ATTEMPTS} checkouts in ${ms} ms; placed ${
        ATTEMPTS - refused.length
      } (${JSON.stringify(placed)}), refused ${refused.length} (${[...new Set(refused.map((r) => r.messageKey))].join(", ")}); settled ${JSON.stringify(settled)}; card €500.00 → spent €${(spent / 100).toFixed(2)}, released €${(released / 100).toFixed(2)}, left €${(after!.balanceCents / 100).toFixed(2)}, held €0`,
    );
  }, 180_000);

  it("spending one wallet: never more than its balance, never below 0, failed orders release", async () => {
    const { id: userId } = await createAccount({
      email: `crowd-${randomUUID()}@example.nl`,
      password: "a-good-password",
      firstName: "Cor",
      lastName: "Crowd",
      locale: "nl",
    });
    await bookWalletEntry({ userId, amountCents: 500_00, kind: "goodwill", idempotencyKey: randomUUID() });
    const customer = { userId, email: "crowd@example.nl" };
    // The wallet may pay half of each order (the cap setting), so every order also waits for its payment.
    await writeSetting("walletCap", { percent: 50 });
    // 50 bags (a customer's app and browser sessions at once), each checking out with the one wallet.
    const carts: CartRef[] = [];
    for (let i = 0; i < ATTEMPTS; i++)
      carts.push(await cartWith([{ variantId: state.size.id, quantity: 2 }]));
    const started = Date.now();
    const results = await Promise.all(
      carts.map((cart) => placeOrder(order(cart, { customer, useWallet: true, email: customer.email }))),
    );
    const ms = Date.now() - started;
    const refused = results.filter(isRefusal);
    expect(await walletBalance(userId)).toBeGreaterThanOrEqual(0);
    const placed = await statuses();
    const settled = await settleAll();
    const holds = await state.connection.db.select().from(walletHolds).where(eq(walletHolds.userId, userId));
    const spent = holds.filter((h) => h.state === "spent").reduce((sum, h) => sum + h.amountCents, 0);
    const released = holds.filter((h) => h.state === "released").reduce((sum, h) => sum + h.amountCents, 0);
    expect(holds.every((h) => h.state !== "held")).toBe(true);
    expect(spent).toBeLessThanOrEqual(500_00);
    const balance = await walletBalance(userId);
    expect(balance).toBe(500_00 - spent);
    console.info(
      `[wallet] ${state.connection.driver}: ${ATTEMPTS} checkouts in ${ms} ms; placed ${
        ATTEMPTS - refused.length
      } (${JSON.stringify(placed)}), refused ${refused.length} (${[...new Set(refused.map((r) => r.messageKey))].join(", ")}); settled ${JSON.stringify(settled)}; wallet €500.00 → spent €${(spent / 100).toFixed(2)}, released €${(released / 100).toFixed(2)}, left €${(balance / 100).toFixed(2)}`,
    );
  }, 180_000);
});
