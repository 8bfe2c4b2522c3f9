import { and, asc, eq, isNotNull, max } from "drizzle-orm";
import { db } from "../../platform/db/db.server";
import { orderStatusHistory, orders } from "./tables.server";

type FirstOrderOutcome =
  | { state: "none" }
  | { state: "open"; number: string }
  | { state: "kept"; number: string; shippedAt: Date }
  | { state: "undone"; number: string };

/**
 * What became of an e-mail address's first paid order (a referral pays out on it): `kept` once it was
 * shipped at least `keptAfterDays` ago and is still shipped (not refunded or returned: `closed`), `undone`
 * when it was canceled or closed, else `open`.
 */
export async function firstPaidOrderOutcome(
  email: string,
  keptAfterDays: number,
  now: Date = new Date(),
): Promise<FirstOrderOutcome> {
  const [first] = await db()
    .select({ id: orders.id, number: orders.number, status: orders.status })
    .from(orders)
    .where(and(eq(orders.email, email.trim().toLowerCase()), isNotNull(orders.paidAt)))
    .orderBy(asc(orders.paidAt))
    .limit(1);
  if (!first) return { state: "none" };
  if (first.status === "canceled" || first.status === "closed")
    return { state: "undone", number: first.number };
  if (first.status !== "complete") return { state: "open", number: first.number };
  const [shipped] = await db()
    .select({ at: max(orderStatusHistory.at) })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, first.id), eq(orderStatusHistory.toStatus, "complete")));
  const shippedAt = shipped?.at ?? null;
  if (!shippedAt || shippedAt.getTime() > now.getTime() - keptAfterDays * 86_400_000)
    return { state: "open", number: first.number };
  return { state: "kept", number: first.number, shippedAt };
}
