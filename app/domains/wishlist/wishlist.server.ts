import { and, desc, eq, isNotNull, lt, sql } from "drizzle-orm";
import { onSignIn } from "../../platform/auth/auth.server";
import { db, type Transaction } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import type { Channel } from "../../platform/http/context";
import { readGuestToken } from "../../platform/http/guest-token.server";
import type { Locale } from "../../platform/i18n/locales";
import { defineJob } from "../../platform/jobs/jobs.server";
import { logger } from "../../platform/logging/logger.server";
import { isRefusal, type Refusal, refuse } from "../../platform/refusal";
import {
  activeProductCards,
  isActiveProduct,
  type ProductCard,
  productSizes,
  recordProductEvent,
} from "../catalog/catalog.server";

import { wishlistItems, wishlists } from "./tables.server";

/** A signed-in customer's wishlist, or a guest's by the token in the `shop_wishlist` cookie. */
export type WishlistRef = { userId: string } | { token: string };

export const WISHLIST_COOKIE = "shop_wishlist";
/** The guest cookie lives 30 days from the last change, like the cart's; older guest lists are pruned. */
export const GUEST_WISHLIST_DAYS = 30;

/** The wishlist of a request: the signed-in customer's, else the guest cookie's, else null (none yet). */
export function wishlistRefOf(
  visitorId: string | null | undefined,
  cookieHeader: string | null,
): WishlistRef | null {
  if (visitorId) return { userId: visitorId };
  const token = readGuestToken(cookieHeader, WISHLIST_COOKIE);
  return token ? { token } : null;
}

function ownerIs(ref: WishlistRef) {
  return "userId" in ref ? eq(wishlists.userId, ref.userId) : eq(wishlists.token, ref.token);
}

async function findWishlistId(tx: Transaction, ref: WishlistRef): Promise<number | null> {
  const [row] = await tx.select({ id: wishlists.id }).from(wishlists).where(ownerIs(ref));
  return row?.id ?? null;
}

async function lockedWishlist(tx: Transaction, ref: WishlistRef): Promise<number> {
  await tx
    .insert(wishlists)
    .values("userId" in ref ? { userId: ref.userId } : { token: ref.token })
    .onConflictDoNothing();
  const [row] = await tx.select({ id: wishlists.id }).from(wishlists).where(ownerIs(ref)).for("update");
  return row!.id;
}

/** The wishlisted product ids, most recently added first (the hearts on cards and the badge). */
export async function wishlistProductIds(ref: WishlistRef | null): Promise<number[]> {
  if (!ref) return [];
  const rows = await db()
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .innerJoin(wishlists, eq(wishlists.id, wishlistItems.wishlistId))
    .where(ownerIs(ref))
    .orderBy(desc(wishlistItems.addedAt), desc(wishlistItems.productId));
  return rows.map((r) => r.productId);
}

/** The wishlist's cards (active products only), most recently added first. */
export async function wishlistCards(ref: WishlistRef | null, locale: Locale): Promise<ProductCard[]> {
  return activeProductCards(locale, await wishlistProductIds(ref));
}

export interface WishlistEntry {
  card: ProductCard;
  /** Every size, with its stock (a sold-out size shows, but cannot be chosen). */
  sizes: { id: number; size: string; stock: number }[];
  /** Whether it can go in the bag here: online, in stock, and not app-only on the web. */
  orderable: boolean;
}

/** The wishlist page: each product's card with its sizes, most recently added first. */
export async function wishlistPage(
  ref: WishlistRef | null,
  locale: Locale,
  channel: Channel,
): Promise<WishlistEntry[]> {
  const cards = await wishlistCards(ref, locale);
  const sizes = await productSizes(cards.map((c) => c.id));
  return cards.map((card) => ({
    card,
    sizes: sizes.get(card.id) ?? [],
    orderable: !card.comingSoon && card.stock > 0 && !(card.appOnly && channel !== "app"),
  }));
}

export interface WishlistChange {
  changed: boolean;
}

/**
 * Adds a product (a style in one colour). Idempotent: adding a product that is there changes nothing
 * (`changed: false`) and records no second wishlist-add event. The spec's "Wishlist add failed" when
 * the product is unknown or no longer sold.
 */
export async function addToWishlist(ref: WishlistRef, productId: number): Promise<WishlistChange | Refusal> {
  const change = await transaction(async (tx) => {
    if (!(await isActiveProduct(productId, { tx }))) return refuse.notFound("wishlist:errors.add");
    const wishlistId = await lockedWishlist(tx, ref);
    const added = await tx
      .insert(wishlistItems)
      .values({ wishlistId, productId })
      .onConflictDoNothing()
      .returning({ productId: wishlistItems.productId });
    await tx.update(wishlists).set({ updatedAt: sql`now()` }).where(eq(wishlists.id, wishlistId));
    return { changed: added.length > 0 };
  });
  if (!isRefusal(change) && change.changed) recordProductEvent(productId, "wishlist-add");
  return change;
}

/** Removes a product; idempotent (removing one that is not there changes nothing). */
export async function removeFromWishlist(ref: WishlistRef, productId: number): Promise<WishlistChange> {
  return transaction(async (tx) => {
    const wishlistId = await findWishlistId(tx, ref);
    if (wishlistId === null) return { changed: false };
    const removed = await tx
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.wishlistId, wishlistId), eq(wishlistItems.productId, productId)))
      .returning({ productId: wishlistItems.productId });
    await tx.update(wishlists).set({ updatedAt: sql`now()` }).where(eq(wishlists.id, wishlistId));
    return { changed: removed.length > 0 };
  });
}

/** Moves a guest's wishlist into the customer's at sign-in (a union), then deletes it. */
export async function mergeGuestWishlist(token: string, userId: string): Promise<number> {
  return transaction(async (tx) => {
    const [guest] = await tx
      .select({ id: wishlists.id })
      .from(wishlists)
      .where(eq(wishlists.token, token))
      .for("update");
    if (!guest) return 0;
    const items = await tx
      .select({ productId: wishlistItems.productId, addedAt: wishlistItems.addedAt })
      .from(wishlistItems)
      .where(eq(wishlistItems.wishlistId, guest.id));
    let merged = 0;
    if (items.length > 0) {
      const wishlistId = await lockedWishlist(tx, { userId });
      const added = await tx
        .insert(wishlistItems)
        .values(items.map((item) => ({ wishlistId, ...item })))
        .onConflictDoNothing()
        .returning({ productId: wishlistItems.productId });
      merged = added.length;
      await tx.update(wishlists).set({ updatedAt: sql`now()` }).where(eq(wishlists.id, wishlistId));
    }
    await tx.delete(wishlists).where(eq(wishlists.id, guest.id));
    return merged;
  });
}

onSignIn("wishlist", async ({ userId, cookieHeader }) => {
  const token = readGuestToken(cookieHeader, WISHLIST_COOKIE);
  if (!token) return undefined;
  await mergeGuestWishlist(token, userId);
  return { dropCookies: [WISHLIST_COOKIE] };
});

/** Per product, how many wishlists hold it (PRODUCT.md "wishlisted"). */
export async function wishlistCounts(): Promise<Map<number, number>> {
  const rows = await db()
    .select({ productId: wishlistItems.productId, count: sql<number>`count(*)::int` })
    .from(wishlistItems)
    .groupBy(wishlistItems.productId);
  return new Map(rows.map((r) => [r.productId, Number(r.count)]));
}

/** Deletes guest wishlists untouched for longer than their cookie lives. */
export async function pruneGuestWishlists(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - GUEST_WISHLIST_DAYS * 86_400_000);
  const removed = await db()
    .delete(wishlists)
    .where(and(isNotNull(wishlists.token), lt(wishlists.updatedAt, before)))
    .returning({ id: wishlists.id });
  return removed.length;
}

export const pruneGuestWishlistsJob = defineJob<Record<string, never>>({
  name: "wishlist.prune-guest-wishlists",
  schedule: { cron: "47 3 * * *", data: {} },
  async handle() {
    const removed = await pruneGuestWishlists();
    if (removed > 0) logger.info({ removed }, "old guest wishlists removed");
  },
});
