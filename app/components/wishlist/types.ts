import type { PageCard } from "~/domains/catalog/catalog.server";

/** A wishlist product as the page shows it. */
export interface WishlistPageEntry {
  card: PageCard;
  sizes: { id: number; size: string; stock: number }[];
  orderable: boolean;
}

/** The wishlist page's answer to a remove or an add to bag. */
export interface WishlistActionData {
  intent: "add" | "remove" | "add-to-bag";
  productId: number;
  ok: boolean;
  message?: string;
}
