import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export type MessageChannel = "email" | "sms";
export type MessageStatus = "pending" | "sent" | "failed";

/**
 * The transactional outbox: a message row is written in the same transaction as the fact it reports,
 * and a job delivers it afterwards. Without SMTP or an SMS gateway the row itself is the delivery.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channel: text("channel").$type<MessageChannel>().notNull(),
    recipient: text("recipient").notNull(),
    locale: text("locale").notNull(),
    template: text("template").notNull(),
    subject: text("subject"),
    html: text("html"),
    text: text("text").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    /** Extra e-mail headers (a marketing e-mail's RFC 8058 `List-Unsubscribe` and `List-Unsubscribe-Post`). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    status: text("status").$type<MessageStatus>().notNull().default("pending"),
    transport: text("transport"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_pending_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("outbox_created_idx").on(t.createdAt),
  ],
);
