// What shoppers do with products (views, cart adds, units sold, wishlist adds), counted per hour: the
// facts the highlights are computed from, and the home page's best sellers. Recording costs a request an
// array push; the events reach the database in batches.
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { db, selectRows } from "../../platform/db/db.server";
import { logger } from "../../platform/logging/logger.server";
import { type EventKind, eventKinds, mergeEvents, type ProductEvent } from "./product-events";
import { productEventCounts } from "./tables.server";

const DAY_MS = 24 * 3_600_000;

const column: Record<EventKind, "views" | "cart_adds" | "units_sold" | "wishlist_adds"> = {
  view: "views",
  "cart-add": "cart_adds",
  purchase: "units_sold",
  "wishlist-add": "wishlist_adds",
};

/**
 * Adds one batch to the hourly counters in one upsert. Rows for products that do not exist (a beacon with
 * a stale or made-up id) are dropped, so one bad id never loses the rest of the batch.
 */
export async function writeEvents(events: readonly ProductEvent[]): Promise<void> {
  const { increments } = mergeEvents(events);
  if (increments.length === 0) return;
  const rows = new Map<string, { productId: number; hour: Date; counts: Record<string, number> }>();
  for (const { productId, hour, kind, count } of increments) {
    const key = `${productId}|${hour.getTime()}`;
    const row = rows.get(key) ?? {
      productId,
      hour,
      counts: { views: 0, cart_adds: 0, units_sold: 0, wishlist_adds: 0 },
    };
    row.counts[column[kind]] = (row.counts[column[kind]] ?? 0) + count;
    rows.set(key, row);
  }
  const values = sql.join(
    [...rows.values()].map(
      (r) =>
        sql`(${r.productId}::int, ${r.hour.toISOString()}::timestamptz, ${r.counts.views}::int, ${r.counts.cart_adds}::int, ${r.counts.units_sold}::int, ${r.counts.wishlist_adds}::int)`,
    ),
    sql`, `,
  );
  await db().execute(sql`
    insert into product_event_counts (product_id, hour, views, cart_adds, units_sold, wishlist_adds)
    select v.product_id, v.hour, v.views, v.cart_adds, v.units_sold, v.wishlist_adds
    from (values ${values}) as v(product_id, hour, views, cart_adds, units_sold, wishlist_adds)
    join products p on p.id = v.product_id
    on conflict (product_id, hour) do update set
      views = product_event_counts.views + excluded.views,
      cart_adds = product_event_counts.cart_adds + excluded.cart_adds,
      units_sold = product_event_counts.units_sold + excluded.units_sold,
      wishlist_adds = product_event_counts.wishlist_adds + excluded.wishlist_adds`);
}

export interface RecorderOptions {
  /** Flush at the latest this long after the first buffered event. */
  flushEveryMs?: number;
  /** Flush as soon as this many events are buffered. */
  maxEvents?: number;
  /** Events beyond this many while the database is unreachable are dropped (memory stays bounded). */
  maxBuffered?: number;
  write?: (events: readonly ProductEvent[]) => Promise<void>;
  now?: () => Date;
}

/**
 * Buffers product events in memory and writes them in batches, so recording costs a request nothing but
 * an array push. Recording never throws; a failed flush is logged and its events are retried once with
 * the next batch, then dropped: counters may fall short, never overstate.
 */
export class EventRecorder {
  private buffer: ProductEvent[] = [];
  private retry: ProductEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly flushEveryMs: number;
  private readonly maxEvents: number;
  private readonly maxBuffered: number;
  private readonly write: (events: readonly ProductEvent[]) => Promise<void>;
  private readonly now: () => Date;

  constructor(options: RecorderOptions = {}) {
    this.flushEveryMs = options.flushEveryMs ?? 5_000;
    this.maxEvents = options.maxEvents ?? 1_000;
    this.maxBuffered = options.maxBuffered ?? 100_000;
    this.write = options.write ?? writeEvents;
    this.now = options.now ?? (() => new Date());
  }

  /** `n` views, cart adds, units sold or wishlist adds of a product. */
  record(productId: number, kind: EventKind, n = 1): void {
    try {
      if (!Number.isSafeInteger(productId) || productId <= 0) return;
      if (!eventKinds.includes(kind) || !Number.isSafeInteger(n) || n <= 0) return;
      if (this.buffer.length >= this.maxBuffered) return;
      const at = this.now();
      if (kind === "purchase") this.buffer.push({ productId, kind, at, quantity: n });
      else {
        for (let i = 0; i < Math.min(n, this.maxBuffered - this.buffer.length); i++) {
          this.buffer.push({ productId, kind, at });
        }
      }
      if (this.buffer.length >= this.maxEvents) void this.flush();
      else if (!this.timer) {
        this.timer = setTimeout(() => void this.flush(), this.flushEveryMs);
        this.timer.unref?.();
      }
    } catch (error) {
      logger.warn({ err: error }, "highlight event not recorded");
    }
  }

  /** How many events wait for the next flush. */
  get pending(): number {
    return this.buffer.length + this.retry.length;
  }

  /** Writes everything buffered now (after any flush already running); never rejects. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.flushing = this.flushing.then(async () => {
      const retry = this.retry;
      const batch = this.buffer;
      this.retry = [];
      this.buffer = [];
      if (batch.length + retry.length === 0) return;
      try {
        await this.write([...retry, ...batch]);
      } catch (error) {
        logger.warn({ err: error, events: batch.length + retry.length }, "highlight events not written");
        // Retry the new batch once with the next flush; the retried part is dropped.
        this.retry = batch;
      }
    });
    return this.flushing;
  }
}

const shared = globalThis as typeof globalThis & { __highlightRecorder?: EventRecorder };
/** The process-wide recorder (one even when Vite re-evaluates this module in development). */
shared.__highlightRecorder ??= new EventRecorder();
export const eventRecorder: EventRecorder = shared.__highlightRecorder;

/**
 * Records `n` events of a product (views, cart adds, units sold, wishlist adds) for the hourly counters.
 * Costs the caller an array push: events are written in batches, and it never throws.
 */
export function recordProductEvent(productId: number, kind: EventKind, n = 1): void {
  eventRecorder.record(productId, kind, n);
}

/** Writes the buffered events now; the server calls it while shutting down. Never rejects. */
export function flushProductEvents(): Promise<void> {
  return eventRecorder.flush();
}

/** Drops the counters of the hours before `before`: no label reads them any more. */
export async function forgetProductEventsBefore(before: Date): Promise<void> {
  await db().delete(productEventCounts).where(lt(productEventCounts.hour, before));
}

export interface HourlyCounts {
  hour: Date;
  views: number;
  cartAdds: number;
  unitsSold: number;
  wishlistAdds: number;
}

/** A product's raw counters since `since`, oldest first. */
export function productEventHistory(productId: number, since: Date): Promise<HourlyCounts[]> {
  return db()
    .select({
      hour: productEventCounts.hour,
      views: productEventCounts.views,
      cartAdds: productEventCounts.cartAdds,
      unitsSold: productEventCounts.unitsSold,
      wishlistAdds: productEventCounts.wishlistAdds,
    })
    .from(productEventCounts)
    .where(and(eq(productEventCounts.productId, productId), gte(productEventCounts.hour, since)))
    .orderBy(asc(productEventCounts.hour));
}

/**
 * The products that sold the most units in the last `days` days (most first, ties by id), online ones only:
 * the home page's best sellers. One range scan of the hourly counters (`product_event_counts_hour_idx`).
 */
export async function bestSellingProductIds(
  options: { limit: number; days?: number; now?: Date } = { limit: 8 },
): Promise<number[]> {
  const { limit, days = 30, now = new Date() } = options;
  if (limit <= 0) return [];
  const since = new Date(now.getTime() - days * DAY_MS);
  const rows = await selectRows<{ product_id: number }>(
    db(),
    sql`select c.product_id from ${productEventCounts} c
        join products p on p.id = c.product_id
        where c.hour >= ${since.toISOString()}::timestamptz and c.units_sold > 0
          and p.is_active and (p.online_from is null or p.online_from <= ${now.toISOString()}::timestamptz)
        group by c.product_id
        order by sum(c.units_sold) desc, c.product_id
        limit ${limit}`,
  );
  return rows.map((row) => Number(row.product_id));
}
