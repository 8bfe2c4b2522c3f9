import { sql } from "drizzle-orm";
import { type Database, selectRows } from "../../platform/db/db.server";
import type { Locale } from "../../platform/i18n/locales";
import { logger } from "../../platform/logging/logger.server";
import { ChangeFeed } from "./change-feed.server";
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
      (select array_agg(pc.category_id order by pc.category_id) from product_categories pc where pc.product_id = p.id) as categories
    from products p where p.is_active and ${where}`;
}

/** What a changed product moved: the sorted orders, the packed sizes and categories, the category scopes. */
const DIRTY = { order: 1, packing: 2, scopes: 4 } as const;

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
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
  private sizes: number[][] = [];
  private categories: number[][] = [];
  /** `sizes` and `categories` packed into flat arrays (row r: start[r] … start[r + 1]); rebuilt after changes. */
  private packed: {
    sizeStart: Int32Array;
    size: Uint16Array;
    categoryStart: Int32Array;
    category: Int32Array;
  } | null = null;
  private maxCategoryId = 0;
  /**
   * Row of each product id (-1: none), a dense array rather than a Map: a search hands `list` thousands
   * of ids, and a Map lookup each cost more than the whole facet pass.
   */
  private rowById = new Int32Array(0).fill(-1);
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
  /** Scratch bitset for `inRowOrder`, all 0 between calls. */
  private marks = new Uint32Array(0);

  private readonly feed: ChangeFeed;
  private lastSync = 0;
  private syncing: Promise<void> | undefined;
  private loaded: Promise<void> | undefined;

  private readonly changeListeners: ((productIds: readonly number[] | null) => void)[] = [];

  constructor(private readonly db: Database) {
    this.feed = new ChangeFeed(db);
  }

  /**
   * Calls `listener` whenever the index takes in changed products (their ids), or reloads everything
   * (null): whatever a process keeps about products beside the index can drop it at the same moment.
   */
  onChange(listener: (productIds: readonly number[] | null) => void): void {
    this.changeListeners.push(listener);
  }

  private changed(productIds: readonly number[] | null): void {
    for (const listener of this.changeListeners) listener(productIds);
  }

  /** Loads the index on first use and applies the change feed at most once a second. */
  async ready(options: { fresh?: boolean } = {}): Promise<void> {
    this.loaded ??= this.reload();
    await this.loaded;
    if (options.fresh || Date.now() - this.lastSync >= SYNC_INTERVAL_MS) await this.sync();
  }

  private async reload(): Promise<void> {
    const started = Date.now();
    const mark = await this.feed.now();
    const rows = await selectRows<ProductRow>(this.db, productRows(sql`true`));
    this.count = 0;
    this.rowById.fill(-1);
    this.grow(rows.length);
    for (const row of rows) this.put(row);
    // What was built from the old rows goes with them, before a request can meet the two together.
    this.orders = {};
    this.scopes.clear();
    this.packed = null;
    await this.loadCategories();
    this.feed.advance(mark);
    this.lastSync = Date.now();
    this.changed(null);
    logger.info({ products: rows.length, ms: Date.now() - started }, "listing index loaded");
  }

  /** Applies what changed since the last look: changed products one by one, or everything when many. */
  sync(): Promise<void> {
    this.syncing ??= (async () => {
      try {
        const batch = await this.feed.read(FULL_RELOAD_AFTER);
        this.lastSync = Date.now();
        if (batch.read.length > FULL_RELOAD_AFTER) return await this.reload();
        if (batch.categories) await this.loadCategories();
        if (batch.productIds.length > 0) await this.refresh(batch.productIds);
        this.feed.advance(batch);
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
      const row = this.rowOf(id);
      if (row !== undefined && !found.has(id)) this.alive[row] = 0;
    }
    this.grow(this.count + rows.length);
    let dirty = 0;
    for (const row of rows) dirty |= this.put(row);
    // Only what moved is rebuilt on next use: an order that sells a unit of a size still in stock
    // (most of them) leaves the sorted orders, the category scopes and the packed sizes as they are.
    if (dirty & DIRTY.order) this.orders = {};
    if (dirty & DIRTY.scopes) this.scopes.clear();
    if (dirty & DIRTY.packing) this.packed = null;
    this.changed(productIds);
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

  /**
   * Writes a product into its row (a new one for a new product); answers what it moved (DIRTY flags), so a
   * stock change that leaves the sizes in stock alone rebuilds nothing.
   */
  private put(product: ProductRow): number {
    let dirty = 0;
    let row = this.rowOf(product.id);
    if (row === undefined) {
      row = this.count++;
      if (product.id >= this.rowById.length) {
        const grown = new Int32Array(Math.max(product.id + 1, Math.ceil(this.rowById.length * 1.5), 1024));
        grown.fill(-1);
        grown.set(this.rowById);
        this.rowById = grown;
      }
      this.rowById[product.id] = row;
      this.sizes[row] = [];
      this.categories[row] = [];
      dirty = DIRTY.order | DIRTY.packing | DIRTY.scopes;
    }
    const created = Number(product.created);
    if (
      this.position[row] !== product.position ||
      this.created[row] !== created ||
      this.price[row] !== product.price_cents
    )
      dirty |= DIRTY.order;
    this.ids[row] = product.id;
    this.alive[row] = 1;
    this.position[row] = product.position;
    this.created[row] = created;
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
    const sizes = (product.sizes ?? []).map((s) => this.dictionaries.size.code(s));
    const categories = product.categories ?? [];
    if (!sameNumbers(this.sizes[row] as number[], sizes)) dirty |= DIRTY.packing;
    if (!sameNumbers(this.categories[row] as number[], categories)) dirty |= DIRTY.packing | DIRTY.scopes;
    this.sizes[row] = sizes;
    this.categories[row] = categories;
    for (const id of categories) if (id > this.maxCategoryId) this.maxCategoryId = id;
    return dirty;
  }

  /** Rows of a category scope (any of the ids), cached until memberships change. */
  private scopeRows(categoryIds: number[]): Int32Array {
    const key = [...categoryIds].sort((a, b) => a - b).join(",");
    let rows = this.scopes.get(key);
    if (!rows) {
      const wanted = new Set(categoryIds);
      const found: number[] = [];
      for (let row = 0; row < this.count; row++) {
        const cats = this.categories[row] as number[];
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

  /**
   * The ids of the first `limit` products of a sort (optionally within a category scope), skipping `except`:
   * a shelf ("new in") or a photo for a category, without the facet pass of `list`.
   */
  first(
    key: OrderKey,
    limit: number,
    options: { categoryIds?: number[] | null; except?: ReadonlySet<number> } = {},
  ): number[] {
    const ids: number[] = [];
    if (limit <= 0) return ids;
    let inScope: Uint8Array | null = null;
    if (options.categoryIds) {
      inScope = new Uint8Array(this.count);
      for (const row of this.scopeRows(options.categoryIds)) inScope[row] = 1;
    }
    const order = this.order(key);
    for (let i = 0; i < order.length && ids.length < limit; i++) {
      const row = order[i] as number;
      if (this.alive[row] === 0 || (inScope && inScope[row] === 0)) continue;
      const id = this.ids[row] as number;
      if (!options.except?.has(id)) ids.push(id);
    }
    return ids;
  }

  private rowOf(id: number): number | undefined {
    const row = id >= 0 && id < this.rowById.length ? (this.rowById[id] as number) : -1;
    return row < 0 ? undefined : row;
  }

  /** Whether a product is listed (active), by id. */
  has(id: number): boolean {
    const row = this.rowOf(id);
    return row !== undefined && this.alive[row] === 1;
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

  private all: Int32Array | null = null;
  private allRows(): Int32Array {
    if (!this.all || this.all.length !== this.count)
      this.all = Int32Array.from({ length: this.count }, (_, i) => i);
    return this.all;
  }

  private pack() {
    if (this.packed) return this.packed;
    const pack = (lists: number[][], make: (n: number) => Int32Array | Uint16Array) => {
      const start = new Int32Array(this.count + 1);
      let n = 0;
      for (let row = 0; row < this.count; row++) {
        start[row] = n;
        n += (lists[row] as number[]).length;
      }
      start[this.count] = n;
      const values = make(n);
      for (let row = 0; row < this.count; row++) values.set(lists[row] as number[], start[row] as number);
      return { start, values };
    };
    const sizes = pack(this.sizes, (n) => new Uint16Array(n));
    const categories = pack(this.categories, (n) => new Int32Array(n));
    this.packed = {
      sizeStart: sizes.start,
      size: sizes.values as Uint16Array,
      categoryStart: categories.start,
      category: categories.values as Int32Array,
    };
    return this.packed;
  }

  /** One page of a listing with its disjunctive facet counts. */
  list(locale: Locale, query: ListingQuery, scope: ListingScope): IndexedListing {
    const f = query.filters;
    const { sizeStart, size, categoryStart, category } = this.pack();
    const chosenOf = (dictionary: Dictionary, values: string[]) => {
      if (values.length === 0) return null;
      const chosen = new Uint8Array(dictionary.values.length + 1);
      for (const value of values) {
        const code = dictionary.find(value);
        if (code !== undefined) chosen[code] = 1;
      }
      return chosen;
    };
    const sizeChosen = chosenOf(this.dictionaries.size, f.size);
    let categoryChosen: Uint8Array | null = null;
    if (f.category.length) {
      categoryChosen = new Uint8Array(this.maxCategoryId + 1);
      for (const slug of f.category) {
        const id = this.categoryBySlug.get(`${locale}:${slug}`);
        if (id !== undefined && id <= this.maxCategoryId) categoryChosen[id] = 1;
      }
    }
    // The five single-valued facets, unrolled into locals for the hot loop.
    const [colourA, brandA, lengthA, fitA, fabricA] = attributeFacets.map((a) => this.attributes[a]) as [
      Uint16Array,
      Uint16Array,
      Uint16Array,
      Uint16Array,
      Uint16Array,
    ];
    const [colourC, brandC, lengthC, fitC, fabricC] = attributeFacets.map((a) =>
      chosenOf(this.dictionaries[a], f[a]),
    );
    const [colourN, brandN, lengthN, fitN, fabricN] = attributeFacets.map(
      (a) => new Uint32Array(this.dictionaries[a].values.length + 1),
    ) as [Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array];
    const sizeN = new Uint32Array(this.dictionaries.size.values.length + 1);
    const categoryN = new Uint32Array(this.maxCategoryId + 1);
    const min = query.priceMinCents ?? Number.NEGATIVE_INFINITY;
    const max = query.priceMaxCents ?? Number.POSITIVE_INFINITY;
    const discountOnly = query.discountOnly;
    const { alive, price, discounted, stamps } = this;
    const stamp = this.nextStamp();
    let discount = 0;
    let priceMin = Number.POSITIVE_INFINITY;
    let priceMax = Number.NEGATIVE_INFINITY;
    let total = 0;

    const scopeRows = scope.categoryIds ? this.scopeRows(scope.categoryIds) : null;
    let matchRows: Int32Array | null = null;
    if (scope.matches) {
      let inScope: Uint8Array | null = null;
      if (scopeRows) {
        inScope = new Uint8Array(this.count);
        for (const row of scopeRows) inScope[row] = 1;
      }
      const found: number[] = [];
      for (const id of scope.matches) {
        const row = this.rowOf(id);
        if (row !== undefined && (!inScope || inScope[row])) found.push(row);
      }
      matchRows = Int32Array.from(found);
    }
    // The facet pass reads a dozen arrays per row: in row order (not the matches' relevance order) those
    // reads stream through memory instead of missing the cache on every row, several times faster.
    const candidates = matchRows ? this.inRowOrder(matchRows) : (scopeRows ?? this.allRows());

    // One pass, inlined (this loop is the hot path of every listing).
    for (let k = 0; k < candidates.length; k++) {
      const row = candidates[k] as number;
      if (alive[row] === 0) continue;
      let fail = 0;
      const c0 = categoryStart[row] as number;
      const c1 = categoryStart[row + 1] as number;
      const s0 = sizeStart[row] as number;
      const s1 = sizeStart[row + 1] as number;
      if (categoryChosen) {
        let hit = 0;
        for (let i = c0; i < c1 && hit === 0; i++) hit = categoryChosen[category[i] as number] as number;
        if (hit === 0) fail |= FAIL.category;
      }
      if (sizeChosen) {
        let hit = 0;
        for (let i = s0; i < s1 && hit === 0; i++) hit = sizeChosen[size[i] as number] as number;
        if (hit === 0) fail |= FAIL.size;
      }
      const colour = colourA[row] as number;
      const brand = brandA[row] as number;
      const length = lengthA[row] as number;
      const fit = fitA[row] as number;
      const fabric = fabricA[row] as number;
      if (colourC && (colour === NONE || colourC[colour] !== 1)) fail |= FAIL.colour;
      if (brandC && (brand === NONE || brandC[brand] !== 1)) fail |= FAIL.brand;
      if (lengthC && (length === NONE || lengthC[length] !== 1)) fail |= FAIL.length;
      if (fitC && (fit === NONE || fitC[fit] !== 1)) fail |= FAIL.fit;
      if (fabricC && (fabric === NONE || fabricC[fabric] !== 1)) fail |= FAIL.fabric;
      const cents = price[row] as number;
      if (cents < min || cents > max) fail |= FAIL.price;
      const isDiscounted = discounted[row] === 1;
      if (discountOnly && !isDiscounted) fail |= FAIL.discount;
      // A row counts for a facet when it passes every other facet: all of them when it passes everything,
      // only the one it fails when it fails exactly one, none otherwise.
      if (fail !== 0 && (fail & (fail - 1)) !== 0) continue;
      if (fail === 0) {
        total++;
        stamps[row] = stamp;
      }
      if (fail === 0 || fail === FAIL.category)
        for (let i = c0; i < c1; i++) (categoryN[category[i] as number] as number)++;
      if (fail === 0 || fail === FAIL.size)
        for (let i = s0; i < s1; i++) (sizeN[size[i] as number] as number)++;
      if (colour !== NONE && (fail === 0 || fail === FAIL.colour)) (colourN[colour] as number)++;
      if (brand !== NONE && (fail === 0 || fail === FAIL.brand)) (brandN[brand] as number)++;
      if (length !== NONE && (fail === 0 || fail === FAIL.length)) (lengthN[length] as number)++;
      if (fit !== NONE && (fail === 0 || fail === FAIL.fit)) (fitN[fit] as number)++;
      if (fabric !== NONE && (fail === 0 || fail === FAIL.fabric)) (fabricN[fabric] as number)++;
      if (fail === 0 || fail === FAIL.price) {
        if (cents < priceMin) priceMin = cents;
        if (cents > priceMax) priceMax = cents;
      }
      if (isDiscounted && (fail === 0 || fail === FAIL.discount)) discount++;
    }

    // The page: walk the matches (relevance) or the presorted order, keeping the rows that passed.
    const skip = (query.page - 1) * PAGE_SIZE;
    const ids: number[] = [];
    let seen = 0;
    const take = (row: number) => {
      if (stamps[row] !== stamp) return false;
      if (seen++ >= skip) ids.push(this.ids[row] as number);
      return ids.length >= PAGE_SIZE;
    };
    if (query.sort === "relevance" && matchRows) {
      for (let i = 0; i < matchRows.length; i++) if (take(matchRows[i] as number)) break;
    } else {
      // Wishlists arrive with the checkout issue; until then every count is 0 and popularity decides.
      const key: OrderKey =
        query.sort === "relevance" || query.sort === "wishlisted" ? "position" : query.sort;
      const order = this.order(key);
      for (let i = 0; i < order.length; i++) if (take(order[i] as number)) break;
    }

    const facetValues = (values: string[], tally: Uint32Array) =>
      values.flatMap((value, code) => (tally[code] ? [{ value, count: tally[code] as number }] : []));
    const byValue = (a: FacetValue, b: FacetValue) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
    const tallies = { colour: colourN, brand: brandN, length: lengthN, fit: fitN, fabric: fabricN };
    const attributeValues = Object.fromEntries(
      attributeFacets.map((facet) => [
        facet,
        facetValues(this.dictionaries[facet].values, tallies[facet]).sort(byValue),
      ]),
    ) as Record<AttributeFacet, FacetValue[]>;
    const categoryValues: FacetValue[] = [];
    for (let id = 0; id < categoryN.length; id++) {
      const slug = categoryN[id] ? this.categorySlugs.get(id)?.[locale] : undefined;
      if (slug) categoryValues.push({ value: slug, count: categoryN[id] as number });
    }
    return {
      ids,
      total,
      facets: {
        ...attributeValues,
        size: facetValues(this.dictionaries.size.values, sizeN).sort((a, b) =>
          compareSizes(a.value, b.value),
        ),
        category: categoryValues.sort(byValue),
        discount,
        price: this.priceRange(priceMin, priceMax),
      },
    };
  }

  /**
   * The same rows (once each) in ascending order: set in a bitset, then read back word by word, skipping
   * empty words (cheaper than sorting, and than a sweep over every row).
   */
  private inRowOrder(rows: Int32Array): Int32Array {
    const words = (this.count >>> 5) + 1;
    if (this.marks.length < words) this.marks = new Uint32Array(words + (words >>> 1));
    const marks = this.marks;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] as number;
      marks[row >>> 5] = (marks[row >>> 5] as number) | (1 << (row & 31));
    }
    const ordered = new Int32Array(rows.length);
    let n = 0;
    for (let w = 0; w < words; w++) {
      let word = marks[w] as number;
      if (word === 0) continue;
      marks[w] = 0;
      while (word !== 0) {
        const low = word & -word;
        ordered[n++] = (w << 5) | (31 - Math.clz32(low));
        word ^= low;
      }
    }
    return n === rows.length ? ordered : ordered.subarray(0, n);
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
