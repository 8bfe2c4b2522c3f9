// Returns as their readers see them: the customer's list, a return's page and e-mails, staff's list.
import { asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import QRCode from "qrcode";
import { db, type Queryable, type Transaction } from "../../platform/db/db.server";
import type { Locale } from "../../platform/i18n/locales";
import { variantLabels } from "../catalog/catalog.server";
import { orderForReturn } from "../orders/orders.server";
import {
  type ReturnActor,
  type ReturnKind,
  type ReturnLineOutcome,
  type ReturnMethod,
  type ReturnReason,
  type ReturnStatus,
  returnEvents,
  returnLines,
  returns,
  type WithdrawalStatement,
} from "./tables.server";

export type ExchangeState = "held" | "shipped" | "released";

/** Where an exchange's new size is, from the return's status (it ships when the return is received). */
export function exchangeState(status: ReturnStatus): ExchangeState {
  if (status === "requested" || status === "in_transit") return "held";
  return status === "canceled" ? "released" : "shipped";
}

export interface ReturnDetail {
  id: number;
  number: string;
  orderNumber: string;
  kind: ReturnKind;
  status: ReturnStatus;
  method: ReturnMethod;
  feeCents: number;
  shippingRefundCents: number;
  refundToWallet: boolean;
  refundedCents: number;
  statement: WithdrawalStatement | null;
  createdAt: string;
  receivedAt: string | null;
  refundDueAt: string | null;
  /** The order's e-mail, language and customer (e-mails, ownership). */
  email: string;
  locale: Locale;
  userId: string | null;
  country: string;
  /** The name on the order's shipping address (the label's sender). */
  customerName: string;
  lines: {
    id: number;
    orderLineId: number;
    name: string;
    size: string;
    colour: string;
    imageUrl: string | null;
    quantity: number;
    reason: ReturnReason;
    outcome: ReturnLineOutcome;
    rejectReason: string | null;
    refundCents: number;
    exchangeVariantId: number | null;
    /** The size sent in exchange, and where it is: held at request, shipped on receipt, released when the return never came. */
    exchange: { size: string; state: ExchangeState } | null;
  }[];
  timeline: {
    from: ReturnStatus | null;
    to: ReturnStatus;
    actor: ReturnActor;
    note: string | null;
    at: string;
  }[];
}

type ReturnRow = typeof returns.$inferSelect;

async function details(on: Transaction | Queryable, rows: ReturnRow[]): Promise<ReturnDetail[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const lines = await on
    .select()
    .from(returnLines)
    .where(inArray(returnLines.returnId, ids))
    .orderBy(asc(returnLines.id));
  const events = await on
    .select()
    .from(returnEvents)
    .where(inArray(returnEvents.returnId, ids))
    .orderBy(asc(returnEvents.at), asc(returnEvents.id));
  const result: ReturnDetail[] = [];
  for (const r of rows) {
    const order = (await orderForReturn(r.orderNumber, { tx: on as Transaction }))!;
    const exchanged = lines.flatMap((l) =>
      l.returnId === r.id && l.exchangeVariantId ? [l.exchangeVariantId] : [],
    );
    const sizes = await variantLabels(order.locale, exchanged, { tx: on as Transaction });
    result.push({
      id: r.id,
      number: r.number,
      orderNumber: r.orderNumber,
      kind: r.kind,
      status: r.status,
      method: r.method,
      feeCents: r.feeCents,
      shippingRefundCents: r.shippingRefundCents,
      refundToWallet: r.refundToWallet,
      refundedCents: r.refundedCents,
      statement: r.statement,
      createdAt: r.createdAt.toISOString(),
      receivedAt: r.receivedAt?.toISOString() ?? null,
      refundDueAt: r.refundDueAt?.toISOString() ?? null,
      email: order.email,
      locale: order.locale,
      userId: order.userId,
      country: order.country,
      customerName: order.customerName,
      lines: lines
        .filter((l) => l.returnId === r.id)
        .map((l) => {
          const bought = order.lines.find((o) => o.id === l.orderLineId)!;
          return {
            id: l.id,
            orderLineId: l.orderLineId,
            name: bought.name,
            size: bought.size,
            colour: bought.colour,
            imageUrl: bought.imageUrl,
            quantity: l.quantity,
            reason: l.reason,
            outcome: l.outcome,
            rejectReason: l.rejectReason,
            refundCents: l.refundCents,
            exchangeVariantId: l.exchangeVariantId,
            exchange: l.exchangeVariantId
              ? { size: sizes.get(l.exchangeVariantId)?.size ?? "", state: exchangeState(r.status) }
              : null,
          };
        }),
      timeline: events
        .filter((e) => e.returnId === r.id)
        .map((e) => ({
          from: e.fromStatus,
          to: e.toStatus,
          actor: e.actor,
          note: e.note,
          at: e.at.toISOString(),
        })),
    });
  }
  return result;
}

async function oneReturn(on: Queryable, where: SQL | undefined): Promise<ReturnDetail | null> {
  const rows = await on.select().from(returns).where(where);
  return (await details(on, rows))[0] ?? null;
}

/** Any return by its number, for staff (the caller checks the role) and this domain's commands. */
export function returnByNumber(
  number: string,
  options: { tx?: Transaction } = {},
): Promise<ReturnDetail | null> {
  return oneReturn(options.tx ?? db(), eq(returns.number, number));
}

/** The returns of a customer's orders, newest first (`/customer/returns/`). */
export async function returnsOfCustomer(orderNumbers: readonly string[]): Promise<ReturnDetail[]> {
  if (orderNumbers.length === 0) return [];
  const rows = await db()
    .select()
    .from(returns)
    .where(inArray(returns.orderNumber, [...orderNumbers]))
    .orderBy(desc(returns.createdAt), desc(returns.id));
  return details(db(), rows);
}

/** The QR code a service point scans: the return's number, as an SVG (pages) or a PNG data URL (e-mails). */
export function returnQrSvg(number: string): Promise<string> {
  return QRCode.toString(number, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
}

export function returnQrDataUrl(number: string): Promise<string> {
  return QRCode.toDataURL(number, { margin: 1, width: 240, errorCorrectionLevel: "M" });
}

/** What the customer sees of a return: no e-mail or ids of other domains. */
export function toReturnView(r: ReturnDetail) {
  const { email: _, userId: __, id: ___, ...view } = r;
  return view;
}

export type ReturnView = ReturnType<typeof toReturnView>;
