import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../../tests/support/database";
import { newCustomer, listingPhoto as photo } from "../../../../tests/support/factories";
import { accepted } from "../../../../tests/support/refusals";
import { user } from "../../../platform/auth/tables.server";
import type { Connection } from "../../../platform/db/db.server";
import { seedMarketplace } from "../../../seed/marketplace.server";
import { openStore } from "../stores/stores.server";
import { marketplaceListings, marketplaceStores } from "../tables.server";
import type { ListingInput } from "../validation";
import { browseListings, browseListingsInDatabase } from "./browse.server";
import { changeListingState, createListing } from "./commands.server";
import { MarketplaceIndex, marketplaceIndex } from "./listing-index.server";
import { type BrowseQuery, parseBrowseQuery } from "./query";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
  await connection.db.insert(user).values({
    id: "00000000-0000-4000-8000-00000000d3a0",
    name: "Sanne de Vries",
    email: "demo@loomandlabel.test",
    firstName: "Sanne",
    lastName: "de Vries",
  });
  await seedMarketplace(connection.db, { stores: 30 });
}, 180_000);
afterAll(() => connection.close());

const query = (params: string, category: string | null = null) =>
  parseBrowseQuery(new URLSearchParams(params), category);
const ids = async (params: string, index = marketplaceIndex(connection.db)) =>
  (await index.query(query(params))).ids;

const item = (overrides: Partial<ListingInput> = {}): ListingInput => ({
  title: "Zwarte wikkeljurk",
  description: "Een keer gedragen, valt klein.",
  category: "dresses",
  size: "38",
  colour: "black",
  brand: "Quokkastraat",
  condition: "like-new",
  material: "viscose",
  price: 2500,
  ...overrides,
});

async function seller(handle: string, language: "nl" | "fr" | "en" = "nl") {
  const userId = (await newCustomer({ firstName: "Fleur", lastName: "Jansen" })).id;
  accepted(
    await openStore(
      userId,
      { name: `Store ${handle}`, handle, bio: "", country: "NL", gridType: "grid" },
      language,
    ),
  );
  return userId;
}

async function publish(userId: string, overrides: Partial<ListingInput> = {}) {
  return accepted(await createListing(userId, item(overrides), [photo(1), photo(2)], { publish: true })).id;
}

/** A seeded pseudo-random generator (mulberry32): the same combinations every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sorted = (values: { value: string; count: number }[]) =>
  [...values].sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));

describe("the marketplace listing index", () => {
  it("counts every facet exactly as a brute-force count in PostgreSQL, for random filter combinations", async () => {
    const all = await browseListingsInDatabase(query(""));
    expect(all.total).toBeGreaterThan(200);
    const next = random(52);
    const pick = (values: { value: string }[], most: number) =>
      values.filter(() => next() < most / Math.max(1, values.length)).map((v) => v.value);
    const sorts = ["newest", "price-asc", "price-desc", "favourites"] as const;
    const presorted = new MarketplaceIndex(connection.db, { fewHits: 0 });
    for (let round = 0; round < 40; round++) {
      const params = new URLSearchParams();
      for (const size of pick(all.facets.size, 2)) params.append("size", size);
      for (const brand of pick(all.facets.brand, 2)) params.append("brand", brand);
      for (const colour of pick(all.facets.colour, 2)) params.append("colour", colour);
      for (const condition of pick(all.facets.condition, 1)) params.append("condition", condition);
      if (next() < 0.3) params.set("min", String(Math.floor(next() * 20)));
      if (next() < 0.3) params.set("max", String(20 + Math.floor(next() * 60)));
      params.set("sort", sorts[round % 4] as string);
      const category = next() < 0.4 ? (all.facets.category[Math.floor(next() * 5)]?.value ?? null) : null;
      const q: BrowseQuery = query(params.toString(), category);
      const [index, truth] = await Promise.all([browseListings(q), browseListingsInDatabase(q)]);
      expect(index.total, params.toString()).toBe(truth.total);
      for (const facet of ["category", "size", "brand", "colour", "condition"] as const)
        expect(sorted(index.facets[facet]), `${facet} of ${params}`).toEqual(sorted(truth.facets[facet]));
      // Ties (same price or count) are broken by id in both, so the pages are the same listings in order,
      // whether the matches are sorted by themselves (few) or read off the presorted orders (many).
      expect(index.cards.map((c) => c.id)).toEqual(truth.cards.map((c) => c.id));
      expect((await presorted.query(q)).ids).toEqual(truth.cards.map((c) => c.id));
    }
  });

  it("finds a Dutch listing by an English query of its brand and size, and by its colour and category", async () => {
    const dutch = await publish(await seller("hollands-kastje"), { brand: "Zeeuwse Klei", size: "W30" });
    const english = new MarketplaceIndex(connection.db);
    expect(await ids("q=zeeuwse+klei+w30", english)).toEqual([dutch]);
    expect(await ids("q=black+dress+zeeuwse", english)).toEqual([dutch]);
    // Its description is stemmed in Dutch, the query word in every language: "gedragen" meets its Dutch stem.
    expect(await ids("q=zeeuwse+gedragen", english)).toEqual([dutch]);
    expect(await ids("q=robe+noire+zeeuwse", english)).toEqual([dutch]);
  });

  it("tolerates typos: a word that matches nothing is corrected to the nearest listing word", async () => {
    const id = await publish(await seller("typo-kast"), { brand: "Wolkenkrabber" });
    expect(await ids("q=wolkenkrabebr")).toEqual([id]);
    expect(await ids("q=wolkenkrab")).toEqual([id]);
    expect(await ids("q=xqzvyw")).toEqual([]);
  });

  it("lets sold, closed, removed and banned stores' listings leave the results after the feed sync", async () => {
    const userId = await seller("leaving-soon");
    const [sold, closed, removed] = [
      await publish(userId, { brand: "Vertrekker" }),
      await publish(userId, { brand: "Vertrekker" }),
      await publish(userId, { brand: "Vertrekker" }),
    ];
    const other = await seller("banned-soon");
    const banned = await publish(other, { brand: "Vertrekker" });
    // Another process's index: it sees nothing of this process's writes but the change feed.
    const elsewhere = new MarketplaceIndex(connection.db);
    expect((await ids("q=vertrekker", elsewhere)).sort()).toEqual([sold, closed, removed, banned].sort());
    accepted(await changeListingState(userId, sold, "mark-sold"));
    accepted(await changeListingState(userId, closed, "close"));
    await connection.db
      .update(marketplaceListings)
      .set({ state: "removed" })
      .where(sql`${marketplaceListings.id} = ${removed}`);
    const [store] = await connection.db
      .select({ id: marketplaceStores.id })
      .from(marketplaceStores)
      .where(sql`${marketplaceStores.handle} = 'banned-soon'`);
    await connection.db.update(marketplaceStores).set({ banned: true }).where(sql`id = ${store!.id}`);
    await elsewhere.ready({ fresh: true });
    expect(await ids("q=vertrekker", elsewhere)).toEqual([]);
    // Unbanned, the store's listing comes back.
    await connection.db.update(marketplaceStores).set({ banned: false }).where(sql`id = ${store!.id}`);
    await elsewhere.ready({ fresh: true });
    expect(await ids("q=vertrekker", elsewhere)).toEqual([banned]);
  });

  it("reaches another process's index within 2 s without being told (publish, then sell)", async () => {
    const userId = await seller("twee-processen");
    const first = new MarketplaceIndex(connection.db);
    const second = new MarketplaceIndex(connection.db);
    await Promise.all([first.ready(), second.ready()]);
    const id = await publish(userId, { brand: "Tweelingen" });
    const within = async (index: MarketplaceIndex, found: boolean) => {
      const started = Date.now();
      while ((await ids("q=tweelingen", index)).includes(id) !== found) {
        if (Date.now() - started > 2000) throw new Error(`not ${found ? "found" : "gone"} within 2 s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await Promise.all([within(first, true), within(second, true)]);
    accepted(await changeListingState(userId, id, "mark-sold"));
    await Promise.all([within(first, false), within(second, false)]);
  });
});
