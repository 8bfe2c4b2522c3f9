import { and, eq, sql } from "drizzle-orm";
import { db, type Transaction } from "../../../platform/db/db.server";
import { inTransaction } from "../../../platform/db/transaction.server";
import type { Locale } from "../../../platform/i18n/locales";
import { isRefusal, type Refusal, refuse } from "../../../platform/refusal";
import type { ImageSet } from "../../catalog/image-set";
import type { SellerType, StoreCountry, StoreGridType } from "../attributes";
import { listingsChanged } from "../listings/listing-index.server";
import { discardListingPhoto, storeListingPhoto } from "../photos/photos.server";
import { marketplaceListings, marketplaceStores, type TraderDetails } from "../tables.server";
import type { StoreInput, StoreSettingsInput, TraderInput } from "../validation";

export interface Store {
  id: number;
  userId: string;
  handle: string;
  name: string;
  bio: string;
  country: StoreCountry;
  language: Locale;
  gridType: StoreGridType;
  isClosed: boolean;
  closedUntil: string | null;
  bannerColour: string;
  labels: string[];
  views: number;
  followers: number;
  banned: boolean;
  restricted: boolean;
  image: ImageSet | null;
  banner: ImageSet | null;
  sellerType: SellerType;
  trader: TraderDetails | null;
  createdAt: Date;
}

const storeColumns = {
  id: marketplaceStores.id,
  userId: marketplaceStores.userId,
  handle: marketplaceStores.handle,
  name: marketplaceStores.name,
  bio: marketplaceStores.bio,
  country: marketplaceStores.country,
  language: marketplaceStores.language,
  gridType: marketplaceStores.gridType,
  isClosed: marketplaceStores.isClosed,
  closedUntil: marketplaceStores.closedUntil,
  bannerColour: marketplaceStores.bannerColour,
  labels: marketplaceStores.labels,
  views: marketplaceStores.views,
  followers: marketplaceStores.followers,
  banned: marketplaceStores.banned,
  restricted: marketplaceStores.restricted,
  image: marketplaceStores.image,
  banner: marketplaceStores.banner,
  sellerType: marketplaceStores.sellerType,
  trader: marketplaceStores.trader,
  createdAt: marketplaceStores.createdAt,
};

/** The banner colours a new store gets one of (calm, so listing photos stand out). */
const BANNERS = ["#e9e0cf", "#d9e2d5", "#e6d3cf", "#d5dde6", "#ece4d8", "#dcd6e4"];

/** The signed-in customer's store, if they opened one. */
export async function storeOfUser(
  userId: string,
  on: Transaction | undefined = undefined,
): Promise<Store | null> {
  const [row] = await (on ?? db())
    .select(storeColumns)
    .from(marketplaceStores)
    .where(eq(marketplaceStores.userId, userId));
  return (row as Store | undefined) ?? null;
}

/** A store by its address; a banned store is not found (DSA: it leaves the marketplace). */
export async function storeByHandle(handle: string): Promise<Store | null> {
  const [row] = await db()
    .select(storeColumns)
    .from(marketplaceStores)
    .where(and(eq(marketplaceStores.handle, handle.toLowerCase()), eq(marketplaceStores.banned, false)));
  return (row as Store | undefined) ?? null;
}

/** A store by id, unless banned. */
export async function storeById(id: number): Promise<Store | null> {
  const [row] = await db()
    .select(storeColumns)
    .from(marketplaceStores)
    .where(and(eq(marketplaceStores.id, id), eq(marketplaceStores.banned, false)));
  return (row as Store | undefined) ?? null;
}

/**
 * Opens the customer's store. One store per customer; a taken handle is refused on its field. Listings
 * are written in the store's language: the locale the seller opened it in.
 */
export async function openStore(
  userId: string,
  input: Omit<StoreInput, "sellerType"> & { sellerType?: SellerType },
  language: Locale,
  options: { tx?: Transaction } = {},
): Promise<Store | Refusal> {
  return inTransaction(options.tx, async (tx) => {
    if (await storeOfUser(userId, tx)) return refuse.conflict("marketplace:errors.storeExists");
    const [taken] = await tx
      .select({ id: marketplaceStores.id })
      .from(marketplaceStores)
      .where(eq(marketplaceStores.handle, input.handle));
    if (taken) return refuse.conflict("marketplace:errors.handleTaken", undefined, "handle");
    const banner = BANNERS[input.handle.length % BANNERS.length] as string;
    const [created] = await tx
      .insert(marketplaceStores)
      .values({
        userId,
        handle: input.handle,
        name: input.name,
        bio: input.bio ?? "",
        country: input.country,
        language,
        gridType: input.gridType,
        sellerType: input.sellerType ?? "private",
        bannerColour: banner,
      })
      .onConflictDoNothing()
      .returning(storeColumns);
    return (
      (created as Store | undefined) ?? refuse.conflict("marketplace:errors.handleTaken", undefined, "handle")
    );
  });
}

/** Published listings per store (the store header's count). */
export async function publishedCount(storeId: number): Promise<number> {
  const [row] = await db()
    .select({ count: sql<number>`count(*)::int` })
    .from(marketplaceListings)
    .where(and(eq(marketplaceListings.storeId, storeId), eq(marketplaceListings.state, "published")));
  return Number(row?.count ?? 0);
}

/**
 * What keeps a store from listing: a ban, a restriction (DSA decision), or a business seller's missing
 * trader details (PRODUCT.md: given before listing). Null when it may list.
 */
export function listingBlock(store: Store): Refusal | null {
  if (store.banned) return refuse.forbidden("marketplace:errors.banned");
  if (store.restricted) return refuse.forbidden("marketplace:errors.restricted");
  if (store.sellerType === "business" && !store.trader)
    return refuse.conflict("marketplace:errors.traderDetailsMissing");
  return null;
}

/** Saves the store settings of the customer's own store (the handle and language never change). */
export async function updateStore(userId: string, input: StoreSettingsInput): Promise<Store | Refusal> {
  return inTransaction(undefined, async (tx) => {
    const store = await storeOfUser(userId, tx);
    if (!store) return refuse.notFound("marketplace:errors.noStore");
    if (store.banned) return refuse.forbidden("marketplace:errors.banned");
    if (input.isClosed && input.closedUntil && input.closedUntil < new Date().toISOString().slice(0, 10))
      return refuse.invalid("marketplace:errors.closedUntilPast", undefined, "closedUntil");
    const [row] = await tx
      .update(marketplaceStores)
      .set({
        name: input.name,
        bio: input.bio ?? "",
        gridType: input.gridType,
        isClosed: input.isClosed,
        closedUntil: input.isClosed ? (input.closedUntil ?? null) : null,
        updatedAt: sql`now()`,
      })
      .where(eq(marketplaceStores.id, store.id))
      .returning(storeColumns);
    listingsChanged(tx);
    return row as Store;
  });
}

export const storePictures = ["image", "banner"] as const;
export type StorePicture = (typeof storePictures)[number];

/**
 * The store's picture or banner from an uploaded photo, through the listing photos' pipeline (a photo
 * only, up to 15 MB, at least 400 px wide, turned upright, EXIF stripped, the image set's widths); null
 * removes it. The replaced photo's files are removed once the row points at the new one.
 */
export async function setStorePicture(
  userId: string,
  kind: StorePicture,
  file: (Blob & { name?: string }) | null,
): Promise<Store | Refusal> {
  const store = await storeOfUser(userId);
  if (!store) return refuse.notFound("marketplace:errors.noStore");
  if (store.banned) return refuse.forbidden("marketplace:errors.banned");
  const set = file ? await storeListingPhoto(file) : null;
  if (isRefusal(set)) return set;
  const saved = await inTransaction(undefined, async (tx) => {
    const [old] = await tx
      .select({ image: marketplaceStores.image, banner: marketplaceStores.banner })
      .from(marketplaceStores)
      .where(eq(marketplaceStores.id, store.id))
      .for("update");
    const [row] = await tx
      .update(marketplaceStores)
      .set({ ...(kind === "image" ? { image: set } : { banner: set }), updatedAt: sql`now()` })
      .where(eq(marketplaceStores.id, store.id))
      .returning(storeColumns);
    return { store: row as Store, replaced: old?.[kind] ?? null };
  });
  if (saved.replaced) await discardListingPhoto(saved.replaced);
  return saved.store;
}

/** A business seller's trader details with their self-certification (DSA art. 30); shown on the store. */
export async function saveTraderDetails(userId: string, input: TraderInput): Promise<Store | Refusal> {
  return inTransaction(undefined, async (tx) => {
    const store = await storeOfUser(userId, tx);
    if (!store) return refuse.notFound("marketplace:errors.noStore");
    if (store.banned) return refuse.forbidden("marketplace:errors.banned");
    const trader: TraderDetails = {
      legalName: input.legalName,
      address: input.address,
      phone: input.phone,
      email: input.email,
      tradeRegister: input.tradeRegister,
      certifiedAt: new Date().toISOString(),
    };
    const [row] = await tx
      .update(marketplaceStores)
      .set({ sellerType: "business", trader, updatedAt: sql`now()` })
      .where(eq(marketplaceStores.id, store.id))
      .returning(storeColumns);
    return row as Store;
  });
}

/** An operator sets a store's labels (trimmed, at most 5 of 24 characters). */
export async function setStoreLabels(
  storeId: number,
  labels: string[],
  options: { tx?: Transaction } = {},
): Promise<{ labels: string[] } | Refusal> {
  const clean = [...new Set(labels.map((l) => l.trim()).filter(Boolean))]
    .slice(0, 5)
    .map((l) => l.slice(0, 24));
  return inTransaction(options.tx, async (tx) => {
    const [row] = await tx
      .update(marketplaceStores)
      .set({ labels: clean, updatedAt: sql`now()` })
      .where(eq(marketplaceStores.id, storeId))
      .returning({ labels: marketplaceStores.labels });
    return row ?? refuse.notFound("marketplace:errors.storeNotFound");
  });
}
