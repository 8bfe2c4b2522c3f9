import { sql } from "drizzle-orm";
import { type Database, selectRows } from "../../platform/db/db.server";

/** What one read of the feed found: the products it names, and whether the category tree changed. */
export interface FeedBatch {
  /** Rows read; more than the `max` asked for means "too many to apply one by one: reload". */
  rows: number;
  productIds: number[];
  categories: boolean;
  /** Pass to `advance()` once the batch is applied. */
  upto: string;
}

/**
 * A process's reader of the `catalog_changes` feed (docs/decisions/0028-change-feed-by-transaction.md).
 *
 * It reads by writing transaction, not by id. Ids are taken before commit, so id 11 can commit before id 10;
 * a reader that kept "the last id seen" would pass 10 over for good. Instead every read takes the rows of the
 * transactions that ended since the previous read: from the previous horizon up to the oldest transaction
 * still running now (`pg_snapshot_xmin`), below which every transaction has committed or rolled back.
 * A change is read once it and every older writing transaction have ended; reading one twice (after a full
 * load that had already seen it) is harmless, since readers re-read the products named.
 */
export class ChangeFeed {
  private horizon: bigint | undefined;

  constructor(private readonly db: Database) {}

  /** The horizon now. Take it before a full load and `advance()` to it after: the load saw everything below. */
  async now(): Promise<string> {
    const [row] = await selectRows<{ upto: string }>(
      this.db,
      sql`select pg_snapshot_xmin(pg_current_snapshot())::text as upto`,
    );
    return row!.upto;
  }

  /** The changes of transactions that ended since the horizon, in id order; at most `max + 1` rows. */
  async read(max: number): Promise<FeedBatch> {
    if (this.horizon === undefined) throw new Error("the change feed is read before a full load");
    const rows = await selectRows<{ upto: string; id: number | null; product_id: number | null }>(
      this.db,
      sql`with h as (select pg_snapshot_xmin(pg_current_snapshot()) as upto)
          select h.upto::text as upto, c.id::float8 as id, c.product_id
          from h left join lateral (
            select id, product_id from catalog_changes
            where tx >= ${this.horizon.toString()}::xid8 and tx < h.upto
            order by id limit ${max + 1}
          ) c on true`,
    );
    const changes = rows.filter((r) => r.id !== null);
    return {
      rows: changes.length,
      productIds: [...new Set(changes.flatMap((c) => (c.product_id === null ? [] : [c.product_id])))],
      categories: changes.some((c) => c.product_id === null),
      upto: rows[0]!.upto,
    };
  }

  /** Marks everything below `upto` as applied; never moves back (a load may finish after a later read). */
  advance(upto: string): void {
    const next = BigInt(upto);
    if (this.horizon === undefined || next > this.horizon) this.horizon = next;
  }
}
