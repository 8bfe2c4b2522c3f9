import { createContext, type ReactNode } from "react";

/**
 * Server-rendered HTML of subtrees that are the same on many pages (a product card, the header), made
 * once per key and pasted into every page that shows them (`CachedElement`, decision 0060).
 */
export interface MarkupCache {
  /** The HTML of `children`, rendered on the first call for this key and remembered after. */
  html(key: string, children: ReactNode): string;
}

/** Provided by the server's render only (`entry.server.tsx`): in the browser every subtree renders itself. */
export const MarkupCacheContext = createContext<MarkupCache | null>(null);
