import { and, count, desc, eq, ilike, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import { db, type Queryable } from "../../platform/db/db.server";
import { escapeLike } from "../../platform/db/like";
import { transaction } from "../../platform/db/transaction.server";
import type { Locale } from "../../platform/i18n/locales";
import { defineJob, sendJob } from "../../platform/jobs/jobs.server";
import { logger } from "../../platform/logging/logger.server";
import { createEmailTransport, type EmailTransport } from "../../platform/mail/mailer.server";
import { createSmsTransport, type SmsTransport } from "../../platform/sms/sms.server";
import { outboxMessages } from "./tables.server";
import {
  type EmailData,
  type EmailTemplateName,
  renderEmail,
  renderSms,
  type SmsTemplateName,
} from "./templates.server";

/** After this many failed attempts a message is marked failed and shown as such in the outbox viewer. */
export const MAX_ATTEMPTS = 8;

/** Wait before attempt n+1: 30 s, 1, 2, 4 … minutes, at most 6 hours. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 6 * 3600);
}

/**
 * Writes an e-mail into the outbox, inside the caller's transaction (`tx`) when it reports a change: it is
 * sent if and only if that change commits.
 */
export async function queueEmail<N extends EmailTemplateName>(
  message: {
    to: string;
    locale: Locale;
    template: N;
    data: EmailData<N>;
    /** A marketing e-mail: the one-click unsubscribe URL (RFC 8058 headers and the footer's link). */
    unsubscribeUrl?: string;
  },
  options: { tx?: Queryable } = {},
): Promise<string> {
  const rendered = await renderEmail(message.template, message.locale, message.data, {
    unsubscribeUrl: message.unsubscribeUrl,
  });
  const [row] = await (options.tx ?? db())
    .insert(outboxMessages)
    .values({
      channel: "email",
      recipient: message.to,
      locale: message.locale,
      template: message.template,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      payload: message.data as unknown as Record<string, unknown>,
      headers: message.unsubscribeUrl
        ? {
            "List-Unsubscribe": `<${message.unsubscribeUrl}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          }
        : null,
    })
    .returning({ id: outboxMessages.id });
  void nudgeDelivery();
  return row!.id;
}

/**
 * Queues a copy of an e-mail sent before, to `to` (a staff resend): the same subject and body, a new
 * outbox row. Null when there is no such e-mail.
 */
export async function requeueEmail(
  messageId: string,
  to: string,
  options: { tx?: Queryable } = {},
): Promise<string | null> {
  const on = options.tx ?? db();
  const [sent] = await on.select().from(outboxMessages).where(eq(outboxMessages.id, messageId));
  if (sent?.channel !== "email") return null;
  const [row] = await on
    .insert(outboxMessages)
    .values({
      channel: "email",
      recipient: to,
      locale: sent.locale,
      template: sent.template,
      subject: sent.subject,
      html: sent.html,
      text: sent.text,
      payload: sent.payload,
    })
    .returning({ id: outboxMessages.id });
  void nudgeDelivery();
  return row!.id;
}

/** Writes an SMS into the outbox, inside the caller's transaction (`tx`) like `queueEmail`. */
export async function queueSms(
  message: { to: string; locale: Locale; template: SmsTemplateName; values: Record<string, string> },
  options: { tx?: Queryable } = {},
): Promise<string> {
  const [row] = await (options.tx ?? db())
    .insert(outboxMessages)
    .values({
      channel: "sms",
      recipient: message.to,
      locale: message.locale,
      template: message.template,
      text: renderSms(message.template, message.locale, message.values),
      payload: message.values,
    })
    .returning({ id: outboxMessages.id });
  void nudgeDelivery();
  return row!.id;
}

export interface Transports {
  email: EmailTransport;
  sms: SmsTransport;
}

let defaultTransports: Transports | undefined;
function transports(): Transports {
  defaultTransports ??= { email: createEmailTransport(), sms: createSmsTransport() };
  return defaultTransports;
}

/** How long a claimed message is its sender's: after that (the sender died) another run may send it. */
export const CLAIM_SECONDS = 300;

/**
 * Sends the messages that are due. A run claims them in one short transaction (SKIP LOCKED, so replicas
 * take different rows; the claim moves their next attempt past CLAIM_SECONDS), then sends and marks each
 * on its own: a process killed mid-run sends again only the message in flight, under the same Message-ID
 * and idempotency key (docs/reliability.md), and holds no lock or transaction while a gateway is slow.
 */
export async function deliverDueMessages(options: { limit?: number; via?: Transports } = {}) {
  const via = options.via ?? transports();
  const result = { sent: 0, retried: 0, failed: 0 };
  const due = await transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.status, "pending"), lte(outboxMessages.nextAttemptAt, sql`now()`)))
      .orderBy(outboxMessages.nextAttemptAt)
      .limit(options.limit ?? 50)
      .for("update", { skipLocked: true });
    if (rows.length > 0)
      await tx
        .update(outboxMessages)
        .set({ nextAttemptAt: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
        .where(
          inArray(
            outboxMessages.id,
            rows.map((row) => row.id),
          ),
        );
    return rows;
  });
  for (const message of due) {
    const attempts = message.attempts + 1;
    const transport = message.channel === "email" ? via.email : via.sms;
    try {
      if (message.channel === "email") {
        await via.email.send({
          id: message.id,
          to: message.recipient,
          subject: message.subject ?? "",
          html: message.html ?? "",
          text: message.text,
          ...(message.headers ? { headers: message.headers } : {}),
        });
      } else {
        await via.sms.send({ id: message.id, to: message.recipient, text: message.text });
      }
    } catch (error) {
      const failed = attempts >= MAX_ATTEMPTS;
      const lastError = error instanceof Error ? error.message : String(error);
      await db()
        .update(outboxMessages)
        .set({
          status: failed ? "failed" : "pending",
          attempts,
          transport: transport.name,
          lastError,
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(attempts)})`,
        })
        .where(eq(outboxMessages.id, message.id));
      logger.warn({ messageId: message.id, attempts, err: lastError }, "message delivery failed");
      if (failed) result.failed++;
      else result.retried++;
      continue;
    }
    await db()
      .update(outboxMessages)
      .set({ status: "sent", attempts, transport: transport.name, sentAt: sql`now()`, lastError: null })
      .where(eq(outboxMessages.id, message.id));
    result.sent++;
  }
  return result;
}

export type OutboxMessage = typeof outboxMessages.$inferSelect;

/** The newest messages first, for the outbox viewer and `npm run outbox`. */
export async function latestMessages(
  options: { limit?: number; channel?: "email" | "sms"; to?: string } = {},
) {
  const filters = [
    options.channel ? eq(outboxMessages.channel, options.channel) : undefined,
    options.to ? eq(outboxMessages.recipient, options.to) : undefined,
  ].filter((f) => f !== undefined);
  return db()
    .select()
    .from(outboxMessages)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(outboxMessages.createdAt))
    .limit(options.limit ?? 20);
}

/** Delivers due messages every minute, and within seconds of a new message (see nudgeDelivery). */
export const deliverOutboxJob = defineJob<{ reason: string }>({
  name: "notifications.deliver-outbox",
  schedule: { cron: "* * * * *", data: { reason: "schedule" } },
  options: { retryLimit: 0, expireInSeconds: 300 },
  async handle() {
    await deliverDueMessages();
  },
});

async function nudgeDelivery() {
  try {
    await sendJob(
      deliverOutboxJob,
      { reason: "new message" },
      { singletonKey: "nudge", singletonSeconds: 1 },
    );
  } catch (error) {
    logger.debug({ err: error }, "could not nudge the outbox; the schedule will deliver");
  }
}

export const OUTBOX_PAGE_SIZE = 50;

/** The outbox viewer's list: newest first, by channel, status and recipient or subject text. */
export async function findOutboxMessages(
  options: {
    channel?: "email" | "sms";
    status?: "pending" | "sent" | "failed";
    q?: string;
    page?: number;
  } = {},
) {
  const filters: SQL[] = [];
  if (options.channel) filters.push(eq(outboxMessages.channel, options.channel));
  if (options.status) filters.push(eq(outboxMessages.status, options.status));
  const q = options.q?.trim();
  if (q) {
    const like = `%${escapeLike(q)}%`;
    filters.push(
      or(
        ilike(outboxMessages.recipient, like),
        ilike(outboxMessages.subject, like),
        ilike(outboxMessages.template, like),
      ) as SQL,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const page = Math.max(1, options.page ?? 1);
  const [messages, [total]] = await Promise.all([
    db()
      .select({
        id: outboxMessages.id,
        channel: outboxMessages.channel,
        recipient: outboxMessages.recipient,
        locale: outboxMessages.locale,
        template: outboxMessages.template,
        subject: outboxMessages.subject,
        text: outboxMessages.text,
        status: outboxMessages.status,
        attempts: outboxMessages.attempts,
        createdAt: outboxMessages.createdAt,
        sentAt: outboxMessages.sentAt,
      })
      .from(outboxMessages)
      .where(where)
      .orderBy(desc(outboxMessages.createdAt))
      .limit(OUTBOX_PAGE_SIZE)
      .offset((page - 1) * OUTBOX_PAGE_SIZE),
    db().select({ count: count() }).from(outboxMessages).where(where),
  ]);
  return { messages, total: total?.count ?? 0, page, pageSize: OUTBOX_PAGE_SIZE };
}

/** One message with its rendered HTML and text; null for an unknown id. */
export async function outboxMessage(id: string): Promise<OutboxMessage | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db().select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row ?? null;
}
