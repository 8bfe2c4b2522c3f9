import { createHash, createHmac, randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { user } from "../../platform/auth/tables.server";
import { db, type Queryable } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { env } from "../../platform/env.server";
import type { Locale } from "../../platform/i18n/locales";
import { defineJob } from "../../platform/jobs/jobs.server";
import { logger } from "../../platform/logging/logger.server";
import { isRefusal, type Refusal, refuse } from "../../platform/refusal";
import { SHOP_TIME_ZONE } from "../../platform/shop-time";
import { attemptAllowed } from "../../platform/throttle/throttle.server";
import { href } from "../../routing/urls";
import { queueEmail } from "../notifications/notifications.server";
import type { WalletEntryKind } from "../wallet/tables.server";
import { bookWalletEntry } from "../wallet/wallet.server";
import { feedbackDraws, feedbackEntries } from "./tables.server";
import { FEEDBACK_PRIZE_CENTS, type FeedbackInput } from "./validation";

/** Feedback per IP per hour. */
const PER_IP = { limit: 10, windowSeconds: 60 * 60 };
/**
 * The wallet's kind for the prize. The `gift` work adds typed credit sources; once a `prize` kind exists,
 * this one line changes to it.
 */
const PRIZE_WALLET_KIND: WalletEntryKind = "goodwill";

/** Stores a feedback entry (and, with an e-mail address and the box ticked, a chance in this month's draw). */
export async function giveFeedback(
  input: FeedbackInput,
  meta: { locale: Locale; ip: string; userId?: string | null },
): Promise<{ id: number; enteredDraw: boolean } | Refusal> {
  if (!(await attemptAllowed(`feedback:ip:${meta.ip}`, PER_IP)))
    return refuse.tooMany("marketing:feedback.errors.throttled");
  const email = input.email?.trim().toLowerCase() || null;
  const enterDraw = input.enterDraw && email !== null;
  const [row] = await db()
    .insert(feedbackEntries)
    .values({
      text: input.text,
      rating: Number(input.rating),
      email,
      enterDraw,
      locale: meta.locale,
      userId: meta.userId ?? null,
    })
    .returning({ id: feedbackEntries.id });
  return { id: row!.id, enteredDraw: enterDraw };
}

/** `YYYY-MM` of the month before `now`, in Amsterdam. */
export function previousMonth(now = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE, year: "numeric", month: "2-digit" })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const year = Number(parts.year);
  const month = Number(parts.month);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
}

/**
 * The month's entrants: every address that ticked the draw box, once however often it gave feedback,
 * sorted, so the list (and the winner a seed picks from it) is the same whenever it is read.
 */
async function entrantsOf(on: Queryable, month: string): Promise<string[]> {
  const rows = await on
    .selectDistinct({ email: feedbackEntries.email })
    .from(feedbackEntries)
    .where(
      and(
        eq(feedbackEntries.enterDraw, true),
        sql`${feedbackEntries.email} is not null`,
        sql`to_char(${feedbackEntries.createdAt} at time zone ${SHOP_TIME_ZONE}, 'YYYY-MM') = ${month}`,
      ),
    )
    .orderBy(feedbackEntries.email);
  return rows.map((r) => r.email!);
}

const digestOf = (entrants: string[]) => createHash("sha256").update(entrants.join("\n")).digest("hex");

/**
 * The winner a seed picks: HMAC-SHA256(seed, month) read as a number, modulo the number of entrants.
 * Pure, so the draw can be redone by anyone with the seed and the list (the modulo bias over 2^256 is nil).
 */
export function pickWinner(seed: string, month: string, entrants: readonly string[]): string | null {
  if (entrants.length === 0) return null;
  const value = BigInt(`0x${createHmac("sha256", seed).update(month).digest("hex")}`);
  return entrants[Number(value % BigInt(entrants.length))]!;
}

/**
 * Draws the month's winner, once (a unique month): records the seed, the entrants' count and digest and
 * the winner; credits the prize to the winner's wallet when the address has an account (idempotency key
 * `feedback-draw:<month>`), else records the win; and e-mails the winner, all in one transaction.
 */
export async function drawFeedbackPrize(
  options: { month?: string; now?: Date; seed?: string } = {},
): Promise<typeof feedbackDraws.$inferSelect> {
  const month = options.month ?? previousMonth(options.now);
  return transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`feedback-draw:${month}`}))`);
    const [done] = await tx.select().from(feedbackDraws).where(eq(feedbackDraws.month, month));
    if (done) return done;
    const entrants = await entrantsOf(tx, month);
    const seed = options.seed ?? randomBytes(32).toString("hex");
    const winner = pickWinner(seed, month, entrants);
    let walletKey: string | null = null;
    let locale: Locale = "nl";
    if (winner) {
      const [account] = await tx
        .select({ id: user.id, locale: user.locale })
        .from(user)
        .where(eq(user.email, winner));
      const [entry] = await tx
        .select({ locale: feedbackEntries.locale })
        .from(feedbackEntries)
        .where(and(eq(feedbackEntries.email, winner), eq(feedbackEntries.enterDraw, true)))
        .orderBy(desc(feedbackEntries.id))
        .limit(1);
      locale = (entry?.locale ?? account?.locale ?? "nl") as Locale;
      if (account) {
        walletKey = `feedback-draw:${month}`;
        const booked = await bookWalletEntry(
          {
            userId: account.id,
            amountCents: FEEDBACK_PRIZE_CENTS,
            kind: PRIZE_WALLET_KIND,
            reference: `feedback draw ${month}`,
            idempotencyKey: walletKey,
          },
          { tx },
        );
        if (isRefusal(booked)) throw new Error(`prize not booked: ${booked.messageKey}`);
      }
    }
    const [draw] = await tx
      .insert(feedbackDraws)
      .values({
        month,
        seed,
        entrants: entrants.length,
        entrantsDigest: digestOf(entrants),
        winnerEmail: winner,
        prizeCents: FEEDBACK_PRIZE_CENTS,
        walletKey,
      })
      .returning();
    if (winner) {
      await queueEmail(
        {
          to: winner,
          locale,
          template: "feedbackPrize",
          data: {
            month,
            amountCents: FEEDBACK_PRIZE_CENTS,
            inWallet: walletKey !== null,
            shopUrl: `${env().BASE_URL}${href(walletKey ? "wallet" : "register", {}, locale, env().I18N_STRATEGY)}`,
          },
        },
        { tx },
      );
    }
    return draw!;
  });
}

/** Redoes a recorded draw from its seed: the same winner, and whether the entrant list is unchanged. */
export async function replayFeedbackDraw(month: string) {
  const [draw] = await db().select().from(feedbackDraws).where(eq(feedbackDraws.month, month));
  if (!draw) return null;
  const entrants = await entrantsOf(db(), month);
  return {
    winner: pickWinner(draw.seed, month, entrants),
    sameEntrants: digestOf(entrants) === draw.entrantsDigest,
    recordedWinner: draw.winnerEmail,
  };
}

/** On the 1st of every month at 07:00 in Amsterdam: the previous month's draw. */
export const feedbackDrawJob = defineJob<{ reason: string }>({
  name: "marketing.feedback-draw",
  schedule: { cron: "0 7 1 * *", data: { reason: "schedule" } },
  options: { retryLimit: 3, expireInSeconds: 900 },
  async handle() {
    const draw = await drawFeedbackPrize();
    logger.info({ month: draw.month, entrants: draw.entrants }, "feedback draw done");
  },
});

/** The back office: the newest entries and every draw. */
export async function feedbackOverview(options: { page?: number; pageSize?: number } = {}) {
  const pageSize = options.pageSize ?? 50;
  const [entries, draws, [total]] = await Promise.all([
    db()
      .select()
      .from(feedbackEntries)
      .orderBy(desc(feedbackEntries.createdAt), desc(feedbackEntries.id))
      .limit(pageSize)
      .offset(Math.max(0, (options.page ?? 1) - 1) * pageSize),
    db().select().from(feedbackDraws).orderBy(desc(feedbackDraws.month)).limit(36),
    db()
      .select({
        n: sql<number>`count(*)::int`,
        average: sql<number | null>`round(avg(${feedbackEntries.rating}), 2)::float`,
      })
      .from(feedbackEntries),
  ]);
  return { entries, draws, total: total?.n ?? 0, average: total?.average ?? null };
}
