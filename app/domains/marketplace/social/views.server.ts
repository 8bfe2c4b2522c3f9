// Listing and store views and listing shares, counted the way the shop's highlights are (decision 0033):
// the page sends a beacon after load, a per-process cap drops a client's repeats and floods, and the counts
// reach the database in one batched update every few seconds. A page never waits for a count; a lost
// count makes a figure fall short, never overstate.
import { sql } from "drizzle-orm";
import { db } from "../../../platform/db/db.server";
import { logger } from "../../../platform/logging/logger.server";
import { type CapDecision, EventCap } from "../../highlights/event-cap";

export type MarketplaceEvent =
  | { type: "view"; listingId: number }
  | { type: "share"; listingId: number }
  | { type: "store-view"; storeHandle: string };

interface Pending {
  views: Map<number, number>;
  shares: Map<number, number>;
  storeViews: Map<string, number>;
}

const empty = (): Pending => ({ views: new Map(), shares: new Map(), storeViews: new Map() });
const add = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

async function write(batch: Pending): Promise<void> {
  const pairs = (map: Map<number, number>) =>
    sql.join(
      [...map].map(([id, n]) => sql`(${id}::int, ${n}::int)`),
      sql`, `,
    );
  if (batch.views.size > 0)
    await db().execute(sql`update marketplace_listings l set times_watched = l.times_watched + v.n
      from (values ${pairs(batch.views)}) as v(id, n) where l.id = v.id`);
  if (batch.shares.size > 0)
    await db().execute(sql`update marketplace_listings l set times_shared = l.times_shared + v.n
      from (values ${pairs(batch.shares)}) as v(id, n) where l.id = v.id`);
  if (batch.storeViews.size > 0) {
    const rows = sql.join(
      [...batch.storeViews].map(([handle, n]) => sql`(${handle}::text, ${n}::int)`),
      sql`, `,
    );
    await db().execute(sql`update marketplace_stores s set views = s.views + v.n
      from (values ${rows}) as v(handle, n) where s.handle = v.handle`);
  }
}

/** Buffers marketplace events and writes them in batches (at most every `flushEveryMs`). */
export class MarketplaceRecorder {
  private pending = empty();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> = Promise.resolve();
  constructor(
    private readonly flushEveryMs = 5_000,
    private readonly writeBatch: (batch: Pending) => Promise<void> = write,
  ) {}

  record(event: MarketplaceEvent): void {
    if (event.type === "store-view") add(this.pending.storeViews, event.storeHandle);
    else add(event.type === "view" ? this.pending.views : this.pending.shares, event.listingId);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushEveryMs);
      this.timer.unref?.();
    }
  }

  /** Writes what is buffered now; never rejects. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.flushing = this.flushing.then(async () => {
      const batch = this.pending;
      this.pending = empty();
      try {
        await this.writeBatch(batch);
      } catch (error) {
        logger.warn({ err: error }, "marketplace views not written");
      }
    });
    return this.flushing;
  }
}

const shared = globalThis as typeof globalThis & {
  __marketplaceRecorder?: MarketplaceRecorder;
  __marketplaceCap?: EventCap;
};
shared.__marketplaceRecorder ??= new MarketplaceRecorder();
shared.__marketplaceCap ??= new EventCap();
const recorder = shared.__marketplaceRecorder;
const cap = shared.__marketplaceCap;

/**
 * A view or share beacon from a browser: counted unless the same client sent it for the same thing
 * recently ("repeat") or sends too many ("limited", refused with 429 by the API).
 */
export function acceptMarketplaceEvent(
  client: string,
  event: MarketplaceEvent,
  now = Date.now(),
): CapDecision {
  const key = event.type === "store-view" ? `store:${event.storeHandle}` : `${event.type}:${event.listingId}`;
  const decision = cap.decide(client, key, now);
  if (decision === "count") recorder.record(event);
  return decision;
}

/** Writes the buffered counts now (tests; the server's shutdown). */
export function flushMarketplaceEvents(): Promise<void> {
  return recorder.flush();
}
