import { createHash, createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, gt, or, sql } from "drizzle-orm";
import { db } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { env } from "../../platform/env.server";
import type { Locale } from "../../platform/i18n/locales";
import { isRefusal, type Refusal, refuse } from "../../platform/refusal";
import { attemptAllowed } from "../../platform/throttle/throttle.server";
import { earlyAccessCampaigns as contentEarlyAccessCampaigns } from "../content/content.server";
import { queueSms } from "../notifications/notifications.server";
import { earlyAccessTickets } from "./tables.server";

/**
 * The campaigns with an early window are content's (a campaign entry's `earlyAccessFrom` before its
 * `onlineFrom`); a ticket is for one campaign, by its entry id. The window runs until `onlineFrom`, when
 * the campaign opens to everyone and the tickets have done their work.
 */
export interface EarlyAccessCampaign {
  campaign: string;
  title: string;
  earlyFrom: Date;
  publicFrom: Date;
}

export async function earlyAccessCampaigns(
  locale: Locale = "en",
  now = new Date(),
): Promise<EarlyAccessCampaign[]> {
  const entries = await contentEarlyAccessCampaigns(locale, now);
  return entries.flatMap((entry) =>
    entry.earlyAccessFrom && entry.onlineFrom
      ? [
          {
            campaign: String(entry.id),
            title: entry.title,
            earlyFrom: entry.earlyAccessFrom,
            publicFrom: entry.onlineFrom,
          },
        ]
      : [],
  );
}

async function campaignWindow(campaign: string) {
  return (await earlyAccessCampaigns()).find((c) => c.campaign === campaign) ?? null;
}

/** A ticket is good for a week at most, and never past the campaign's public opening. */
const TICKET_DAYS = 7;
const PER_PHONE = { limit: 3, windowSeconds: 60 * 60 };
const PER_IP = { limit: 10, windowSeconds: 60 * 60 };
const UNLOCKS_PER_IP = { limit: 20, windowSeconds: 60 * 60 };
/** Wrong tickets for one number before it is locked (a new ticket can be asked for). */
const MAX_FAILED = 5;

const ticketHash = (campaign: string, ticket: string) =>
  createHmac("sha256", env().SESSION_SECRET).update(`early-access:${campaign}:${ticket}`).digest("hex");
const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Step 1: a phone number (E.164, read by the shop's NL/BE/FR/ES phone rule) gets a 6-digit ticket by SMS
 * for the campaign, while its early window has not closed. Throttled per number and per IP. Asking again
 * replaces an unused ticket; a ticket that was redeemed stays with its holder ("already used").
 */
export async function requestEarlyAccess(
  input: { phone: string; campaign: string },
  meta: { locale: Locale; ip: string },
): Promise<{ phone: string } | Refusal> {
  const window = await campaignWindow(input.campaign);
  if (!window || window.publicFrom <= new Date())
    return refuse.notFound("marketing:earlyAccess.errors.closed");
  const allowed =
    (await attemptAllowed(`early-access:ip:${meta.ip}`, PER_IP)) &&
    (await attemptAllowed(`early-access:phone:${input.phone}`, PER_PHONE));
  if (!allowed) return refuse.tooMany("marketing:earlyAccess.errors.throttled");
  const ticket = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const expiresAt = new Date(Math.min(Date.now() + TICKET_DAYS * 86_400_000, window.publicFrom.getTime()));
  return transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: earlyAccessTickets.id, redeemedAt: earlyAccessTickets.redeemedAt })
      .from(earlyAccessTickets)
      .where(and(eq(earlyAccessTickets.campaign, input.campaign), eq(earlyAccessTickets.phone, input.phone)))
      .for("update");
    if (existing?.redeemedAt) return refuse.conflict("marketing:earlyAccess.errors.alreadyUsed", {}, "phone");
    const values = {
      ticketHash: ticketHash(input.campaign, ticket),
      locale: meta.locale,
      expiresAt,
      failedAttempts: 0,
      createdAt: new Date(),
    };
    if (existing)
      await tx.update(earlyAccessTickets).set(values).where(eq(earlyAccessTickets.id, existing.id));
    else
      await tx.insert(earlyAccessTickets).values({ ...values, campaign: input.campaign, phone: input.phone });
    await queueSms(
      { to: input.phone, locale: meta.locale, template: "earlyAccessTicket", values: { ticket } },
      { tx },
    );
    return { phone: input.phone };
  });
}

/**
 * Step 2: the number and its ticket unlock the campaign's early window for this visitor: the first to
 * redeem a ticket holds it (their cookie token, and their account when signed in); anyone else is refused.
 * A wrong ticket counts against the number; after five the number must ask for a new one.
 */
export async function redeemEarlyAccess(
  input: { phone: string; ticket: string; campaign: string },
  holder: { token: string; userId?: string | null; ip: string },
): Promise<{ campaign: string } | Refusal> {
  if (!(await attemptAllowed(`early-access:unlock:${holder.ip}`, UNLOCKS_PER_IP)))
    return refuse.tooMany("marketing:earlyAccess.errors.throttled");
  const wrong = () => refuse.invalid("marketing:earlyAccess.errors.ticket", {}, "ticket");
  // A refusal rolls its transaction back, so a wrong ticket is counted after it, on its own.
  const outcome = await transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(earlyAccessTickets)
      .where(
        and(
          eq(earlyAccessTickets.campaign, input.campaign),
          eq(earlyAccessTickets.phone, input.phone),
          gt(earlyAccessTickets.expiresAt, sql`now()`),
        ),
      )
      .for("update");
    if (!row || row.failedAttempts >= MAX_FAILED) return wrong();
    const expected = Buffer.from(row.ticketHash);
    const given = Buffer.from(ticketHash(input.campaign, input.ticket));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { wrongTicket: row.id };
    const mine =
      row.holderTokenHash === tokenHash(holder.token) ||
      (row.holderUserId !== null && row.holderUserId === (holder.userId ?? null));
    if (row.redeemedAt && !mine)
      return refuse.conflict("marketing:earlyAccess.errors.alreadyUsed", {}, "ticket");
    if (!row.redeemedAt)
      await tx
        .update(earlyAccessTickets)
        .set({
          redeemedAt: sql`now()`,
          holderTokenHash: tokenHash(holder.token),
          holderUserId: holder.userId ?? null,
        })
        .where(eq(earlyAccessTickets.id, row.id));
    return { campaign: input.campaign };
  });
  if (isRefusal(outcome)) return outcome;
  if (outcome.wrongTicket !== undefined) {
    const id = outcome.wrongTicket;
    await db()
      .update(earlyAccessTickets)
      .set({ failedAttempts: sql`${earlyAccessTickets.failedAttempts} + 1` })
      .where(eq(earlyAccessTickets.id, id));
    return wrong();
  }
  return { campaign: input.campaign };
}

/**
 * Whether this visitor holds a redeemed ticket of the campaign (by their early-access cookie token or their
 * account). Content asks it through `earlyAccessCheck` inside a campaign's early window; the window itself
 * is content's to judge.
 */
export async function hasEarlyAccess(
  visitor: { token?: string | null; userId?: string | null },
  campaign: string,
): Promise<boolean> {
  const who = [
    visitor.token ? eq(earlyAccessTickets.holderTokenHash, tokenHash(visitor.token)) : undefined,
    visitor.userId ? eq(earlyAccessTickets.holderUserId, visitor.userId) : undefined,
  ].filter((w) => w !== undefined);
  if (who.length === 0) return false;
  const [row] = await db()
    .select({ id: earlyAccessTickets.id })
    .from(earlyAccessTickets)
    .where(
      and(
        eq(earlyAccessTickets.campaign, campaign),
        sql`${earlyAccessTickets.redeemedAt} is not null`,
        or(...who),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** What content's campaign pages ask in an early window (installed with `provideEarlyAccessCheck`). */
export function earlyAccessCheck(
  visitor: { customerId: string | null; ticket: string | null },
  campaign: { id: number },
): Promise<boolean> {
  return hasEarlyAccess({ token: visitor.ticket, userId: visitor.customerId }, String(campaign.id));
}
