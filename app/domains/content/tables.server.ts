import { index, jsonb, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
