import { sql } from "drizzle-orm";
import { type Database, selectRows } from "../../platform/db/db.server";
import type { Locale } from "../../platform/i18n/locales";
import { logger } from "../../platform/logging/logger.server";
import { compareSizes, type ListingQuery, PAGE_SIZE } from "./listing-query";

/**
 * The listing index: per process, the few fields of every active product that filters, facets and sorts
 * need, in typed arrays. A listing (category page, search, API) is one pass over the candidate rows that
 * counts every facet disjunctively at once, then a walk of a presorted order for the page; no SQL.
 * It follows the database through the `catalog_changes` feed (see docs/decisions/0006-listing-index.md).
 */

export interface FacetValue {
  value: string;
  count: number;
}

export interface ListingFacets {
  category: FacetValue[];
  size: FacetValue[];
  colour: FacetValue[];
  brand: FacetValue[];
  length: FacetValue[];
  fit: FacetValue[];
  fabric: FacetValue[];
  /** Products with a discount, under every other selection. */
  discount: number;
  price: { minCents: number; maxCents: number } | null;
}

export interface ListingScope {
  /** The category and its descendants; null for the whole catalogue. */
  categoryIds: number[] | null;
  /** A search's matching products, best match first; absent when the listing is not a search. */
  matches?: number[];
}

export interface IndexedListing {
  /** The page's product ids, in order. */
  ids: number[];
  total: number;
  facets: ListingFacets;
}

/** Values interned to small integers, per facet. */
class Dictionary {
  readonly values: string[] = [];
  private readonly codes = new Map<string, number>();
  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.codes.set(value, code);
    }
    return code;
  }
  find(value: string): number | undefined {
    return this.codes.get(value);
  }
}

const NONE = 0xffff;
const SYNC_INTERVAL_MS = 1000;
/** More changes than this since the last look and a full reload is cheaper than one by one. */
const FULL_RELOAD_AFTER = 5000;

const attributeFacets = ["colour", "brand", "length", "fit", "fabric"] as const;
type AttributeFacet = (typeof attributeFacets)[number];
type OrderKey = Exclude<ListingQuery["sort"], "relevance" | "wishlisted">;

const FAIL = {
  category: 1,
  size: 2,
  colour: 4,
  brand: 8,
  length: 16,
  fit: 32,
  fabric: 64,
  price: 128,
  discount: 256,
} as const;

interface ProductRow {
  id: number;
  position: number;
  created: number;
  price_cents: number;
  discounted: boolean;
  colour: string;
  brand_code: string;
  length: string | null;
  fit: string | null;
  fabric: string | null;
  sizes: string[] | null;
  categories: number[] | null;
}

interface CategoryRow {
  id: number;
  parent_id: number | null;
  locale: Locale | null;
  slug: string | null;
}

/** The columns the index keeps, as SQL: one row per product, its sizes in stock and its categories. */
function productRows(where: ReturnType<typeof sql>) {
  return sql`
    select p.id, p.position, (extract(epoch from p.created_at) * 1000)::float8 as created, p.price_cents,
      p.original_price_cents is not null as discounted, p.colour,
      trim(both '-' from lower(regexp_replace(unaccent(p.brand), '[^A-Za-z0-9]+', '-', 'g'))) as brand_code,
      p.attributes ->> 'length' as length, p.attributes ->> 'fit' as fit, p.attributes ->> 'fabric' as fabric,
      (select array_agg(distinct lower(v.size)) from product_variants v where v.product_id = p.id and v.stock > 0) as sizes,
      (select array_agg(pc.category_id) from product_categories pc where pc.product_id = p.id) as categories
    from products p where p.is_active and ${where}`;
}

export class ListingIndex {
  private count = 0;
  private capacity = 0;
  private ids = new Int32Array(0);
  private alive = new Uint8Array(0);
  private position = new Int32Array(0);
  private created = new Float64Array(0);
  private price = new Int32Array(0);
  private discounted = new Uint8Array(0);
  private attributes = Object.fromEntries(attributeFacets.map((f) => [f, new Uint16Array(0)])) as Record<
    AttributeFacet,
    Uint16Array
  >;
  private sizes: Uint16Array[] = [];
  private categories: Int32Array[] = [];
  private readonly rowOf = new Map<number, number>();
  private readonly dictionaries = {
    size: new Dictionary(),
    colour: new Dictionary(),
    brand: new Dictionary(),
    length: new Dictionary(),
    fit: new Dictionary(),
    fabric: new Dictionary(),
  };
  private categoryParent = new Map<number, number | null>();
  private categorySlugs = new Map<number, Partial<Record<Locale, string>>>();
  private categoryBySlug = new Map<string, number>();

  private orders: Partial<Record<OrderKey, Int32Array>> = {};
  private scopes = new Map<string, Int32Array>();
  /** Per-query marks without clearing: a row passes when its stamp equals the query's. */
  private stamps = new Uint32Array(0);
  private stamp = 0;

  private lastChangeId = 0;
  private lastSync = 0;
  private syncing: Promise<void> | undefined;
  private loaded: Promise<void> | undefined;

  constructor(private readonly db: Database) {}

  /** Loads the index on first use and applies the change feed at most once a second. */
  async ready(options: { fresh?: boolean } = {}): Promise<void> {
    this.loaded ??= this.reload();
    await this.loaded;
    if (options.fresh || Date.now() - this.lastSync >= SYNC_INTERVAL_MS) await this.sync();
  }

  private async reload(): Promise<void> {
    const started = Date.now();
    const [mark] = await selectRows<{ id: number | null }>(
      this.db,
      sql`select max(id)::float8 as id from catalog_changes`,
    );
    const rows = await selectRows<ProductRow>(this.db, productRows(sql`true`));
    this.count = 0;
    this.rowOf.clear();
    this.grow(rows.length);
    for (const row of rows) this.put(row);
    await this.loadCategories();
    this.lastChangeId = Number(mark?.id ?? 0);
    this.lastSync = Date.now();
    this.orders = {};
    this.scopes.clear();
    logger.info({ products: rows.length, ms: Date.now() - started }, "listing index loaded");
  }

  /** Applies what changed since the last look: changed products one by one, or everything when many. */
  sync(): Promise<void> {
    this.syncing ??= (async () => {
      try {
        const changes = await selectRows<{ id: number; product_id: number | null }>(
          this.db,
          sql`select id::float8 as id, product_id from catalog_changes where id > ${this.lastChangeId} order by id limit ${FULL_RELOAD_AFTER + 1}`,
        );
        this.lastSync = Date.now();
        if (changes.length === 0) return;
        if (changes.length > FULL_RELOAD_AFTER) {
          await this.reload();
          return;
        }
        const productIds = [
          ...new Set(changes.flatMap((c) => (c.product_id === null ? [] : [c.product_id]))),
        ];
        if (changes.some((c) => c.product_id === null)) await this.loadCategories();
        if (productIds.length > 0) await this.refresh(productIds);
        this.lastChangeId = Number(changes[changes.length - 1]?.id ?? this.lastChangeId);
      } finally {
        this.syncing = undefined;
      }
    })();
    return this.syncing;
  }

  private async refresh(productIds: number[]): Promise<void> {
    const rows = await selectRows<ProductRow>(
      this.db,
      productRows(sql`p.id = any(${`{${productIds.join(",")}}`}::int[])`),
    );
    const found = new Set(rows.map((r) => r.id));
    for (const id of productIds) {
      const row = this.rowOf.get(id);
      if (row !== undefined && !found.has(id)) this.alive[row] = 0;
    }
    this.grow(this.count + rows.length);
    for (const row of rows) this.put(row);
    // Sort keys or memberships may have moved: orders and scopes are rebuilt on next use.
    this.orders = {};
    this.scopes.clear();
  }

  private async loadCategories(): Promise<void> {
    const rows = await selectRows<CategoryRow>(
      this.db,
      sql`select c.id, c.parent_id, t.locale, t.slug from categories c left join category_translations t on t.category_id = c.id`,
    );
    this.categoryParent = new Map();
    this.categorySlugs = new Map();
    this.categoryBySlug = new Map();
    for (const row of rows) {
      this.categoryParent.set(row.id, row.parent_id);
      if (!row.locale || !row.slug) continue;
      const slugs = this.categorySlugs.get(row.id) ?? {};
      slugs[row.locale] = row.slug;
      this.categorySlugs.set(row.id, slugs);
      this.categoryBySlug.set(`${row.locale}:${row.slug}`, row.id);
    }
    this.scopes.clear();
  }

  private grow(needed: number): void {
    if (needed <= this.capacity) return;
    const capacity = Math.max(needed, Math.ceil(this.capacity * 1.5), 64);
    const resize = <T extends Int32Array | Uint8Array | Uint16Array | Float64Array | Uint32Array>(
      from: T,
      make: (n: number) => T,
    ): T => {
      const to = make(capacity);
      to.set(from.subarray(0, this.count) as never);
      return to;
    };
    this.ids = resize(this.ids, (n) => new Int32Array(n));
    this.alive = resize(this.alive, (n) => new Uint8Array(n));
    this.position = resize(this.position, (n) => new Int32Array(n));
    this.created = resize(this.created, (n) => new Float64Array(n));
    this.price = resize(this.price, (n) => new Int32Array(n));
    this.discounted = resize(this.discounted, (n) => new Uint8Array(n));
    for (const facet of attributeFacets)
      this.attributes[facet] = resize(this.attributes[facet], (n) => new Uint16Array(n));
    this.stamps = new Uint32Array(capacity);
    this.stamp = 0;
    this.capacity = capacity;
  }

  private put(product: ProductRow): void {
    let row = this.rowOf.get(product.id);
    if (row === undefined) {
      row = this.count++;
      this.rowOf.set(product.id, row);
    }
    this.ids[row] = product.id;
    this.alive[row] = 1;
    this.position[row] = product.position;
    this.created[row] = Number(product.created);
    this.price[row] = product.price_cents;
    this.discounted[row] = product.discounted ? 1 : 0;
    const values: Record<AttributeFacet, string | null> = {
      colour: product.colour,
      brand: product.brand_code,
      length: product.length,
      fit: product.fit,
      fabric: product.fabric,
    };
    for (const facet of attributeFacets) {
      const value = values[facet];
      this.attributes[facet][row] = value ? this.dictionaries[facet].code(value) : NONE;
    }
    this.sizes[row] = Uint16Array.from(product.sizes ?? [], (s) => this.dictionaries.size.code(s));
    this.categories[row] = Int32Array.from(product.categories ?? []);
  }

  /** Rows of a category scope (any of the ids), cached until memberships change. */
  private scopeRows(categoryIds: number[]): Int32Array {
    const key = [...categoryIds].sort((a, b) => a - b).join(",");
    let rows = this.scopes.get(key);
    if (!rows) {
      const wanted = new Set(categoryIds);
      const found: number[] = [];
      for (let row = 0; row < this.count; row++) {
        const cats = this.categories[row] as Int32Array;
        for (let i = 0; i < cats.length; i++) {
          if (wanted.has(cats[i] as number)) {
            found.push(row);
            break;
          }
        }
      }
      rows = Int32Array.from(found);
      if (this.scopes.size > 500) this.scopes.clear();
      this.scopes.set(key, rows);
    }
    return rows;
  }

  /** The category and all of its descendants, by slug in a locale; null when the slug is unknown. */
  categoryScope(locale: Locale, slug: string): number[] | null {
    const root = this.categoryBySlug.get(`${locale}:${slug}`);
    if (root === undefined) return null;
    const ids = [root];
    for (let i = 0; i < ids.length; i++)
      for (const [id, parent] of this.categoryParent) if (parent === ids[i]) ids.push(id);
    return ids;
  }

  private order(key: OrderKey): Int32Array {
    let order = this.orders[key];
    if (!order) {
      const rows = Int32Array.from({ length: this.count }, (_, i) => i);
      const { position, ids, price, created } = this;
      const byPosition = (a: number, b: number) =>
        (position[a] as number) - (position[b] as number) || (ids[a] as number) - (ids[b] as number);
      const compare: Record<OrderKey, (a: number, b: number) => number> = {
        position: byPosition,
        newest: (a, b) =>
          (created[b] as number) - (created[a] as number) || (ids[a] as number) - (ids[b] as number),
        price_asc: (a, b) => (price[a] as number) - (price[b] as number) || byPosition(a, b),
        price_desc: (a, b) => (price[b] as number) - (price[a] as number) || byPosition(a, b),
      };
      order = rows.sort(compare[key]);
      this.orders[key] = order;
    }
    return order;
  }

  /** One page of a listing with its disjunctive facet counts. */
  list(locale: Locale, query: ListingQuery, scope: ListingScope): IndexedListing {
    const f = query.filters;
    const selection = <F extends AttributeFacet | "size">(facet: F) => {
      if (f[facet].length === 0) return null;
      const chosen = new Uint8Array(this.dictionaries[facet].values.length + 1);
      for (const value of f[facet]) {
        const code = this.dictionaries[facet].find(value);
        if (code !== undefined) chosen[code] = 1;
      }
      return chosen;
    };
    const sizeChosen = selection("size");
    const attributeChosen = attributeFacets.map((facet) => selection(facet));
    const categoryChosen = f.category.length
      ? new Set(f.category.flatMap((slug) => this.categoryBySlug.get(`${locale}:${slug}`) ?? []))
      : null;
    const { priceMinCents: min, priceMaxCents: max, discountOnly } = query;

    const counts = {
      size: new Uint32Array(this.dictionaries.size.values.length),
      attributes: attributeFacets.map((facet) => new Uint32Array(this.dictionaries[facet].values.length)),
      category: new Map<number, number>(),
    };
    let discount = 0;
    let priceMin = Number.POSITIVE_INFINITY;
    let priceMax = Number.NEGATIVE_INFINITY;
    let total = 0;
    const stamp = this.nextStamp();

    const countCategories = (row: number) => {
      const cats = this.categories[row] as Int32Array;
      for (let i = 0; i < cats.length; i++) {
        const id = cats[i] as number;
        counts.category.set(id, (counts.category.get(id) ?? 0) + 1);
      }
    };
    const countSizes = (row: number) => {
      const sizes = this.sizes[row] as Uint16Array;
      for (let i = 0; i < sizes.length; i++) (counts.size[sizes[i] as number] as number)++;
    };

    const visit = (row: number) => {
      if (!this.alive[row]) return;
      let fail = 0;
      if (categoryChosen) {
        const cats = this.categories[row] as Int32Array;
        let hit = false;
        for (let i = 0; i < cats.length && !hit; i++) hit = categoryChosen.has(cats[i] as number);
        if (!hit) fail |= FAIL.category;
      }
      if (sizeChosen) {
        const sizes = this.sizes[row] as Uint16Array;
        let hit = false;
        for (let i = 0; i < sizes.length && !hit; i++) hit = sizeChosen[sizes[i] as number] === 1;
        if (!hit) fail |= FAIL.size;
      }
      for (let a = 0; a < attributeFacets.length; a++) {
        const chosen = attributeChosen[a];
        if (chosen) {
          const code = (this.attributes[attributeFacets[a] as AttributeFacet] as Uint16Array)[row] as number;
          if (code === NONE || chosen[code] !== 1) fail |= FAIL[attributeFacets[a] as AttributeFacet];
        }
      }
      const cents = this.price[row] as number;
      if ((min !== undefined && cents < min) || (max !== undefined && cents > max)) fail |= FAIL.price;
      if (discountOnly && !this.discounted[row]) fail |= FAIL.discount;
      // A row counts for a facet when it passes every other facet: all of them when it passes everything,
      // only the one it fails when it fails exactly one, none otherwise.
      if (fail !== 0 && (fail & (fail - 1)) !== 0) return;
      if (fail === 0) {
        total++;
        this.stamps[row] = stamp;
      }
      if (fail === 0 || fail === FAIL.category) countCategories(row);
      if (fail === 0 || fail === FAIL.size) countSizes(row);
      for (let a = 0; a < attributeFacets.length; a++) {
        const facet = attributeFacets[a] as AttributeFacet;
        if (fail === 0 || fail === FAIL[facet]) {
          const code = (this.attributes[facet] as Uint16Array)[row] as number;
          if (code !== NONE) ((counts.attributes[a] as Uint32Array)[code] as number)++;
        }
      }
      if (fail === 0 || fail === FAIL.price) {
        if (cents < priceMin) priceMin = cents;
        if (cents > priceMax) priceMax = cents;
      }
      if ((fail === 0 || fail === FAIL.discount) && this.discounted[row]) discount++;
    };

    const scopeRows = scope.categoryIds ? this.scopeRows(scope.categoryIds) : null;
    let matchRows: number[] | null = null;
    if (scope.matches) {
      let inScope: Uint8Array | null = null;
      if (scopeRows) {
        inScope = new Uint8Array(this.count);
        for (const row of scopeRows) inScope[row] = 1;
      }
      matchRows = [];
      for (const id of scope.matches) {
        const row = this.rowOf.get(id);
        if (row !== undefined && (!inScope || inScope[row])) matchRows.push(row);
      }
      for (const row of matchRows) visit(row);
    } else if (scopeRows) {
      for (let i = 0; i < scopeRows.length; i++) visit(scopeRows[i] as number);
    } else {
      for (let row = 0; row < this.count; row++) visit(row);
    }

    // The page: walk the matches (relevance) or the presorted order, keeping the rows that passed.
    const skip = (query.page - 1) * PAGE_SIZE;
    const ids: number[] = [];
    let seen = 0;
    const take = (row: number) => {
      if (this.stamps[row] !== stamp) return false;
      if (seen++ >= skip) ids.push(this.ids[row] as number);
      return ids.length >= PAGE_SIZE;
    };
    if (query.sort === "relevance" && matchRows) {
      for (const row of matchRows) if (take(row)) break;
    } else {
      const key: OrderKey =
        query.sort === "relevance" || query.sort === "wishlisted" ? "position" : query.sort;
      // Wishlists arrive with the checkout issue; until then every count is 0 and popularity decides.
      const order = this.order(key);
      for (let i = 0; i < order.length; i++) if (take(order[i] as number)) break;
    }

    const facetValues = (values: string[], tally: Uint32Array) =>
      values.flatMap((value, code) => (tally[code] ? [{ value, count: tally[code] as number }] : []));
    const byValue = (a: FacetValue, b: FacetValue) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
    const attributeValues = Object.fromEntries(
      attributeFacets.map((facet, a) => [
        facet,
        facetValues(this.dictionaries[facet].values, counts.attributes[a] as Uint32Array).sort(byValue),
      ]),
    ) as Record<AttributeFacet, FacetValue[]>;
    return {
      ids,
      total,
      facets: {
        ...attributeValues,
        size: facetValues(this.dictionaries.size.values, counts.size).sort((a, b) =>
          compareSizes(a.value, b.value),
        ),
        category: [...counts.category]
          .flatMap(([id, count]) => {
            const slug = this.categorySlugs.get(id)?.[locale];
            return slug ? [{ value: slug, count }] : [];
          })
          .sort(byValue),
        discount,
        price: this.priceRange(priceMin, priceMax),
      },
    };
  }

  private priceRange(min: number, max: number) {
    return Number.isFinite(min) && Number.isFinite(max) ? { minCents: min, maxCents: max } : null;
  }

  private nextStamp(): number {
    this.stamp = (this.stamp + 1) >>> 0;
    if (this.stamp === 0) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }
}

const indexes = new WeakMap<Database, ListingIndex>();

/** The listing index of a database handle (one per process and database). */
export function listingIndex(db: Database): ListingIndex {
  let index = indexes.get(db);
  if (!index) {
    index = new ListingIndex(db);
    indexes.set(db, index);
  }
  return index;
}
