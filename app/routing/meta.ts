import type { MetaDescriptor } from "react-router";

interface RootMatch {
  id: string;
  loaderData?: unknown;
}

/** A page's `<title>`: "Page · Loom & Label" (React Router keeps only the deepest route's meta). */
export function pageMeta(
  matches: readonly (RootMatch | undefined)[],
  title?: string,
  extra: MetaDescriptor[] = [],
) {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { titles?: { shop: string } } | undefined;
  const shop = root?.titles?.shop ?? "Loom & Label";
  return [{ title: title ? `${title} · ${shop}` : shop }, ...extra];
}

/**
 * `headers` of a public page that is the same for every visitor: browsers revalidate, shared caches (a CDN,
 * the built-in micro-cache) may keep it 10 seconds (docs/decisions/0008-micro-cache.md).
 */
export function shareablePage() {
  return { "Cache-Control": "public, max-age=0, s-maxage=10, stale-while-revalidate=60" };
}

/**
 * `headers` of a page that shows one visitor's data (the account area, login): never stored by a shared
 * cache or the browser's back-forward cache.
 */
export function personalPage() {
  return { "Cache-Control": "private, no-store" };
}
