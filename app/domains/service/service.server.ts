import { verifyCaptcha } from "../../platform/captcha/captcha.server";
import { transaction } from "../../platform/db/transaction.server";
import type { Locale } from "../../platform/i18n/locales";
import { serverI18n } from "../../platform/i18n/resources.server";
import { isRefusal, type Refusal, refuse } from "../../platform/refusal";
import { attemptAllowed, type ThrottleRule } from "../../platform/throttle/throttle.server";
import { shopSetting } from "../content/content.server";
import { queueEmail } from "../notifications/notifications.server";
import { orderForCustomer, orderForGuest } from "../orders/orders.server";
import { type FaqItem, type FaqTopic, searchFaq } from "./faq";
import { type DayHours, isOpen, weekSchedule } from "./hours";
import { discardPhotos, type StoredPhoto, storePhotos } from "./photos.server";
import { ticketReference } from "./reference";
import { serviceAttachments, serviceMessages, serviceTickets } from "./tables.server";
import type { ContactInput, TicketChannel } from "./validation";

export { chosenPhotos } from "./photos.server";
export { ticketReference } from "./reference";
export type { TicketStatus } from "./tables.server";
export {
  replyToTicket,
  setTicketStatus,
  ticketPhoto,
  ticketQueue,
  ticketWithMessages,
} from "./tickets.server";
export { ContactSchema } from "./validation";

/** Tickets per sender in an hour: enough for a follow-up, too few to flood the queue. */
const throttleRules = {
  ip: { limit: 10, windowSeconds: 3600 },
  email: { limit: 5, windowSeconds: 3600 },
} satisfies Record<string, ThrottleRule>;

export interface ServiceAvailability {
  schedule: DayHours[];
  openNow: boolean;
  replyHours: number;
}

/** Opening hours, whether service is open at `now`, and the promised reply time (settings). */
export async function serviceAvailability(now = new Date()): Promise<ServiceAvailability> {
  const [hours, reply] = await Promise.all([shopSetting("serviceHours"), shopSetting("serviceReplyTime")]);
  return { schedule: weekSchedule(hours), openNow: isOpen(hours, now), replyHours: reply.hours };
}

export interface NewTicket {
  id: number;
  replyHours: number;
}

/**
 * A contact form (or the chat page's "start chat") becomes a ticket in the support queue, with an
 * acknowledgement e-mail in the same transaction. Guarded by the captcha and a throttle per IP and
 * address; an order number must be one of the shopper's orders (the signed-in customer's, or placed with
 * the given e-mail address), so a ticket never points at someone else's order.
 */
export async function submitContactForm(
  input: ContactInput,
  meta: { locale: Locale; ip: string; channel: TicketChannel; customerId?: string },
  photos: readonly Blob[] = [],
): Promise<NewTicket | Refusal> {
  const captcha = await verifyCaptcha(input.captcha);
  if (captcha !== "ok") return refuse.invalid(`account:captcha.${captcha}`, undefined, "captcha");
  const email = input.email.trim().toLowerCase();
  const allowed =
    (await attemptAllowed(`contact:ip:${meta.ip}`, throttleRules.ip)) &&
    (await attemptAllowed(`contact:email:${email}`, throttleRules.email));
  if (!allowed) return refuse.tooMany("service:contact.throttled");
  if (input.orderNumber) {
    const order =
      (meta.customerId ? await orderForCustomer(meta.customerId, input.orderNumber) : null) ??
      (await orderForGuest(input.orderNumber, email));
    if (!order) return refuse.invalid("service:contact.orderUnknown", undefined, "orderNumber");
  }
  const { replyHours } = await serviceAvailability();
  // The files exist before any row points at them; a failed transaction takes them away again.
  const stored = await storePhotos(photos);
  if (isRefusal(stored)) return stored;
  try {
    return await ticketWithAcknowledgement(input, meta, email, replyHours, stored);
  } catch (error) {
    await discardPhotos(stored);
    throw error;
  }
}

function ticketWithAcknowledgement(
  input: ContactInput,
  meta: { locale: Locale; channel: TicketChannel; customerId?: string },
  email: string,
  replyHours: number,
  photos: StoredPhoto[],
): Promise<NewTicket> {
  return transaction(async (tx) => {
    const [ticket] = await tx
      .insert(serviceTickets)
      .values({
        topic: input.topic,
        channel: meta.channel,
        name: input.name,
        email,
        orderNumber: input.orderNumber ?? null,
        locale: meta.locale,
        customerId: meta.customerId ?? null,
      })
      .returning({ id: serviceTickets.id });
    await tx
      .insert(serviceMessages)
      .values({ ticketId: ticket!.id, author: "customer", body: input.message });
    if (photos.length > 0)
      await tx.insert(serviceAttachments).values(photos.map((p) => ({ ticketId: ticket!.id, ...p })));
    await queueEmail(
      {
        to: email,
        locale: meta.locale,
        template: "contactReceived",
        data: {
          name: input.name,
          reference: ticketReference(ticket!.id),
          message: input.message,
          replyHours,
        },
      },
      { tx },
    );
    return { id: ticket!.id, replyHours };
  });
}

/** The FAQ of a locale by topic (the `service:faq` messages), narrowed to a search when one is given. */
export function faq(locale: Locale, query = ""): FaqTopic[] {
  const byTopic = serverI18n(locale).t("service:faq", { returnObjects: true }) as unknown as Record<
    string,
    FaqItem[]
  >;
  return searchFaq(
    Object.entries(byTopic).map(([topic, items]) => ({ topic, items })),
    query.slice(0, 100),
  );
}
