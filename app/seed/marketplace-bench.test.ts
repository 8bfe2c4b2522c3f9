import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../tests/support/database";
import { MarketplaceIndex } from "../domains/marketplace/listings/listing-index.server";
import { type Connection, selectRows } from "../platform/db/db.server";
import { benchListingsToSeed, productsToSeed } from "./first-start.server";
import { seedBenchMarketplace } from "./marketplace-bench.server";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
}, 120_000);
afterAll(() => connection.close());

describe("the bench marketplace seed", () => {
  it("reads SEED=bench:<products>:<listings>", () => {
    expect(productsToSeed("bench:300:100000")).toBe(300);
    expect(benchListingsToSeed("bench:300:100000")).toBe(100_000);
    expect(productsToSeed("bench:2000")).toBe(2000);
    expect(benchListingsToSeed("bench:2000")).toBe(0);
    expect(benchListingsToSeed(undefined)).toBe(0);
  });

  it("adds published listings from one store per ten, all found by the index", async () => {
    const seeded = await seedBenchMarketplace(connection.db, { listings: 230 });
    expect(seeded).toMatchObject({ stores: 23, listings: 230 });
    const [counts] = await selectRows<{ listings: number; stores: number; languages: number }>(
      connection.db,
      sql`select (select count(*)::int from marketplace_listings where state = 'published') as listings,
            (select count(*)::int from marketplace_stores) as stores,
            (select count(distinct language)::int from marketplace_listings) as languages`,
    );
    expect(counts).toEqual({ listings: 230, stores: 23, languages: 4 });
    const index = new MarketplaceIndex(connection.db);
    await index.ready();
    expect(index.count).toBe(230);
  });
});
