import { jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { ChartSize } from "./size-charts";

/**
 * Size charts as operators changed them in the back office: the measurement ranges of one department's
 * garment family. A chart without a row here is the built-in one of size-charts.ts.
 */
export const sizeChartOverrides = pgTable(
  "size_chart_overrides",
  {
    profile: text("profile").notNull(),
    family: text("family").notNull(),
    sizes: jsonb("sizes").$type<ChartSize[]>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.profile, t.family] })],
);
