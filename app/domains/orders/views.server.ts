// Orders as their readers see them: the customer's list and pages, a guest's page, staff's detail.
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { db, type Queryable, type Transaction } from "../../platform/db/db.server";
import type { Locale } from "../../platform/i18n/locales";
import { logger } from "../../platform/logging/logger.server";
import { syncPayment } from "../payments/payments.server";
import { isOrderAccessKey } from "./links.server";
import { isOrderNumber } from "./numbers";
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

interface OrderSummary {
  number: string;
  status: OrderStatus;
  createdAt: string;
  totalCents: number;
  itemCount: number;
  trackAndTrace: string | null;
}

interface OrderLineDetail {
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

export type OrderRow = typeof orders.$inferSelect;

/** Orders with their lines, addresses and history, in the order of `rows`. */
export async function details(on: Queryable, rows: OrderRow[]): Promise<OrderDetail[]> {
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

async function oneOrder(on: Queryable, where: SQL | undefined): Promise<OrderDetail | null> {
  const rows = await on.select().from(orders).where(where);
  return (await details(on, rows))[0] ?? null;
}

/** A customer's orders, newest first (the customer area). */
export async function ordersOfCustomer(userId: string): Promise<OrderSummary[]> {
  const rows = await db()
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
export async function orderCountOfCustomer(userId: string): Promise<number> {
  const [row] = await db().select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return row?.n ?? 0;
}

/** One of the customer's own orders; null for someone else's or a malformed number (never a hint). */
export function orderForCustomer(userId: string, number: string): Promise<OrderDetail | null> {
  if (!isOrderNumber(number)) return Promise.resolve(null);
  return oneOrder(db(), and(eq(orders.number, number), eq(orders.userId, userId)));
}

/** A guest's order: the number and the e-mail address it was placed with, both needed. */
export function orderForGuest(number: string, email: string): Promise<OrderDetail | null> {
  if (!isOrderNumber(number)) return Promise.resolve(null);
  return oneOrder(db(), and(eq(orders.number, number), eq(orders.email, email.trim().toLowerCase())));
}

/** Any order, for staff (the caller checks the role) and for commands composing with this domain. */
export function orderByNumber(
  number: string,
  options: { tx?: Transaction } = {},
): Promise<OrderDetail | null> {
  return oneOrder(options.tx ?? db(), eq(orders.number, number));
}

/** The order behind a confirmation link (number + key); null when the key does not match. */
export async function orderForConfirmation(number: string, key: string): Promise<OrderDetail | null> {
  if (!isOrderNumber(number) || !isOrderAccessKey(number, key)) return null;
  return orderByNumber(number);
}

/**
 * The confirmation page's order, after asking the provider about a payment still open: the shopper who
 * comes back from the payment page sees the outcome at once, without waiting for the webhook.
 */
export async function confirmOrder(number: string, key: string): Promise<OrderDetail | null> {
  const order = await orderForConfirmation(number, key);
  if (order?.status !== "pending" || !order.paymentId) return order;
  try {
    await syncPayment(order.paymentId);
  } catch (error) {
    logger.warn({ err: error, order: number }, "payment status unknown on the confirmation page");
  }
  return orderByNumber(number);
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
