import { sql } from "drizzle-orm";
import { type FeedBatch, FeedFollower, type FeedTable } from "../../platform/db/change-feed.server";
import { type Database, db, selectRows } from "../../platform/db/db.server";
import type { Locale } from "../../platform/i18n/locales";
import { logger } from "../../platform/logging/logger.server";
import {
  type CategoryRow,
  type IndexedListing,
  ListingColumns,
  type ListingScope,
  type OrderKey,
  type ProductRow,
} from "./listing-columns";
import { listPage } from "./listing-pass";
import type { ListingQuery } from "./listing-query";

/**
 * The listing index: per process, the few fields of every active product that filters, facets and sorts
 * need, in typed arrays (`listing-columns.ts`). A listing (category page, search, API) is one pass over the
 * candidate rows that counts every facet disjunctively at once, then a walk of a presorted order for the
 * page (`listing-pass.ts`); no SQL. It follows the database through the `catalog_changes` feed (see
 * docs/decisions/0006-listing-index.md), with the `FeedFollower` the search index uses too.
 */

/** The columns the index keeps, as SQL: one row per product, its sizes in stock and its categories. */
function productRows(where: ReturnType<typeof sql>) {
  return sql`
    select p.id, p.position, (extract(epoch from p.created_at) * 1000)::float8 as created, p.price_cents,
      p.original_price_cents is not null as discounted, p.colour,
      trim(both '-' from lower(regexp_replace(unaccent(p.brand), '[^A-Za-z0-9]+', '-', 'g'))) as brand_code,
      p.look_id, p.attributes ->> 'length' as length, p.attributes ->> 'fit' as fit, p.attributes ->> 'fabric' as fabric,
      (select array_agg(distinct lower(v.size)) from product_variants v where v.product_id = p.id and v.stock > 0) as sizes,
      (select array_agg(pc.category_id order by pc.category_id) from product_categories pc where pc.product_id = p.id) as categories
    from products p where p.is_active and ${where}`;
}

/** A row of the index as read: the columns' fields and the product's look (shop the look). */
type IndexedRow = ProductRow & { look_id: string | null };

/** The catalogue's change feed: products by id, a null when the category tree changed. */
export const CATALOG_FEED: FeedTable = { table: "catalog_changes", column: "product_id" };

/** More changes than this since the last look and a full reload is cheaper than one by one. */
const FULL_RELOAD_AFTER = 5000;

export class ListingIndex {
  private readonly columns = new ListingColumns();
  /** The active products of each look (id → position), and each product's look. */
  private readonly looks = new Map<string, Map<number, number>>();
  private readonly lookOf = new Map<number, string>();
  private readonly follower: FeedFollower;
  private readonly changeListeners: ((productIds: readonly number[] | null) => void)[] = [];

  constructor(private readonly db: Database) {
    this.follower = new FeedFollower(
      db,
      CATALOG_FEED,
      { load: () => this.load(), apply: (batch) => this.apply(batch) },
      // The columns change in place: a full load is awaited, never served half-built.
      { name: "listing index", maxRows: FULL_RELOAD_AFTER, reloadInBackground: false },
    );
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
  ready(options: { fresh?: boolean } = {}): Promise<void> {
    return this.follower.ready(options);
  }

  private async load(): Promise<void> {
    const started = Date.now();
    const rows = await selectRows<IndexedRow>(this.db, productRows(sql`true`));
    const columns = this.columns;
    columns.clear();
    columns.grow(rows.length);
    this.looks.clear();
    this.lookOf.clear();
    for (const row of rows) {
      columns.put(row);
      this.putLook(row);
    }
    columns.rebuildAll();
    await this.loadCategories();
    this.changed(null);
    logger.info({ products: rows.length, ms: Date.now() - started }, "listing index loaded");
  }

  private async apply(batch: FeedBatch): Promise<boolean> {
    if (batch.nulls) await this.loadCategories();
    if (batch.ids.length > 0) await this.refresh(batch.ids);
    // Category slugs are part of what a product's detail shows (its size chart): everything is dropped.
    if (batch.nulls) this.changed(null);
    return false;
  }

  private putLook(row: IndexedRow): void {
    if (row.look_id === null) return;
    this.lookOf.set(row.id, row.look_id);
    let members = this.looks.get(row.look_id);
    if (!members) {
      members = new Map();
      this.looks.set(row.look_id, members);
    }
    members.set(row.id, row.position);
  }

  private dropLook(id: number): void {
    const look = this.lookOf.get(id);
    if (look === undefined) return;
    this.lookOf.delete(id);
    const members = this.looks.get(look);
    members?.delete(id);
    if (members?.size === 0) this.looks.delete(look);
  }

  private async refresh(productIds: number[]): Promise<void> {
    const rows = await selectRows<IndexedRow>(
      this.db,
      productRows(sql`p.id = any(${`{${productIds.join(",")}}`}::int[])`),
    );
    const found = new Set(rows.map((r) => r.id));
    for (const id of productIds) if (!found.has(id)) this.columns.drop(id);
    for (const id of productIds) this.dropLook(id);
    for (const row of rows) this.putLook(row);
    this.columns.grow(this.columns.count + rows.length);
    let dirty = 0;
    for (const row of rows) dirty |= this.columns.put(row);
    // Only what moved is rebuilt on next use: an order that sells a unit of a size still in stock
    // (most of them) leaves the sorted orders, the category scopes and the packed sizes as they are.
    this.columns.rebuild(dirty);
    this.changed(productIds);
  }

  private async loadCategories(): Promise<void> {
    this.columns.setCategories(
      await selectRows<CategoryRow>(
        this.db,
        sql`select c.id, c.parent_id, t.locale, t.slug from categories c left join category_translations t on t.category_id = c.id`,
      ),
    );
  }

  /** The category and all of its descendants, by slug in a locale; null when the slug is unknown. */
  categoryScope(locale: Locale, slug: string): number[] | null {
    return this.columns.categoryScope(locale, slug);
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
    return this.columns.first(key, limit, options);
  }

  /** The other active products of a look, in the shop's order (position, then id). */
  lookMembers(lookId: string, exceptId: number): number[] {
    const members = this.looks.get(lookId);
    if (!members) return [];
    return [...members]
      .filter(([id]) => id !== exceptId)
      .sort(([a, pa], [b, pb]) => pa - pb || a - b)
      .map(([id]) => id);
  }

  /** Whether a product is listed (active), by id. */
  has(id: number): boolean {
    return this.columns.has(id);
  }

  /** One page of a listing with its disjunctive facet counts. */
  list(locale: Locale, query: ListingQuery, scope: ListingScope): IndexedListing {
    return listPage(this.columns, locale, query, scope);
  }
}

const indexes = new WeakMap<Database, ListingIndex>();

/** The listing index of a database handle (one per process and database). */
export function listingIndex(database: Database = db()): ListingIndex {
  let index = indexes.get(database);
  if (!index) {
    index = new ListingIndex(database);
    indexes.set(database, index);
  }
  return index;
}
