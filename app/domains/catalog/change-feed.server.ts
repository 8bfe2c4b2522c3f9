import { sql } from "drizzle-orm";
import { type Database, selectRows } from "../../platform/db/db.server";

/** Where a reader is in the feed: pass it to `advance()` once what it names is applied. */
export interface FeedPosition {
  /** The oldest transaction still running when it was read (`xid8` as text). */
  upto: string;
  /** The rows read whose transactions are not all below `upto`: committed after older ones that were still open. */
  read: readonly { id: number; tx: string }[];
}

/** What one read of the feed found: the products it names, and whether the category tree changed. */
export interface FeedBatch extends FeedPosition {
  productIds: number[];
  categories: boolean;
}

/**
 * A process's reader of the `catalog_changes` feed (docs/decisions/0028-change-feed-by-transaction.md).
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

  constructor(private readonly db: Database) {}

  /**
   * The position now. Take it before a full load and `advance()` to it after: the load sees everything below
   * the horizon and every row committed above it so far (taken, so a later read does not start another load).
   */
  async now(): Promise<FeedPosition> {
    const rows = await selectRows<{ upto: string; id: number | null; tx: string | null }>(
      this.db,
      sql`with h as (select pg_snapshot_xmin(pg_current_snapshot()) as upto)
          select h.upto::text as upto, c.id::float8 as id, c.tx::text as tx
          from h left join catalog_changes c on c.tx >= h.upto`,
    );
    return {
      upto: rows[0]!.upto,
      read: rows.flatMap((r) => (r.id === null ? [] : [{ id: r.id, tx: r.tx! }])),
    };
  }

  /** The changes not taken yet, in id order; at most `max + 1` rows (more than `max`: reload instead). */
  async read(max: number): Promise<FeedBatch> {
    if (this.horizon === undefined) throw new Error("the change feed is read before a full load");
    const rows = await selectRows<{ upto: string; id: number | null; product_id: number | null; tx: string }>(
      this.db,
      sql`with h as (select pg_snapshot_xmin(pg_current_snapshot()) as upto)
          select h.upto::text as upto, c.id::float8 as id, c.product_id, c.tx::text as tx
          from h left join lateral (
            select id, product_id, tx from catalog_changes
            where tx >= ${this.horizon.toString()}::xid8
              and not (id = any(${`{${[...this.taken.keys()].join(",")}}`}::bigint[]))
            order by id limit ${max + 1}
          ) c on true`,
    );
    const changes = rows.filter((r) => r.id !== null) as {
      id: number;
      product_id: number | null;
      tx: string;
    }[];
    return {
      upto: rows[0]!.upto,
      read: changes.map((c) => ({ id: c.id, tx: c.tx })),
      productIds: [...new Set(changes.flatMap((c) => (c.product_id === null ? [] : [c.product_id])))],
      categories: changes.some((c) => c.product_id === null),
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
