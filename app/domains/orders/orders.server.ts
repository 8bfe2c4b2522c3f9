import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import { db, type Queryable, type Transaction } from "../../platform/db/db.server";
import { afterCommit, transaction } from "../../platform/db/transaction.server";
import { env } from "../../platform/env.server";
import type { Locale } from "../../platform/i18n/locales";
import { defineJob } from "../../platform/jobs/jobs.server";
import { logger } from "../../platform/logging/logger.server";
import { href } from "../../routing/urls";
import { clearCart } from "../cart/cart.server";
import { reserveStock, returnStock } from "../catalog/catalog.server";
import type { Totals } from "../checkout/totals";
import { shopSetting } from "../content/content.server";
import { recordEvent } from "../highlights/highlights.server";
import { queueEmail } from "../notifications/notifications.server";
import {
  onPaymentStatus,
  type PaymentMethod,
  type PaymentRecord,
  reserveRefund,
  settleRefund,
  syncPayment,
} from "../payments/payments.server";
import {
  type CodeCheck,
  redeemDiscountCode,
  releaseDiscountRedemption,
  removeDiscountCode,
} from "../promotions/promotions.server";
import { queueRefundEmail } from "./backoffice.server";
import {
  type AddressKind,
  type OrderActor,
  type OrderDeliveryMoment,
  type OrderServicePoint,
  type OrderStatus,
  orderAddresses,
  orderLines,
  orderStatusHistory,
  orders,
  type VatBreakdown,
} from "./tables.server";
import { checkTransition, type TransitionRefusal } from "./transitions";

export type { OrderActor, OrderStatus, VatBreakdown } from "./tables.server";
export { nextStatuses, orderStatuses, orderTransitions } from "./transitions";

// ── Placing ───────────────────────────────────────────────────────────────────────────────────────────

export interface OrderAddress {
  firstName: string;
  lastName: string;
  street: string;
  houseNumber: string;
  addition?: string | null;
  postalCode: string;
  city: string;
  country: string;
  phone?: string | null;
}

export interface NewOrderLine {
  productId: number;
  variantId: number;
  sku: string;
  size: string;
  name: string;
  slug: string;
  colour: string;
  imageUrl: string | null;
  quantity: number;
  unitPriceCents: number;
  originalPriceCents: number | null;
  discountCents: number;
}

/** A priced cart, ready to become an order (the checkout domain prices it). */
export interface NewOrder {
  idempotencyKey: string;
  email: string;
  userId: string | null;
  locale: Locale;
  channel: "web" | "app";
  cartId: number | null;
  country: string;
  lines: NewOrderLine[];
  totals: Totals;
  discountCode: string | null;
  /** For the discount code's first-order rule (known when there is a code). */
  firstOrder?: boolean;
  shipping: {
    methodId: string;
    carrier: string;
    type: "home" | "service-point";
    moment: OrderDeliveryMoment | null;
    servicePoint: OrderServicePoint | null;
  };
  shippingAddress: OrderAddress;
  billingAddress: OrderAddress | null;
  paymentMethod: PaymentMethod;
  /** The payment recorded in the same transaction (`recordPayment`), when the caller records one. */
  paymentId?: string | null;
  /** How long the order waits for its payment (`unpaidOrderMinutes()`, read before the transaction). */
  expiresInMinutes: number;
  now?: Date;
}

export type OrderRefusalKey =
  | "checkout:errors.notEnoughStock"
  | "checkout:errors.soldOut"
  | Exclude<CodeCheck, { ok: true }>["messageKey"];

/** Thrown inside the placing transaction, so everything it took (stock, the code) rolls back with it. */
export class OrderRefused extends Error {
  constructor(
    readonly messageKey: OrderRefusalKey,
    readonly values: Record<string, string | number> = {},
    readonly variantId?: number,
  ) {
    super(messageKey);
    this.name = "OrderRefused";
  }
}

/**
 * Minutes an order waits for its payment before it is canceled and its stock returned (the
 * `unpaidOrderMinutes` setting, read for every order placed through the settings cache).
 */
export async function unpaidOrderMinutes(): Promise<number> {
  return (await shopSetting("unpaidOrderMinutes")).minutes;
}

/** 9 digits, first never 0, drawn at random: numbers say nothing about how many orders there are. */
export function newOrderNumber(): string {
  return String(randomInt(100_000_000, 1_000_000_000));
}

/** The key in a guest's confirmation link: an HMAC of the number, so it needs no storage and cannot be guessed. */
export function orderAccessKey(number: string): string {
  return createHmac("sha256", env().SESSION_SECRET)
    .update(`order:${number}`)
    .digest("base64url")
    .slice(0, 32);
}

export function isOrderAccessKey(number: string, key: string): boolean {
  const expected = Buffer.from(orderAccessKey(number));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The absolute URL of the confirmation page of an order (the payment's return URL). */
export function confirmationUrl(number: string, locale: Locale): string {
  const page = href("order-confirmation", {}, locale, env().I18N_STRATEGY);
  return `${env().BASE_URL}${page}?order=${number}&key=${orderAccessKey(number)}`;
}

/** The order placed with an idempotency key, if any: what a repeated submission needs to answer the same. */
export async function orderByIdempotencyKey(on: Queryable, key: string) {
  const [row] = await on
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      paymentId: orders.paymentId,
      paymentMethod: orders.paymentMethod,
      amountDueCents: orders.amountDueCents,
    })
    .from(orders)
    .where(eq(orders.idempotencyKey, key));
  return row ?? null;
}

/**
 * Writes an order inside the caller's transaction: reserves its stock (all lines or none), redeems its
 * discount code (the usage limits hold under concurrency), and writes the order, its lines, addresses and
 * first status. A shortfall or a refused code throws `OrderRefused`, so the caller's transaction rolls
 * back everything taken so far. The idempotency key is unique: a second order with it fails on insert.
 */
export async function createOrder(tx: Transaction, order: NewOrder): Promise<{ id: number; number: string }> {
  const reserved = await reserveStock(
    tx,
    order.lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity })),
  );
  if (!reserved.ok) {
    const line = order.lines.find((l) => l.variantId === reserved.variantId)!;
    throw new OrderRefused(
      reserved.stock > 0 ? "checkout:errors.notEnoughStock" : "checkout:errors.soldOut",
      { product: line.name, size: line.size, stock: reserved.stock },
      line.variantId,
    );
  }

  const now = order.now ?? new Date();
  const { totals } = order;
  let created: { id: number; number: string } | undefined;
  while (!created) {
    [created] = await tx
      .insert(orders)
      .values({
        number: newOrderNumber(),
        email: order.email.trim().toLowerCase(),
        userId: order.userId,
        locale: order.locale,
        channel: order.channel,
        cartId: order.cartId,
        country: order.country,
        subtotalCents: totals.subtotalCents,
        discountCents: totals.discountCents,
        discountCode: order.discountCode,
        shippingCents: totals.shippingCents,
        donationCents: totals.donationCents,
        totalCents: totals.totalCents,
        giftCardCents: totals.giftCardCents,
        walletCents: totals.walletCents,
        amountDueCents: totals.amountDueCents,
        vat: totals.vat,
        shippingMethod: order.shipping.methodId,
        carrier: order.shipping.carrier,
        deliveryType: order.shipping.type,
        deliveryMoment: order.shipping.moment,
        servicePoint: order.shipping.servicePoint,
        paymentMethod: order.paymentMethod,
        paymentId: order.paymentId ?? null,
        idempotencyKey: order.idempotencyKey,
        expiresAt: new Date(now.getTime() + order.expiresInMinutes * 60_000),
      })
      // A number drawn twice (1 in 900 million per order) draws again; an idempotency key used twice fails.
      .onConflictDoNothing({ target: orders.number })
      .returning({ id: orders.id, number: orders.number });
  }

  if (order.discountCode) {
    const redeemed = await redeemDiscountCode(tx, {
      code: order.discountCode,
      orderNumber: created.number,
      email: order.email,
      userId: order.userId,
      amountCents: totals.discountCents + (totals.freeShipping === "code" ? totals.shippingPriceCents : 0),
      lines: order.lines,
      firstOrder: order.firstOrder,
      now,
    });
    if (!redeemed.ok) throw new OrderRefused(redeemed.messageKey, redeemed.values ?? {});
  }

  const lines = tx.insert(orderLines).values(
    order.lines.map((line, position) => ({
      orderId: created.id,
      position,
      productId: line.productId,
      variantId: line.variantId,
      sku: line.sku,
      size: line.size,
      name: line.name,
      slug: line.slug,
      colour: line.colour,
      imageUrl: line.imageUrl,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      originalPriceCents: line.originalPriceCents,
      discountCents: line.discountCents,
      totalCents: line.quantity * line.unitPriceCents - line.discountCents,
    })),
  );
  const addresses: [AddressKind, OrderAddress][] = [["shipping", order.shippingAddress]];
  if (order.billingAddress) addresses.push(["billing", order.billingAddress]);
  const addressRows = tx.insert(orderAddresses).values(
    addresses.map(([kind, a]) => ({
      orderId: created.id,
      kind,
      firstName: a.firstName,
      lastName: a.lastName,
      street: a.street,
      houseNumber: a.houseNumber,
      addition: a.addition ?? null,
      postalCode: a.postalCode,
      city: a.city,
      country: a.country,
      phone: a.phone ?? null,
    })),
  );
  const firstStatus = tx
    .insert(orderStatusHistory)
    .values({ orderId: created.id, fromStatus: null, toStatus: "pending", actor: "customer" });
  // One statement for the three (one round trip instead of three): every order is placed under load.
  await tx.execute(
    sql`with lines as (${lines.getSQL()}), addresses as (${addressRows.getSQL()}) ${firstStatus.getSQL()}`,
  );
  return created;
}

/** Links the provider's payment to the order (after the order committed and the payment was created). */
export async function attachPayment(on: Queryable, number: string, paymentId: string): Promise<void> {
  await on
    .update(orders)
    .set({ paymentId, updatedAt: sql`now()` })
    .where(and(eq(orders.number, number), isNull(orders.paymentId)));
}

// ── Status changes ────────────────────────────────────────────────────────────────────────────────────

type LockedOrder = typeof orders.$inferSelect;

async function lockOrder(tx: Transaction, where: { number: string }): Promise<LockedOrder | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.number, where.number)).for("update");
  return row ?? null;
}

async function linesOf(on: Queryable, orderId: number) {
  return on
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
}

/** Puts the order's units back on the shelf, once per order whatever calls it. */
async function returnOrderStock(tx: Transaction, orderId: number): Promise<boolean> {
  const [claimed] = await tx
    .update(orders)
    .set({ stockReturnedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), isNull(orders.stockReturnedAt)))
    .returning({ id: orders.id });
  if (!claimed) return false;
  const lines = await linesOf(tx, orderId);
  await returnStock(
    tx,
    lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity })),
  );
  return true;
}

async function moveOrder(
  tx: Transaction,
  order: LockedOrder,
  to: OrderStatus,
  actor: OrderActor,
  extra: {
    actorId?: string | null;
    note?: string | null;
    trackAndTrace?: string | null;
    carrier?: string | null;
  } = {},
): Promise<{ ok: true } | { ok: false; messageKey: TransitionRefusal }> {
  const trackAndTrace = extra.trackAndTrace?.trim() || order.trackAndTrace;
  const check = checkTransition(order.status, to, actor, trackAndTrace);
  if (!check.ok) return check;
  // Staff may ship with another carrier than the one the checkout chose (the parcel went with it).
  const carrier = to === "complete" && extra.carrier?.trim() ? extra.carrier.trim() : order.carrier;
  await tx
    .update(orders)
    .set({
      status: to,
      trackAndTrace,
      carrier,
      updatedAt: sql`now()`,
      ...(order.status === "pending" && to === "processing" ? { paidAt: sql`now()` } : {}),
    })
    .where(eq(orders.id, order.id));
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: to,
    actor,
    actorId: extra.actorId ?? null,
    note: extra.note ?? null,
  });
  if (check.transition.returnsStock) await returnOrderStock(tx, order.id);
  if (to === "canceled" && order.status === "pending") await releaseDiscountRedemption(tx, order.number);
  return { ok: true };
}

/**
 * The payments domain calls this in the transaction that changes a payment's status (row locked, applied
 * once): paid → the order is processing, its cart emptied, its sales counted and the confirmation sent;
 * failed, canceled or expired → the order is canceled and its stock returned. Anything else, or an order no
 * longer pending, changes nothing — so late, repeated and out-of-order webhooks converge.
 */
export async function applyPaymentStatus(tx: Transaction, payment: PaymentRecord): Promise<void> {
  const order = await lockOrder(tx, { number: payment.reference });
  if (!order) return;
  if (order.paymentId && order.paymentId !== payment.id) return;
  if (payment.status === "paid") {
    if (order.status === "canceled") await refundLatePayment(tx, order.number, payment);
    if (order.status !== "pending") return;
    await moveOrder(tx, order, "processing", "payment", { note: `paid (${payment.method})` });
    if (order.cartId !== null) {
      await clearCart(tx, order.cartId);
      await removeDiscountCode(tx, order.cartId);
    }
    const lines = await linesOf(tx, order.id);
    for (const line of lines) recordEvent(line.productId, "purchase", line.quantity);
    await sendConfirmation(tx, order.number);
  } else if (payment.status === "failed" || payment.status === "canceled" || payment.status === "expired") {
    if (order.status !== "pending") return;
    await moveOrder(tx, order, "canceled", "payment", { note: `payment ${payment.status}` });
  }
}

onPaymentStatus("order", applyPaymentStatus);

/**
 * A payment that succeeded for an order canceled meanwhile (the shopper paid as the order expired, or the
 * provider answered late): its stock is back on the shelf, so the money goes back too, in full and once
 * (keyed by the payment). The refund is reserved with the change and asked of the provider after the commit;
 * if the provider does not answer, the payments reconcile job asks again.
 */
async function refundLatePayment(tx: Transaction, number: string, payment: PaymentRecord): Promise<void> {
  // What is reserved counts as refunded: the same change applied again finds nothing left to refund.
  const amountCents = payment.amountCents - payment.refundedCents;
  if (amountCents <= 0) return;
  const refund = await reserveRefund(tx, {
    paymentId: payment.id,
    amountCents,
    idempotencyKey: `canceled-order:${payment.id}`,
    reason: `Order ${number} was canceled before its payment arrived`,
  }).catch((error: unknown) => {
    // The payment's own change must still be applied: staff refund it by hand.
    logger.error({ err: error, order: number, payment: payment.id }, "a late payment could not be refunded");
    return null;
  });
  if (refund?.status !== "pending") return;
  await queueRefundEmail(tx, number, refund.amountCents);
  afterCommit(tx, () => {
    settleRefund(db(), refund.id).catch((error: unknown) =>
      logger.error(
        { err: error, order: number, refund: refund.id },
        "the refund of a late payment is pending",
      ),
    );
  });
}

/**
 * Cancels unpaid orders whose time is up and returns their stock. The provider is asked first (a payment
 * whose webhook is late is applied as paid instead); orders are claimed with SKIP LOCKED, so replicas
 * running this together never cancel one twice.
 */
export async function expireUnpaidOrders(options: { now?: Date; limit?: number; on?: Queryable } = {}) {
  const on = options.on ?? db();
  const now = options.now ?? new Date();
  const due = await on
    .select({ number: orders.number, paymentId: orders.paymentId })
    .from(orders)
    .where(and(eq(orders.status, "pending"), lte(orders.expiresAt, now)))
    .orderBy(asc(orders.expiresAt))
    .limit(options.limit ?? 100);
  let expired = 0;
  for (const candidate of due) {
    if (candidate.paymentId) {
      try {
        await syncPayment(on, candidate.paymentId);
      } catch (error) {
        logger.warn({ err: error, order: candidate.number }, "payment status unknown; expiring the order");
      }
    }
    const done = await transaction(
      async (tx) => {
        const [order] = await tx
          .select()
          .from(orders)
          .where(
            and(
              eq(orders.number, candidate.number),
              eq(orders.status, "pending"),
              lte(orders.expiresAt, now),
            ),
          )
          .for("update", { skipLocked: true });
        if (!order) return false;
        return (await moveOrder(tx, order, "canceled", "system", { note: "not paid in time" })).ok;
      },
      { on },
    );
    if (done) expired++;
  }
  return { expired };
}

export const expireUnpaidOrdersJob = defineJob<{ reason: string }>({
  name: "orders.expire-unpaid",
  schedule: { cron: "* * * * *", data: { reason: "schedule" } },
  options: { retryLimit: 0, expireInSeconds: 300 },
  async handle() {
    const { expired } = await expireUnpaidOrders();
    if (expired > 0) logger.info({ expired }, "unpaid orders expired");
  },
});

export interface TransitionInput {
  number: string;
  to: OrderStatus;
  actor: OrderActor;
  actorId?: string | null;
  note?: string | null;
  trackAndTrace?: string | null;
  /** Shipping (→ complete): the carrier the parcel went with, when not the order's own. */
  carrier?: string | null;
}

export type TransitionResult =
  | { ok: true; order: OrderDetail }
  | { ok: false; messageKey: TransitionRefusal | "orders:errors.notFound" };

/**
 * Moves an order along PRODUCT.md's transition table (the back office, carriers' and returns' hooks).
 * Shipping (→ complete) needs a track & trace code and e-mails it; canceling a paid order returns its stock
 * and e-mails the customer (the refund itself is the payments domain's `refundPayment`).
 */
export async function transitionOrder(on: Queryable, input: TransitionInput): Promise<TransitionResult> {
  const result = await transaction(
    async (tx) => {
      const order = await lockOrder(tx, input);
      if (!order) return { ok: false, messageKey: "orders:errors.notFound" } as const;
      const moved = await moveOrder(tx, order, input.to, input.actor, input);
      if (!moved.ok) return moved;
      if (input.to === "complete") await sendStatusEmail(tx, order.number, "orderShipped");
      if (input.to === "canceled" && order.status !== "pending")
        await sendStatusEmail(tx, order.number, "orderCanceled");
      return { ok: true } as const;
    },
    { on },
  );
  if (!result.ok) return result;
  return { ok: true, order: (await orderByNumber(on, input.number))! };
}

// ── Reading ───────────────────────────────────────────────────────────────────────────────────────────

export interface OrderSummary {
  number: string;
  status: OrderStatus;
  createdAt: string;
  totalCents: number;
  itemCount: number;
  trackAndTrace: string | null;
}

export interface OrderLineDetail {
  productId: number;
  variantId: number;
  sku: string;
  size: string;
  name: string;
  slug: string;
  colour: string;
  imageUrl: string | null;
  quantity: number;
  unitPriceCents: number;
  originalPriceCents: number | null;
  discountCents: number;
  totalCents: number;
}

export interface OrderDetail extends OrderSummary {
  email: string;
  userId: string | null;
  locale: Locale;
  country: string;
  paidAt: string | null;
  expiresAt: string;
  lines: OrderLineDetail[];
  totals: {
    subtotalCents: number;
    discountCents: number;
    discountCode: string | null;
    shippingCents: number;
    donationCents: number;
    totalCents: number;
    giftCardCents: number;
    walletCents: number;
    amountDueCents: number;
    vat: VatBreakdown;
  };
  shipping: {
    method: string;
    carrier: string;
    type: "home" | "service-point";
    moment: OrderDeliveryMoment | null;
    servicePoint: OrderServicePoint | null;
  };
  shippingAddress: OrderAddress;
  billingAddress: OrderAddress | null;
  paymentMethod: string;
  paymentId: string | null;
  history: {
    from: OrderStatus | null;
    to: OrderStatus;
    actor: OrderActor;
    note: string | null;
    at: string;
  }[];
}

async function details(on: Queryable, rows: LockedOrder[]): Promise<OrderDetail[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // One after another: `on` may be a transaction, whose one connection takes one query at a time (node-postgres
  // queues overlapping ones and pg 9 will refuse them).
  const lines = await on
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .orderBy(asc(orderLines.position));
  const addresses = await on.select().from(orderAddresses).where(inArray(orderAddresses.orderId, ids));
  const history = await on
    .select()
    .from(orderStatusHistory)
    .where(inArray(orderStatusHistory.orderId, ids))
    .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id));
  const address = (orderId: number, kind: AddressKind): OrderAddress | null => {
    const a = addresses.find((x) => x.orderId === orderId && x.kind === kind);
    if (!a) return null;
    const { orderId: _, kind: __, ...rest } = a;
    return rest;
  };
  return rows.map((o) => {
    const own = lines.filter((l) => l.orderId === o.id);
    return {
      number: o.number,
      status: o.status,
      createdAt: o.createdAt.toISOString(),
      totalCents: o.totalCents,
      itemCount: own.reduce((sum, l) => sum + l.quantity, 0),
      trackAndTrace: o.trackAndTrace,
      email: o.email,
      userId: o.userId,
      locale: o.locale as Locale,
      country: o.country,
      paidAt: o.paidAt?.toISOString() ?? null,
      expiresAt: o.expiresAt.toISOString(),
      lines: own.map(({ id: _, orderId: __, position: ___, ...line }) => line),
      totals: {
        subtotalCents: o.subtotalCents,
        discountCents: o.discountCents,
        discountCode: o.discountCode,
        shippingCents: o.shippingCents,
        donationCents: o.donationCents,
        totalCents: o.totalCents,
        giftCardCents: o.giftCardCents,
        walletCents: o.walletCents,
        amountDueCents: o.amountDueCents,
        vat: o.vat,
      },
      shipping: {
        method: o.shippingMethod,
        carrier: o.carrier,
        type: o.deliveryType,
        moment: o.deliveryMoment,
        servicePoint: o.servicePoint,
      },
      shippingAddress: address(o.id, "shipping")!,
      billingAddress: address(o.id, "billing"),
      paymentMethod: o.paymentMethod,
      paymentId: o.paymentId,
      history: history
        .filter((h) => h.orderId === o.id)
        .map((h) => ({
          from: h.fromStatus,
          to: h.toStatus,
          actor: h.actor,
          note: h.note,
          at: h.at.toISOString(),
        })),
    };
  });
}

async function oneOrder(on: Queryable, where: ReturnType<typeof and>): Promise<OrderDetail | null> {
  const rows = await on.select().from(orders).where(where);
  return (await details(on, rows))[0] ?? null;
}

/** A customer's orders, newest first (the customer area). */
export async function ordersOfCustomer(on: Queryable, userId: string): Promise<OrderSummary[]> {
  const rows = await on
    .select({
      number: orders.number,
      status: orders.status,
      createdAt: orders.createdAt,
      totalCents: orders.totalCents,
      trackAndTrace: orders.trackAndTrace,
      itemCount: sql<number>`(select coalesce(sum(${orderLines.quantity}), 0)::int from ${orderLines} where ${orderLines.orderId} = ${orders.id})`,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), itemCount: Number(r.itemCount) }));
}

/** How many orders a customer has (the account overview's line), counted by the database. */
export async function orderCountOfCustomer(on: Queryable, userId: string): Promise<number> {
  const [row] = await on.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return row?.n ?? 0;
}

/** One of the customer's own orders; null for someone else's (never a hint that it exists). */
export function orderForCustomer(on: Queryable, userId: string, number: string): Promise<OrderDetail | null> {
  return oneOrder(on, and(eq(orders.number, number), eq(orders.userId, userId)));
}

/** A guest's order page: the number and the e-mail address it was placed with, both needed. */
export function orderForGuest(on: Queryable, number: string, email: string): Promise<OrderDetail | null> {
  return oneOrder(on, and(eq(orders.number, number), eq(orders.email, email.trim().toLowerCase())));
}

/** Any order, for staff (the caller checks the role). */
export function orderByNumber(on: Queryable, number: string): Promise<OrderDetail | null> {
  return oneOrder(on, and(eq(orders.number, number)));
}

/** The order behind a confirmation link (number + key); null when the key does not match. */
export async function orderForConfirmation(on: Queryable, number: string, key: string) {
  if (!/^\d{9}$/.test(number) || !isOrderAccessKey(number, key)) return null;
  return orderByNumber(on, number);
}

/**
 * The confirmation page's order, after asking the provider about a payment still open: the shopper who
 * comes back from the payment page sees the outcome at once, without waiting for the webhook.
 */
export async function confirmOrder(on: Queryable, number: string, key: string): Promise<OrderDetail | null> {
  const order = await orderForConfirmation(on, number, key);
  if (order?.status !== "pending" || !order.paymentId) return order;
  try {
    await syncPayment(on, order.paymentId);
  } catch (error) {
    logger.warn({ err: error, order: number }, "payment status unknown on the confirmation page");
  }
  return orderByNumber(on, number);
}

/** Whether a customer (account or e-mail address) has no order yet that was not canceled. */
export async function isFirstOrder(
  on: Queryable,
  customer: { email?: string | null; userId?: string | null },
) {
  const email = customer.email?.trim().toLowerCase();
  const who = [
    email ? eq(orders.email, email) : undefined,
    customer.userId ? eq(orders.userId, customer.userId) : undefined,
  ].filter((w) => w !== undefined);
  if (who.length === 0) return true;
  const [row] = await on
    .select({ id: orders.id })
    .from(orders)
    .where(and(or(...who), ne(orders.status, "canceled")))
    .limit(1);
  return !row;
}

// ── E-mails ───────────────────────────────────────────────────────────────────────────────────────────

/** Where the customer reads an order: their account's order page, or a guest's confirmation link. */
export function orderPageUrl(order: OrderDetail): string {
  if (!order.userId) return confirmationUrl(order.number, order.locale);
  return `${env().BASE_URL}${href("order", { number: order.number }, order.locale, env().I18N_STRATEGY)}`;
}

async function sendConfirmation(tx: Transaction, number: string): Promise<void> {
  const order = (await orderByNumber(tx, number))!;
  await queueEmail(tx, {
    to: order.email,
    locale: order.locale,
    template: "orderConfirmation",
    data: { order, orderUrl: orderPageUrl(order) },
  });
}

async function sendStatusEmail(tx: Transaction, number: string, template: "orderShipped" | "orderCanceled") {
  const order = (await orderByNumber(tx, number))!;
  await queueEmail(tx, {
    to: order.email,
    locale: order.locale,
    template,
    data: { order, orderUrl: orderPageUrl(order) },
  });
}

// ── The customer's own data ───────────────────────────────────────────────────────────────────────────

/** A customer's orders in full, for "download my data" (no payment or internal ids). */
export async function ordersForExport(on: Queryable, userId: string) {
  const rows = await on
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return (await details(on, rows)).map(({ userId: _u, paymentId: _p, history: _h, ...order }) => order);
}

/**
 * Account deletion: the orders stay (bookkeeping and VAT records must), but nothing on them names the
 * customer any more. The e-mail becomes an address that cannot receive mail, so a guest lookup with the
 * old one finds nothing; addresses keep only the city and country the VAT return needs.
 */
export async function anonymiseOrdersOf(tx: Transaction, userId: string): Promise<number> {
  const owned = await tx
    .update(orders)
    .set({
      userId: null,
      email: sql`'anonymised-' || ${orders.id} || '@anonymised.invalid'`,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.userId, userId))
    .returning({ id: orders.id });
  if (owned.length === 0) return 0;
  await tx
    .update(orderAddresses)
    .set({
      firstName: "",
      lastName: "",
      street: "",
      houseNumber: "",
      addition: null,
      postalCode: "",
      phone: null,
    })
    .where(
      inArray(
        orderAddresses.orderId,
        owned.map((o) => o.id),
      ),
    );
  return owned.length;
}

/** The carrier's page that follows a parcel, for the order page's track & trace link. */
export function trackAndTraceUrl(carrier: string, code: string, postalCode: string, country: string): string {
  const c = encodeURIComponent(code);
  switch (carrier) {
    case "PostNL":
      return `https://jouw.postnl.nl/track-and-trace/${c}-${country}-${encodeURIComponent(postalCode.replace(/\s/g, ""))}`;
    case "bpost":
      return `https://track.bpost.cloud/btr/web/#/search?itemCode=${c}`;
    case "Colissimo":
      return `https://www.laposte.fr/outils/suivre-vos-envois?code=${c}`;
    case "Mondial Relay":
      return `https://www.mondialrelay.fr/suivi-de-colis/?numeroExpedition=${c}`;
    // Staff may ship with DHL when the checkout's carrier cannot take a parcel.
    case "DHL":
      return `https://www.dhl.com/nl-en/home/tracking.html?tracking-id=${c}`;
    default:
      return `https://www.correos.es/es/es/herramientas/localizador/envios/detalle?tracking-number=${c}`;
  }
}

/** What an order page shows the customer or guest: no e-mail, history or payment ids; the tracking link. */
export function toOrderView(order: OrderDetail) {
  const { number, status, createdAt, lines, totals, shipping, shippingAddress, billingAddress } = order;
  return {
    number,
    status,
    createdAt,
    lines,
    totals,
    shipping,
    shippingAddress,
    billingAddress,
    paymentMethod: order.paymentMethod,
    trackAndTrace: order.trackAndTrace,
    trackUrl: order.trackAndTrace
      ? trackAndTraceUrl(shipping.carrier, order.trackAndTrace, shippingAddress.postalCode, order.country)
      : null,
  };
}

// The back office's reads (the staff domain adds the audit entry around its commands).
export * from "./backoffice.server";
