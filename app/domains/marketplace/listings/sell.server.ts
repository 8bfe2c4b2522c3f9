// The sell flow's commands: a listing with its photos (uploaded, reordered, turned, removed), saved as a
// draft or published, and "resell this" from a delivered order line. Photos are written before the row
// that points at them and removed again when the row is refused.
import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "../../../platform/db/db.server";
import { inTransaction } from "../../../platform/db/transaction.server";
import type { Locale } from "../../../platform/i18n/locales";
import { isRefusal, type Refusal, refuse } from "../../../platform/refusal";
import { resaleFacts } from "../../catalog/catalog.server";
import type { ImageSet } from "../../catalog/image-set";
import { orderForCustomer } from "../../orders/orders.server";
import { deliveredBy } from "../../returns/rules";
import {
  type ListingCategory,
  type ListingColour,
  type ListingCondition,
  listingColourOfShopColour,
  listingSizes,
  MAX_PHOTOS,
} from "../attributes";
import {
  discardListingPhoto,
  photoBatchRefusal,
  rotateListingPhoto,
  storeListingPhoto,
} from "../photos/photos.server";
import { storeOfUser } from "../stores/stores.server";
import { marketplaceConversations, marketplaceListings, marketplaceOffers } from "../tables.server";
import type { ListingInput, PhotoAction, SellIntent } from "../validation";
import { applyTransition, createListing, lockedOwnListing, updateListing } from "./commands.server";
import type { ListingState } from "./states";

/** Stores a batch of uploaded photos; the first refusal discards what this batch stored. */
async function storePhotos(files: readonly File[], held: number): Promise<ImageSet[] | Refusal> {
  const batch = files.filter((file) => file.size > 0 || file.name);
  const refused = photoBatchRefusal(batch, held);
  if (refused) return refused;
  const stored: ImageSet[] = [];
  for (const file of batch) {
    const set = await storeListingPhoto(file);
    if (isRefusal(set)) {
      await Promise.all(stored.map(discardListingPhoto));
      return set;
    }
    stored.push(set);
  }
  return stored;
}

/** A new listing from the sell form: its fields, its uploaded photos, as a draft or published at once. */
export async function sellListing(
  userId: string,
  input: ListingInput,
  files: readonly File[],
  intent: SellIntent,
  options: { boughtProductId?: number | null; resellPhoto?: ImageSet | null } = {},
): Promise<{ id: number; state: ListingState } | Refusal> {
  const store = await storeOfUser(userId);
  if (!store) return refuse.forbidden("marketplace:errors.noStore");
  const photos = await storePhotos(files, options.resellPhoto ? 1 : 0);
  if (isRefusal(photos)) return photos;
  const all = options.resellPhoto ? [options.resellPhoto, ...photos] : photos;
  const created = await createListing(userId, input, all, {
    publish: intent === "publish",
    boughtProductId: options.boughtProductId ?? null,
  });
  if (isRefusal(created)) await Promise.all(photos.map(discardListingPhoto));
  return created;
}

/** Saves an existing listing from the sell form: fields, any new photos, and publishing a draft. */
export async function saveListing(
  userId: string,
  listingId: number,
  input: ListingInput,
  files: readonly File[],
  intent: SellIntent,
): Promise<{ id: number; state: ListingState; priceDropped: boolean } | Refusal> {
  const current = await ownListing(userId, listingId);
  if (!current) return refuse.notFound("marketplace:errors.notFound");
  const added = await storePhotos(files, current.photos.length);
  if (isRefusal(added)) return added;
  const photos = [...current.photos, ...added];
  const saved = await updateListing(userId, listingId, input, photos);
  if (isRefusal(saved)) {
    await Promise.all(added.map(discardListingPhoto));
    return saved;
  }
  if (intent === "publish" && current.state === "draft") {
    const published = await inTransaction(undefined, async (tx) => {
      const listing = await lockedOwnListing(tx, userId, listingId);
      if (!listing) return refuse.notFound("marketplace:errors.notFound");
      return applyTransition(tx, listing, "publish", "provider");
    });
    if (isRefusal(published)) return published;
    return { ...published, priceDropped: false };
  }
  return { id: listingId, state: current.state, priceDropped: saved.priceDropped };
}

/**
 * Adds uploaded photos to the seller's own listing (the app sends them apart from the fields): the same
 * batch checks as the sell form (at most 20 in all, each up to 15 MB, photos only, EXIF stripped).
 */
export async function addListingPhotos(
  userId: string,
  listingId: number,
  files: readonly File[],
): Promise<{ photos: ImageSet[] } | Refusal> {
  const current = await ownListing(userId, listingId);
  if (!current) return refuse.notFound("marketplace:errors.notFound");
  if (!["draft", "published", "closed"].includes(current.state))
    return refuse.conflict("marketplace:errors.notAllowed");
  if (!files.some((file) => file.size > 0 || file.name))
    return refuse.invalid("marketplace:errors.noPhotoSent", undefined, "photos");
  const added = await storePhotos(files, current.photos.length);
  if (isRefusal(added)) return added;
  const saved = await inTransaction(undefined, async (tx) => {
    const listing = await lockedOwnListing(tx, userId, listingId);
    if (!listing) return refuse.notFound("marketplace:errors.notFound");
    if (listing.banned) return refuse.forbidden("marketplace:errors.banned");
    const photos = [...listing.photos, ...added];
    if (photos.length > MAX_PHOTOS)
      return refuse.invalid("marketplace:errors.tooManyPhotos", { count: MAX_PHOTOS }, "photos");
    await tx
      .update(marketplaceListings)
      .set({ photos, updatedAt: sql`now()` })
      .where(eq(marketplaceListings.id, listingId));
    return { photos };
  });
  if (isRefusal(saved)) await Promise.all(added.map(discardListingPhoto));
  return saved;
}

/** Moves a photo one place, turns it a quarter, or removes it; a published listing keeps at least 2. */
export async function arrangeListingPhoto(
  userId: string,
  listingId: number,
  index: number,
  action: PhotoAction,
): Promise<{ photos: ImageSet[] } | Refusal> {
  const current = await ownListing(userId, listingId);
  if (!current) return refuse.notFound("marketplace:errors.notFound");
  if (!["draft", "published", "closed"].includes(current.state))
    return refuse.conflict("marketplace:errors.notAllowed");
  const photos = [...current.photos];
  const photo = photos[index];
  if (!photo) return refuse.invalid("marketplace:errors.photoMissing", undefined, "photos");
  let discard: ImageSet | null = null;
  if (action === "earlier" || action === "later") {
    const to = action === "earlier" ? index - 1 : index + 1;
    if (to < 0 || to >= photos.length) return { photos };
    [photos[index], photos[to]] = [photos[to] as ImageSet, photo];
  } else if (action === "remove") {
    if (current.state !== "draft" && photos.length <= 2)
      return refuse.invalid("marketplace:errors.tooFewPhotos", { count: 2 }, "photos");
    photos.splice(index, 1);
    discard = photo;
  } else {
    photos[index] = await rotateListingPhoto(photo, action === "rotate-left" ? "left" : "right");
  }
  const saved = await inTransaction(undefined, async (tx) => {
    const listing = await lockedOwnListing(tx, userId, listingId);
    if (!listing) return refuse.notFound("marketplace:errors.notFound");
    await tx
      .update(marketplaceListings)
      .set({ photos, updatedAt: sql`now()` })
      .where(eq(marketplaceListings.id, listingId));
    return { photos };
  });
  if (!isRefusal(saved) && discard) await discardListingPhoto(discard);
  return saved;
}

export interface OwnListing {
  id: number;
  title: string;
  description: string;
  category: ListingCategory;
  size: string;
  colour: ListingColour;
  brand: string;
  condition: ListingCondition;
  material: string;
  priceCents: number;
  originalPriceCents: number | null;
  photos: ImageSet[];
  state: ListingState;
  boughtProductId: number | null;
}

/** The seller's own listing for the edit form; someone else's is null (not found, never forbidden). */
export async function ownListing(userId: string, listingId: number): Promise<OwnListing | null> {
  const store = await storeOfUser(userId);
  if (!store) return null;
  const [row] = await db()
    .select({
      id: marketplaceListings.id,
      title: marketplaceListings.title,
      description: marketplaceListings.description,
      category: marketplaceListings.category,
      size: marketplaceListings.size,
      colour: marketplaceListings.colour,
      brand: marketplaceListings.brand,
      condition: marketplaceListings.condition,
      material: marketplaceListings.material,
      priceCents: marketplaceListings.priceCents,
      originalPriceCents: marketplaceListings.originalPriceCents,
      photos: marketplaceListings.photos,
      state: marketplaceListings.state,
      boughtProductId: marketplaceListings.boughtProductId,
    })
    .from(marketplaceListings)
    .where(and(eq(marketplaceListings.id, listingId), eq(marketplaceListings.storeId, store.id)));
  return (row as OwnListing | undefined) ?? null;
}

export interface MyListing {
  id: number;
  title: string;
  priceCents: number;
  state: ListingState;
  photo: ImageSet | null;
  views: number;
  favourites: number;
  conversations: number;
  openOffers: number;
  updatedAt: Date;
}

/** The seller's listings with their figures ("my listings"), newest change first; removed ones too. */
export async function myListings(userId: string): Promise<MyListing[]> {
  const store = await storeOfUser(userId);
  if (!store) return [];
  const rows = await db()
    .select({
      id: marketplaceListings.id,
      title: marketplaceListings.title,
      priceCents: marketplaceListings.priceCents,
      state: marketplaceListings.state,
      photo: sql<ImageSet | null>`${marketplaceListings.photos} -> 0`,
      views: marketplaceListings.timesWatched,
      favourites: marketplaceListings.wishlistCount,
      conversations: sql<number>`(select count(*)::int from ${marketplaceConversations} where ${marketplaceConversations.listingId} = ${marketplaceListings.id})`,
      openOffers: sql<number>`(select count(*)::int from ${marketplaceOffers} where ${marketplaceOffers.listingId} = ${marketplaceListings.id} and ${marketplaceOffers.state} = 'pending' and ${marketplaceOffers.madeBy} = 'customer' and ${marketplaceOffers.answerBy} > now())`,
      updatedAt: marketplaceListings.updatedAt,
    })
    .from(marketplaceListings)
    .where(eq(marketplaceListings.storeId, store.id))
    .orderBy(desc(marketplaceListings.updatedAt), desc(marketplaceListings.id));
  return rows.map((r) => ({
    ...r,
    state: r.state as ListingState,
    conversations: Number(r.conversations),
    openOffers: Number(r.openOffers),
  }));
}

export interface ResellDraft {
  productId: number;
  orderNumber: string;
  title: string;
  brand: string;
  size: string;
  colour: ListingColour | "";
  material: string;
  photo: ImageSet | null;
}

/**
 * "Resell this": the listing's first fields from a line of the customer's own delivered order (shipped and
 * past its transit days). Anything else is null, so nobody pre-fills from someone else's order.
 */
export async function resellDraft(
  userId: string,
  orderNumber: string,
  productId: number,
  locale: Locale,
  now = new Date(),
): Promise<ResellDraft | null> {
  const order = await orderForCustomer(userId, orderNumber);
  if (!order || !isDelivered(order, now)) return null;
  const line = order.lines.find((l) => l.productId === productId);
  if (!line) return null;
  const facts = await resaleFacts(locale, productId);
  const size = (listingSizes as readonly string[]).includes(line.size.toUpperCase())
    ? line.size.toUpperCase()
    : (listingSizes as readonly string[]).includes(line.size)
      ? line.size
      : "";
  return {
    productId,
    orderNumber: order.number,
    title: line.name,
    brand: facts?.brand ?? "Loom & Label",
    size,
    colour: listingColourOfShopColour[facts?.colour ?? line.colour] ?? "",
    material: facts?.fabric ?? "",
    photo: facts?.image ?? null,
  };
}

/** A shipped order counts as delivered once its transit days have passed (the returns rule). */
export function isDelivered(
  order: { status: string; history: { to: string; at: string }[] },
  now = new Date(),
): boolean {
  if (order.status !== "complete") return false;
  const shipped = order.history.findLast((h) => h.to === "complete");
  return Boolean(shipped && deliveredBy(new Date(shipped.at)).getTime() <= now.getTime());
}
