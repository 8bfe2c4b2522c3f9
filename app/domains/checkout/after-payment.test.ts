import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDriver } from "../../../tests/support/database";
import { orderingDatabase } from "../../../tests/support/ordering";
import { isRefusal } from "../../platform/refusal";
import { checkoutCart } from "../cart/cart.server";
import { productVariants } from "../catalog/tables.server";
import { outboxMessages } from "../notifications/tables.server";
import {
  expireUnpaidOrders,
  orderAccessKey,
  orderByNumber,
  orderForConfirmation,
} from "../orders/orders.server";
import { orders } from "../orders/tables.server";
import { placeOrder } from "./checkout.server";

// What happens to a placed order after its payment: paid, declined, expired, and under concurrency.
const { state, stockOf, cartWith, order, settle, redeliver } = orderingDatabase();

describe("after the payment", () => {
  it("paid: the order is processing, the bag empty, and one confirmation goes out in the shopper's language", async () => {
    const cart = await cartWith([{ variantId: state.size.id, quantity: 1 }]);
    const result = await placeOrder(order(cart));
    if (isRefusal(result)) throw new Error(result.messageKey);
    await settle(result.number, "paid");
    await redeliver(result.number, "paid");
    await redeliver(result.number, "failed");
    const paid = (await orderByNumber(result.number))!;
    expect(paid.status).toBe("processing");
    expect(paid.paidAt).not.toBeNull();
    expect(paid.history.map((h) => h.to)).toEqual(["pending", "processing"]);
    expect((await checkoutCart(cart, "nl", "web"))?.lines ?? []).toHaveLength(0);
    expect(await stockOf(state.size.id)).toBe(4);
    const mails = await state.connection.db.select().from(outboxMessages);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      recipient: "anna@example.nl",
      locale: "nl",
      template: "orderConfirmation",
    });
    expect(mails[0]!.subject).toContain(result.number);
    expect(mails[0]!.text).toContain("Inclusief 21% btw");
    expect(mails[0]!.text).toContain("Bedankt voor je bestelling");
  });

  it("declined or canceled: the order is canceled, the stock back once, the bag intact", async () => {
    const cart = await cartWith([{ variantId: state.size.id, quantity: 2 }]);
    const result = await placeOrder(order(cart));
    if (isRefusal(result)) throw new Error(result.messageKey);
    expect(await stockOf(state.size.id)).toBe(3);
    await settle(result.number, "canceled");
    await redeliver(result.number, "failed");
    await redeliver(result.number, "paid");
    expect((await orderByNumber(result.number))?.status).toBe("canceled");
    expect(await stockOf(state.size.id)).toBe(5);
    expect((await checkoutCart(cart, "nl", "web"))?.lines).toHaveLength(1);
    expect(await state.connection.db.select().from(outboxMessages)).toHaveLength(0);
  });

  it("expiry cancels unpaid orders after their time and returns their stock exactly once", async () => {
    const cart = await cartWith([{ variantId: state.size.id, quantity: 1 }]);
    const result = await placeOrder(order(cart));
    if (isRefusal(result)) throw new Error(result.messageKey);
    expect(await expireUnpaidOrders({ now: new Date() })).toEqual({ expired: 0 });
    const later = new Date(Date.now() + 31 * 60_000);
    const runs = await Promise.all([expireUnpaidOrders({ now: later }), expireUnpaidOrders({ now: later })]);
    expect(runs.reduce((sum, r) => sum + r.expired, 0)).toBe(1);
    expect(await expireUnpaidOrders({ now: later })).toEqual({ expired: 0 });
    await redeliver(result.number, "expired");
    const expired = (await orderByNumber(result.number))!;
    expect(expired.status).toBe("canceled");
    expect(expired.history.at(-1)).toMatchObject({ actor: "system", note: "not paid in time" });
    expect(await stockOf(state.size.id)).toBe(5);
  });

  it("expiry works off more unpaid orders than one batch in a single run (a flash sale's abandoned bags)", async () => {
    const before = await stockOf(state.size.id);
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const cart = await cartWith([{ variantId: state.size.id, quantity: 1 }]);
      const result = await placeOrder(order(cart));
      if (isRefusal(result)) throw new Error(result.messageKey);
      numbers.push(result.number);
    }
    expect(await stockOf(state.size.id)).toBe(before - 3);
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await expireUnpaidOrders({ now: later, limit: 2 })).toEqual({ expired: 3 });
    for (const number of numbers) expect((await orderByNumber(number))?.status).toBe("canceled");
    expect(await stockOf(state.size.id)).toBe(before);
  });

  it("gives a guest's confirmation link a key that opens only that order", async () => {
    const cart = await cartWith([{ variantId: state.size.id, quantity: 1 }]);
    const result = await placeOrder(order(cart));
    if (isRefusal(result)) throw new Error(result.messageKey);
    const key = orderAccessKey(result.number);
    expect(await orderForConfirmation(result.number, key)).toMatchObject({
      number: result.number,
    });
    expect(await orderForConfirmation(result.number, key.replace(/.$/, "x"))).toBeNull();
    expect(await orderForConfirmation("123456789", key)).toBeNull();
  });
});

describe("concurrency", () => {
  it(`sells 20 units to exactly 20 of 200 buyers at once, never below 0 (${testDriver})`, async () => {
    await state.connection.db
      .update(productVariants)
      .set({ stock: 20 })
      .where(eq(productVariants.id, state.size.id));
    const buyers = await Promise.all(
      Array.from({ length: 200 }, () => cartWith([{ variantId: state.size.id, quantity: 1 }])),
    );
    const results = await Promise.all(
      buyers.map((cart, i) => placeOrder(order(cart, { email: `buyer${i}@example.nl` }))),
    );
    const placed = results.filter((r) => !isRefusal(r));
    expect(placed).toHaveLength(20);
    const refused = results.filter(isRefusal).map((r) => r.messageKey);
    expect(new Set(refused)).toEqual(new Set(["checkout:errors.soldOut"]));
    expect(await stockOf(state.size.id)).toBe(0);
    const rows = await state.connection.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, "pending")));
    expect(rows).toHaveLength(20);
  }, 120_000);
});
