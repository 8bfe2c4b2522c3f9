import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Attempt counters (sign-in, registration, password reset, guest order lookups), per key, in a fixed
 * window. In PostgreSQL, not in memory: every replica sees the same counts (docs/decisions/0018).
 */
export const authThrottle = pgTable(
  "auth_throttle",
  {
    key: text("key").primaryKey(),
    attempts: integer("attempts").notNull().default(0),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auth_throttle_window_idx").on(t.windowStartedAt)],
);
