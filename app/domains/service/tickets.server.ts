import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import { db, type Transaction } from "../../platform/db/db.server";
import { inTransaction } from "../../platform/db/transaction.server";
import type { Locale } from "../../platform/i18n/locales";
import { type Refusal, refuse } from "../../platform/refusal";
import { queueEmail } from "../notifications/notifications.server";
import { readPhoto } from "./photos.server";
import { ticketReference } from "./reference";
import { serviceAttachments, serviceMessages, serviceTickets, type TicketStatus } from "./tables.server";

export type TicketRow = typeof serviceTickets.$inferSelect;
export type TicketMessage = typeof serviceMessages.$inferSelect;

export const TICKET_PAGE_SIZE = 50;

/** The support queue: open tickets first (oldest first: the longest wait is answered first), or one status. */
export async function ticketQueue(status?: TicketStatus): Promise<{ tickets: TicketRow[]; open: number }> {
  const where: SQL | undefined = status ? eq(serviceTickets.status, status) : undefined;
  const [tickets, [open]] = await Promise.all([
    db()
      .select()
      .from(serviceTickets)
      .where(where)
      .orderBy(status === "open" || !status ? asc(serviceTickets.createdAt) : desc(serviceTickets.updatedAt))
      .limit(TICKET_PAGE_SIZE),
    db().select({ n: count() }).from(serviceTickets).where(eq(serviceTickets.status, "open")),
  ]);
  return { tickets, open: open?.n ?? 0 };
}

export async function ticketWithMessages(id: number): Promise<{
  ticket: TicketRow;
  messages: TicketMessage[];
  photos: { id: number; width: number; height: number }[];
} | null> {
  const [ticket] = await db().select().from(serviceTickets).where(eq(serviceTickets.id, id));
  if (!ticket) return null;
  const [messages, photos] = await Promise.all([
    db()
      .select()
      .from(serviceMessages)
      .where(eq(serviceMessages.ticketId, id))
      .orderBy(asc(serviceMessages.createdAt), asc(serviceMessages.id)),
    db()
      .select({
        id: serviceAttachments.id,
        width: serviceAttachments.width,
        height: serviceAttachments.height,
      })
      .from(serviceAttachments)
      .where(eq(serviceAttachments.ticketId, id))
      .orderBy(asc(serviceAttachments.id)),
  ]);
  return { ticket, messages, photos };
}

/** A photo of a ticket (WebP bytes) for support's ticket page, or null. */
export async function ticketPhoto(ticketId: number, photoId: number): Promise<Buffer | null> {
  const [row] = await db()
    .select({ file: serviceAttachments.file })
    .from(serviceAttachments)
    .where(and(eq(serviceAttachments.ticketId, ticketId), eq(serviceAttachments.id, photoId)));
  return row ? readPhoto(row.file) : null;
}

/**
 * A staff answer: stored on the ticket and e-mailed to the shopper (outbox, same transaction) in the
 * language they wrote in, quoting their first message. The ticket becomes answered, or closed when the
 * agent says so. A closed ticket takes no reply until it is reopened.
 */
export async function replyToTicket(
  input: { ticketId: number; body: string; close: boolean },
  options: { staffId: string; tx?: Transaction },
): Promise<{ before: TicketStatus; after: TicketStatus; reference: string } | Refusal> {
  return inTransaction(options.tx, async (tx) => {
    const [ticket] = await tx
      .select()
      .from(serviceTickets)
      .where(eq(serviceTickets.id, input.ticketId))
      .for("update");
    if (!ticket) return refuse.notFound();
    if (ticket.status === "closed") return refuse.conflict("admin:service.ticketClosed");
    const [question] = await tx
      .select({ body: serviceMessages.body })
      .from(serviceMessages)
      .where(and(eq(serviceMessages.ticketId, ticket.id), eq(serviceMessages.author, "customer")))
      .orderBy(asc(serviceMessages.id))
      .limit(1);
    await tx
      .insert(serviceMessages)
      .values({ ticketId: ticket.id, author: "staff", staffId: options.staffId, body: input.body });
    const after: TicketStatus = input.close ? "closed" : "answered";
    await tx
      .update(serviceTickets)
      .set({ status: after, updatedAt: new Date() })
      .where(eq(serviceTickets.id, ticket.id));
    const reference = ticketReference(ticket.id);
    await queueEmail(
      {
        to: ticket.email,
        locale: ticket.locale as Locale,
        template: "serviceReply",
        data: { name: ticket.name, reference, reply: input.body, question: question?.body ?? "" },
      },
      { tx },
    );
    return { before: ticket.status, after, reference };
  });
}

/** Closes or reopens a ticket without writing to the shopper. */
export async function setTicketStatus(
  ticketId: number,
  status: TicketStatus,
  options: { tx?: Transaction } = {},
): Promise<{ before: TicketStatus } | Refusal> {
  return inTransaction(options.tx, async (tx) => {
    const [ticket] = await tx
      .select({ status: serviceTickets.status })
      .from(serviceTickets)
      .where(eq(serviceTickets.id, ticketId))
      .for("update");
    if (!ticket) return refuse.notFound();
    await tx
      .update(serviceTickets)
      .set({ status, updatedAt: new Date() })
      .where(eq(serviceTickets.id, ticketId));
    return { before: ticket.status };
  });
}
