import { sql } from "drizzle-orm";
import { boolean, index, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "../../platform/auth/tables.server";

/** A customer's address book entry (SPEC §3 Address). */
export const addresses = pgTable(
  "addresses",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    street: text("street").notNull(),
    houseNumber: text("house_number").notNull(),
    addition: text("addition"),
    postalCode: text("postal_code").notNull(),
    city: text("city").notNull(),
    region: text("region"),
    country: text("country").notNull(),
    phone: text("phone"),
    isDefaultBilling: boolean("is_default_billing").notNull().default(false),
    isDefaultShipping: boolean("is_default_shipping").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("addresses_user_idx").on(t.userId),
    uniqueIndex("addresses_one_default_billing").on(t.userId).where(sql`${t.isDefaultBilling}`),
    uniqueIndex("addresses_one_default_shipping").on(t.userId).where(sql`${t.isDefaultShipping}`),
  ],
);
