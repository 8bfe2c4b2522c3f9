// An order as the returns domain needs it: its lines with their ids (what a return line points at), what
// was paid and how, and when it left the warehouse (the return window counts from delivery).
import { and, asc, desc, eq } from "drizzle-orm";
import { db, type Queryable } from "../../platform/db/db.server";
import type { Locale } from "../../platform/i18n/locales";
import { isOrderNumber } from "./numbers";
import { type OrderStatus, orderAddresses, orderLines, orderStatusHistory, orders } from "./tables.server";

export interface ReturnableOrder {
  id: number;
  number: string;
  status: OrderStatus;
  email: string;
  userId: string | null;
  locale: Locale;
  country: string;
  customerName: string;
  shippingCents: number;
  giftCardCents: number;
  walletCents: number;
  amountDueCents: number;
  paymentId: string | null;
  createdAt: Date;
  /** When staff marked it shipped (`complete`); null while it has not left. */
  shippedAt: Date | null;
  lines: {
    id: number;
    productId: number;
    variantId: number;
    sku: string;
    size: string;
    name: string;
    colour: string;
    imageUrl: string | null;
    quantity: number;
    unitPriceCents: number;
    totalCents: number;
  }[];
}

/** One order with its lines, by number; null for an unknown or malformed number. */
export async function orderForReturn(
  number: string,
  options: { tx?: Queryable } = {},
): Promise<ReturnableOrder | null> {
  if (!isOrderNumber(number)) return null;
  const on = options.tx ?? db();
  const [order] = await on.select().from(orders).where(eq(orders.number, number));
  if (!order) return null;
  const lines = await on
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const [shipped] = await on
    .select({ at: orderStatusHistory.at })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.toStatus, "complete")))
    .orderBy(desc(orderStatusHistory.at))
    .limit(1);
  const [address] = await on
    .select({ firstName: orderAddresses.firstName, lastName: orderAddresses.lastName })
    .from(orderAddresses)
    .where(and(eq(orderAddresses.orderId, order.id), eq(orderAddresses.kind, "shipping")));
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    email: order.email,
    userId: order.userId,
    locale: order.locale as Locale,
    country: order.country,
    customerName: address ? `${address.firstName} ${address.lastName}` : "",
    shippingCents: order.shippingCents,
    giftCardCents: order.giftCardCents,
    walletCents: order.walletCents,
    amountDueCents: order.amountDueCents,
    paymentId: order.paymentId,
    createdAt: order.createdAt,
    shippedAt: shipped?.at ?? null,
    lines: lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      variantId: l.variantId,
      sku: l.sku,
      size: l.size,
      name: l.name,
      colour: l.colour,
      imageUrl: l.imageUrl,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      totalCents: l.totalCents,
    })),
  };
}
