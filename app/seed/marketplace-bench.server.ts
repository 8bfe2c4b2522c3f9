// The benchmark marketplace (`SEED=bench:<products>:<listings>`, docs/decisions/0052): `listings` published
// listings from one store per ten listings, written in bulk so 100 000 take well under a few minutes.
// Sellers and stores are made by generate_series in PostgreSQL; listings are generated here (the demo seed's
// garments, in the stores' four languages) and inserted 5 000 a statement from one JSON parameter
// (json_to_recordset), so no statement nears PostgreSQL's limit of bind parameters.
import { sql } from "drizzle-orm";
import { type Database, selectRows } from "../platform/db/db.server";
import type { Locale } from "../platform/i18n/locales";
import type { ImageSpec } from "./images.server";
import { listingRow } from "./marketplace.server";
import { Random } from "./random";

const LISTINGS_PER_STORE = 10;
const BATCH = 5000;

/** Seeds `listings` published listings from `listings / 10` new stores; answers the time it took. */
export async function seedBenchMarketplace(
  db: Database,
  options: { listings: number; seed?: number; now?: Date },
): Promise<{ stores: number; listings: number; ms: number }> {
  const started = Date.now();
  const rng = new Random(options.seed ?? 52);
  const now = options.now ?? new Date();
  const stores = Math.max(1, Math.ceil(options.listings / LISTINGS_PER_STORE));
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into "user" (name, email, first_name, last_name, locale, email_verified)
      select 'Bench seller ' || g, 'bench-seller-' || g || '@bench.loomandlabel.test', 'Bench', 'Seller ' || g,
        (array['nl','nl','fr','es','en'])[1 + g % 5], true
      from generate_series(1, ${stores}) g`);
    await tx.execute(sql`
      insert into marketplace_stores (user_id, handle, name, country, language, followers, views)
      select u.id, 'bench-' || n, 'Bench store ' || n,
        (array['NL','NL','FR','ES','BE'])[1 + n % 5], (array['nl','nl','fr','es','en'])[1 + n % 5],
        (n * 37) % 400, (n * 131) % 6000
      from (select id, substring(email from 'bench-seller-(\\d+)@')::int as n from "user"
            where email like 'bench-seller-%@bench.loomandlabel.test') u`);
    const storeRows = await selectRows<{ id: number; language: string }>(
      tx,
      sql`select id, language from marketplace_stores where handle like 'bench-%' order by id`,
    );
    const images = new Map<string, ImageSpec>();
    for (let from = 0; from < options.listings; from += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, options.listings - from) }, (_, i) => {
        // Ten listings per store, each in its store's language (a listing is written in its store's).
        const store = storeRows[(from + i) % storeRows.length] as (typeof storeRows)[number];
        const row = listingRow(rng, store.language as Locale, now, images);
        return { ...row, storeId: store.id, state: "published" };
      });
      const json = rows.map((r) => ({
        store_id: r.storeId,
        title: r.title,
        description: r.description,
        category: r.category,
        size: r.size,
        colour: r.colour,
        brand: r.brand,
        condition: r.condition,
        material: r.material,
        price_cents: r.priceCents,
        original_price_cents: r.originalPriceCents,
        language: r.language,
        photos: r.photos,
        state: r.state,
        search_text: r.searchText,
        wishlist_count: r.wishlistCount,
        times_watched: r.timesWatched,
        published_at: r.createdAt.toISOString(),
      }));
      await tx.execute(sql`
        insert into marketplace_listings (store_id, title, description, category, size, colour, brand,
          condition, material, price_cents, original_price_cents, language, photos, state, search_text,
          wishlist_count, times_watched, created_at, published_at)
        select store_id, title, description, category, size, colour, brand, condition, material, price_cents,
          original_price_cents, language, photos, state, search_text, wishlist_count, times_watched,
          published_at, published_at
        from json_to_recordset(${JSON.stringify(json)}::json) as r(store_id int, title text, description text,
          category text, size text, colour text, brand text, condition text, material text, price_cents int,
          original_price_cents int, language text, photos jsonb, state text, search_text text,
          wishlist_count int, times_watched int, published_at timestamptz)`);
    }
    // The feed rows of the seed's own inserts: a process loads everything on start anyway.
    await tx.execute(sql`delete from marketplace_changes`);
  });
  return { stores, listings: options.listings, ms: Date.now() - started };
}
