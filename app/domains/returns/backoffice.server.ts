// The back office's reads of returns: the list with its filters and the refund deadline, and the count the
// dashboard shows.
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { db } from "../../platform/db/db.server";
import { type ReturnKind, type ReturnStatus, returnLines, returns } from "./tables.server";

const OPEN: ReturnStatus[] = ["requested", "in_transit", "received"];

export interface ReturnListFilter {
  status?: ReturnStatus | "open";
  kind?: ReturnKind;
  /** A return or order number. */
  q?: string;
  /** Received and not refunded yet, the soonest refund deadline first. */
  due?: boolean;
}

export async function findReturns(filter: ReturnListFilter, limit = 100) {
  const where: SQL[] = [];
  if (filter.status === "open") where.push(inArray(returns.status, OPEN));
  else if (filter.status) where.push(eq(returns.status, filter.status));
  if (filter.kind) where.push(eq(returns.kind, filter.kind));
  const q = filter.q?.trim().toUpperCase();
  if (q) where.push(q.startsWith("R") ? eq(returns.number, q) : eq(returns.orderNumber, q));
  if (filter.due) where.push(eq(returns.status, "received"));
  const rows = await db()
    .select({
      number: returns.number,
      orderNumber: returns.orderNumber,
      kind: returns.kind,
      status: returns.status,
      method: returns.method,
      units: sql<number>`(select coalesce(sum(${returnLines.quantity}), 0)::int from ${returnLines} where ${returnLines.returnId} = ${returns.id})`,
      createdAt: returns.createdAt,
      refundDueAt: returns.refundDueAt,
      refundedCents: returns.refundedCents,
    })
    .from(returns)
    .where(and(...where))
    .orderBy(filter.due ? asc(returns.refundDueAt) : desc(returns.createdAt), desc(returns.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, units: Number(r.units) }));
}

/** Returns not finished yet (requested, on their way, or received and not refunded): the dashboard's figure. */
export async function openReturnCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(returns).where(inArray(returns.status, OPEN));
  return row?.n ?? 0;
}
