/** PRODUCT.md: the last 12 products a shopper viewed, kept in the browser only. */
export const RECENTLY_VIEWED_LIMIT = 12;
const KEY = "shop:recently-viewed";

export interface RecentlyViewed {
  slug: string;
  name: string;
  image?: string;
  price?: string;
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
