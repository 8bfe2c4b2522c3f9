/** PRODUCT.md: the last 12 products a shopper viewed, kept in the browser only. */
export const RECENTLY_VIEWED_LIMIT = 12;
const KEY = "shop:recently-viewed";

export interface RecentlyViewed {
  slug: string;
  /** The product's slug in every locale, so the list links right after a change of language. */
  slugs?: Partial<Record<string, string>>;
  name: string;
  image?: string;
  price?: string;
}

/** The link slug of an entry in a locale: its own slug there when known. */
export function slugIn(item: RecentlyViewed, locale: string): string {
  return item.slugs?.[locale] ?? item.slug;
}

/** Puts a product first, without duplicates, keeping at most the limit. */
export function remember(list: RecentlyViewed[], product: RecentlyViewed): RecentlyViewed[] {
  return [product, ...list.filter((p) => p.slug !== product.slug)].slice(0, RECENTLY_VIEWED_LIMIT);
}

export function readRecentlyViewed(storage: Storage): RecentlyViewed[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? "[]");
    return Array.isArray(parsed)
      ? (parsed as RecentlyViewed[]).filter((p) => p && typeof p.slug === "string")
      : [];
  } catch {
    return [];
  }
}

export function rememberViewed(storage: Storage, product: RecentlyViewed): void {
  storage.setItem(KEY, JSON.stringify(remember(readRecentlyViewed(storage), product)));
}
