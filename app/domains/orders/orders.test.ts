import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seededDatabase } from "../../../tests/support/database";
import { newCustomer, orderableSize, placedOrder } from "../../../tests/support/factories";
import { accepted } from "../../../tests/support/refusal";
import type { Connection } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { newGuestToken } from "../../platform/http/guest-token.server";
import { isRefusal, refuse } from "../../platform/refusal";
import type { CartRef } from "../cart/cart.server";
import { productVariants } from "../catalog/tables.server";
import { outboxMessages } from "../notifications/tables.server";
import { decideSandboxCheckout, paymentById, syncPayment } from "../payments/payments.server";
import { paymentRefunds } from "../payments/tables.server";
import {
  anonymiseOrdersOf,
  applyPaymentStatus,
  expireUnpaidOrders,
  isFirstOrder,
  orderByNumber,
  orderCountOfCustomer,
  orderForCustomer,
  orderForGuest,
  ordersForExport,
  ordersOfCustomer,
  transitionOrder,
} from "./orders.server";
import { newOrderNumber } from "./place.server";
import { orders } from "./tables.server";

describe("order numbers", () => {
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
    variantId = (await orderableSize()).id;
    customer = (await newCustomer({ firstName: "Sanne", lastName: "de Vries", email: "sanne@example.nl" }))
      .id;
  }, 180_000);
  afterAll(() => connection.close());

  const placed = (cart: CartRef, email: string, customerId: string | null = null) =>
    placedOrder({ variantId, cart, email, customerId });

  const pay = async (number: string) => {
    const [row] = await connection.db.select().from(orders).where(eq(orders.number, number));
    const payment = (await paymentById(row!.paymentId!))!;
    await transaction((tx) => applyPaymentStatus(tx, { ...payment, status: "paid" }));
  };

  it("finds a customer's orders, and a guest's only with the right e-mail address", async () => {
    expect(await isFirstOrder({ userId: customer })).toBe(true);
    expect(await orderCountOfCustomer(customer)).toBe(0);
    const mine = await placed({ userId: customer }, "sanne@example.nl", customer);
    const guest = await placed({ token: newGuestToken() }, "guest@example.fr");
    expect(await isFirstOrder({ userId: customer })).toBe(false);
    expect(await isFirstOrder({ email: "GUEST@example.fr" })).toBe(false);
    expect((await ordersOfCustomer(customer)).map((o) => o.number)).toEqual([mine]);
    expect(await orderCountOfCustomer(customer)).toBe(1);
    expect(await orderForCustomer(customer, mine)).toMatchObject({
      number: mine,
      country: "FR",
    });
    expect(await orderForCustomer(customer, guest)).toBeNull();
    expect(await orderForGuest(guest, "Guest@Example.fr")).toMatchObject({ number: guest });
    expect(await orderForGuest(guest, "someone@example.fr")).toBeNull();
  });

  it("moves a paid order along the table, e-mailing when it ships and when a paid order is canceled", async () => {
    const number = await placed({ token: newGuestToken() }, "ship@example.fr");
    await pay(number);
    await connection.db.delete(outboxMessages);
    expect(await transitionOrder({ number, to: "closed", actor: "staff" })).toEqual(
      refuse.conflict("orders:errors.transitionNotAllowed"),
    );
    expect(await transitionOrder({ number, to: "complete", actor: "staff" })).toEqual(
      refuse.invalid("orders:errors.trackAndTraceRequired", {}, "trackAndTrace"),
    );
    const shipped = await transitionOrder({
      number,
      to: "complete",
      actor: "staff",
      actorId: customer,
      trackAndTrace: "6A12345678901",
    });
    expect(shipped).toMatchObject({ status: "complete", trackAndTrace: "6A12345678901" });
    expect(!isRefusal(shipped) && shipped.history.at(-1)).toMatchObject({
      from: "processing",
      to: "complete",
      actor: "staff",
    });
    const [mail] = await connection.db.select().from(outboxMessages);
    expect(mail).toMatchObject({ template: "orderShipped", locale: "fr", recipient: "ship@example.fr" });
    expect(mail!.text).toContain("6A12345678901");
    expect(await transitionOrder({ number, to: "closed", actor: "staff" })).toMatchObject({
      status: "closed",
    });
    expect(await transitionOrder({ number: "999999999", to: "closed", actor: "staff" })).toEqual(
      refuse.notFound("orders:errors.notFound"),
    );
  });

  it("refunds a payment that arrives after its order expired, in full and once, and tells the customer", async () => {
    const number = await placed({ token: newGuestToken() }, "late@example.fr");
    const [row] = await connection.db.select().from(orders).where(eq(orders.number, number));
    const payment = (await paymentById(row!.paymentId!))!;
    await expireUnpaidOrders({ now: new Date(Date.now() + 24 * 3_600_000) });
    expect((await orderByNumber(number))?.status).toBe("canceled");

    // The shopper was still on the payment page and pays after all.
    await decideSandboxCheckout(payment.providerId!, "paid");
    expect(accepted(await syncPayment(payment.id))?.status).toBe("paid");
    // The same change applied again refunds nothing more.
    const paid = (await paymentById(payment.id))!;
    await transaction((tx) => applyPaymentStatus(tx, paid));

    // The provider is asked after the commit.
    await vi.waitFor(async () => {
      const refunds = await connection.db
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.paymentId, payment.id));
      expect(refunds).toMatchObject([{ status: "refunded", amountCents: payment.amountCents }]);
    });
    expect((await paymentById(payment.id))?.refundedCents).toBe(payment.amountCents);
    expect((await orderByNumber(number))?.status).toBe("canceled");
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
    expect(await transitionOrder({ number, to: "holded", actor: "staff" })).toMatchObject({
      status: "holded",
    });
    expect(await transitionOrder({ number, to: "canceled", actor: "staff" })).toMatchObject({
      status: "canceled",
    });
    expect(await transitionOrder({ number, to: "canceled", actor: "staff" })).toMatchObject({
      kind: "conflict",
    });
    expect(await stock()).toBe(before + 1);
    expect((await connection.db.select().from(outboxMessages)).map((m) => m.template)).toEqual([
      "orderCanceled",
    ]);
  });

  it("keeps a deleted customer's orders for the books but removes what names them", async () => {
    const { id, email } = await newCustomer({ firstName: "Eva", lastName: "Smit" });
    const number = await placed({ userId: id }, email, id);
    expect((await ordersForExport(id)).map((o) => o.number)).toEqual([number]);
    await transaction((tx) => anonymiseOrdersOf(id, { tx }));
    const kept = await orderByNumber(number);
    expect(kept).toMatchObject({
      userId: null,
      email: expect.stringMatching(/^anonymised-\d+@anonymised\.invalid$/),
      country: "FR",
      shippingAddress: { firstName: "", lastName: "", street: "", postalCode: "", city: "Paris" },
    });
    expect(kept?.totals.totalCents).toBeGreaterThan(0);
    expect(await ordersForExport(id)).toEqual([]);
  });
});
