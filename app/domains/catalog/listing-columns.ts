import type { Locale } from "../../platform/i18n/locales";
import type { ListingQuery } from "./listing-query";

/**
 * The listing index's columns: the few fields of every active product that filters, facets and sorts need,
 * in typed arrays, one row per product, with what is derived from them (sorted orders, category scopes,
 * packed sizes and categories) rebuilt on next use after a change. `listing-pass.ts` reads them for a page;
 * `listing-index.server.ts` fills them from the database.
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
export class Dictionary {
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

export const NONE = 0xffff;
export const attributeFacets = ["colour", "brand", "length", "fit", "fabric"] as const;
export type AttributeFacet = (typeof attributeFacets)[number];
export type OrderKey = Exclude<ListingQuery["sort"], "relevance" | "wishlisted">;

export const FAIL = {
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

export interface ProductRow {
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

export interface CategoryRow {
  id: number;
  parent_id: number | null;
  locale: Locale | null;
  slug: string | null;
}

/** What a changed product moved: the sorted orders, the packed sizes and categories, the category scopes. */
export const DIRTY = { order: 1, packing: 2, scopes: 4 } as const;

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export class ListingColumns {
  count = 0;
  private capacity = 0;
  ids = new Int32Array(0);
  alive = new Uint8Array(0);
  position = new Int32Array(0);
  created = new Float64Array(0);
  price = new Int32Array(0);
  discounted = new Uint8Array(0);
  attributes = Object.fromEntries(attributeFacets.map((f) => [f, new Uint16Array(0)])) as Record<
    AttributeFacet,
    Uint16Array
  >;
  sizes: number[][] = [];
  categories: number[][] = [];
  /** `sizes` and `categories` packed into flat arrays (row r: start[r] … start[r + 1]); rebuilt after changes. */
  packed: {
    sizeStart: Int32Array;
    size: Uint16Array;
    categoryStart: Int32Array;
    category: Int32Array;
  } | null = null;
  maxCategoryId = 0;
  /**
   * Row of each product id (-1: none), a dense array rather than a Map: a search hands `list` thousands
   * of ids, and a Map lookup each cost more than the whole facet pass.
   */
  rowById = new Int32Array(0).fill(-1);
  readonly dictionaries = {
    size: new Dictionary(),
    colour: new Dictionary(),
    brand: new Dictionary(),
    length: new Dictionary(),
    fit: new Dictionary(),
    fabric: new Dictionary(),
  };
  categoryParent = new Map<number, number | null>();
  categorySlugs = new Map<number, Partial<Record<Locale, string>>>();
  categoryBySlug = new Map<string, number>();

  /** Each sort's rows in order, and each row's place in it (`rank[row]`), built on first use. */
  orders: Partial<Record<OrderKey, { rows: Int32Array; rank: Int32Array }>> = {};
  scopes = new Map<string, Int32Array>();
  /** Per-query marks without clearing: a row passes when its stamp equals the query's. */
  stamps = new Uint32Array(0);
  /** Scratch for a query's passing rows (`listPage`), as long as the rows. */
  passed = new Int32Array(0);
  stamp = 0;
  /** Scratch bitset for `inRowOrder`, all 0 between calls. */
  marks = new Uint32Array(0);

  grow(needed: number): void {
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
    this.passed = new Int32Array(capacity);
    this.stamp = 0;
    this.capacity = capacity;
  }

  /**
   * Writes a product into its row (a new one for a new product); answers what it moved (DIRTY flags), so a
   * stock change that leaves the sizes in stock alone rebuilds nothing.
   */
  put(product: ProductRow): number {
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
  scopeRows(categoryIds: number[]): Int32Array {
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

  rowOf(id: number): number | undefined {
    const row = id >= 0 && id < this.rowById.length ? (this.rowById[id] as number) : -1;
    return row < 0 ? undefined : row;
  }

  /** Whether a product is listed (active), by id. */
  has(id: number): boolean {
    const row = this.rowOf(id);
    return row !== undefined && this.alive[row] === 1;
  }

  /** The rows in a sort's order. */
  order(key: OrderKey): Int32Array {
    return this.sorted(key).rows;
  }

  /** Each row's place in a sort's order: `order(key)[rank(key)[row]] === row`. */
  rank(key: OrderKey): Int32Array {
    return this.sorted(key).rank;
  }

  private sorted(key: OrderKey): { rows: Int32Array; rank: Int32Array } {
    let sorted = this.orders[key];
    if (!sorted) {
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
      rows.sort(compare[key]);
      const rank = new Int32Array(this.count);
      for (let i = 0; i < rows.length; i++) rank[rows[i] as number] = i;
      sorted = { rows, rank };
      this.orders[key] = sorted;
    }
    return sorted;
  }

  all: Int32Array | null = null;
  allRows(): Int32Array {
    if (!this.all || this.all.length !== this.count)
      this.all = Int32Array.from({ length: this.count }, (_, i) => i);
    return this.all;
  }

  pack() {
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

  /**
   * The same rows (once each) in ascending order: set in a bitset, then read back word by word, skipping
   * empty words (cheaper than sorting, and than a sweep over every row).
   */
  inRowOrder(rows: Int32Array): Int32Array {
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

  priceRange(min: number, max: number) {
    return Number.isFinite(min) && Number.isFinite(max) ? { minCents: min, maxCents: max } : null;
  }

  nextStamp(): number {
    this.stamp = (this.stamp + 1) >>> 0;
    if (this.stamp === 0) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }
  /** Forgets every row (a full load follows). */
  clear(): void {
    this.count = 0;
    this.rowById.fill(-1);
  }

  /** What was built from the rows goes with them, before a request can meet the two together. */
  rebuildAll(): void {
    this.orders = {};
    this.scopes.clear();
    this.packed = null;
  }

  /** Only what `dirty` (DIRTY flags) says moved is rebuilt on next use. */
  rebuild(dirty: number): void {
    if (dirty & DIRTY.order) this.orders = {};
    if (dirty & DIRTY.scopes) this.scopes.clear();
    if (dirty & DIRTY.packing) this.packed = null;
  }

  /** Products that are no longer listed (inactive, deleted) stay as dead rows until the next full load. */
  drop(id: number): void {
    const row = this.rowOf(id);
    if (row !== undefined) this.alive[row] = 0;
  }

  /** Replaces the category tree: parents, and slugs per locale. */
  setCategories(rows: readonly CategoryRow[]): void {
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
}
