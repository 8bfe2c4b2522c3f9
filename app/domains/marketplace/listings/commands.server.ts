import { and, eq, sql } from "drizzle-orm";
import type { Transaction } from "../../../platform/db/db.server";
import { inTransaction } from "../../../platform/db/transaction.server";
import { formatMoney, money } from "../../../platform/money";
import { type Refusal, refuse } from "../../../platform/refusal";
import type { ImageSet } from "../../catalog/image-set";
import { MAX_PHOTOS, MAX_PRICE_CENTS, MIN_PHOTOS_TO_PUBLISH, MIN_PRICE_CENTS } from "../attributes";
import { listingBlock, storeOfUser } from "../stores/stores.server";
import { marketplaceListings } from "../tables.server";
import type { ListingInput } from "../validation";
import { listingsChanged } from "./listing-index.server";
import { notifyPriceDrop } from "./notices.server";
import { listingSearchText } from "./search-text.server";
import {
  EDITABLE_STATES,
  type ListingActor,
  type ListingState,
  type ListingTransition,
  nextListingState,
} from "./states";

function priceRefusal(cents: number): Refusal | null {
  if (cents < MIN_PRICE_CENTS)
    return refuse.invalid(
      "marketplace:errors.priceTooLow",
      { price: formatMoney(money(MIN_PRICE_CENTS), "en") },
      "price",
    );
  if (cents > MAX_PRICE_CENTS)
    return refuse.invalid(
      "marketplace:errors.priceTooHigh",
      { price: formatMoney(money(MAX_PRICE_CENTS), "en") },
      "price",
    );
  return null;
}

function photosRefusal(photos: ImageSet[], publishing: boolean): Refusal | null {
  if (photos.length > MAX_PHOTOS)
    return refuse.invalid("marketplace:errors.tooManyPhotos", { count: MAX_PHOTOS }, "photos");
  if (publishing && photos.length < MIN_PHOTOS_TO_PUBLISH)
    return refuse.invalid("marketplace:errors.tooFewPhotos", { count: MIN_PHOTOS_TO_PUBLISH }, "photos");
  return null;
}

function columnsOf(input: ListingInput) {
  const fields = {
    title: input.title,
    description: input.description ?? "",
    category: input.category,
    size: input.size,
    colour: input.colour,
    brand: input.brand,
    condition: input.condition,
    material: input.material ?? "",
  };
  return { ...fields, searchText: listingSearchText(fields) };
}

/**
 * Lists an item in the customer's store: a draft, or published at once when `publish` (then it needs
 * two photos). A banned store lists nothing.
 */
export async function createListing(
  userId: string,
  input: ListingInput,
  photos: ImageSet[],
  options: { publish: boolean; tx?: Transaction; boughtProductId?: number | null },
): Promise<{ id: number; state: ListingState } | Refusal> {
  return inTransaction(options.tx, async (tx) => {
    const store = await storeOfUser(userId, tx);
    if (!store) return refuse.forbidden("marketplace:errors.noStore");
    const blocked = listingBlock(store);
    if (blocked) return blocked;
    const refused = priceRefusal(input.price) ?? photosRefusal(photos, options.publish);
    if (refused) return refused;
    const [created] = await tx
      .insert(marketplaceListings)
      .values({
        storeId: store.id,
        ...columnsOf(input),
        priceCents: input.price,
        language: store.language,
        photos,
        boughtProductId: options.boughtProductId ?? null,
        state: options.publish ? "published" : "draft",
        publishedAt: options.publish ? new Date() : null,
      })
      .returning({ id: marketplaceListings.id, state: marketplaceListings.state });
    listingsChanged(tx);
    return { id: created!.id, state: created!.state as ListingState };
  });
}

export async function lockedOwnListing(tx: Transaction, userId: string, listingId: number) {
  const store = await storeOfUser(userId, tx);
  if (!store) return null;
  const [row] = await tx
    .select({
      id: marketplaceListings.id,
      state: marketplaceListings.state,
      priceCents: marketplaceListings.priceCents,
      originalPriceCents: marketplaceListings.originalPriceCents,
      photos: marketplaceListings.photos,
    })
    .from(marketplaceListings)
    .where(and(eq(marketplaceListings.id, listingId), eq(marketplaceListings.storeId, store.id)))
    .for("update");
  return row ? { ...row, state: row.state as ListingState, banned: store.banned, store } : null;
}

/**
 * Edits a listing's text, price and photos. A lower price is a price drop: the price before the first drop
 * stays as the original price (shown struck through); raising it back to that price ends the drop.
 * Someone else's listing is "not found", so its existence is not confirmed.
 */
export async function updateListing(
  userId: string,
  listingId: number,
  input: ListingInput,
  photos: ImageSet[],
): Promise<{ id: number; priceDropped: boolean } | Refusal> {
  return inTransaction(undefined, async (tx) => {
    const listing = await lockedOwnListing(tx, userId, listingId);
    if (!listing) return refuse.notFound("marketplace:errors.notFound");
    if (listing.banned) return refuse.forbidden("marketplace:errors.banned");
    if (!EDITABLE_STATES.includes(listing.state)) return refuse.conflict("marketplace:errors.notAllowed");
    const refused = priceRefusal(input.price) ?? photosRefusal(photos, listing.state === "published");
    if (refused) return refused;
    const before = listing.originalPriceCents ?? listing.priceCents;
    const priceDropped = listing.state !== "draft" && input.price < listing.priceCents;
    const original = listing.state === "draft" ? null : input.price < before ? before : null;
    await tx
      .update(marketplaceListings)
      .set({
        ...columnsOf(input),
        priceCents: input.price,
        originalPriceCents: original,
        photos,
        updatedAt: sql`now()`,
      })
      .where(eq(marketplaceListings.id, listingId));
    listingsChanged(tx);
    if (priceDropped && listing.state === "published")
      await notifyPriceDrop(tx, listingId, listing.priceCents, input.price);
    return { id: listingId, priceDropped };
  });
}

/** Takes a transition of the listing's state table as its seller. */
export async function changeListingState(
  userId: string,
  listingId: number,
  transition: ListingTransition,
): Promise<{ id: number; state: ListingState } | Refusal> {
  return inTransaction(undefined, async (tx) => {
    const listing = await lockedOwnListing(tx, userId, listingId);
    if (!listing) return refuse.notFound("marketplace:errors.notFound");
    if (listing.banned) return refuse.forbidden("marketplace:errors.banned");
    if (transition === "publish" || transition === "reopen") {
      const blocked = listingBlock(listing.store);
      if (blocked) return blocked;
    }
    return applyTransition(tx, listing, transition, "provider");
  });
}

/** Moves a locked listing along the state table; publishing checks the photos, and stamps the date once. */
export async function applyTransition(
  tx: Transaction,
  listing: { id: number; state: ListingState; photos: ImageSet[] },
  transition: ListingTransition,
  actor: ListingActor,
): Promise<{ id: number; state: ListingState } | Refusal> {
  const next = nextListingState(listing.state, transition, actor);
  if ("refused" in next) return refuse.conflict(next.refused);
  if (next.to === "published") {
    const refused = photosRefusal(listing.photos, true);
    if (refused) return refused;
  }
  await tx
    .update(marketplaceListings)
    .set({
      state: next.to,
      updatedAt: sql`now()`,
      ...(transition === "publish" ? { publishedAt: sql`now()` } : {}),
    })
    .where(eq(marketplaceListings.id, listing.id));
  listingsChanged(tx);
  return { id: listing.id, state: next.to };
}
