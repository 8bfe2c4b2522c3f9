import {
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
import type { EntryDocument, EntryKind } from "./blocks";

/** Operator settings (PRODUCT.md's *(setting)* values, maintenance mode), one JSON value per key. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid("updated_by"),
});

export type NoticeTone = "info" | "warning";

/** Banners shown on every storefront page while active, with their text per locale. */
export const siteNotices = pgTable(
  "site_notices",
  {
    id: serial("id").primaryKey(),
    message: jsonb("message").$type<Record<string, string>>().notNull(),
    tone: text("tone").$type<NoticeTone>().notNull().default("info"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("site_notices_window_idx").on(t.startsAt, t.endsAt)],
);

/**
 * Content entries (content pages and campaigns) built from typed blocks, per locale. `draft` is what the
 * editor saves; publishing copies it into a numbered version (kept: versions can be restored) and points
 * `publishedVersion` at it. Visitors only ever read a published version inside the online window; the
 * draft is shown through its preview token only.
 */
export const contentEntries = pgTable(
  "content_entries",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<EntryKind>().notNull(),
    /** Internal name for the back office ("Black Friday 2026"). */
    name: text("name").notNull(),
    draft: jsonb("draft").$type<EntryDocument>().notNull(),
    onlineFrom: timestamp("online_from", { withTimezone: true }),
    onlineUntil: timestamp("online_until", { withTimezone: true }),
    /**
     * Campaigns only: from here until `onlineFrom` the campaign is open to shoppers whose early-access
     * ticket unlocks it (the engagement domain decides that through `provideEarlyAccessCheck`).
     */
    earlyAccessFrom: timestamp("early_access_from", { withTimezone: true }),
    publishedVersion: integer("published_version"),
    previewToken: text("preview_token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid("updated_by"),
  },
  (t) => [index("content_entries_kind_idx").on(t.kind, t.onlineFrom)],
);

export const contentVersions = pgTable(
  "content_versions",
  {
    id: serial("id").primaryKey(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => contentEntries.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    document: jsonb("document").$type<EntryDocument>().notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    publishedBy: uuid("published_by"),
  },
  (t) => [uniqueIndex("content_versions_number_unique").on(t.entryId, t.number)],
);

/** The published slugs, one per entry and locale: a slug leads to one entry of its kind in a locale. */
export const contentSlugs = pgTable(
  "content_slugs",
  {
    locale: text("locale").notNull(),
    kind: text("kind").$type<EntryKind>().notNull(),
    slug: text("slug").notNull(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => contentEntries.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.locale, t.kind, t.slug] }),
    index("content_slugs_entry_idx").on(t.entryId),
  ],
);
