import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "../../platform/auth/tables.server";
import type { ContactTopic, TicketChannel } from "./validation";

export type TicketStatus = "open" | "answered" | "closed";

/**
 * A shopper's question to customer service: from a contact form, the chat page or the app. The shopper's
 * first message and every later one (theirs or staff's) are rows of `serviceMessages`; replies go out by
 * e-mail, so a ticket needs no account.
 */
export const serviceTickets = pgTable(
  "service_tickets",
  {
    id: serial("id").primaryKey(),
    topic: text("topic").$type<ContactTopic>().notNull(),
    channel: text("channel").$type<TicketChannel>().notNull().default("form"),
    status: text("status").$type<TicketStatus>().notNull().default("open"),
    name: text("name").notNull(),
    /** Lower-cased; replies are sent here. */
    email: text("email").notNull(),
    /** Checked against the shopper's orders when the ticket was made. */
    orderNumber: text("order_number"),
    locale: text("locale").notNull(),
    customerId: uuid("customer_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("service_tickets_queue_idx").on(t.status, t.createdAt),
    index("service_tickets_email_idx").on(sql`lower(${t.email})`),
  ],
);

export type MessageAuthor = "customer" | "staff";

export const serviceMessages = pgTable(
  "service_messages",
  {
    id: serial("id").primaryKey(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => serviceTickets.id, { onDelete: "cascade" }),
    author: text("author").$type<MessageAuthor>().notNull(),
    staffId: uuid("staff_id"),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("service_messages_ticket_idx").on(t.ticketId, t.createdAt)],
);

/**
 * Photos a shopper attached to a contact form (up to three): re-encoded by sharp (no EXIF, no location)
 * and kept outside the public media folder, under <DATA_DIR>/service-photos/; only support sees them.
 */
export const serviceAttachments = pgTable(
  "service_attachments",
  {
    id: serial("id").primaryKey(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => serviceTickets.id, { onDelete: "cascade" }),
    /** File name under the photos folder (`<uuid>.webp`). */
    file: text("file").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("service_attachments_ticket_idx").on(t.ticketId)],
);
