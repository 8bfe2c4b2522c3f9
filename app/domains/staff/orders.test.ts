import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDatabase } from "../../../tests/support/database";
import { orderableSize, placedOrder } from "../../../tests/support/factories";
import { accepted } from "../../../tests/support/refusal";
import type { Connection } from "../../platform/db/db.server";
import { productVariants } from "../catalog/tables.server";
import { createAccount } from "../customers/customers.server";
import { outboxMessages } from "../notifications/tables.server";
import { findOrders, orderByNumber, orderFigures } from "../orders/orders.server";
import { configurePaymentProviders, paymentById } from "../payments/payments.server";
import { PaymentProviderError } from "../payments/provider.server";
import { sandboxProvider } from "../payments/sandbox/provider.server";
import { paymentRefunds } from "../payments/tables.server";
import { dashboard, startOfShopDay } from "./dashboard.server";
import {
  addOrderNote,
  auditTrail,
  cancelOrder,
  changeOrderStatus,
  orderTimeline,
  refundableOf,
  refundOrder,
  type StaffActor,
} from "./staff.server";

let connection: Connection;
let support: StaffActor;
let variantId: number;

beforeAll(async () => {
  connection = await seededDatabase({ products: 6, seed: 5, now: new Date("2026-06-01T10:00:00Z") });
  variantId = (await orderableSize()).id;
  const created = await createAccount({
    email: "help@shop.test",
    password: "support-password",
    firstName: "Lotte",
    lastName: "Peeters",
    locale: "nl",
    role: "support",
  });
  support = { id: created.id, email: "help@shop.test", role: "support" };
}, 180_000);
afterAll(() => connection.close());

/** A guest's order of two units, paid on the sandbox PSP (or left unpaid). */
async function order(email: string, paid = true): Promise<string> {
  const number = await placedOrder({ variantId, email, quantity: 2, locale: "nl", paid });
  if (paid) expect((await orderByNumber(number))?.status).toBe("processing");
  return number;
}

function refundsOf(paymentId: string) {
  return connection.db
    .select({ status: paymentRefunds.status, amountCents: paymentRefunds.amountCents })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, paymentId));
}

async function mailsTo(email: string) {
  return connection.db
    .select({ template: outboxMessages.template, subject: outboxMessages.subject, text: outboxMessages.text })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, email));
}

describe("order commands of the back office", () => {
  it("ships with carrier and track & trace: the customer gets the shipped e-mail, the log says who", async () => {
    const number = await order("ship@example.nl");
    expect(await changeOrderStatus(support, number, { to: "closed" })).toMatchObject({
      kind: "conflict",
      messageKey: "orders:errors.transitionNotAllowed",
    });
    const shipped = accepted(
      await changeOrderStatus(support, number, {
        to: "complete",
        carrier: "DHL",
        trackAndTrace: "JVGL0612345678",
      }),
    );
    expect(shipped).toMatchObject({ status: "complete", trackAndTrace: "JVGL0612345678" });
    expect(shipped.shipping.carrier).toBe("DHL");
    const mails = await mailsTo("ship@example.nl");
    const mail = mails.find((m) => m.template === "orderShipped");
    expect(mail?.subject).toContain(number);
    expect(mail?.text).toContain("JVGL0612345678");
    expect(mail?.text).toContain("DHL");
    const [entry] = await auditTrail("order", number);
    expect(entry).toMatchObject({ action: "order.ship", actorEmail: "help@shop.test", actorRole: "support" });
    const timeline = await orderTimeline((await orderByNumber(number))!);
    expect(timeline[0]).toMatchObject({ who: "help@shop.test (support)", kind: "staff" });
    expect(timeline.some((e) => e.who === "the payment provider")).toBe(true);
  });

  it("holds and releases with a note", async () => {
    const number = await order("hold@example.nl");
    await changeOrderStatus(support, number, { to: "holded", note: "Address check" });
    expect((await orderByNumber(number))?.status).toBe("holded");
    await changeOrderStatus(support, number, { to: "processing" });
    expect((await orderByNumber(number))?.status).toBe("processing");
    expect((await auditTrail("order", number)).map((e) => e.action)).toEqual(["order.hold", "order.release"]);
  });

  it("refunds part of a payment once per key, never more than is left, and e-mails the customer", async () => {
    const number = await order("refund@example.nl");
    const detail = (await orderByNumber(number))!;
    const { leftCents } = await refundableOf(detail);
    expect(leftCents).toBe(detail.totals.amountDueCents);
    const key = randomUUID();
    const first = accepted(
      await refundOrder(support, number, { amountCents: 5_00, reason: "Late delivery", idempotencyKey: key }),
    );
    const again = accepted(
      await refundOrder(support, number, { amountCents: 5_00, reason: "Late delivery", idempotencyKey: key }),
    );
    expect(again.id).toBe(first.id);
    expect((await refundableOf(detail)).leftCents).toBe(leftCents - 5_00);
    expect((await mailsTo("refund@example.nl")).filter((m) => m.template === "orderRefunded")).toHaveLength(
      1,
    );
    const mail = (await mailsTo("refund@example.nl")).find((m) => m.template === "orderRefunded");
    expect(mail?.subject).toBe(`Je terugbetaling voor bestelling ${number}`);
    expect(mail?.text).toMatch(/€\s5,00/u);
    expect((await auditTrail("order", number)).filter((e) => e.action === "order.refund")).toHaveLength(1);
    expect(
      await refundOrder(support, number, {
        amountCents: leftCents,
        reason: "Too much",
        idempotencyKey: randomUUID(),
      }),
    ).toMatchObject({ kind: "invalid", field: "amount" });
  });

  it("answers the same refund for the same key after a full refund, and refuses a new key", async () => {
    const number = await order("full-refund@example.nl");
    const detail = (await orderByNumber(number))!;
    const { leftCents } = await refundableOf(detail);
    const key = randomUUID();
    const input = { amountCents: leftCents, reason: "Parcel lost", idempotencyKey: key };
    const first = await refundOrder(support, number, input);
    expect(first).toMatchObject({ amountCents: leftCents, status: "refunded" });
    // A double click or a retried API call: the same refund, nothing changes.
    const again = await refundOrder(support, number, input);
    expect(again).toEqual(first);
    const payment = (await paymentById(detail.paymentId!))!;
    expect(payment.refundedCents).toBe(leftCents);
    expect(await refundsOf(payment.id)).toHaveLength(1);
    expect(
      (await mailsTo("full-refund@example.nl")).filter((m) => m.template === "orderRefunded"),
    ).toHaveLength(1);
    expect((await auditTrail("order", number)).filter((e) => e.action === "order.refund")).toHaveLength(1);
    expect(
      await refundOrder(support, number, { amountCents: 1, reason: "More", idempotencyKey: randomUUID() }),
    ).toMatchObject({ kind: "conflict", messageKey: expect.stringContaining("no paid amount left") });
    // The same key for another amount is another command: refused.
    expect(await refundOrder(support, number, { ...input, amountCents: 1 })).toMatchObject({
      kind: "conflict",
      messageKey: "payments:errors.idempotencyMismatch",
    });
    expect((await paymentById(detail.paymentId!))!.refundedCents).toBe(leftCents);
  });

  it("answers a retried partial refund once the rest was refunded, and refuses a new key over what is left", async () => {
    const number = await order("part-refund@example.nl");
    const detail = (await orderByNumber(number))!;
    const { leftCents } = await refundableOf(detail);
    const key = randomUUID();
    const part = { amountCents: 3_00, reason: "Goodwill", idempotencyKey: key };
    const first = accepted(await refundOrder(support, number, part));
    expect(
      await refundOrder(support, number, {
        amountCents: leftCents,
        reason: "Too much",
        idempotencyKey: randomUUID(),
      }),
    ).toMatchObject({ field: "amount", messageKey: expect.stringContaining("At most") });
    await refundOrder(support, number, {
      amountCents: leftCents - 3_00,
      reason: "Rest",
      idempotencyKey: randomUUID(),
    });
    expect(accepted(await refundOrder(support, number, part)).id).toBe(first.id);
    const payment = (await paymentById(detail.paymentId!))!;
    expect(payment.refundedCents).toBe(leftCents);
    expect(await refundsOf(payment.id)).toHaveLength(2);
  });

  it("cancels a paid order with a full refund of what is left, returning the stock", async () => {
    const number = await order("cancel@example.nl");
    const [before] = await connection.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, variantId));
    const detail = (await orderByNumber(number))!;
    await refundOrder(support, number, {
      amountCents: 1_00,
      reason: "Goodwill",
      idempotencyKey: randomUUID(),
    });
    await cancelOrder(support, number, { reason: "Customer asked", idempotencyKey: randomUUID() });
    const after = (await orderByNumber(number))!;
    expect(after.status).toBe("canceled");
    const payment = (await paymentById(detail.paymentId!))!;
    expect(payment.refundedCents).toBe(payment.amountCents);
    const [stock] = await connection.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, variantId));
    expect(stock!.stock).toBe(before!.stock + 2);
    expect((await mailsTo("cancel@example.nl")).map((m) => m.template)).toContain("orderCanceled");
    expect(
      await cancelOrder(support, number, { reason: "Twice", idempotencyKey: randomUUID() }),
    ).toMatchObject({
      kind: "conflict",
      messageKey: "orders:errors.transitionNotAllowed",
    });
  });

  it("refunds nothing when the cancel cannot be made", async () => {
    const number = await order("cancel-fails@example.nl");
    const detail = (await orderByNumber(number))!;
    // The order's status change fails in the database, after every check passed.
    await connection.db.execute(
      sql.raw(`
        create or replace function refuse_test_cancel() returns trigger language plpgsql as $$
        begin
          if new.to_status = 'canceled' and new.order_id = (select id from orders where number = '${number}')
            then raise exception 'cancel refused by the test'; end if;
          return new;
        end $$`),
    );
    await connection.db.execute(
      sql.raw(`create trigger refuse_test_cancel before insert on order_status_history
          for each row execute function refuse_test_cancel()`),
    );
    try {
      const failed: unknown = await cancelOrder(support, number, {
        reason: "Customer asked",
        idempotencyKey: randomUUID(),
      }).catch((error: unknown) => error);
      expect(String((failed as Error).cause ?? failed)).toContain("cancel refused by the test");
    } finally {
      await connection.db.execute(sql.raw("drop trigger refuse_test_cancel on order_status_history"));
      await connection.db.execute(sql.raw("drop function refuse_test_cancel()"));
    }
    expect((await orderByNumber(number))?.status).toBe("processing");
    const payment = (await paymentById(detail.paymentId!))!;
    expect(payment.refundedCents).toBe(0);
    expect(await refundsOf(payment.id)).toEqual([]);
    expect((await auditTrail("order", number)).filter((e) => e.action === "order.cancel")).toEqual([]);
  });

  it("refunds nothing for a cancel the transition table refuses", async () => {
    const number = await order("cancel-shipped@example.nl");
    await changeOrderStatus(support, number, {
      to: "complete",
      carrier: "DHL",
      trackAndTrace: "JVGL0600000001",
    });
    expect(
      await cancelOrder(support, number, { reason: "Too late", idempotencyKey: randomUUID() }),
    ).toMatchObject({ kind: "conflict" });
    const payment = (await paymentById((await orderByNumber(number))!.paymentId!))!;
    expect(payment.refundedCents).toBe(0);
    expect(await refundsOf(payment.id)).toEqual([]);
  });

  it("answers a cancel sent twice with the same key once, refunding once", async () => {
    const number = await order("cancel-twice@example.nl");
    const detail = (await orderByNumber(number))!;
    const input = { reason: "Customer asked", idempotencyKey: randomUUID() };
    const [a, b] = await Promise.all([
      cancelOrder(support, number, input).then(accepted),
      cancelOrder(support, number, input).then(accepted),
    ]);
    expect([a.status, b.status]).toEqual(["canceled", "canceled"]);
    expect(accepted(await cancelOrder(support, number, input)).status).toBe("canceled");
    const payment = (await paymentById(detail.paymentId!))!;
    expect(payment.refundedCents).toBe(payment.amountCents);
    expect(await refundsOf(payment.id)).toHaveLength(1);
    expect((await auditTrail("order", number)).filter((e) => e.action === "order.cancel")).toHaveLength(1);
    expect(
      (await mailsTo("cancel-twice@example.nl")).filter((m) => m.template === "orderCanceled"),
    ).toHaveLength(1);
  });

  it("finishes a cancel's refund the provider did not confirm when the same cancel is sent again", async () => {
    const number = await order("cancel-retry@example.nl");
    const detail = (await orderByNumber(number))!;
    const input = { reason: "Customer asked", idempotencyKey: randomUUID() };
    configurePaymentProviders({
      providers: {
        sandbox: {
          ...sandboxProvider,
          refund: () => Promise.reject(new PaymentProviderError("provider timed out", true)),
        },
      },
    });
    try {
      expect(await cancelOrder(support, number, input)).toMatchObject({
        kind: "unavailable",
        messageKey: expect.stringContaining("send this cancel again"),
      });
    } finally {
      configurePaymentProviders({});
    }
    expect((await orderByNumber(number))?.status).toBe("canceled");
    const payment = (await paymentById(detail.paymentId!))!;
    expect((await refundsOf(payment.id)).map((r) => r.status)).toEqual(["pending"]);
    expect(await cancelOrder(support, number, { ...input, idempotencyKey: randomUUID() })).toMatchObject({
      kind: "conflict",
    });
    expect(accepted(await cancelOrder(support, number, input)).status).toBe("canceled");
    expect((await refundsOf(payment.id)).map((r) => [r.status, r.amountCents])).toEqual([
      ["refunded", payment.amountCents],
    ]);
    expect((await paymentById(detail.paymentId!))!.refundedCents).toBe(payment.amountCents);
  });

  it("cancels an unpaid order without a refund", async () => {
    const number = await order("unpaid@example.nl", false);
    await cancelOrder(support, number, { reason: "Duplicate order", idempotencyKey: randomUUID() });
    expect((await orderByNumber(number))?.status).toBe("canceled");
  });

  it("keeps internal notes for staff, in the timeline and never in an e-mail", async () => {
    const number = await order("note@example.nl");
    await addOrderNote(support, number, "Customer called: leave at the neighbours");
    const timeline = await orderTimeline((await orderByNumber(number))!);
    expect(timeline[0]).toMatchObject({ kind: "note", what: "Customer called: leave at the neighbours" });
    expect((await mailsTo("note@example.nl")).some((m) => m.text.includes("neighbours"))).toBe(false);
  });

  it("finds orders by number, e-mail, name and status; counts today's orders for the dashboard", async () => {
    const number = await order("find@example.nl");
    expect((await findOrders({ q: number.slice(0, 5) })).orders.map((o) => o.number)).toContain(number);
    expect((await findOrders({ q: "FIND@example" })).orders.map((o) => o.number)).toEqual([number]);
    expect((await findOrders({ q: "Anna de Boer" })).total).toBeGreaterThan(1);
    const processing = await findOrders({ statuses: ["processing"] });
    expect(processing.orders.every((o) => o.status === "processing")).toBe(true);
    const figures = await orderFigures(startOfShopDay());
    expect(figures.today.placed).toBeGreaterThanOrEqual(7);
    expect(figures.today.revenueCents).toBeGreaterThan(0);
    expect(figures.toShip).toBe(processing.total);
    const view = await dashboard("support");
    expect(view.orders?.today.placed).toBe(figures.today.placed);
    expect(view.lowStock).toBeNull();
    expect((await dashboard("merchandiser")).orders).toBeNull();
  });
});

describe("the shop's day", () => {
  it("starts at midnight in Amsterdam", () => {
    expect(startOfShopDay(new Date("2026-07-01T21:30:00Z")).toISOString()).toBe("2026-06-30T22:00:00.000Z");
    expect(startOfShopDay(new Date("2026-07-01T22:30:00Z")).toISOString()).toBe("2026-07-01T22:00:00.000Z");
    expect(startOfShopDay(new Date("2026-12-01T12:00:00Z")).toISOString()).toBe("2026-11-30T23:00:00.000Z");
  });
});
