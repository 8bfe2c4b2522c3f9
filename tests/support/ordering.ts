import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { addToCart, type CartRef } from "../../app/domains/cart/cart.server";
import { carts } from "../../app/domains/cart/tables.server";
import { products, productVariants } from "../../app/domains/catalog/tables.server";
import type { PlaceOrderInput } from "../../app/domains/checkout/checkout.server";
import { outboxMessages } from "../../app/domains/notifications/tables.server";
import { applyPaymentStatus } from "../../app/domains/orders/orders.server";
import { orders } from "../../app/domains/orders/tables.server";
import {
  configurePaymentProviders,
  decideSandboxCheckout,
  type PaymentRecord,
  paymentById,
  type SandboxDecision,
  syncPayment,
} from "../../app/domains/payments/payments.server";
import { seedDemoDiscountCodes } from "../../app/domains/promotions/promotions.server";
import type { Connection } from "../../app/platform/db/db.server";
import { transaction } from "../../app/platform/db/transaction.server";
import { newGuestToken } from "../../app/platform/http/guest-token.server";
import { isRefusal } from "../../app/platform/refusal";
import { seededDatabase } from "./database";

/**
 * The checkout's test files share one setting: a seeded catalogue with two sizes of two products (5 in
 * stock, €30 each), the demo discount codes, and orders, carts and e-mails cleared before each test.
 */
export function orderingDatabase() {
  const state = {} as {
    connection: Connection;
    size: { id: number; productId: number };
    otherSize: { id: number; productId: number };
  };

  beforeAll(async () => {
    state.connection = await seededDatabase({
      products: 12,
      seed: 11,
      now: new Date("2026-06-01T10:00:00Z"),
    });
    const rows = await state.connection.db
      .select({ id: productVariants.id, productId: productVariants.productId })
      .from(productVariants)
      .orderBy(productVariants.productId, productVariants.id);
    state.size = rows[0]!;
    state.otherSize = rows.find((r) => r.productId !== state.size.productId)!;
    await seedDemoDiscountCodes(state.connection.db);
  }, 180_000);
  afterAll(() => state.connection.close());
  afterEach(() => configurePaymentProviders({}));

  beforeEach(async () => {
    const { db } = state.connection;
    await db.delete(orders);
    await db.delete(carts);
    await db.delete(outboxMessages);
    await db.update(productVariants).set({ stock: 5 });
    await db
      .update(products)
      .set({ isActive: true, appOnly: false, onlineFrom: null, priceCents: 3_000, originalPriceCents: null })
      .where(inArray(products.id, [state.size.productId, state.otherSize.productId]));
  });

  const stockOf = async (variantId: number) =>
    (await state.connection.db.select().from(productVariants).where(eq(productVariants.id, variantId)))[0]!
      .stock;

  async function cartWith(
    items: { variantId: number; quantity: number }[],
    ref: CartRef = { token: newGuestToken() },
  ) {
    for (const item of items) expect(isRefusal(await addToCart(ref, item, "web"))).toBe(false);
    return ref;
  }

  function order(cart: CartRef, over: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
    return {
      idempotencyKey: randomUUID(),
      cart,
      locale: "nl",
      channel: "web",
      customer: null,
      email: "Anna@Example.nl",
      country: "NL",
      delivery: { methodId: "nl-point", servicePointId: "nl-001" },
      donationCents: 0,
      address: {
        firstName: "Anna",
        lastName: "de Boer",
        street: "Dam",
        houseNumber: "1",
        postalCode: "1012 JS",
        city: "Amsterdam",
        country: "NL",
      },
      paymentMethod: "ideal",
      ...over,
    };
  }

  async function paymentOf(number: string) {
    const row = (await state.connection.db.select().from(orders).where(eq(orders.number, number)))[0]!;
    return (await paymentById(row.paymentId!))!;
  }

  /** The shopper decides on the sandbox PSP's page; the return page's sync applies it (as a webhook would). */
  async function settle(number: string, decision: SandboxDecision) {
    const payment = await paymentOf(number);
    await decideSandboxCheckout(payment.providerId!, decision);
    await syncPayment(payment.id);
  }

  /** A payment status delivered again (a duplicate or late webhook), straight to the orders' listener. */
  async function redeliver(number: string, status: PaymentRecord["status"]) {
    const payment = await paymentOf(number);
    await transaction((tx) => applyPaymentStatus(tx, { ...payment, status }));
  }

  return { state, stockOf, cartWith, order, settle, redeliver };
}
