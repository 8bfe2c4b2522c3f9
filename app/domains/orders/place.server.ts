// Placing an order: the checkout domain prices the cart and calls `createOrder` in its transaction.
import { randomInt } from "node:crypto";
import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import { db, type Transaction } from "../../platform/db/db.server";
import { inTransaction } from "../../platform/db/transaction.server";
import type { Locale } from "../../platform/i18n/locales";
import { isRefusal, type Refusal, refuse } from "../../platform/refusal";
import { reserveStock } from "../catalog/catalog.server";
import { shopSetting } from "../content/content.server";
import type { PaymentMethod } from "../payments/payments.server";
import type { Totals } from "../pricing/totals";
import { redeemDiscountCode } from "../promotions/promotions.server";
import { ORDER_NUMBER_RANGE } from "./numbers";
import {
  type AddressKind,
  type OrderDeliveryMoment,
  type OrderServicePoint,
  orderAddresses,
  orderLines,
  orderStatusHistory,
  orders,
} from "./tables.server";
import type { OrderAddress } from "./views.server";

interface NewOrderLine {
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
  /** The provider's method, or what paid an order the provider never saw (docs/decisions/0039). */
  paymentMethod: PaymentMethod | "gift-card" | "wallet" | "none";
  /** The payment recorded in the same transaction (`recordPayment`), when the caller records one. */
  paymentId?: string | null;
  /** How long the order waits for its payment (`unpaidOrderMinutes()`, read before the transaction). */
  expiresInMinutes: number;
  now?: Date;
}

/**
 * Minutes an order waits for its payment before it is canceled and its stock returned (the
 * `unpaidOrderMinutes` setting, read for every order placed through the settings cache).
 */
export async function unpaidOrderMinutes(): Promise<number> {
  return (await shopSetting("unpaidOrderMinutes")).minutes;
}

/** A number drawn at random in the order numbers' range (`numbers.ts`). */
export function newOrderNumber(): string {
  return String(randomInt(ORDER_NUMBER_RANGE.min, ORDER_NUMBER_RANGE.max + 1));
}

/** The order placed with an idempotency key, if any: what a repeated submission needs to answer the same. */
export async function orderByIdempotencyKey(key: string) {
  const [row] = await db()
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
 * Writes an order: reserves its stock (all lines or none), redeems its discount code (the usage limits
 * hold under concurrency), and writes the order, its lines, addresses and first status. A shortfall or a
 * refused code is returned as a refusal: the caller (placing, in its transaction `tx`) returns it on, which
 * rolls back everything taken so far. The idempotency key is unique: a second order with it fails on insert.
 */
export async function createOrder(
  order: NewOrder,
  options: { tx?: Transaction } = {},
): Promise<{ id: number; number: string } | Refusal> {
  return inTransaction(options.tx, (tx) => writeOrder(tx, order));
}

async function writeOrder(
  tx: Transaction,
  order: NewOrder,
): Promise<{ id: number; number: string } | Refusal> {
  const reserved = await reserveStock(
    order.lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity })),
    { tx },
  );
  if (!reserved.ok) {
    const line = order.lines.find((l) => l.variantId === reserved.variantId)!;
    return refuse.conflict(
      reserved.stock > 0 ? "checkout:errors.notEnoughStock" : "checkout:errors.soldOut",
      {
        product: line.name,
        size: line.size,
        stock: reserved.stock,
      },
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
    const redeemed = await redeemDiscountCode(
      {
        code: order.discountCode,
        orderNumber: created.number,
        email: order.email,
        userId: order.userId,
        amountCents: totals.discountCents + (totals.freeShipping === "code" ? totals.shippingPriceCents : 0),
        lines: order.lines,
        firstOrder: order.firstOrder,
        now,
      },
      { tx },
    );
    if (isRefusal(redeemed)) return redeemed;
  }

  // An order of gift cards alone has no goods lines (its cards are the gift-cards domain's purchases).
  const lines =
    order.lines.length === 0
      ? null
      : tx.insert(orderLines).values(
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
    lines
      ? sql`with lines as (${lines.getSQL()}), addresses as (${addressRows.getSQL()}) ${firstStatus.getSQL()}`
      : sql`with addresses as (${addressRows.getSQL()}) ${firstStatus.getSQL()}`,
  );
  return created;
}

/** Links the provider's payment to the order (after the order committed and the payment was created). */
export async function attachPayment(number: string, paymentId: string): Promise<void> {
  await db()
    .update(orders)
    .set({ paymentId, updatedAt: sql`now()` })
    .where(and(eq(orders.number, number), isNull(orders.paymentId)));
}

/** Whether a customer (account or e-mail address) has no order yet that was not canceled. */
export async function isFirstOrder(
  customer: { email?: string | null; userId?: string | null },
  options: { tx?: Transaction } = {},
) {
  const email = customer.email?.trim().toLowerCase();
  const who = [
    email ? eq(orders.email, email) : undefined,
    customer.userId ? eq(orders.userId, customer.userId) : undefined,
  ].filter((w) => w !== undefined);
  if (who.length === 0) return true;
  const [row] = await (options.tx ?? db())
    .select({ id: orders.id })
    .from(orders)
    .where(and(or(...who), ne(orders.status, "canceled")))
    .limit(1);
  return !row;
}
