import { boolean, index, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Every cookie-consent choice with its version, kept as proof of consent (no personal data). */
export const consentRecords = pgTable(
  "consent_records",
  {
    id: serial("id").primaryKey(),
    consentId: uuid("consent_id").notNull(),
    version: text("version").notNull(),
    analytics: boolean("analytics").notNull(),
    personalisation: boolean("personalisation").notNull(),
    locale: text("locale").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("consent_records_consent_idx").on(t.consentId)],
);
