// Product details (the product page and `GET /api/v1/products/{slug}`) from memory, beside the product
// cards (docs/decisions/0053-product-details-in-memory.md). A detail is read from PostgreSQL once per
// process, locale and product, and kept until the listing index takes in a change of its product from
// the `catalog_changes` feed (price, stock, translation, photo, price record, categories: within a second
// of the commit), or a change of the category tree. What moves with the clock is worked out when served:
// the Omnibus lowest price from the kept price history, the look from the index, its cards from the card
// memory, "Only n left" from the operators' setting.
import { type Database, db } from "../../platform/db/db.server";
import type { Locale } from "../../platform/i18n/locales";
import { shopSetting } from "../content/content.server";
import { cachedProductCards } from "./listing.server";
import { listingIndex } from "./listing-index.server";
import { type PriceRecord, type ProductDetail, readStoredDetail, type StoredDetail } from "./product.server";

const DAY_MS = 86_400_000;
/** Four locales of every product of a large catalogue; beyond it the memory starts over. */
const DETAIL_LIMIT = 100_000;

/**
 * EU Omnibus, as `lowestPrice30dSql` works it out: the current price is the newest record not in the
 * future; the lowest of the records of the 30 days before it, and of the one in force when they began.
 * Null when there is no earlier price.
 */
export function lowestPrice30d(history: readonly PriceRecord[], now: number): number | null {
  let since = Number.NEGATIVE_INFINITY;
  for (const record of history) if (record.from <= now && record.from > since) since = record.from;
  if (since === Number.NEGATIVE_INFINITY) return null;
  const windowStart = since - 30 * DAY_MS;
  let lowest: number | null = null;
  let before: PriceRecord | null = null;
  for (const record of history) {
    if (record.from < since && record.from >= windowStart)
      lowest = lowest === null ? record.cents : Math.min(lowest, record.cents);
    else if (record.from < windowStart && (before === null || record.from > before.from)) before = record;
  }
  if (before) lowest = lowest === null ? before.cents : Math.min(lowest, before.cents);
  return lowest;
}

interface Entry {
  detail: StoredDetail;
  prices: PriceRecord[];
}

class DetailMemory {
  /** By `${locale}:${slug}`. */
  private readonly entries = new Map<string, Entry>();
  /** The keys of each product's entries, to drop them when it changes. */
  private readonly keysOf = new Map<number, Set<string>>();
  /** Bumped by every change: a read that started before one does not store what it read. */
  private generation = 0;

  constructor(private readonly database: Database) {
    listingIndex(database).onChange((productIds) => this.forget(productIds));
  }

  async detail(locale: Locale, slug: string): Promise<ProductDetail | null> {
    const index = listingIndex(this.database);
    await index.ready();
    const key = `${locale}:${slug}`;
    let entry = this.entries.get(key);
    if (!entry) {
      const generation = this.generation;
      const read = await readStoredDetail(locale, slug);
      if (!read) return null;
      entry = read;
      if (generation === this.generation) this.store(key, entry);
    }
    const { detail, prices } = entry;
    const lookIds = detail.lookId ? index.lookMembers(detail.lookId, detail.id) : [];
    const [look, threshold] = await Promise.all([
      cachedProductCards(locale, lookIds),
      shopSetting("fewLeftThreshold"),
    ]);
    return {
      ...detail,
      lowestPrice30dCents: lowestPrice30d(prices, Date.now()),
      fewLeftThreshold: threshold.units,
      look,
    };
  }

  private store(key: string, entry: Entry): void {
    if (this.entries.size >= DETAIL_LIMIT) this.forget(null);
    this.entries.set(key, entry);
    let keys = this.keysOf.get(entry.detail.id);
    if (!keys) {
      keys = new Set();
      this.keysOf.set(entry.detail.id, keys);
    }
    keys.add(key);
  }

  private forget(productIds: readonly number[] | null): void {
    this.generation++;
    if (productIds === null) {
      this.entries.clear();
      this.keysOf.clear();
      return;
    }
    for (const id of productIds) {
      for (const key of this.keysOf.get(id) ?? []) this.entries.delete(key);
      this.keysOf.delete(id);
    }
  }
}

const memories = new WeakMap<Database, DetailMemory>();

/**
 * A product by its slug in a locale, from memory when the process has read it since its last change;
 * null for an unknown slug, another locale's slug or an inactive product (never kept).
 */
export function productDetail(locale: Locale, slug: string, database: Database = db()) {
  let memory = memories.get(database);
  if (!memory) {
    memory = new DetailMemory(database);
    memories.set(database, memory);
  }
  return memory.detail(locale, slug);
}
