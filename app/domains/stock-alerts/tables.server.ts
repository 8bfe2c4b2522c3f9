import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { productVariants } from "../catalog/tables.server";

/**
 * Back-in-stock alerts: one row per contact and sold-out variant. An open alert (not yet notified) is
 * unique per variant and contact, so signing up twice changes nothing; once notified, the alert has ended
 * and the same contact may sign up again.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: serial("id").primaryKey(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    /** Lower-cased. */
    email: text("email"),
    /** E.164. */
    phone: text("phone"),
    locale: text("locale").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [
    check("stock_alerts_contact", sql`${t.email} is not null or ${t.phone} is not null`),
    uniqueIndex("stock_alerts_open_unique")
      .on(t.variantId, sql`coalesce(${t.email}, '')`, sql`coalesce(${t.phone}, '')`)
      .where(sql`${t.notifiedAt} is null`),
    index("stock_alerts_open_idx").on(t.variantId).where(sql`${t.notifiedAt} is null`),
  ],
);
