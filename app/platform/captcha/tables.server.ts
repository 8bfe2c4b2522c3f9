import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Captcha solutions already used: a solved challenge is good for one form submission only. */
export const spentCaptchas = pgTable("spent_captchas", {
  signature: text("signature").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
