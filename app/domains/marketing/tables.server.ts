import { sql } from "drizzle-orm";
import {
  boolean,
  check,
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

/**
 * Refer-a-friend invitations (PRODUCT.md "Promotions and marketing"). A friend is invited once (the first
 * referrer's invitation stands); the welcome code is a personal single-use code of the promotions engine.
 * The referrer is rewarded once (`rewardedAt`), after the friend's first order was shipped and kept.
 */
export const referrals = pgTable(
  "referrals",
  {
    id: serial("id").primaryKey(),
    /** The signed-in referrer; a visitor's invitation has none (rewarded by e-mail address). */
    referrerUserId: uuid("referrer_user_id").references(() => user.id, { onDelete: "set null" }),
    referrerName: text("referrer_name").notNull(),
    /** Lower-cased. */
    referrerEmail: text("referrer_email").notNull(),
    friendFirstName: text("friend_first_name").notNull(),
    /** Lower-cased. */
    friendEmail: text("friend_email").notNull(),
    message: text("message"),
    welcomeCode: text("welcome_code").notNull(),
    locale: text("locale").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set once, with how: `wallet` (credit booked) or a reward code e-mailed to a referrer without an account. */
    rewardedAt: timestamp("rewarded_at", { withTimezone: true }),
    rewardCents: integer("reward_cents"),
    rewardCode: text("reward_code"),
    /** The friend's first order was canceled or returned: no reward, ever. */
    forfeitedAt: timestamp("forfeited_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("referrals_friend_unique").on(t.friendEmail),
    index("referrals_referrer_idx").on(t.referrerEmail, t.createdAt),
    index("referrals_open_idx").on(t.id).where(sql`${t.rewardedAt} is null and ${t.forfeitedAt} is null`),
  ],
);

/**
 * Student-discount verifications: a link to a student address proves the student owns it. The token is
 * stored hashed; one code per student address per calendar year (Europe/Amsterdam).
 */
export const studentVerifications = pgTable(
  "student_verifications",
  {
    id: serial("id").primaryKey(),
    /** Lower-cased. */
    email: text("email").notNull(),
    country: text("country").notNull(),
    tokenHash: text("token_hash").notNull(),
    locale: text("locale").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** The year the code counts for, set with the code. */
    codeYear: integer("code_year"),
    code: text("code"),
  },
  (t) => [
    uniqueIndex("student_verifications_token_unique").on(t.tokenHash),
    uniqueIndex("student_verifications_code_year_unique")
      .on(t.email, t.codeYear)
      .where(sql`${t.codeYear} is not null`),
  ],
);

export type NewsletterStatus = "pending" | "subscribed" | "unsubscribed";

/**
 * Newsletter subscribers (PRODUCT.md: double opt-in, a unique single-use 15 % first-order code on
 * confirmation). One row per address; the confirmation token is stored hashed. The welcome code is issued
 * once per address, ever: unsubscribing and subscribing again does not earn a second one.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    /** Lower-cased. */
    email: text("email").notNull(),
    status: text("status").$type<NewsletterStatus>().notNull(),
    locale: text("locale").notNull(),
    /** Where the latest sign-up came from: `footer`, `toast`, `account`, `api`. */
    source: text("source").notNull(),
    tokenHash: text("token_hash"),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    welcomeCode: text("welcome_code"),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_unique").on(t.email),
    uniqueIndex("newsletter_subscribers_token_unique").on(t.tokenHash),
    index("newsletter_subscribers_status_idx").on(t.status, t.createdAt),
  ],
);

/**
 * Proof of consent: every sign-up request, confirmation and unsubscription with its time, the IP it came
 * from and the version of the consent text the subscriber saw. Never updated.
 */
export const newsletterConsentEvents = pgTable(
  "newsletter_consent_events",
  {
    id: serial("id").primaryKey(),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"requested" | "confirmed" | "unsubscribed">().notNull(),
    ip: text("ip"),
    textVersion: text("text_version").notNull(),
    source: text("source").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("newsletter_consent_events_subscriber_idx").on(t.subscriberId, t.createdAt)],
);

/**
 * Customer feedback (SPEC §3: free text and a rating 1–5). An e-mail address with `enterDraw` enters the
 * monthly €250 draw (PRODUCT.md); an address without it is only for a reply. Never updated.
 */
export const feedbackEntries = pgTable(
  "feedback_entries",
  {
    id: serial("id").primaryKey(),
    text: text("text").notNull(),
    rating: integer("rating").notNull(),
    /** Lower-cased. */
    email: text("email"),
    enterDraw: boolean("enter_draw").notNull().default(false),
    locale: text("locale").notNull(),
    userId: uuid("user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("feedback_entries_rating", sql`${t.rating} between 1 and 5`),
    check("feedback_entries_draw_email", sql`not ${t.enterDraw} or ${t.email} is not null`),
    index("feedback_entries_draw_idx").on(t.createdAt).where(sql`${t.enterDraw}`),
  ],
);

/**
 * One prize draw per month (Europe/Amsterdam), drawn on the 1st among the previous month's entrants. The
 * seed and a digest of the entrant list are kept, so anyone can redo the draw and get the same winner.
 */
export const feedbackDraws = pgTable(
  "feedback_draws",
  {
    id: serial("id").primaryKey(),
    /** `YYYY-MM`. */
    month: text("month").notNull(),
    seed: text("seed").notNull(),
    entrants: integer("entrants").notNull(),
    /** sha256 of the entrants' addresses, sorted, one a line. */
    entrantsDigest: text("entrants_digest").notNull(),
    winnerEmail: text("winner_email"),
    prizeCents: integer("prize_cents").notNull(),
    /** The wallet entry's key when the winner has an account; null: the win is recorded and e-mailed only. */
    walletKey: text("wallet_key"),
    drawnAt: timestamp("drawn_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("feedback_draws_month_unique").on(t.month)],
);

/**
 * Early-access tickets (PRODUCT.md: phone number → SMS with a 6-digit ticket that unlocks the campaign
 * early). One per phone number and campaign; the ticket is stored as an HMAC. It is single-person: the
 * first browser (or account) that redeems it holds it, nobody else can. Wrong tries lock it.
 */
export const earlyAccessTickets = pgTable(
  "early_access_tickets",
  {
    id: serial("id").primaryKey(),
    campaign: text("campaign").notNull(),
    /** E.164. */
    phone: text("phone").notNull(),
    ticketHash: text("ticket_hash").notNull(),
    locale: text("locale").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    /** sha256 of the holder's early-access cookie token, and the account that redeemed it, if any. */
    holderTokenHash: text("holder_token_hash"),
    holderUserId: uuid("holder_user_id").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("early_access_tickets_phone_unique").on(t.campaign, t.phone),
    index("early_access_tickets_holder_idx").on(t.campaign, t.holderTokenHash),
  ],
);

/** Every completed quiz: its answers and the persona they gave (staff count the answers; no personal data). */
export const quizResults = pgTable(
  "quiz_results",
  {
    id: serial("id").primaryKey(),
    persona: text("persona").notNull(),
    answers: jsonb("answers").$type<Record<string, string>>().notNull(),
    locale: text("locale").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("quiz_results_created_idx").on(t.createdAt)],
);

/**
 * Product views of visitors who gave personalisation consent, by an anonymous browsing session (its token
 * hashed), kept 30 days: the co-views the recommendations job counts. Nothing is stored without consent.
 */
export const recommendationViews = pgTable(
  "recommendation_views",
  {
    sessionHash: text("session_hash").notNull(),
    productId: integer("product_id").notNull(),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionHash, t.productId] }),
    index("recommendation_views_at_idx").on(t.viewedAt),
  ],
);

/** "You may also like": for each product its closest others by co-views and co-purchases (a job's output). */
export const productAffinities = pgTable(
  "product_affinities",
  {
    productId: integer("product_id").notNull(),
    otherId: integer("other_id").notNull(),
    score: integer("score").notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.otherId] })],
);
