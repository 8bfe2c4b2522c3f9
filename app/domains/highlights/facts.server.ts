import { sql } from "drizzle-orm";
import { db, selectRows } from "../../platform/db/db.server";
import { activeCartCounts } from "../cart/cart.server";
import { wishlistCounts } from "../wishlist/wishlist.server";
import type { ProductFacts } from "./labels";
import type { HighlightThresholds } from "./thresholds";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The counters hold the last 30 days (the longest window a label reads) and a few days' margin. */
export const COUNTER_RETENTION_DAYS = 35;

interface FactsRow {
  product_id: number;
  online_from: Date | string;
  views24h: number;
  sales24h: number;
  sales30d: number;
  stock: number;
  restocked_at: Date | string | null;
  fit_small: number;
  fit_true: number;
  fit_large: number;
  new_rank: number | string | null;
  category_rank: number | string | null;
  category_size: number | string | null;
}

/**
 * The facts of every active product that is online at `now`, in one set-based query over the counters.
 *
 * - Windows sum the hour buckets that start in [now − window, now) (`sumWindow`'s rule).
 * - `wishlists`: the wishlists holding the product now; `activeCarts`: the carts changed in the last 72 h
 *   that hold one of its sizes (both from their domains, not from the event counters).
 * - `onlineFrom`: `online_from`, or `created_at` for a product that was never scheduled.
 * - Main category: the deepest of the product's categories (lowest id on a tie); ranks are SQL `rank()`,
 *   the competition ranking `rankDescending` describes.
 */
export async function gatherFacts(
  thresholds: HighlightThresholds,
  now: Date,
): Promise<Map<number, ProductFacts>> {
  const on = db();
  const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const nowIso = now.toISOString();
  const newSince = at(thresholds.hotDrop.maxAgeHours * HOUR_MS);
  const rows = await selectRows<FactsRow>(
    on,
    sql`
    with recursive category_depth as (
      select id, 0 as depth from categories where parent_id is null
      union all
      select c.id, d.depth + 1 from categories c join category_depth d on c.parent_id = d.id
    ),
    main_category as (
      select distinct on (pc.product_id) pc.product_id, pc.category_id
      from product_categories pc join category_depth d on d.id = pc.category_id
      order by pc.product_id, d.depth desc, pc.category_id
    ),
    counts as (
      select product_id,
        coalesce(sum(views) filter (where hour >= ${at(DAY_MS)}::timestamptz), 0)::int as views24h,
        coalesce(sum(units_sold) filter (where hour >= ${at(DAY_MS)}::timestamptz), 0)::int as sales24h,
        sum(units_sold)::int as sales30d
      from product_event_counts
      where hour >= ${at(30 * DAY_MS)}::timestamptz and hour < ${nowIso}::timestamptz
      group by product_id
    ),
    base as (
      select p.id as product_id,
        coalesce(p.online_from, p.created_at) as online_from,
        coalesce(c.views24h, 0) as views24h,
        coalesce(c.sales24h, 0) as sales24h,
        coalesce(c.sales30d, 0) as sales30d,
        coalesce(s.stock, 0) as stock,
        s.restocked_at,
        coalesce(f.small, 0) as fit_small,
        coalesce(f.true_to_size, 0) as fit_true,
        coalesce(f.large, 0) as fit_large,
        m.category_id,
        coalesce(p.online_from, p.created_at) > ${newSince}::timestamptz as is_new
      from products p
      left join counts c on c.product_id = p.id
      left join product_stock_state s on s.product_id = p.id
      left join product_fit_answers f on f.product_id = p.id
      left join main_category m on m.product_id = p.id
      where p.is_active and (p.online_from is null or p.online_from <= ${nowIso}::timestamptz)
    )
    select product_id, online_from, views24h, sales24h, sales30d, stock,
      restocked_at, fit_small, fit_true, fit_large,
      case when is_new then rank() over (partition by is_new order by views24h desc) end as new_rank,
      case when category_id is not null
        then rank() over (partition by category_id order by sales30d desc) end as category_rank,
      case when category_id is not null then count(*) over (partition by category_id) end as category_size
    from base`,
  );
  const [carts, wishlists] = await Promise.all([activeCartCounts(now), wishlistCounts()]);
  const facts = new Map<number, ProductFacts>();
  for (const r of rows) {
    const productId = Number(r.product_id);
    facts.set(productId, {
      views24h: Number(r.views24h),
      activeCarts: carts.get(productId) ?? 0,
      sales24h: Number(r.sales24h),
      sales30d: Number(r.sales30d),
      wishlists: wishlists.get(productId) ?? 0,
      onlineFrom: new Date(r.online_from),
      restockedAt: r.restocked_at === null ? null : new Date(r.restocked_at),
      stock: Number(r.stock),
      fit: { small: Number(r.fit_small), true: Number(r.fit_true), large: Number(r.fit_large) },
      newArrivalViewsRank: r.new_rank === null ? null : Number(r.new_rank),
      categorySalesRank:
        r.category_rank === null ? null : { rank: Number(r.category_rank), of: Number(r.category_size) },
    });
  }
  return facts;
}
