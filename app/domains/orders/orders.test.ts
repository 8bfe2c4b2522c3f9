import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seededDatabase } from "../../../tests/support/database";
import type { Connection } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { newGuestToken } from "../../platform/http/guest-token.server";
import { addToCart, type CartRef } from "../cart/cart.server";
import { products, productVariants } from "../catalog/tables.server";
import { placeOrder } from "../checkout/checkout.server";
import { user } from "../customers/auth-tables.server";
import { outboxMessages } from "../notifications/tables.server";
import { decideSandboxCheckout, paymentById, syncPayment } from "../payments/payments.server";
import { paymentRefunds } from "../payments/tables.server";
import {
  anonymiseOrdersOf,
  applyPaymentStatus,
  expireUnpaidOrders,
  isFirstOrder,
  newOrderNumber,
  orderByNumber,
  orderCountOfCustomer,
  orderForCustomer,
  orderForGuest,
  ordersForExport,
  ordersOfCustomer,
  transitionOrder,
} from "./orders.server";
import { orders } from "./tables.server";
import { checkTransition, nextStatuses, orderStatuses, orderTransitions } from "./transitions";

describe("the order state machine (PRODUCT.md's transition table)", () => {
  it("allows exactly the table's transitions", () => {
    const allowed = orderTransitions.map((t) => `${t.from}→${t.to}`).sort();
    expect(allowed).toEqual(
      [
        "complete→closed",
        "holded→canceled",
        "holded→processing",
        "pending→canceled",
        "pending→processing",
        "processing→canceled",
        "processing→complete",
        "processing→holded",
      ].sort(),
    );
    for (const from of orderStatuses)
      for (const to of orderStatuses) {
        const check = checkTransition(from, to, "staff", "3SABCD123");
        const listed = allowed.includes(`${from}→${to}`);
        if (!listed) expect(check).toEqual({ ok: false, messageKey: "orders:errors.transitionNotAllowed" });
      }
  });

  it("lets only the payment mark an order paid, and needs a track & trace code to ship", () => {
    expect(checkTransition("pending", "processing", "staff", null)).toMatchObject({
      messageKey: "orders:errors.notYours",
    });
    expect(checkTransition("pending", "processing", "payment", null).ok).toBe(true);
    expect(checkTransition("processing", "complete", "staff", " ")).toMatchObject({
      messageKey: "orders:errors.trackAndTraceRequired",
    });
    expect(nextStatuses("processing", "staff").sort()).toEqual(["canceled", "complete", "holded"]);
    expect(nextStatuses("canceled", "staff")).toEqual([]);
  });

  it("draws 9-digit numbers that never start with 0", () => {
    for (let i = 0; i < 1000; i++) expect(newOrderNumber()).toMatch(/^[1-9]\d{8}$/);
  });
});

describe("orders in the database", () => {
  let connection: Connection;
  let variantId: number;
  let customer: string;

  beforeAll(async () => {
    connection = await seededDatabase({ products: 6, seed: 3, now: new Date("2026-06-01T10:00:00Z") });
    const [row] = await connection.db
      .select({ id: productVariants.id, productId: productVariants.productId })
      .from(productVariants)
      .limit(1);
    variantId = row!.id;
    await connection.db
      .update(products)
      .set({ isActive: true, appOnly: false, onlineFrom: null })
      .where(eq(products.id, row!.productId));
    await connection.db.update(productVariants).set({ stock: 50 }).where(eq(productVariants.id, variantId));
    customer = randomUUID();
    await connection.db.insert(user).values({
      id: customer,
      name: "Sanne",
      email: "sanne@example.nl",
      firstName: "Sanne",
      lastName: "de Vries",
    });
  }, 180_000);
  afterAll(() => connection.close());

  async function placed(ref: CartRef, email: string, userId: string | null = null) {
    expect((await addToCart(connection.db, ref, { variantId, quantity: 1 }, "web")).ok).toBe(true);
    const result = await placeOrder({
      idempotencyKey: randomUUID(),
      cart: ref,
      locale: "fr",
      channel: "web",
      customer: userId ? { userId, email } : null,
      email,
      country: "FR",
      delivery: { methodId: "fr-home" },
      address: {
        firstName: "Camille",
        lastName: "Martin",
        street: "Rue de Rivoli",
        houseNumber: "10",
        postalCode: "75001",
        city: "Paris",
        country: "FR",
      },
      paymentMethod: "card",
    });
    if (!result.ok) throw new Error(result.error.messageKey);
    return result.number;
  }

  const pay = async (number: string) => {
    const [row] = await connection.db.select().from(orders).where(eq(orders.number, number));
    const payment = (await paymentById(connection.db, row!.paymentId!))!;
    await transaction((tx) => applyPaymentStatus(tx, { ...payment, status: "paid" }));
  };

  it("finds a customer's orders, and a guest's only with the right e-mail address", async () => {
    expect(await isFirstOrder(connection.db, { userId: customer })).toBe(true);
    expect(await orderCountOfCustomer(connection.db, customer)).toBe(0);
    const mine = await placed({ userId: customer }, "sanne@example.nl", customer);
    const guest = await placed({ token: newGuestToken() }, "guest@example.fr");
    expect(await isFirstOrder(connection.db, { userId: customer })).toBe(false);
    expect(await isFirstOrder(connection.db, { email: "GUEST@example.fr" })).toBe(false);
    expect((await ordersOfCustomer(connection.db, customer)).map((o) => o.number)).toEqual([mine]);
    expect(await orderCountOfCustomer(connection.db, customer)).toBe(1);
    expect(await orderForCustomer(connection.db, customer, mine)).toMatchObject({
      number: mine,
      country: "FR",
    });
    expect(await orderForCustomer(connection.db, customer, guest)).toBeNull();
    expect(await orderForGuest(connection.db, guest, "Guest@Example.fr")).toMatchObject({ number: guest });
    expect(await orderForGuest(connection.db, guest, "someone@example.fr")).toBeNull();
  });

  it("moves a paid order along the table, e-mailing when it ships and when a paid order is canceled", async () => {
    const number = await placed({ token: newGuestToken() }, "ship@example.fr");
    await pay(number);
    await connection.db.delete(outboxMessages);
    expect(await transitionOrder(connection.db, { number, to: "closed", actor: "staff" })).toEqual({
      ok: false,
      messageKey: "orders:errors.transitionNotAllowed",
    });
    expect(await transitionOrder(connection.db, { number, to: "complete", actor: "staff" })).toEqual({
      ok: false,
      messageKey: "orders:errors.trackAndTraceRequired",
    });
    const shipped = await transitionOrder(connection.db, {
      number,
      to: "complete",
      actor: "staff",
      actorId: customer,
      trackAndTrace: "6A12345678901",
    });
    expect(shipped).toMatchObject({
      ok: true,
      order: { status: "complete", trackAndTrace: "6A12345678901" },
    });
    expect(shipped.ok && shipped.order.history.at(-1)).toMatchObject({
      from: "processing",
      to: "complete",
      actor: "staff",
    });
    const [mail] = await connection.db.select().from(outboxMessages);
    expect(mail).toMatchObject({ template: "orderShipped", locale: "fr", recipient: "ship@example.fr" });
    expect(mail!.text).toContain("6A12345678901");
    expect(await transitionOrder(connection.db, { number, to: "closed", actor: "staff" })).toMatchObject({
      ok: true,
      order: { status: "closed" },
    });
    expect(
      await transitionOrder(connection.db, { number: "999999999", to: "closed", actor: "staff" }),
    ).toEqual({
      ok: false,
      messageKey: "orders:errors.notFound",
    });
  });

  it("refunds a payment that arrives after its order expired, in full and once, and tells the customer", async () => {
    const number = await placed({ token: newGuestToken() }, "late@example.fr");
    const [row] = await connection.db.select().from(orders).where(eq(orders.number, number));
    const payment = (await paymentById(connection.db, row!.paymentId!))!;
    await expireUnpaidOrders({ now: new Date(Date.now() + 24 * 3_600_000) });
    expect((await orderByNumber(connection.db, number))?.status).toBe("canceled");

    // The shopper was still on the payment page and pays after all.
    await decideSandboxCheckout(connection.db, payment.providerId!, "paid");
    expect((await syncPayment(connection.db, payment.id))?.status).toBe("paid");
    // The same change applied again refunds nothing more.
    const paid = (await paymentById(connection.db, payment.id))!;
    await transaction((tx) => applyPaymentStatus(tx, paid));

    // The provider is asked after the commit.
    await vi.waitFor(async () => {
      const refunds = await connection.db
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.paymentId, payment.id));
      expect(refunds).toMatchObject([{ status: "refunded", amountCents: payment.amountCents }]);
    });
    expect((await paymentById(connection.db, payment.id))?.refundedCents).toBe(payment.amountCents);
    expect((await orderByNumber(connection.db, number))?.status).toBe("canceled");
    const mails = await connection.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, "late@example.fr"));
    expect(mails.filter((m) => m.template === "orderRefunded")).toHaveLength(1);
  });

  it("returns the stock of a paid order canceled by staff, once", async () => {
    const stock = async () =>
      (await connection.db.select().from(productVariants).where(eq(productVariants.id, variantId)))[0]!.stock;
    const number = await placed({ token: newGuestToken() }, "cancel@example.fr");
    await pay(number);
    const before = await stock();
    await connection.db.delete(outboxMessages);
    expect(await transitionOrder(connection.db, { number, to: "holded", actor: "staff" })).toMatchObject({
      ok: true,
    });
    expect(await transitionOrder(connection.db, { number, to: "canceled", actor: "staff" })).toMatchObject({
      ok: true,
    });
    expect(await transitionOrder(connection.db, { number, to: "canceled", actor: "staff" })).toMatchObject({
      ok: false,
    });
    expect(await stock()).toBe(before + 1);
    expect((await connection.db.select().from(outboxMessages)).map((m) => m.template)).toEqual([
      "orderCanceled",
    ]);
  });

  it("keeps a deleted customer's orders for the books but removes what names them", async () => {
    const id = randomUUID();
    await connection.db
      .insert(user)
      .values({ id, name: "Eva", email: `${id}@example.nl`, firstName: "Eva", lastName: "Smit" });
    const number = await placed({ userId: id }, `${id}@example.nl`, id);
    expect((await ordersForExport(connection.db, id)).map((o) => o.number)).toEqual([number]);
    await transaction((tx) => anonymiseOrdersOf(tx, id));
    const kept = await orderByNumber(connection.db, number);
    expect(kept).toMatchObject({
      userId: null,
      email: expect.stringMatching(/^anonymised-\d+@anonymised\.invalid$/),
      country: "FR",
      shippingAddress: { firstName: "", lastName: "", street: "", postalCode: "", city: "Paris" },
    });
    expect(kept?.totals.totalCents).toBeGreaterThan(0);
    expect(await ordersForExport(connection.db, id)).toEqual([]);
  });
});
