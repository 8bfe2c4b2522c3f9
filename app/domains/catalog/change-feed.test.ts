import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, testDriver } from "../../../tests/support/database";
import { ChangeFeed } from "../../platform/db/change-feed.server";
import type { Connection } from "../../platform/db/db.server";
import { CATALOG_FEED } from "./listing-index.server";
import { catalogChanges } from "./tables.server";

let connection: Connection;

beforeAll(async () => {
  connection = await freshDatabase();
});
afterAll(() => connection.close());

/** A feed positioned after everything written so far, as after a full load. */
async function caughtUpFeed(): Promise<ChangeFeed> {
  const feed = new ChangeFeed(connection.db, CATALOG_FEED);
  feed.advance(await feed.now());
  return feed;
}

/** One read, applied: the products it named. */
async function drain(feed: ChangeFeed): Promise<number[]> {
  const batch = await feed.read(1000);
  feed.advance(batch);
  return batch.ids;
}

describe("ChangeFeed", () => {
  it("names each changed product once, and the category tree when it changed", async () => {
    const feed = await caughtUpFeed();
    await connection.db.insert(catalogChanges).values([{ productId: 1 }, { productId: 2 }, { productId: 1 }]);
    const batch = await feed.read(1000);
    expect(batch).toMatchObject({ ids: [1, 2], nulls: false });
    expect(batch.read).toHaveLength(3);
    feed.advance(batch);
    expect(await drain(feed)).toEqual([]);

    await connection.db.insert(catalogChanges).values({ productId: null });
    expect(await feed.read(1000)).toMatchObject({ read: [{}], ids: [], nulls: true });
  });

  it("says when there are more changes than a reader applies one by one", async () => {
    const feed = await caughtUpFeed();
    await connection.db.insert(catalogChanges).values([3, 4, 5, 6].map((productId) => ({ productId })));
    expect((await feed.read(2)).read).toHaveLength(3);
  });

  it("counts what a full load saw above the horizon as read, so the next read does not start another", async () => {
    // A change committed above the horizon: as when an older write transaction is still open.
    const [above] = await connection.db
      .insert(catalogChanges)
      .values({ productId: null, tx: sql`(pg_current_xact_id()::text::bigint + 1000)::text::xid8` })
      .returning({ id: catalogChanges.id });
    const feed = new ChangeFeed(connection.db, CATALOG_FEED);
    const position = await feed.now();
    // The earlier tests' rows count too while another test file's transaction on the same server holds
    // the horizon back (transaction ids are the whole server's).
    expect(position.read.map((row) => row.id)).toContain(above?.id);
    feed.advance(position);
    expect((await feed.read(1000)).read).toEqual([]);
  });

  it("skips nothing that a rolled-back transaction left behind", async () => {
    const feed = await caughtUpFeed();
    await connection.db
      .transaction(async (tx) => {
        await tx.insert(catalogChanges).values({ productId: 7 });
        throw new Error("changed my mind");
      })
      .catch(() => {});
    await connection.db.insert(catalogChanges).values({ productId: 8 });
    expect(await drain(feed)).toEqual([8]);
  });

  // Needs two connections at once, which the embedded database does not have.
  it.runIf(testDriver === "postgres")(
    "reads a change that took an earlier id but committed after a later one",
    async () => {
      const feed = await caughtUpFeed();
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let written!: () => void;
      const idTaken = new Promise<void>((resolve) => {
        written = resolve;
      });
      const slow = connection.db.transaction(async (tx) => {
        await tx.insert(catalogChanges).values({ productId: 10 });
        written();
        await held;
      });
      await idTaken;
      await connection.db.insert(catalogChanges).values({ productId: 11 });

      // A reader that kept the last id seen would take 11 now and never look below it again.
      expect(await drain(feed)).toEqual([11]);
      release();
      await slow;
      expect(await drain(feed)).toEqual([10]);
      expect(await drain(feed)).toEqual([]);
    },
  );
});
