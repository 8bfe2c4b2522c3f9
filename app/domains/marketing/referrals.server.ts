import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { user } from "../../platform/auth/tables.server";
import { verifyCaptcha } from "../../platform/captcha/captcha.server";
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
import { shopSetting } from "../content/content.server";
import { accountExists } from "../customers/customers.server";
import { queueEmail } from "../notifications/notifications.server";
import { firstPaidOrderOutcome } from "../orders/orders.server";
import { issueSingleUseCode } from "../promotions/promotions.server";
import { bookWalletEntry } from "../wallet/wallet.server";
import { referrals } from "./tables.server";
import type { ReferAFriendInput } from "./validation";

/** Invitations per IP per hour, on top of the captcha and the per-referrer monthly limit. */
const INVITES_PER_IP = { limit: 20, windowSeconds: 60 * 60 };
/** A welcome code can be used for this long. */
const WELCOME_CODE_DAYS = 60;

function shopUrl(locale: Locale): string {
  return `${env().BASE_URL}${href("home", {}, locale, env().I18N_STRATEGY)}`;
}

/**
 * Invites a friend (PRODUCT.md "Refer a friend"): after the captcha and throttle, refuses a friend who is
 * a customer already or was invited before, and a referrer over the month's limit; else records the
 * invitation, issues the friend's personal welcome code and writes the invitation e-mail, in one
 * transaction. The referrer's invitations are counted under a lock on their address, so two at once
 * cannot both slip under the limit.
 */
export async function referAFriend(
  input: ReferAFriendInput,
  meta: { locale: Locale; ip: string; userId?: string | null },
): Promise<{ friendEmail: string } | Refusal> {
  const captcha = await verifyCaptcha(input.captcha);
  if (captcha !== "ok") return refuse.invalid(`account:captcha.${captcha}`, undefined, "captcha");
  if (!(await attemptAllowed(`referral:ip:${meta.ip}`, INVITES_PER_IP)))
    return refuse.tooMany("marketing:refer.errors.throttled");
  const referrerEmail = input.email.toLowerCase();
  const friendEmail = input.friendEmail.toLowerCase();
  if (referrerEmail === friendEmail)
    return refuse.invalid("marketing:refer.errors.ownEmail", {}, "friendEmail");
  if (await accountExists(friendEmail))
    return refuse.conflict("marketing:refer.errors.existingCustomer", {}, "friendEmail");
  const settings = await shopSetting("referral");
  return transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`referral:${referrerEmail}`}))`);
    const [sent] = await tx
      .select({ n: count() })
      .from(referrals)
      .where(
        and(
          eq(referrals.referrerEmail, referrerEmail),
          sql`date_trunc('month', ${referrals.createdAt} at time zone ${SHOP_TIME_ZONE})
              = date_trunc('month', now() at time zone ${SHOP_TIME_ZONE})`,
        ),
      );
    if ((sent?.n ?? 0) >= settings.perMonth)
      return refuse.tooMany("marketing:refer.errors.monthlyLimit", { count: settings.perMonth });
    const welcomeCode = await issueSingleUseCode(
      {
        prefix: "FRIEND",
        kind: "percentage",
        percent: settings.welcomePercent,
        firstOrderOnly: true,
        endsAt: new Date(Date.now() + WELCOME_CODE_DAYS * 86_400_000),
        source: "referral",
        description: `Welcome code for ${friendEmail}, invited by ${referrerEmail}`,
      },
      { tx },
    );
    const inserted = await tx
      .insert(referrals)
      .values({
        referrerUserId: meta.userId ?? null,
        referrerName: input.name,
        referrerEmail,
        friendFirstName: input.friendFirstName,
        friendEmail,
        message: input.message ?? null,
        welcomeCode,
        locale: meta.locale,
      })
      .onConflictDoNothing({ target: referrals.friendEmail })
      .returning({ id: referrals.id });
    if (inserted.length === 0)
      return refuse.conflict("marketing:refer.errors.alreadyInvited", {}, "friendEmail");
    await queueEmail(
      {
        to: friendEmail,
        locale: meta.locale,
        template: "referralInvitation",
        data: {
          friendFirstName: input.friendFirstName,
          referrerName: input.name,
          message: input.message ?? null,
          code: welcomeCode,
          percent: settings.welcomePercent,
          validDays: WELCOME_CODE_DAYS,
          shopUrl: shopUrl(meta.locale),
        },
      },
      { tx },
    );
    return { friendEmail };
  });
}

export type ReferralState = "invited" | "rewarded" | "forfeited";

/** A referrer's invitations, newest first, for the page (signed in) and the API. */
export async function referralsOf(who: { userId: string; email: string }) {
  const rows = await db()
    .select({
      friendFirstName: referrals.friendFirstName,
      createdAt: referrals.createdAt,
      rewardedAt: referrals.rewardedAt,
      rewardCents: referrals.rewardCents,
      forfeitedAt: referrals.forfeitedAt,
    })
    .from(referrals)
    .where(
      sql`${referrals.referrerUserId} = ${who.userId} or ${referrals.referrerEmail} = ${who.email.toLowerCase()}`,
    )
    .orderBy(desc(referrals.createdAt))
    .limit(100);
  return rows.map((row) => ({
    friendFirstName: row.friendFirstName,
    invitedAt: row.createdAt.toISOString(),
    rewardCents: row.rewardCents,
    state: (row.rewardedAt ? "rewarded" : row.forfeitedAt ? "forfeited" : "invited") as ReferralState,
  }));
}

async function accountIdOf(on: Queryable, email: string): Promise<string | null> {
  const [row] = await on.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return row?.id ?? null;
}

/**
 * Pays the referrers whose friend's first order was shipped and kept past the return window (PRODUCT.md:
 * "shipped and not returned"), once: wallet credit under the idempotency key `referral:<id>` when the
 * referrer has an account, else a personal code of the same value by e-mail; a first order that was
 * canceled or returned forfeits the reward. Each referral is claimed with SKIP LOCKED and settled in one
 * transaction, so replicas running this together never pay twice.
 */
export async function rewardReferrals(options: { now?: Date; limit?: number } = {}) {
  const settings = await shopSetting("referral");
  const open = await db()
    .select({ id: referrals.id, friendEmail: referrals.friendEmail })
    .from(referrals)
    .where(and(isNull(referrals.rewardedAt), isNull(referrals.forfeitedAt)))
    .orderBy(referrals.id)
    .limit(options.limit ?? 500);
  const result = { rewarded: 0, forfeited: 0 };
  for (const candidate of open) {
    const outcome = await firstPaidOrderOutcome(
      candidate.friendEmail,
      settings.returnWindowDays,
      options.now,
    );
    if (outcome.state === "none" || outcome.state === "open") continue;
    const settled = await transaction(async (tx) => {
      const [referral] = await tx
        .select()
        .from(referrals)
        .where(
          and(eq(referrals.id, candidate.id), isNull(referrals.rewardedAt), isNull(referrals.forfeitedAt)),
        )
        .for("update", { skipLocked: true });
      if (!referral) return null;
      if (outcome.state === "undone") {
        await tx.update(referrals).set({ forfeitedAt: sql`now()` }).where(eq(referrals.id, referral.id));
        return "forfeited" as const;
      }
      const userId = referral.referrerUserId ?? (await accountIdOf(tx, referral.referrerEmail));
      let rewardCode: string | null = null;
      if (userId) {
        const booked = await bookWalletEntry(
          {
            userId,
            amountCents: settings.rewardCents,
            kind: "referral",
            reference: outcome.number,
            idempotencyKey: `referral:${referral.id}`,
          },
          { tx },
        );
        if (isRefusal(booked)) return booked;
      } else {
        rewardCode = await issueSingleUseCode(
          {
            prefix: "THANKS",
            kind: "fixed",
            amountCents: settings.rewardCents,
            source: "referral",
            description: `Referral reward for ${referral.referrerEmail}`,
          },
          { tx },
        );
      }
      await tx
        .update(referrals)
        .set({ rewardedAt: sql`now()`, rewardCents: settings.rewardCents, rewardCode })
        .where(eq(referrals.id, referral.id));
      await queueEmail(
        {
          to: referral.referrerEmail,
          locale: referral.locale as Locale,
          template: "referralReward",
          data: {
            name: referral.referrerName,
            friendFirstName: referral.friendFirstName,
            amountCents: settings.rewardCents,
            code: rewardCode,
            shopUrl: shopUrl(referral.locale as Locale),
          },
        },
        { tx },
      );
      return "rewarded" as const;
    });
    if (settled === "rewarded") result.rewarded++;
    else if (settled === "forfeited") result.forfeited++;
  }
  return result;
}

/** Once a day, at 06:00 in Amsterdam: referral rewards that have become due. */
export const rewardReferralsJob = defineJob<{ reason: string }>({
  name: "marketing.reward-referrals",
  schedule: { cron: "0 6 * * *", data: { reason: "schedule" } },
  options: { retryLimit: 2, expireInSeconds: 900 },
  async handle() {
    const result = await rewardReferrals();
    if (result.rewarded + result.forfeited > 0) logger.info(result, "referrals settled");
  },
});
