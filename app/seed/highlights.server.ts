// Believable highlight counters for the demo and benchmark catalogues: some products viewed a lot in the
// last 24 h, some sold, some wishlisted or in carts, a few new and popular, a few restocked, and fit
// answers. Set-based SQL with a hash of the product id as the dice, so it is deterministic and costs a
// few statements whatever the catalogue's size.
import { sql } from "drizzle-orm";
import type { Transaction } from "../platform/db/db.server";

const HOUR_MS = 3_600_000;

/** A die per product and purpose: a number in [0, 1) from the product id and a salt. */
const die = (salt: string, id = sql.raw("p.id")) =>
  sql`((hashtext(${id}::text || ${`:${salt}`}) & 2147483647) % 100000) / 100000.0`;

export async function seedHighlightCounters(tx: Transaction, now: Date): Promise<void> {
  const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const at = sql`${hour.toISOString()}::timestamptz`;
  const live = sql`p.is_active and (p.online_from is null or p.online_from <= ${now.toISOString()}::timestamptz)`;

  // A few new arrivals (online for 2 to 60 hours) that draw attention: hot drops.
  await tx.execute(sql`
    update products p set online_from = ${at} - make_interval(hours => 2 + floor(${die("new")} * 1000)::int % 58)
    where ${live} and ${die("new")} < 0.02`);

  // Views: every third hour of the last day, more for the popular and the new.
  await tx.execute(sql`
    insert into product_event_counts (product_id, hour, views)
    select p.id, ${at} - make_interval(hours => h), 1 + floor(${die("views")} * 1000)::int % (case when ${die("new")} < 0.02 then 20 else 8 end)
    from products p cross join generate_series(0, 21, 3) h
    where ${live} and (${die("views")} < 0.12 or ${die("new")} < 0.02)`);

  // Sales over 30 days (best sellers per category), and a burst in the last 24 h for some.
  await tx.execute(sql`
    insert into product_event_counts (product_id, hour, units_sold)
    select p.id, ${at} - make_interval(hours => 30 + d * 97), 1 + floor(${die("sales")} * 1000)::int % 3
    from products p cross join generate_series(0, 6) d
    where ${live} and ${die("sales")} < 0.10
    on conflict (product_id, hour) do update set units_sold = excluded.units_sold`);
  await tx.execute(sql`
    insert into product_event_counts (product_id, hour, units_sold)
    select p.id, ${at} - make_interval(hours => h), 1 + floor(${die("burst")} * 1000)::int % 2
    from products p cross join generate_series(1, 19, 6) h
    where ${live} and ${die("burst")} < 0.04
    on conflict (product_id, hour) do update
      set units_sold = product_event_counts.units_sold + excluded.units_sold`);

  // Wishlist adds in the last week.
  await tx.execute(sql`
    insert into product_event_counts (product_id, hour, wishlist_adds)
    select p.id, ${at} - interval '50 hours', 8 + floor(${die("wish")} * 1000)::int % 20
    from products p where ${live} and ${die("wish")} < 0.05
    on conflict (product_id, hour) do update set wishlist_adds = excluded.wishlist_adds`);

  // Carts that added the product in the last two days, and their cart adds.
  await tx.execute(sql`
    insert into product_cart_adds (product_id, cart_id, last_hour)
    select p.id, 'seed-cart-' || p.id || '-' || c, ${at} - make_interval(hours => c * 5)
    from products p cross join generate_series(1, 6) c
    where ${live} and ${die("carts")} < 0.05 and c <= 2 + floor(${die("carts")} * 100000)::int % 5`);
  await tx.execute(sql`
    insert into product_event_counts (product_id, hour, cart_adds)
    select product_id, last_hour, count(*) from product_cart_adds group by product_id, last_hour
    on conflict (product_id, hour) do update set cart_adds = excluded.cart_adds`);

  // Fit answers: mostly true to size, a few that run small or large.
  await tx.execute(sql`
    insert into product_fit_answers (product_id, small, true_to_size, large)
    select p.id, a.small, a.total - a.small - a.large, a.large
    from products p cross join lateral (
      select 6 + floor(${die("fit")} * 1000)::int % 30 as total,
        floor(${die("fit-small")} * 1000)::int % 4 as small,
        floor(${die("fit-large")} * 1000)::int % 3 as large
    ) a
    where ${die("fit")} < 0.18`);

  // A few restocks in the last week (what the stock trigger records when a sold-out product returns).
  await tx.execute(sql`
    update product_stock_state s set restocked_at = ${now.toISOString()}::timestamptz
      - make_interval(hours => floor(${die("restock", sql.raw("s.product_id"))} * 100000)::int % 160)
    where s.stock > 0 and ${die("restock", sql.raw("s.product_id"))} < 0.03`);
}
