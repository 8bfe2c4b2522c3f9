// Orders as the back office reads them: a searchable list and the dashboard's figures.
import { and, count, desc, eq, gte, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { db } from "../../platform/db/db.server";
import { escapeLike } from "../../platform/db/like";
import { isOrderNumberStart } from "./numbers";
import { type OrderStatus, orderAddresses, orderLines, orders } from "./tables.server";

interface StaffOrderRow {
  number: string;
  status: OrderStatus;
  createdAt: Date;
  email: string;
  name: string;
  country: string;
  totalCents: number;
  itemCount: number;
  paymentMethod: string;
  trackAndTrace: string | null;
}

const ORDER_PAGE_SIZE = 50;

/**
 * Orders by number (or its start), e-mail, customer name or track & trace code, and by status; newest
 * first, 50 a page.
 */
export async function findOrders(options: { q?: string; statuses?: OrderStatus[]; page?: number }) {
  const filters: SQL[] = [];
  const q = options.q?.trim();
  if (q) {
    const like = `%${escapeLike(q)}%`;
    filters.push(
      or(
        isOrderNumberStart(q) ? sql`${orders.number} like ${`${q}%`}` : undefined,
        ilike(orders.email, like),
        ilike(orders.trackAndTrace, like),
        sql`exists (select 1 from ${orderAddresses} a where a.order_id = "orders"."id" and a.kind = 'shipping'
          and (a.first_name || ' ' || a.last_name) ilike ${like})`,
      ) as SQL,
    );
  }
  if (options.statuses?.length) filters.push(inArray(orders.status, options.statuses));
  const where = filters.length ? and(...filters) : undefined;
  const page = Math.max(1, options.page ?? 1);
  // Subqueries name the outer table by hand: in a one-table select Drizzle leaves `id` unqualified.
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        number: orders.number,
        status: orders.status,
        createdAt: orders.createdAt,
        email: orders.email,
        name: sql<string>`coalesce((select a.first_name || ' ' || a.last_name from ${orderAddresses} a
          where a.order_id = "orders"."id" and a.kind = 'shipping'), '')`,
        country: orders.country,
        totalCents: orders.totalCents,
        itemCount: sql<number>`(select coalesce(sum(l.quantity), 0)::int from ${orderLines} l where l.order_id = "orders"."id")`,
        paymentMethod: orders.paymentMethod,
        trackAndTrace: orders.trackAndTrace,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORDER_PAGE_SIZE)
      .offset((page - 1) * ORDER_PAGE_SIZE),
    db().select({ count: count() }).from(orders).where(where),
  ]);
  return { orders: rows as StaffOrderRow[], total: total?.count ?? 0, page, pageSize: ORDER_PAGE_SIZE };
}

export interface OrderFigures {
  today: { placed: number; paid: number; revenueCents: number };
  pending: { count: number; amountDueCents: number; oldest: Date | null };
  toShip: number;
  onHold: number;
}

const paidStatuses: OrderStatus[] = ["processing", "holded", "complete", "closed"];

/** The dashboard's order figures; `since` is the start of the shop's day (Europe/Amsterdam). */
export async function orderFigures(since: Date): Promise<OrderFigures> {
  const on = db();
  const [[today], [pending], byStatus] = await Promise.all([
    on
      .select({
        placed: sql<number>`count(*)::int`,
        paid: sql<number>`(count(*) filter (where ${inArray(orders.status, paidStatuses)}))::int`,
        revenueCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${inArray(orders.status, paidStatuses)}), 0)::int`,
      })
      .from(orders)
      .where(gte(orders.createdAt, since)),
    on
      .select({
        count: sql<number>`count(*)::int`,
        amountDueCents: sql<number>`coalesce(sum(${orders.amountDueCents}), 0)::int`,
        oldest: sql<string | null>`min(${orders.createdAt})`,
      })
      .from(orders)
      .where(eq(orders.status, "pending")),
    on
      .select({ status: orders.status, count: sql<number>`count(*)::int` })
      .from(orders)
      .where(inArray(orders.status, ["processing", "holded"]))
      .groupBy(orders.status),
  ]);
  const of = (status: OrderStatus) => byStatus.find((r) => r.status === status)?.count ?? 0;
  return {
    today: { placed: today?.placed ?? 0, paid: today?.paid ?? 0, revenueCents: today?.revenueCents ?? 0 },
    pending: {
      count: pending?.count ?? 0,
      amountDueCents: pending?.amountDueCents ?? 0,
      oldest: pending?.oldest ? new Date(pending.oldest) : null,
    },
    toShip: of("processing"),
    onHold: of("holded"),
  };
}
