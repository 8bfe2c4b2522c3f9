import { sql } from "drizzle-orm";
import { db, selectRows } from "../../platform/db/db.server";
import { orderLines, orders } from "./tables.server";

/**
 * How often two products were bought in one paid order in the last `days` days (each pair once per order,
 * both directions), for the recommendations job. No customer data leaves the orders domain.
 */
export async function coPurchasedPairs(days = 180): Promise<{ a: number; b: number; n: number }[]> {
  const rows = await selectRows<{ a: number; b: number; n: number }>(
    db(),
    sql`select x.product_id as a, y.product_id as b, count(distinct x.order_id)::int as n
        from ${orderLines} x
        join ${orderLines} y on y.order_id = x.order_id and y.product_id <> x.product_id
        join ${orders} o on o.id = x.order_id
        where o.paid_at is not null and o.paid_at > now() - make_interval(days => ${days})
        group by 1, 2`,
  );
  return rows.map((r) => ({ a: Number(r.a), b: Number(r.b), n: Number(r.n) }));
}
