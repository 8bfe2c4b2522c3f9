import { sql } from "drizzle-orm";
import { logger } from "../logging/logger.server";
import { type Database, selectRows } from "./db.server";

/** Where a reader is in the feed: pass it to `advance()` once what it names is applied. */
export interface FeedPosition {
  /** The oldest transaction still running when it was read (`xid8` as text). */
  upto: string;
  /** The rows read whose transactions are not all below `upto`: committed after older ones that were still open. */
  read: readonly { id: number; tx: string }[];
}

/** What one read of the feed found: the ids it names, and whether a row without an id said "all of it". */
export interface FeedBatch extends FeedPosition {
  /** The ids of the feed's column (products for the catalogue, listings for the marketplace). */
  ids: number[];
  /** A row with a null id: something beside the rows changed (the category tree, for the catalogue). */
  nulls: boolean;
}

/**
 * A feed table: `id bigserial`, a nullable integer `column` naming what changed, and `tx xid8` (the writing
 * transaction, `pg_current_xact_id()`), written by triggers in the same transaction as the change. The
 * catalogue's is `catalog_changes.product_id`, the marketplace's `marketplace_changes.listing_id`.
 */
export interface FeedTable {
  table: "catalog_changes" | "marketplace_changes";
  column: "product_id" | "listing_id";
}

/**
 * A process's reader of a change feed table such as `catalog_changes` (docs/decisions/0028-change-feed-by-transaction.md,
 * 0052-marketplace-search-in-memory.md for the marketplace's).
 *
 * It does not keep "the last id seen": ids are taken before commit, so id 11 can commit before id 10, and such
 * a reader would pass 10 over for good. It keeps a horizon instead: the oldest transaction that was still
 * running at the last read (`pg_snapshot_xmin`). Below it every transaction has ended, so nothing can appear
 * there later. A read takes every committed row at or above the horizon that it has not taken before (those
 * rows are remembered until the horizon passes them), so a change is read once, as soon as it commits.
 * Reading one twice (after a full load that had already seen it) is harmless: readers re-read the products named.
 */
export class ChangeFeed {
  private horizon: bigint | undefined;
  /** Rows taken at or above the horizon, by id, with their transactions. */
  private readonly taken = new Map<number, bigint>();

  constructor(
    private readonly db: Database,
    private readonly feed: FeedTable,
  ) {}

  /**
   * The position now. Take it before a full load and `advance()` to it after: the load sees everything below
   * the horizon and every row committed above it so far (taken, so a later read does not start another load).
   */
  async now(): Promise<FeedPosition> {
    const rows = await selectRows<{ upto: string; id: number | null; tx: string | null }>(
      this.db,
      sql`with h as (select pg_snapshot_xmin(pg_current_snapshot()) as upto)
          select h.upto::text as upto, c.id::float8 as id, c.tx::text as tx
          from h left join ${sql.identifier(this.feed.table)} c on c.tx >= h.upto`,
    );
    return {
      upto: rows[0]!.upto,
      read: rows.flatMap((r) => (r.id === null ? [] : [{ id: r.id, tx: r.tx! }])),
    };
  }

  /** The changes not taken yet, in id order; at most `max + 1` rows (more than `max`: reload instead). */
  async read(max: number): Promise<FeedBatch> {
    if (this.horizon === undefined) throw new Error("the change feed is read before a full load");
    const rows = await selectRows<{ upto: string; id: number | null; of: number | null; tx: string }>(
      this.db,
      sql`with h as (select pg_snapshot_xmin(pg_current_snapshot()) as upto)
          select h.upto::text as upto, c.id::float8 as id, c.of, c.tx::text as tx
          from h left join lateral (
            select id, ${sql.identifier(this.feed.column)} as of, tx from ${sql.identifier(this.feed.table)}
            where tx >= ${this.horizon.toString()}::xid8
              and not (id = any(${`{${[...this.taken.keys()].join(",")}}`}::bigint[]))
            order by id limit ${max + 1}
          ) c on true`,
    );
    const changes = rows.filter((r) => r.id !== null) as { id: number; of: number | null; tx: string }[];
    return {
      upto: rows[0]!.upto,
      read: changes.map((c) => ({ id: c.id, tx: c.tx })),
      ids: [...new Set(changes.flatMap((c) => (c.of === null ? [] : [c.of])))],
      nulls: changes.some((c) => c.of === null),
    };
  }

  /** Marks a read (or a full load) as applied. The horizon never moves back: a load may end after a later read. */
  advance(position: FeedPosition): void {
    const upto = BigInt(position.upto);
    if (this.horizon === undefined || upto > this.horizon) this.horizon = upto;
    for (const { id, tx } of position.read) this.taken.set(id, BigInt(tx));
    for (const [id, tx] of this.taken) if (tx < this.horizon) this.taken.delete(id);
  }
}

/** What an in-memory index does with the feed; `FeedFollower` decides when. */
export interface FeedReader {
  /** Builds the whole index from the database (the follower takes the feed position before). */
  load(): Promise<void>;
  /** Takes in one batch of changes; answers true when a full load should follow it. */
  apply(batch: FeedBatch): Promise<boolean>;
  /** Work every sync does beside the feed (what has no feed of its own and is small enough to re-read). */
  alongside?(): Promise<void>;
}

export interface FollowOptions {
  /** What the log calls the index. */
  name: string;
  /** Feed rows read per sync; more and a full load is cheaper than one product at a time. */
  maxRows: number;
  /**
   * Whether a full load after the first one is built beside the current index, which serves meanwhile
   * (a reader that builds anew), or must be awaited (a reader that changes its index in place).
   */
  reloadInBackground: boolean;
}

const SYNC_INTERVAL_MS = 1000;

/**
 * How a process's in-memory index (the listing index, the search index, the marketplace's listing index)
 * follows its feed: a full load
 * on first use, then the change feed at most once a second, a full load again when too much changed, and
 * `fresh` for a caller that must see its own writes. One sync at a time; a load that failed is tried again
 * on the next use.
 */
export class FeedFollower {
  private readonly feed: ChangeFeed;
  private lastSync = 0;
  private forced = false;
  private syncing: Promise<void> | undefined;
  private reloading: Promise<unknown> | undefined;
  private loaded: Promise<void> | undefined;

  constructor(
    db: Database,
    table: FeedTable,
    private readonly reader: FeedReader,
    private readonly options: FollowOptions,
  ) {
    this.feed = new ChangeFeed(db, table);
  }

  /**
   * Loads on first use and applies the change feed at most once a second; `fresh` (or a `forget()` before)
   * applies every change committed so far, waiting for a full load if one is due.
   */
  async ready(options: { fresh?: boolean } = {}): Promise<void> {
    this.loaded ??= this.load().catch((error) => {
      this.loaded = undefined;
      throw error;
    });
    await this.loaded;
    const fresh = options.fresh || this.forced;
    if (fresh || Date.now() - this.lastSync >= SYNC_INTERVAL_MS) {
      this.forced = false;
      await this.sync(fresh);
    }
  }

  /** The next `ready()` reads every change first. */
  forget(): void {
    this.forced = true;
  }

  private async load(): Promise<void> {
    const mark = await this.feed.now();
    await this.reader.load();
    this.feed.advance(mark);
    this.lastSync = Date.now();
  }

  private async sync(fresh: boolean): Promise<void> {
    while (this.syncing) {
      await this.syncing.catch(() => {});
      // A fresh sync must start after the caller's writes: the one that was running may have started before.
      if (!fresh) return;
    }
    this.syncing = this.readFeed(fresh).finally(() => {
      this.syncing = undefined;
    });
    await this.syncing;
  }

  private async readFeed(fresh: boolean): Promise<void> {
    const wait = fresh || !this.options.reloadInBackground;
    for (;;) {
      const [batch] = await Promise.all([this.feed.read(this.options.maxRows), this.reader.alongside?.()]);
      this.lastSync = Date.now();
      // While a full load is built, the old index serves as it is.
      if (this.reloading) {
        if (!wait) return;
        await this.waitFor(this.reloading);
        continue;
      }
      if (batch.read.length > this.options.maxRows) {
        const reload = this.reload();
        if (!wait) return;
        await this.waitFor(reload);
        continue;
      }
      const reloadAfter = await this.reader.apply(batch);
      this.feed.advance(batch);
      if (reloadAfter) {
        const reload = this.reload();
        if (wait) await this.waitFor(reload);
      }
      return;
    }
  }

  private async waitFor(reload: Promise<unknown>): Promise<void> {
    const error = await reload;
    if (error) throw error;
  }

  /**
   * A full load; in the background it never rejects (a failure is logged and retried on a later sync) and
   * resolves to the error for a caller that waits.
   */
  private reload(): Promise<unknown> {
    this.reloading ??= this.load().then(
      () => {
        this.reloading = undefined;
      },
      (error: unknown) => {
        this.reloading = undefined;
        logger.error({ err: error }, `${this.options.name} reload failed; the previous index keeps serving`);
        return error;
      },
    );
    return this.reloading;
  }
}
