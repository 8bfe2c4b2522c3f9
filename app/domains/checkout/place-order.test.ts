import { eq } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { describe, expect, it } from "vitest";
import { newCustomer, newDiscountCode } from "../../../tests/support/factories";
import { orderingDatabase } from "../../../tests/support/ordering";
import { type Database, installConnection } from "../../platform/db/db.server";
import * as schema from "../../platform/db/schema.server";
import { newGuestToken } from "../../platform/http/guest-token.server";
import { isRefusal, refuse } from "../../platform/refusal";
import { checkoutCart } from "../cart/cart.server";
import { products, productVariants } from "../catalog/tables.server";
import { orderByNumber } from "../orders/orders.server";
import { orders } from "../orders/tables.server";
import { configurePaymentProviders, paymentById } from "../payments/payments.server";
import type { PaymentProvider } from "../payments/provider.server";
import { sandboxProvider } from "../payments/sandbox/provider.server";
import { payments } from "../payments/tables.server";
import { applyCheckoutCode, placeOrder, quoteCheckout } from "./checkout.server";

// Placing an order: what it writes and refuses, and what it costs the database (after-payment.test.ts
// follows the order once its payment is settled).
const { state, stockOf, cartWith, order, settle } = orderingDatabase();

/** The sandbox PSP, with `before` run when the shop asks it for a payment. */
function sandboxThat(before: (db: Database, metadata: Record<string, string>) => Promise<void>) {
  const provider: PaymentProvider = {
    ...sandboxProvider,
    async createPayment(request) {
      await before(state.connection.db, request.metadata);
      return sandboxProvider.createPayment(request);
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
    state.connection.driver === "postgres"
      ? drizzlePg(state.connection.pool, { schema, logger })
      : drizzlePglite(state.connection.client, { schema, logger });
  installConnection({ ...state.connection, db: counting as unknown as Database });
  try {
    await work();
  } finally {
    installConnection(state.connection);
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

describe("placeOrder", () => {
  it("writes the order, its lines, address and first status, reserves the stock and creates the payment", async () => {
    const cart = await cartWith([
      { variantId: state.size.id, quantity: 2 },
      { variantId: state.otherSize.id, quantity: 1 },
    ]);
    const result = await placeOrder(order(cart, { donationCents: 200 }));
    expect(result).toMatchObject({ created: true });
    if (isRefusal(result)) return;
    expect(result.number).toMatch(/^[1-9]\d{8}$/);
    expect(result.checkoutUrl).toBeTruthy();
    const placed = (await orderByNumber(result.number))!;
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
    expect(await stockOf(state.size.id)).toBe(3);
    expect(await stockOf(state.otherSize.id)).toBe(4);
    // The bag stays until the payment succeeds.
    expect((await checkoutCart(cart, "nl", "web"))?.lines).toHaveLength(2);
  });

  it("answers the same order for the same idempotency key, and reserves only once", async () => {
    const cart = await cartWith([{ variantId: state.size.id, quantity: 1 }]);
    const input = order(cart);
    const first = await placeOrder(input);
    const again = await placeOrder(input);
    if (isRefusal(first) || isRefusal(again)) throw new Error("refused");
    expect(again).toMatchObject({ number: first.number, created: false, checkoutUrl: first.checkoutUrl });
    const together = await Promise.all(
      [1, 2, 3].map(() => placeOrder({ ...input, idempotencyKey: "same-key" })),
    );
    const numbers = new Set(together.map((r) => (isRefusal(r) ? r.messageKey : r.number)));
    expect(numbers.size).toBe(1);
    expect(await state.connection.db.select().from(orders)).toHaveLength(2);
    expect(await stockOf(state.size.id)).toBe(3);
  });

  it("refuses an empty bag, a bag with a problem, and missing delivery choices, changing nothing", async () => {
    expect(await placeOrder(order({ token: newGuestToken() }))).toMatchObject({
      kind: "conflict",
      messageKey: "checkout:errors.emptyBag",
    });
    const cart = await cartWith([{ variantId: state.size.id, quantity: 3 }]);
    await state.connection.db
      .update(productVariants)
      .set({ stock: 2 })
      .where(eq(productVariants.id, state.size.id));
    expect(await placeOrder(order(cart))).toMatchObject({
      kind: "conflict",
      messageKey: "checkout:errors.notEnoughStock",
      values: { stock: 2 },
    });
    await state.connection.db
      .update(productVariants)
      .set({ stock: 5 })
      .where(eq(productVariants.id, state.size.id));
    expect(await placeOrder(order(cart, { delivery: {} }))).toMatchObject({
      kind: "invalid",
      messageKey: "checkout:errors.shippingMethod",
      field: "methodId",
    });
    expect(
      await placeOrder(order(cart, { delivery: { methodId: "nl-point", servicePointId: "fr-030" } })),
    ).toMatchObject({ messageKey: "checkout:errors.servicePointRequired" });
    expect(await placeOrder(order(cart, { delivery: { methodId: "nl-home" } }))).toMatchObject({
      messageKey: "checkout:errors.momentRequired",
    });
    expect(
      await placeOrder(order(cart, { delivery: { methodId: "nl-home", momentId: "2020-01-01/daytime" } })),
    ).toMatchObject({ messageKey: "checkout:errors.momentGone" });
    expect(await placeOrder(order(cart, { paymentMethod: "bancontact" }))).toMatchObject({
      messageKey: "checkout:errors.paymentMethodUnavailable",
    });
    expect(await state.connection.db.select().from(orders)).toHaveLength(0);
    expect(await stockOf(state.size.id)).toBe(5);
  });

  it("refuses a blocked customer", async () => {
    const { id, email } = await newCustomer({ firstName: "Bo", lastName: "Blocked", blocked: true });
    const cart = await cartWith([{ variantId: state.size.id, quantity: 1 }], { userId: id });
    expect(await placeOrder(order(cart, { customer: { userId: id, email } }))).toMatchObject({
      kind: "forbidden",
      messageKey: "errors.blockedCannotOrder",
    });
  });

  it("places a home delivery with a delivery moment and applies the cart's discount code", async () => {
    const cart = await cartWith([{ variantId: state.size.id, quantity: 1 }]);
    const quote = await quoteCheckout(order(cart, { delivery: { methodId: "nl-home" } }));
    expect(quote.paymentMethods).toContain("ideal");
    expect(quote.totals).toMatchObject({
      subtotalCents: 3_000,
      shippingCents: 495,
      toFreeShippingCents: 2_000,
    });
    const moment = quote.shipping.moments[0]!;
    expect(await applyCheckoutCode({ ...order(cart), code: "welcome15" })).toEqual({
      code: "WELCOME15",
      replaced: null,
    });
    const result = await placeOrder(order(cart, { delivery: { methodId: "nl-home", momentId: moment.id } }));
    if (isRefusal(result)) throw new Error(result.messageKey);
    expect(await orderByNumber(result.number)).toMatchObject({
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
    const cart = await cartWith([{ variantId: state.size.id, quantity: 1 }]);
    expect(isRefusal(await placeOrder(order(cart)))).toBe(false); // settings are read once, then kept a few seconds
    const statements = await statementsOf(async () => {
      expect(await placeOrder(order(cart))).toMatchObject({ created: true });
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
    const result = await placeOrder(order(await cartWith([{ variantId: state.size.id, quantity: 1 }])));
    if (isRefusal(result)) throw new Error(result.messageKey);
    const placed = (await orderByNumber(result.number))!;
    expect(asked).toEqual([{ orderPaymentId: placed.paymentId, status: "open" }]);
    expect(await paymentById(placed.paymentId!)).toMatchObject({
      reference: result.number,
      amountCents: placed.totals.amountDueCents,
      checkoutUrl: result.checkoutUrl,
    });
  });

  it("cancels the order at once, stock back, when the provider cannot be reached; a retry answers the same", async () => {
    sandboxThat(async () => {
      throw new Error("the PSP is down");
    });
    const input = order(await cartWith([{ variantId: state.size.id, quantity: 2 }]));
    expect(await placeOrder(input)).toEqual(refuse.unavailable("checkout:errors.orderingUnavailable"));
    const [row] = await state.connection.db.select().from(orders);
    expect(row).toMatchObject({ status: "canceled", idempotencyKey: input.idempotencyKey });
    expect(await paymentById(row!.paymentId!)).toMatchObject({
      status: "open",
      providerId: null,
    });
    expect(await stockOf(state.size.id)).toBe(5);
    configurePaymentProviders({});
    const again = await placeOrder(input);
    expect(again).toMatchObject({ number: row!.number, created: false });
    expect(await stockOf(state.size.id)).toBe(5);
  });

  it("refuses a repeat with another payment method, leaving the live order and its payment as they were", async () => {
    const input = order(await cartWith([{ variantId: state.size.id, quantity: 2 }]));
    const first = await placeOrder(input);
    if (isRefusal(first)) throw new Error(first.messageKey);
    const again = await placeOrder({ ...input, paymentMethod: "card" });
    expect(again).toEqual(
      refuse.conflict(
        "checkout:errors.paymentMethodChanged",
        { number: first.number, method: "iDEAL" },
        "paymentMethod",
      ),
    );
    const placed = (await orderByNumber(first.number))!;
    expect(placed).toMatchObject({ status: "pending", paymentMethod: "ideal" });
    expect(await paymentById(placed.paymentId!)).toMatchObject({
      status: "open",
      method: "ideal",
      checkoutUrl: first.checkoutUrl,
    });
    expect(await stockOf(state.size.id)).toBe(3);
    // The shopper still pays the first payment, and the order goes on as paid.
    await settle(first.number, "paid");
    expect((await orderByNumber(first.number))?.status).toBe("processing");
    expect(await placeOrder({ ...input, paymentMethod: "card" })).toMatchObject({
      number: first.number,
      created: false,
    });
  });

  it("never cancels the order when a repeat cannot reach the provider while the first opens its payment", async () => {
    const input = order(await cartWith([{ variantId: state.size.id, quantity: 1 }]));
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
    expect(repeat).toEqual(refuse.unavailable("checkout:errors.orderingUnavailable"));
    expect(first).toMatchObject({ created: true });
    if (isRefusal(first)) return;
    expect((await orderByNumber(first.number))?.status).toBe("pending");
    expect(await stockOf(state.size.id)).toBe(4);
    await settle(first.number, "paid");
    expect((await orderByNumber(first.number))?.status).toBe("processing");
  });

  it("links the payment of an order that has none yet when the submission is repeated", async () => {
    const input = order(await cartWith([{ variantId: state.size.id, quantity: 1 }]));
    const first = await placeOrder(input);
    if (isRefusal(first)) throw new Error(first.messageKey);
    const { paymentId } = (await orderByNumber(first.number))!;
    await state.connection.db.update(orders).set({ paymentId: null }).where(eq(orders.number, first.number));
    expect(await placeOrder(input)).toMatchObject({ checkoutUrl: first.checkoutUrl });
    expect((await orderByNumber(first.number))?.paymentId).toBe(paymentId);
  });

  it("offers the payment methods for the amount priced in the order's transaction", async () => {
    // Klarna collects up to € 2 000 (the default setting).
    await state.connection.db
      .update(products)
      .set({ priceCents: 100_000 })
      .where(eq(products.id, state.size.productId));
    const cart = await cartWith([{ variantId: state.size.id, quantity: 3 }]);
    expect(await placeOrder(order(cart, { paymentMethod: "klarna" }))).toMatchObject({
      messageKey: "checkout:errors.paymentMethodUnavailable",
      field: "paymentMethod",
    });
    const one = await cartWith([{ variantId: state.size.id, quantity: 1 }]);
    expect(isRefusal(await placeOrder(order(one, { paymentMethod: "klarna" })))).toBe(false);
  });

  it("pays an order with nothing to pay (a 100 % code) at once, without a payment page (docs/decisions/0039)", async () => {
    const code = await newDiscountCode({ kind: "percentage", percent: 100 });
    const cart = await cartWith([{ variantId: state.size.id, quantity: 3 }]);
    expect(isRefusal(await applyCheckoutCode({ ...order(cart), code }))).toBe(false);
    const placed = await placeOrder(order(cart));
    if (isRefusal(placed)) throw new Error(placed.messageKey);
    expect(placed.checkoutUrl).toContain(`order=${placed.number}`);
    const [row] = await state.connection.db.select().from(orders);
    expect(row).toMatchObject({
      status: "processing",
      amountDueCents: 0,
      paymentId: null,
      paymentMethod: "none",
    });
    expect(await stockOf(state.size.id)).toBe(2);
  });
});
