import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seededDatabase, testDriver } from "../../../tests/support/database";
import { type Connection, type Database, installConnection } from "../../platform/db/db.server";
import * as schema from "../../platform/db/schema.server";
import { transaction } from "../../platform/db/transaction.server";
import { newGuestToken } from "../../platform/http/guest-token.server";
import { addToCart, type CartRef, checkoutCart } from "../cart/cart.server";
import { carts } from "../cart/tables.server";
import { products, productVariants } from "../catalog/tables.server";
import { user } from "../customers/auth-tables.server";
import { outboxMessages } from "../notifications/tables.server";
import {
  applyPaymentStatus,
  expireUnpaidOrders,
  orderAccessKey,
  orderByNumber,
  orderForConfirmation,
} from "../orders/orders.server";
import { orders } from "../orders/tables.server";
import {
  configurePaymentProviders,
  decideSandboxCheckout,
  type PaymentRecord,
  paymentById,
  type SandboxDecision,
  syncPayment,
} from "../payments/payments.server";
import type { PaymentProvider } from "../payments/provider.server";
import { sandboxProvider } from "../payments/sandbox/provider.server";
import { payments } from "../payments/tables.server";
import { createDiscountCode, seedDemoDiscountCodes } from "../promotions/promotions.server";
import { applyCheckoutCode, type PlaceOrderInput, placeOrder, quoteCheckout } from "./checkout.server";

let connection: Connection;
let size: { id: number; productId: number };
let otherSize: { id: number; productId: number };
const NOW = new Date("2026-06-01T10:00:00Z");

beforeAll(async () => {
  connection = await seededDatabase({ products: 12, seed: 11, now: NOW });
  const rows = await connection.db
    .select({ id: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .orderBy(productVariants.productId, productVariants.id);
  size = rows[0]!;
  otherSize = rows.find((r) => r.productId !== size.productId)!;
  await seedDemoDiscountCodes(connection.db);
}, 180_000);
afterAll(() => connection.close());
afterEach(() => configurePaymentProviders({}));

beforeEach(async () => {
  await connection.db.delete(orders);
  await connection.db.delete(carts);
  await connection.db.delete(outboxMessages);
  await connection.db.update(productVariants).set({ stock: 5 });
  await connection.db
    .update(products)
    .set({ isActive: true, appOnly: false, onlineFrom: null, priceCents: 3_000, originalPriceCents: null })
    .where(inArray(products.id, [size.productId, otherSize.productId]));
});

const stockOf = async (variantId: number) =>
  (await connection.db.select().from(productVariants).where(eq(productVariants.id, variantId)))[0]!.stock;

async function cartWith(
  items: { variantId: number; quantity: number }[],
  ref: CartRef = { token: newGuestToken() },
) {
  for (const item of items) expect((await addToCart(connection.db, ref, item, "web")).ok).toBe(true);
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

/** The sandbox PSP, with `before` run when the shop asks it for a payment. */
function sandboxThat(before: (db: Database, metadata: Record<string, string>) => Promise<void>) {
  const provider: PaymentProvider = {
    ...sandboxProvider,
    async createPayment(db, request) {
      await before(db as Database, request.metadata);
      return sandboxProvider.createPayment(db, request);
    },
  };
  configurePaymentProviders({ providers: { sandbox: provider } });
}

/**
 * The statements `work` sends, as "select <table>.<column of the last condition>", "insert <tables>" or
 * "update <table>" (transaction control left out): what placing an order costs the database.
 */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const logger = { logQuery: (query: string) => sent.push(query) };
  const counting =
    connection.driver === "postgres"
      ? drizzlePg(connection.pool, { schema, logger })
      : drizzlePglite(connection.client, { schema, logger });
  installConnection({ ...connection, db: counting as unknown as Database });
  try {
    await work();
  } finally {
    installConnection(connection);
  }
  return sent
    .filter((q) => !/^(begin|commit|rollback|savepoint|release)\b/i.test(q))
    .map((q) => {
      const inserts = [...q.matchAll(/insert into "(\w+)"/g)].map((m) => m[1]);
      if (inserts.length > 0) return `insert ${inserts.join(" + ")}`;
      const update = /^update "(\w+)"/.exec(q);
      if (update) return `update ${update[1]}`;
      const where = [...q.matchAll(/where \(?"(\w+)"\."(\w+)"/g)].at(-1);
      return `select ${where?.[1]}.${where?.[2]}`;
    });
}

/** The shopper decides on the sandbox PSP's page; the return page's sync applies it (as a webhook would). */
async function settle(number: string, decision: SandboxDecision) {
  const row = (await connection.db.select().from(orders).where(eq(orders.number, number)))[0]!;
  const payment = (await paymentById(connection.db, row.paymentId!))!;
  await decideSandboxCheckout(connection.db, payment.providerId!, decision);
  await syncPayment(connection.db, payment.id);
}

/** A payment status delivered again (a duplicate or late webhook), straight to the orders' listener. */
async function redeliver(number: string, status: PaymentRecord["status"]) {
  const row = (await connection.db.select().from(orders).where(eq(orders.number, number)))[0]!;
  const payment = (await paymentById(connection.db, row.paymentId!))!;
  await transaction((tx) => applyPaymentStatus(tx, { ...payment, status }));
}

describe("placeOrder", () => {
  it("writes the order, its lines, address and first status, reserves the stock and creates the payment", async () => {
    const cart = await cartWith([
      { variantId: size.id, quantity: 2 },
      { variantId: otherSize.id, quantity: 1 },
    ]);
    const result = await placeOrder(order(cart, { donationCents: 200 }));
    expect(result).toMatchObject({ ok: true, created: true });
    if (!result.ok) return;
    expect(result.number).toMatch(/^[1-9]\d{8}$/);
    expect(result.checkoutUrl).toBeTruthy();
    const placed = (await orderByNumber(connection.db, result.number))!;
    expect(placed).toMatchObject({
      status: "pending",
      email: "anna@example.nl",
      locale: "nl",
      itemCount: 3,
      totals: {
        subtotalCents: 9_000,
        shippingCents: 0,
        donationCents: 200,
        totalCents: 9_200,
        amountDueCents: 9_200,
      },
      shipping: {
        method: "nl-point",
        carrier: "PostNL",
        type: "service-point",
        servicePoint: { id: "nl-001" },
      },
      shippingAddress: { street: "Dam", postalCode: "1012 JS" },
      paymentMethod: "ideal",
      history: [{ from: null, to: "pending", actor: "customer" }],
    });
    expect(placed.paymentId).toBeTruthy();
    expect(placed.totals.vat.lines).toEqual([
      { ratePercent: 21, grossCents: 9_000, vatCents: 1_562, netCents: 7_438 },
    ]);
    expect(await stockOf(size.id)).toBe(3);
    expect(await stockOf(otherSize.id)).toBe(4);
    // The bag stays until the payment succeeds.
    expect((await checkoutCart(connection.db, cart, "nl", "web"))?.lines).toHaveLength(2);
  });

  it("answers the same order for the same idempotency key, and reserves only once", async () => {
    const cart = await cartWith([{ variantId: size.id, quantity: 1 }]);
    const input = order(cart);
    const first = await placeOrder(input);
    const again = await placeOrder(input);
    expect(first.ok && again.ok).toBe(true);
    if (!first.ok || !again.ok) return;
    expect(again).toMatchObject({ number: first.number, created: false, checkoutUrl: first.checkoutUrl });
    const together = await Promise.all(
      [1, 2, 3].map(() => placeOrder({ ...input, idempotencyKey: "same-key" })),
    );
    const numbers = new Set(together.map((r) => (r.ok ? r.number : r.error.messageKey)));
    expect(numbers.size).toBe(1);
    expect(await connection.db.select().from(orders)).toHaveLength(2);
    expect(await stockOf(size.id)).toBe(3);
  });

  it("refuses an empty bag, a bag with a problem, and missing delivery choices, changing nothing", async () => {
    expect(await placeOrder(order({ token: newGuestToken() }))).toMatchObject({
      ok: false,
      error: { messageKey: "checkout:errors.emptyBag" },
    });
    const cart = await cartWith([{ variantId: size.id, quantity: 3 }]);
    await connection.db.update(productVariants).set({ stock: 2 }).where(eq(productVariants.id, size.id));
    expect(await placeOrder(order(cart))).toMatchObject({
      ok: false,
      error: { messageKey: "checkout:errors.notEnoughStock", values: { stock: 2 } },
    });
    await connection.db.update(productVariants).set({ stock: 5 }).where(eq(productVariants.id, size.id));
    expect(await placeOrder(order(cart, { delivery: {} }))).toMatchObject({
      error: { messageKey: "checkout:errors.shippingMethod", field: "methodId" },
    });
    expect(
      await placeOrder(order(cart, { delivery: { methodId: "nl-point", servicePointId: "fr-030" } })),
    ).toMatchObject({ error: { messageKey: "checkout:errors.servicePointRequired" } });
    expect(await placeOrder(order(cart, { delivery: { methodId: "nl-home" } }))).toMatchObject({
      error: { messageKey: "checkout:errors.momentRequired" },
    });
    expect(
      await placeOrder(order(cart, { delivery: { methodId: "nl-home", momentId: "2020-01-01/daytime" } })),
    ).toMatchObject({ error: { messageKey: "checkout:errors.momentGone" } });
    expect(await placeOrder(order(cart, { paymentMethod: "bancontact" }))).toMatchObject({
      error: { messageKey: "checkout:errors.paymentMethodUnavailable" },
    });
    expect(await connection.db.select().from(orders)).toHaveLength(0);
    expect(await stockOf(size.id)).toBe(5);
  });

  it("refuses a blocked customer", async () => {
    const id = randomUUID();
    await connection.db.insert(user).values({
      id,
      name: "Bo Blocked",
      email: `${id}@example.nl`,
      firstName: "Bo",
      lastName: "Blocked",
      blocked: true,
    });
    const cart = await cartWith([{ variantId: size.id, quantity: 1 }], { userId: id });
    expect(
      await placeOrder(order(cart, { customer: { userId: id, email: `${id}@example.nl` } })),
    ).toMatchObject({
      ok: false,
      error: { messageKey: "errors.blockedCannotOrder" },
    });
  });

  it("places a home delivery with a delivery moment and applies the cart's discount code", async () => {
    const cart = await cartWith([{ variantId: size.id, quantity: 1 }]);
    const quote = await quoteCheckout(connection.db, order(cart, { delivery: { methodId: "nl-home" } }));
    expect(quote.paymentMethods).toContain("ideal");
    expect(quote.totals).toMatchObject({
      subtotalCents: 3_000,
      shippingCents: 495,
      toFreeShippingCents: 2_000,
    });
    const moment = quote.shipping.moments[0]!;
    expect(await applyCheckoutCode({ ...order(cart), code: "welcome15" })).toEqual({
      ok: true,
      code: "WELCOME15",
      replaced: null,
    });
    const result = await placeOrder(order(cart, { delivery: { methodId: "nl-home", momentId: moment.id } }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(await orderByNumber(connection.db, result.number)).toMatchObject({
      totals: {
        subtotalCents: 3_000,
        discountCents: 450,
        discountCode: "WELCOME15",
        shippingCents: 495,
        totalCents: 3_045,
      },
      shipping: { type: "home", moment: { id: moment.id } },
      lines: [{ discountCents: 450, totalCents: 2_550 }],
    });
  });
});

describe("placing an order, in statements and commits", () => {
  it("takes one read before its transaction, the cart, code, stock, order and payment inside it, two writes after", async () => {
    const cart = await cartWith([{ variantId: size.id, quantity: 1 }]);
    expect((await placeOrder(order(cart))).ok).toBe(true); // settings are read once, then kept a few seconds
    const statements = await statementsOf(async () => {
      expect(await placeOrder(order(cart))).toMatchObject({ ok: true, created: true });
    });
    expect(statements).toEqual([
      "select orders.idempotency_key",
      // the transaction: the cart with its lines and sizes in one query, the code, the stock, the order
      // (its lines, address and first status in one statement) and its payment
      "select carts.token",
      "select cart_discount_codes.cart_id",
      "update product_variants",
      "insert orders",
      "insert order_lines + order_addresses + order_status_history",
      "insert payments",
      // after the commit: the provider (the sandbox PSP's own books), then its id and URL on the payment
      "insert sandbox_payments",
      "update payments",
    ]);
  });

  it("records the payment with the order, so the order names it before the provider is asked", async () => {
    const asked: { orderPaymentId: string | null | undefined; status: string | undefined }[] = [];
    sandboxThat(async (db, metadata) => {
      const [row] = await db
        .select({ paymentId: orders.paymentId })
        .from(orders)
        .where(eq(orders.number, metadata.reference!));
      const [payment] = await db.select().from(payments).where(eq(payments.id, metadata.paymentId!));
      expect(payment?.providerId).toBeNull();
      asked.push({ orderPaymentId: row?.paymentId, status: payment?.status });
    });
    const result = await placeOrder(order(await cartWith([{ variantId: size.id, quantity: 1 }])));
    if (!result.ok) throw new Error(result.error.messageKey);
    const placed = (await orderByNumber(connection.db, result.number))!;
    expect(asked).toEqual([{ orderPaymentId: placed.paymentId, status: "open" }]);
    expect(await paymentById(connection.db, placed.paymentId!)).toMatchObject({
      reference: result.number,
      amountCents: placed.totals.amountDueCents,
      checkoutUrl: result.checkoutUrl,
    });
  });

  it("cancels the order at once, stock back, when the provider cannot be reached; a retry answers the same", async () => {
    sandboxThat(async () => {
      throw new Error("the PSP is down");
    });
    const input = order(await cartWith([{ variantId: size.id, quantity: 2 }]));
    expect(await placeOrder(input)).toEqual({
      ok: false,
      error: { messageKey: "checkout:errors.orderingUnavailable" },
    });
    const [row] = await connection.db.select().from(orders);
    expect(row).toMatchObject({ status: "canceled", idempotencyKey: input.idempotencyKey });
    expect(await paymentById(connection.db, row!.paymentId!)).toMatchObject({
      status: "open",
      providerId: null,
    });
    expect(await stockOf(size.id)).toBe(5);
    configurePaymentProviders({});
    const again = await placeOrder(input);
    expect(again).toMatchObject({ ok: true, number: row!.number, created: false });
    expect(await stockOf(size.id)).toBe(5);
  });

  it("refuses a repeat with another payment method, leaving the live order and its payment as they were", async () => {
    const input = order(await cartWith([{ variantId: size.id, quantity: 2 }]));
    const first = await placeOrder(input);
    if (!first.ok) throw new Error(first.error.messageKey);
    const again = await placeOrder({ ...input, paymentMethod: "card" });
    expect(again).toEqual({
      ok: false,
      error: {
        messageKey: "checkout:errors.paymentMethodChanged",
        values: { number: first.number, method: "iDEAL" },
        field: "paymentMethod",
      },
    });
    const placed = (await orderByNumber(connection.db, first.number))!;
    expect(placed).toMatchObject({ status: "pending", paymentMethod: "ideal" });
    expect(await paymentById(connection.db, placed.paymentId!)).toMatchObject({
      status: "open",
      method: "ideal",
      checkoutUrl: first.checkoutUrl,
    });
    expect(await stockOf(size.id)).toBe(3);
    // The shopper still pays the first payment, and the order goes on as paid.
    await settle(first.number, "paid");
    expect((await orderByNumber(connection.db, first.number))?.status).toBe("processing");
    expect(await placeOrder({ ...input, paymentMethod: "card" })).toMatchObject({
      ok: true,
      number: first.number,
      created: false,
    });
  });

  it("never cancels the order when a repeat cannot reach the provider while the first opens its payment", async () => {
    const input = order(await cartWith([{ variantId: size.id, quantity: 1 }]));
    let asked = 0;
    let repeat: Awaited<ReturnType<typeof placeOrder>> | undefined;
    sandboxThat(async () => {
      asked += 1;
      // A double click: the second submission arrives while the first is still asking the provider, and
      // the provider fails it; the first then gets its payment page.
      if (asked === 1) repeat = await placeOrder(input);
      else throw new Error("the PSP timed out");
    });
    const first = await placeOrder(input);
    expect(repeat).toEqual({ ok: false, error: { messageKey: "checkout:errors.orderingUnavailable" } });
    expect(first).toMatchObject({ ok: true, created: true });
    if (!first.ok) return;
    expect((await orderByNumber(connection.db, first.number))?.status).toBe("pending");
    expect(await stockOf(size.id)).toBe(4);
    await settle(first.number, "paid");
    expect((await orderByNumber(connection.db, first.number))?.status).toBe("processing");
  });

  it("links the payment of an order that has none yet when the submission is repeated", async () => {
    const input = order(await cartWith([{ variantId: size.id, quantity: 1 }]));
    const first = await placeOrder(input);
    if (!first.ok) throw new Error(first.error.messageKey);
    const { paymentId } = (await orderByNumber(connection.db, first.number))!;
    await connection.db.update(orders).set({ paymentId: null }).where(eq(orders.number, first.number));
    expect(await placeOrder(input)).toMatchObject({ ok: true, checkoutUrl: first.checkoutUrl });
    expect((await orderByNumber(connection.db, first.number))?.paymentId).toBe(paymentId);
  });

  it("offers the payment methods for the amount priced in the order's transaction", async () => {
    // Klarna collects up to € 2 000 (the default setting).
    await connection.db.update(products).set({ priceCents: 100_000 }).where(eq(products.id, size.productId));
    const cart = await cartWith([{ variantId: size.id, quantity: 3 }]);
    expect(await placeOrder(order(cart, { paymentMethod: "klarna" }))).toMatchObject({
      ok: false,
      error: { messageKey: "checkout:errors.paymentMethodUnavailable", field: "paymentMethod" },
    });
    const one = await cartWith([{ variantId: size.id, quantity: 1 }]);
    expect(await placeOrder(order(one, { paymentMethod: "klarna" }))).toMatchObject({ ok: true });
  });

  it("refuses an order with nothing to pay (a provider collects a positive amount), writing nothing", async () => {
    await createDiscountCode(connection.db, { code: "ALLFREE", kind: "percentage", percent: 100 });
    const cart = await cartWith([{ variantId: size.id, quantity: 3 }]);
    expect((await applyCheckoutCode({ ...order(cart), code: "ALLFREE" })).ok).toBe(true);
    expect(await placeOrder(order(cart))).toEqual({
      ok: false,
      error: { messageKey: "checkout:errors.orderingUnavailable" },
    });
    expect(await connection.db.select().from(orders)).toHaveLength(0);
    expect(await stockOf(size.id)).toBe(5);
  });
});

describe("after the payment", () => {
  it("paid: the order is processing, the bag empty, and one confirmation goes out in the shopper's language", async () => {
    const cart = await cartWith([{ variantId: size.id, quantity: 1 }]);
    const result = await placeOrder(order(cart));
    if (!result.ok) throw new Error(result.error.messageKey);
    await settle(result.number, "paid");
    await redeliver(result.number, "paid");
    await redeliver(result.number, "failed");
    const paid = (await orderByNumber(connection.db, result.number))!;
    expect(paid.status).toBe("processing");
    expect(paid.paidAt).not.toBeNull();
    expect(paid.history.map((h) => h.to)).toEqual(["pending", "processing"]);
    expect((await checkoutCart(connection.db, cart, "nl", "web"))?.lines ?? []).toHaveLength(0);
    expect(await stockOf(size.id)).toBe(4);
    const mails = await connection.db.select().from(outboxMessages);
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
    const cart = await cartWith([{ variantId: size.id, quantity: 2 }]);
    const result = await placeOrder(order(cart));
    if (!result.ok) throw new Error(result.error.messageKey);
    expect(await stockOf(size.id)).toBe(3);
    await settle(result.number, "canceled");
    await redeliver(result.number, "failed");
    await redeliver(result.number, "paid");
    expect((await orderByNumber(connection.db, result.number))?.status).toBe("canceled");
    expect(await stockOf(size.id)).toBe(5);
    expect((await checkoutCart(connection.db, cart, "nl", "web"))?.lines).toHaveLength(1);
    expect(await connection.db.select().from(outboxMessages)).toHaveLength(0);
  });

  it("expiry cancels unpaid orders after their time and returns their stock exactly once", async () => {
    const cart = await cartWith([{ variantId: size.id, quantity: 1 }]);
    const result = await placeOrder(order(cart));
    if (!result.ok) throw new Error(result.error.messageKey);
    expect(await expireUnpaidOrders({ now: new Date() })).toEqual({ expired: 0 });
    const later = new Date(Date.now() + 31 * 60_000);
    const runs = await Promise.all([expireUnpaidOrders({ now: later }), expireUnpaidOrders({ now: later })]);
    expect(runs.reduce((sum, r) => sum + r.expired, 0)).toBe(1);
    expect(await expireUnpaidOrders({ now: later })).toEqual({ expired: 0 });
    await redeliver(result.number, "expired");
    const expired = (await orderByNumber(connection.db, result.number))!;
    expect(expired.status).toBe("canceled");
    expect(expired.history.at(-1)).toMatchObject({ actor: "system", note: "not paid in time" });
    expect(await stockOf(size.id)).toBe(5);
  });

  it("gives a guest's confirmation link a key that opens only that order", async () => {
    const cart = await cartWith([{ variantId: size.id, quantity: 1 }]);
    const result = await placeOrder(order(cart));
    if (!result.ok) throw new Error(result.error.messageKey);
    const key = orderAccessKey(result.number);
    expect(await orderForConfirmation(connection.db, result.number, key)).toMatchObject({
      number: result.number,
    });
    expect(await orderForConfirmation(connection.db, result.number, key.replace(/.$/, "x"))).toBeNull();
    expect(await orderForConfirmation(connection.db, "123456789", key)).toBeNull();
  });
});

describe("concurrency", () => {
  it(`sells 20 units to exactly 20 of 200 buyers at once, never below 0 (${testDriver})`, async () => {
    await connection.db.update(productVariants).set({ stock: 20 }).where(eq(productVariants.id, size.id));
    const buyers = await Promise.all(
      Array.from({ length: 200 }, () => cartWith([{ variantId: size.id, quantity: 1 }])),
    );
    const results = await Promise.all(
      buyers.map((cart, i) => placeOrder(order(cart, { email: `buyer${i}@example.nl` }))),
    );
    const placed = results.filter((r) => r.ok);
    expect(placed).toHaveLength(20);
    const refused = results.filter((r) => !r.ok).map((r) => (r.ok ? "" : r.error.messageKey));
    expect(new Set(refused)).toEqual(new Set(["checkout:errors.soldOut"]));
    expect(await stockOf(size.id)).toBe(0);
    const rows = await connection.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, "pending")));
    expect(rows).toHaveLength(20);
  }, 120_000);
});
