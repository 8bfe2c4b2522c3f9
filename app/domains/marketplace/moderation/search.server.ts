// The back office's search over stores and listings, in any state, with what moderation needs to see
// (banned, restricted, open notices).
import { asc, desc, eq, sql } from "drizzle-orm";
import { user } from "../../../platform/auth/tables.server";
import { db } from "../../../platform/db/db.server";
import { escapeLike } from "../../../platform/db/like";
import { marketplaceListings, marketplaceReports, marketplaceStores } from "../tables.server";

export interface StoreRow {
  id: number;
  handle: string;
  name: string;
  ownerEmail: string;
  banned: boolean;
  restricted: boolean;
  labels: string[];
  listings: number;
  openReports: number;
}

/** Stores by handle, name or owner e-mail (the back office's search), with their open notices. */
export async function findStores(q: string, limit = 50): Promise<StoreRow[]> {
  const like = `%${escapeLike(q.trim().toLowerCase())}%`;
  const rows = await db()
    .select({
      id: marketplaceStores.id,
      handle: marketplaceStores.handle,
      name: marketplaceStores.name,
      ownerEmail: user.email,
      banned: marketplaceStores.banned,
      restricted: marketplaceStores.restricted,
      labels: marketplaceStores.labels,
      listings: sql<number>`(select count(*)::int from ${marketplaceListings} where ${marketplaceListings.storeId} = ${marketplaceStores.id})`,
      openReports: sql<number>`(select count(*)::int from ${marketplaceReports} where ${marketplaceReports.targetKind} = 'store' and ${marketplaceReports.targetId} = ${marketplaceStores.id} and ${marketplaceReports.state} = 'open')`,
    })
    .from(marketplaceStores)
    .innerJoin(user, eq(user.id, marketplaceStores.userId))
    .where(
      q.trim()
        ? sql`(lower(${marketplaceStores.handle}) like ${like} or lower(${marketplaceStores.name}) like ${like} or lower(${user.email}) like ${like})`
        : undefined,
    )
    .orderBy(desc(marketplaceStores.banned), asc(marketplaceStores.handle))
    .limit(limit);
  return rows.map((r) => ({ ...r, listings: Number(r.listings), openReports: Number(r.openReports) }));
}

export interface ListingRow {
  id: number;
  title: string;
  brand: string;
  state: string;
  priceCents: number;
  storeHandle: string;
  storeBanned: boolean;
}

/** Listings by title, brand or id, in any state (the back office's search). */
export async function findListings(q: string, limit = 50): Promise<ListingRow[]> {
  const text = q.trim().toLowerCase();
  const like = `%${escapeLike(text)}%`;
  const id = /^\d{1,9}$/.test(text) ? Number(text) : null;
  const rows = await db()
    .select({
      id: marketplaceListings.id,
      title: marketplaceListings.title,
      brand: marketplaceListings.brand,
      state: marketplaceListings.state,
      priceCents: marketplaceListings.priceCents,
      storeHandle: marketplaceStores.handle,
      storeBanned: marketplaceStores.banned,
    })
    .from(marketplaceListings)
    .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceListings.storeId))
    .where(
      text
        ? id
          ? eq(marketplaceListings.id, id)
          : sql`(lower(${marketplaceListings.title}) like ${like} or lower(${marketplaceListings.brand}) like ${like})`
        : undefined,
    )
    .orderBy(desc(marketplaceListings.id))
    .limit(limit);
  return rows;
}
