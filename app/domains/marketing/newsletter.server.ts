import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, count, desc, eq, gt, ilike, sql } from "drizzle-orm";
import { user } from "../../platform/auth/tables.server";
import { db, type Transaction } from "../../platform/db/db.server";
import { escapeLike } from "../../platform/db/like";
import { transaction } from "../../platform/db/transaction.server";
import { env } from "../../platform/env.server";
import type { Locale } from "../../platform/i18n/locales";
import { type Refusal, refuse } from "../../platform/refusal";
import { attemptAllowed } from "../../platform/throttle/throttle.server";
import { href } from "../../routing/urls";
import { queueEmail } from "../notifications/notifications.server";
import { issueSingleUseCode } from "../promotions/promotions.server";
import { type NewsletterStatus, newsletterConsentEvents, newsletterSubscribers } from "./tables.server";
import { NEWSLETTER_CONSENT_VERSION, NEWSLETTER_PERCENT, type NewsletterSource } from "./validation";

const LINK_VALID_HOURS = 72;
/** The welcome code can be used for this long after confirmation. */
const WELCOME_CODE_DAYS = 90;
/** Confirmation e-mails per address and sign-ups per IP per hour. */
const PER_ADDRESS = { limit: 3, windowSeconds: 60 * 60 };
const PER_IP = { limit: 30, windowSeconds: 60 * 60 };

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

function newsletterPage(locale: Locale): string {
  return `${env().BASE_URL}${href("newsletter", {}, locale, env().I18N_STRATEGY)}`;
}

function unsubscribeKey(id: number): string {
  return createHmac("sha256", env().SESSION_SECRET)
    .update(`newsletter-unsubscribe:${id}`)
    .digest("base64url")
    .slice(0, 32);
}

/** The token of a subscriber's unsubscribe links: their id and an HMAC of it (no storage, no expiry). */
export function unsubscribeToken(id: number): string {
  return `${id}.${unsubscribeKey(id)}`;
}

function subscriberOfToken(token: string): number | null {
  const [idText, key] = token.split(".");
  const id = Number(idText);
  if (!Number.isSafeInteger(id) || id <= 0 || !key) return null;
  const expected = Buffer.from(unsubscribeKey(id));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** The URLs of a marketing e-mail: RFC 8058's one-click POST target (API) and the page for people. */
export function unsubscribeUrls(id: number, locale: Locale) {
  const token = unsubscribeToken(id);
  return {
    oneClick: `${env().BASE_URL}/api/v1/newsletter/unsubscribe?token=${token}`,
    page: `${newsletterPage(locale)}?unsubscribe=${token}`,
  };
}

interface SignUpMeta {
  locale: Locale;
  ip: string | null;
  source: NewsletterSource;
  /** A signed-in customer whose address is confirmed already: no second opt-in needed. */
  verifiedAccount?: boolean;
}

async function logConsent(
  tx: Transaction,
  subscriberId: number,
  kind: "requested" | "confirmed" | "unsubscribed",
  meta: { ip: string | null; source: string },
) {
  await tx.insert(newsletterConsentEvents).values({
    subscriberId,
    kind,
    ip: meta.ip,
    source: meta.source,
    textVersion: NEWSLETTER_CONSENT_VERSION,
  });
}

/**
 * Signs an address up (footer, toast, account, API). Double opt-in: a confirmation link by e-mail, and the
 * subscription starts when it is opened; an account whose address is confirmed already is subscribed at
 * once. An address already subscribed is refused ("already subscribed"); an address waiting for its
 * confirmation gets a new link (throttled). Every request is logged as consent proof.
 */
export async function subscribeNewsletter(
  email: string,
  meta: SignUpMeta,
): Promise<{ status: "pending" | "subscribed"; code: string | null } | Refusal> {
  const address = email.trim().toLowerCase();
  const allowed =
    (await attemptAllowed(`newsletter:ip:${meta.ip ?? "none"}`, PER_IP)) &&
    (await attemptAllowed(`newsletter:address:${address}`, PER_ADDRESS));
  if (!allowed) return refuse.tooMany("marketing:newsletter.errors.throttled");
  const token = randomBytes(24).toString("base64url");
  return transaction(async (tx) => {
    const [row] = await tx
      .insert(newsletterSubscribers)
      .values({ email: address, status: "pending", locale: meta.locale, source: meta.source })
      .onConflictDoUpdate({
        target: newsletterSubscribers.email,
        set: { email: sql`excluded.email` },
      })
      .returning();
    const [subscriber] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, row!.id))
      .for("update");
    if (!subscriber) throw new Error("newsletter subscriber vanished");
    if (subscriber.status === "subscribed")
      return refuse.conflict("marketing:newsletter.errors.alreadySubscribed", {}, "email");
    await tx
      .update(newsletterSubscribers)
      .set({ status: "pending", locale: meta.locale, source: meta.source, unsubscribedAt: null })
      .where(eq(newsletterSubscribers.id, subscriber.id));
    await logConsent(tx, subscriber.id, "requested", meta);
    if (meta.verifiedAccount) {
      const code = await confirmSubscriber(tx, subscriber.id, meta);
      return { status: "subscribed" as const, code };
    }
    await tx
      .update(newsletterSubscribers)
      .set({ tokenHash: hash(token), tokenExpiresAt: new Date(Date.now() + LINK_VALID_HOURS * 3600_000) })
      .where(eq(newsletterSubscribers.id, subscriber.id));
    await queueEmail(
      {
        to: address,
        locale: meta.locale,
        template: "newsletterConfirm",
        data: {
          confirmUrl: `${newsletterPage(meta.locale)}?confirm=${token}`,
          validHours: LINK_VALID_HOURS,
          percent: NEWSLETTER_PERCENT,
        },
      },
      { tx },
    );
    return { status: "pending" as const, code: null };
  });
}

/**
 * Makes a locked pending subscriber subscribed: the account's flag follows, and the first confirmation
 * of an address issues its welcome code (single use, first order only) and mails it with the unsubscribe
 * link and RFC 8058 headers. Answers the code (null when the address had one before).
 */
async function confirmSubscriber(
  tx: Transaction,
  id: number,
  meta: { ip: string | null; source: string },
): Promise<string | null> {
  const [subscriber] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
  if (!subscriber) return null;
  const code =
    subscriber.welcomeCode ??
    (await issueSingleUseCode(
      {
        prefix: "HELLO",
        kind: "percentage",
        percent: NEWSLETTER_PERCENT,
        firstOrderOnly: true,
        endsAt: new Date(Date.now() + WELCOME_CODE_DAYS * 86_400_000),
        source: "newsletter",
        description: `Newsletter welcome code for ${subscriber.email}`,
      },
      { tx },
    ));
  await tx
    .update(newsletterSubscribers)
    .set({
      status: "subscribed",
      confirmedAt: sql`now()`,
      welcomeCode: code,
    })
    .where(eq(newsletterSubscribers.id, id));
  await tx.update(user).set({ newsletter: true }).where(eq(user.email, subscriber.email));
  await logConsent(tx, id, "confirmed", meta);
  if (subscriber.welcomeCode) return null;
  const locale = subscriber.locale as Locale;
  await queueEmail(
    {
      to: subscriber.email,
      locale,
      template: "newsletterWelcome",
      data: {
        code,
        percent: NEWSLETTER_PERCENT,
        validDays: WELCOME_CODE_DAYS,
        shopUrl: `${env().BASE_URL}${href("home", {}, locale, env().I18N_STRATEGY)}`,
      },
      unsubscribeUrl: unsubscribeUrls(id, locale).oneClick,
    },
    { tx },
  );
  return code;
}

/** The link from the confirmation e-mail. Opening it again after it worked shows the same code. */
export async function confirmNewsletter(
  token: string,
  meta: { ip: string | null },
): Promise<{ email: string; code: string | null } | Refusal> {
  return transaction(async (tx) => {
    const [subscriber] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(
        and(
          eq(newsletterSubscribers.tokenHash, hash(token)),
          gt(newsletterSubscribers.tokenExpiresAt, sql`now()`),
        ),
      )
      .for("update");
    if (!subscriber || subscriber.status === "unsubscribed")
      return refuse.notFound("marketing:newsletter.errors.link");
    // The same link opened again (a second click, a mail scanner first): the same answer, nothing new.
    if (subscriber.status === "subscribed") return { email: subscriber.email, code: subscriber.welcomeCode };
    const code = await confirmSubscriber(tx, subscriber.id, { ip: meta.ip, source: subscriber.source });
    return { email: subscriber.email, code };
  });
}

/**
 * One-click unsubscribe (RFC 8058, the link in every marketing e-mail, the account page). Idempotent: an
 * address unsubscribed already answers the same. A forged token is refused.
 */
export async function unsubscribeNewsletter(
  token: string,
  meta: { ip: string | null; source?: string },
): Promise<{ email: string } | Refusal> {
  const id = subscriberOfToken(token);
  if (id === null) return refuse.notFound("marketing:newsletter.errors.link");
  return unsubscribeById(id, meta);
}

async function unsubscribeById(id: number, meta: { ip: string | null; source?: string }) {
  return transaction(async (tx) => {
    const [subscriber] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, id))
      .for("update");
    if (!subscriber) return refuse.notFound("marketing:newsletter.errors.link");
    if (subscriber.status !== "unsubscribed") {
      await tx
        .update(newsletterSubscribers)
        .set({ status: "unsubscribed", unsubscribedAt: sql`now()`, tokenHash: null, tokenExpiresAt: null })
        .where(eq(newsletterSubscribers.id, id));
      await tx.update(user).set({ newsletter: false }).where(eq(user.email, subscriber.email));
      await logConsent(tx, id, "unsubscribed", { ip: meta.ip, source: meta.source ?? "link" });
    }
    return { email: subscriber.email };
  });
}

/** The state of an address (account page, API): not subscribed, waiting for confirmation, or subscribed. */
export async function newsletterStatus(email: string): Promise<NewsletterStatus | "none"> {
  const [row] = await db()
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email.trim().toLowerCase()));
  return row?.status ?? "none";
}

/**
 * The account page's switch: on signs the account's address up (at once when the address is confirmed,
 * else by the double opt-in); off unsubscribes it.
 */
export async function setAccountNewsletter(
  account: { email: string },
  wanted: boolean,
  meta: { locale: Locale; ip: string | null },
): Promise<{ status: NewsletterStatus | "none" } | Refusal> {
  const current = await newsletterStatus(account.email);
  if (wanted) {
    if (current === "subscribed") return { status: current };
    const [owner] = await db()
      .select({ verified: user.emailVerified })
      .from(user)
      .where(eq(user.email, account.email));
    const outcome = await subscribeNewsletter(account.email, {
      ...meta,
      source: "account",
      verifiedAccount: owner?.verified === true,
    });
    return "status" in outcome ? { status: outcome.status } : outcome;
  }
  if (current === "none" || current === "unsubscribed") return { status: current };
  const [row] = await db()
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, account.email.trim().toLowerCase()));
  const done = await unsubscribeById(row!.id, { ip: meta.ip, source: "account" });
  return "email" in done ? { status: "unsubscribed" } : done;
}

export interface SubscriberRow {
  id: number;
  email: string;
  status: NewsletterStatus;
  locale: string;
  source: string;
  createdAt: Date;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
  welcomeCode: string | null;
  /** The consent proof: the request and the confirmation, each with its time, IP and text version. */
  requestedIp: string | null;
  requestedAt: Date | null;
  confirmedIp: string | null;
  textVersion: string | null;
}

const latestEvent = (kind: string, column: "ip" | "created_at" | "text_version") =>
  sql.raw(
    `(select e.${column} from newsletter_consent_events e where e.subscriber_id = newsletter_subscribers.id and e.kind = '${kind}' order by e.id desc limit 1)`,
  );

/** Subscribers with their consent proof for the back office (a page) and its CSV export (all). */
export async function newsletterSubscriberList(
  options: { q?: string; status?: NewsletterStatus; page?: number; pageSize?: number | null } = {},
): Promise<{ rows: SubscriberRow[]; total: number }> {
  const where = and(
    options.q
      ? ilike(newsletterSubscribers.email, `%${escapeLike(options.q.trim().toLowerCase())}%`)
      : undefined,
    options.status ? eq(newsletterSubscribers.status, options.status) : undefined,
  );
  const pageSize = options.pageSize === undefined ? 50 : options.pageSize;
  const query = db()
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      status: newsletterSubscribers.status,
      locale: newsletterSubscribers.locale,
      source: newsletterSubscribers.source,
      createdAt: newsletterSubscribers.createdAt,
      confirmedAt: newsletterSubscribers.confirmedAt,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
      welcomeCode: newsletterSubscribers.welcomeCode,
      requestedIp: sql<string | null>`${latestEvent("requested", "ip")}`,
      requestedAt: sql<Date | null>`${latestEvent("requested", "created_at")}`.mapWith(
        (v: string | Date | null) => (v ? new Date(v) : null),
      ),
      confirmedIp: sql<string | null>`${latestEvent("confirmed", "ip")}`,
      textVersion: sql<string | null>`${latestEvent("requested", "text_version")}`,
    })
    .from(newsletterSubscribers)
    .where(where)
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id));
  const rows =
    pageSize === null
      ? await query
      : await query.limit(pageSize).offset(Math.max(0, (options.page ?? 1) - 1) * pageSize);
  const [total] = await db().select({ n: count() }).from(newsletterSubscribers).where(where);
  return { rows: rows as SubscriberRow[], total: total?.n ?? 0 };
}

const csvCell = (value: unknown) => {
  const text =
    value instanceof Date ? value.toISOString() : value === null || value === undefined ? "" : String(value);
  // A leading =, +, - or @ would be a formula in a spreadsheet (CSV injection).
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** Every subscriber with the consent proof, as CSV (RFC 4180) for the back office's export. */
export async function newsletterSubscribersCsv(options: { status?: NewsletterStatus } = {}): Promise<string> {
  const { rows } = await newsletterSubscriberList({ ...options, pageSize: null });
  const header = [
    "email",
    "status",
    "locale",
    "source",
    "requested_at",
    "requested_ip",
    "confirmed_at",
    "confirmed_ip",
    "consent_text_version",
    "unsubscribed_at",
    "welcome_code",
  ];
  const lines = rows.map((r) =>
    [
      r.email,
      r.status,
      r.locale,
      r.source,
      r.requestedAt,
      r.requestedIp,
      r.confirmedAt,
      r.confirmedIp,
      r.textVersion,
      r.unsubscribedAt,
      r.welcomeCode,
    ]
      .map(csvCell)
      .join(","),
  );
  return `${[header.join(","), ...lines].join("\r\n")}\r\n`;
}
