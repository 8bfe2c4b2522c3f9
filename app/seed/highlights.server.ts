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

  // Wishlists holding a few products (8 to 27 each; 10 or more earn "wishlisted"), with their adds.
  await tx.execute(sql`
    insert into wishlists (token, updated_at)
    select 'seed-wishlist-' || w, ${at} - interval '50 hours' from generate_series(1, 27) w`);
  await tx.execute(sql`
    insert into wishlist_items (wishlist_id, product_id, added_at)
    select w.id, p.id, ${at} - interval '50 hours'
    from products p cross join generate_series(1, 27) n
    join wishlists w on w.token = 'seed-wishlist-' || n
    where ${live} and ${die("wish")} < 0.05 and n <= 8 + floor(${die("wish")} * 1000)::int % 20`);
  await tx.execute(sql`
    insert into product_event_counts (product_id, hour, wishlist_adds)
    select product_id, ${at} - interval '50 hours', count(*) from wishlist_items group by product_id
    on conflict (product_id, hour) do update set wishlist_adds = excluded.wishlist_adds`);

  // Guest carts of the last two days holding a size of a few products (2 to 6 carts each; 3 or more
  // earn "in carts"), with their cart adds.
  await tx.execute(sql`
    insert into carts (token, updated_at)
    select 'seed-cart-' || c, ${at} - make_interval(hours => c * 5) from generate_series(1, 6) c`);
  await tx.execute(sql`
    insert into cart_lines (cart_id, variant_id, quantity)
    select k.id, (select v.id from product_variants v where v.product_id = p.id order by v.position, v.id limit 1), 1
    from products p cross join generate_series(1, 6) c
    join carts k on k.token = 'seed-cart-' || c
    where ${live} and ${die("carts")} < 0.05 and c <= 2 + floor(${die("carts")} * 100000)::int % 5
      and exists (select 1 from product_variants v where v.product_id = p.id)`);
  await tx.execute(sql`
    insert into product_event_counts (product_id, hour, cart_adds)
    select v.product_id, k.updated_at, count(*)
    from cart_lines l join carts k on k.id = l.cart_id join product_variants v on v.id = l.variant_id
    group by v.product_id, k.updated_at
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
