import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "../../platform/auth/tables.server";
import { xid8 } from "../../platform/db/xid8";
import type { ImageSet } from "../catalog/image-set";
import { products } from "../catalog/tables.server";

/** What a business seller discloses on their store (PRODUCT.md, DSA art. 30). */
export interface TraderDetails {
  legalName: string;
  address: string;
  phone: string;
  email: string;
  tradeRegister: string;
  /** When the seller certified to offer only products that comply with EU law. */
  certifiedAt: string;
}

/** A customer's store (one per customer): the spec's marketplace user and store profile. */
export const marketplaceStores = pgTable(
  "marketplace_stores",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Lowercase letters, digits and hyphens; the store's address `/marketplace/store/{handle}/`. */
    handle: text("handle").notNull(),
    name: text("name").notNull(),
    bio: text("bio").notNull().default(""),
    country: text("country").notNull(),
    /** The language the seller writes in (listings are searched in it). */
    language: text("language").notNull(),
    gridType: text("grid_type").notNull().default("grid"),
    /** Closed for holidays: listings stay visible, buying waits until `closedUntil`. */
    isClosed: boolean("is_closed").notNull().default(false),
    closedUntil: date("closed_until"),
    /** Banner colour (hex); photos for banners come with the image upload of the store settings. */
    bannerColour: text("banner_colour").notNull().default("#e9e0cf"),
    labels: text("labels").array().notNull().default(sql`'{}'::text[]`),
    views: integer("views").notNull().default(0),
    followers: integer("followers").notNull().default(0),
    banned: boolean("banned").notNull().default(false),
    /** DSA "restrict": the store stays visible but may not publish or send messages until lifted. */
    restricted: boolean("restricted").notNull().default(false),
    /** The store's picture and banner photo (the banner colour shows while there is none). */
    image: jsonb("image").$type<ImageSet>(),
    banner: jsonb("banner").$type<ImageSet>(),
    /** `private` or `business`; a business seller gives trader details (DSA art. 30) before listing. */
    sellerType: text("seller_type").notNull().default("private"),
    trader: jsonb("trader").$type<TraderDetails>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("marketplace_stores_user_unique").on(t.userId),
    uniqueIndex("marketplace_stores_handle_unique").on(t.handle),
    check("marketplace_stores_handle_format", sql`${t.handle} ~ '^[a-z0-9][a-z0-9-]{2,29}$'`),
  ],
);

/** A second-hand item a store offers; one piece (stock 1). */
export const marketplaceListings = pgTable(
  "marketplace_listings",
  {
    id: serial("id").primaryKey(),
    storeId: integer("store_id")
      .notNull()
      .references(() => marketplaceStores.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    category: text("category").notNull(),
    size: text("size").notNull(),
    colour: text("colour").notNull(),
    brand: text("brand").notNull(),
    condition: text("condition").notNull(),
    material: text("material").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    /** Set by a price drop: the price before the first drop, shown struck through. */
    originalPriceCents: integer("original_price_cents"),
    /** The language the listing is written in (its store's). */
    language: text("language").notNull(),
    photos: jsonb("photos").$type<ImageSet[]>().notNull().default([]),
    state: text("state").notNull().default("draft"),
    /** Lowercased, accent-free words of the listing and its attributes in every locale (the search). */
    searchText: text("search_text").notNull().default(""),
    wishlistCount: integer("wishlist_count").notNull().default(0),
    timesWatched: integer("times_watched").notNull().default(0),
    timesShared: integer("times_shared").notNull().default(0),
    /** "Resell this": the shop product it was bought as ("bought new at Loom & Label"). */
    boughtProductId: integer("bought_product_id").references(() => products.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("marketplace_listings_price_positive", sql`${t.priceCents} > 0`),
    index("marketplace_listings_store_idx").on(t.storeId, t.state),
    index("marketplace_listings_published_idx").on(t.state, t.publishedAt),
  ],
);

/** A customer following a store. */
export const marketplaceFollows = pgTable(
  "marketplace_follows",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    storeId: integer("store_id")
      .notNull()
      .references(() => marketplaceStores.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.storeId] }),
    index("marketplace_follows_store_idx").on(t.storeId),
  ],
);

/** A customer's favourite listing. */
export const marketplaceFavourites = pgTable(
  "marketplace_favourites",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    listingId: integer("listing_id")
      .notNull()
      .references(() => marketplaceListings.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    index("marketplace_favourites_listing_idx").on(t.listingId),
  ],
);

/** A conversation about one listing between one buyer and its provider (the store's owner). */
export const marketplaceConversations = pgTable(
  "marketplace_conversations",
  {
    id: serial("id").primaryKey(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => marketplaceListings.id, { onDelete: "cascade" }),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    storeId: integer("store_id")
      .notNull()
      .references(() => marketplaceStores.id, { onDelete: "cascade" }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    buyerReadAt: timestamp("buyer_read_at", { withTimezone: true }),
    sellerReadAt: timestamp("seller_read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("marketplace_conversations_unique").on(t.listingId, t.buyerId),
    index("marketplace_conversations_buyer_idx").on(t.buyerId, t.lastMessageAt),
    index("marketplace_conversations_store_idx").on(t.storeId, t.lastMessageAt),
  ],
);

/** One line of a conversation: text (contact details masked) or an offer event. */
export const marketplaceMessages = pgTable(
  "marketplace_messages",
  {
    id: serial("id").primaryKey(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => marketplaceConversations.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** `text`, or the offer event it shows: `offer`, `counter`, `accepted`, `declined`. */
    kind: text("kind").notNull().default("text"),
    body: text("body").notNull().default(""),
    /** Contact details were found and masked in `body` (the sender saw a warning). */
    masked: boolean("masked").notNull().default(false),
    offerId: integer("offer_id"),
    /** Hidden by an operator's decision on a report. */
    removed: boolean("removed").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("marketplace_messages_conversation_idx").on(t.conversationId, t.id)],
);

/**
 * A price proposed in a conversation: by the buyer (an offer) or the provider (a counter). It is answered
 * within 48 h or lapses; an accepted price holds 24 h for that buyer (issue 18's checkout reads it).
 */
export const marketplaceOffers = pgTable(
  "marketplace_offers",
  {
    id: serial("id").primaryKey(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => marketplaceConversations.id, { onDelete: "cascade" }),
    listingId: integer("listing_id")
      .notNull()
      .references(() => marketplaceListings.id, { onDelete: "cascade" }),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** `customer` (the buyer's offer) or `provider` (a counter). */
    madeBy: text("made_by").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** pending → accepted | declined | countered | expired | withdrawn; accepted → used (issue 18). */
    state: text("state").notNull().default("pending"),
    answerBy: timestamp("answer_by", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    /** Until when the accepted price holds for the buyer. */
    holdsUntil: timestamp("holds_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("marketplace_offers_amount_positive", sql`${t.amountCents} > 0`),
    index("marketplace_offers_conversation_idx").on(t.conversationId, t.state),
    index("marketplace_offers_buyer_idx").on(t.listingId, t.buyerId, t.state),
  ],
);

/** A notice of illegal or unfitting content (DSA art. 16): a listing, a store or a message. */
export const marketplaceReports = pgTable(
  "marketplace_reports",
  {
    id: serial("id").primaryKey(),
    targetKind: text("target_kind").notNull(),
    targetId: integer("target_id").notNull(),
    /** Whose content it is (the statement of reasons goes to them). */
    ownerId: uuid("owner_id").references(() => user.id, { onDelete: "set null" }),
    reporterId: uuid("reporter_id").references(() => user.id, { onDelete: "set null" }),
    reporterEmail: text("reporter_email").notNull(),
    reason: text("reason").notNull(),
    details: text("details").notNull().default(""),
    url: text("url").notNull().default(""),
    goodFaith: boolean("good_faith").notNull(),
    /** `open` until an operator decides it. */
    state: text("state").notNull().default("open"),
    decisionId: integer("decision_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("marketplace_reports_state_idx").on(t.state, t.createdAt),
    index("marketplace_reports_target_idx").on(t.targetKind, t.targetId),
  ],
);

/**
 * An operator's decision with its statement of reasons to the content's owner (DSA art. 17), who can
 * appeal once (art. 20); the appeal is decided by another look of an operator.
 */
export const marketplaceDecisions = pgTable(
  "marketplace_decisions",
  {
    id: serial("id").primaryKey(),
    targetKind: text("target_kind").notNull(),
    targetId: integer("target_id").notNull(),
    ownerId: uuid("owner_id").references(() => user.id, { onDelete: "set null" }),
    /** `remove`, `restrict`, `ban`, `dismiss`, or `unban` / `restore` after an appeal or a review. */
    action: text("action").notNull(),
    ground: text("ground").notNull(),
    statement: text("statement").notNull(),
    decidedBy: text("decided_by").notNull(),
    appealText: text("appeal_text"),
    appealedAt: timestamp("appealed_at", { withTimezone: true }),
    /** null (no appeal), `open`, `upheld` or `reversed`. */
    appealState: text("appeal_state"),
    appealDecidedAt: timestamp("appeal_decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("marketplace_decisions_owner_idx").on(t.ownerId, t.createdAt),
    index("marketplace_decisions_appeal_idx").on(t.appealState),
  ],
);

/**
 * The marketplace's change feed (docs/decisions/0052-marketplace-search-in-memory.md): triggers on listings
 * and stores write the id of every listing whose searchable data or visibility changed (a store's ban,
 * name or handle names all of its listings), in the writing transaction. Each process's listing index
 * reads it (platform/db/change-feed.server.ts) to stay current within a second.
 */
export const marketplaceChanges = pgTable(
  "marketplace_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    listingId: integer("listing_id"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    tx: xid8("tx").notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [index("marketplace_changes_at_idx").on(t.at), index("marketplace_changes_tx_idx").on(t.tx)],
);
