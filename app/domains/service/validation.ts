import { z } from "zod";
import * as rules from "../../platform/forms/rules";
import { ORDER_NUMBER } from "../orders/numbers";

/**
 * The contact forms of customer service, the chat page and the app (client-safe: the browser validates
 * with the same schemas as the server and the API).
 */

/** The subjects of the contact forms, which are also the FAQ's topics (`/contact/{topic}/`). */
export const contactTopics = [
  "order",
  "delivery",
  "returns",
  "payment",
  "product",
  "account",
  "other",
] as const;
export type ContactTopic = (typeof contactTopics)[number];

/** Where a ticket came from: a contact form, the chat page's "start chat", or the app. */
export const ticketChannels = ["form", "chat", "app"] as const;
export type TicketChannel = (typeof ticketChannels)[number];

export const MESSAGE_MAX = 2000;
/** Photos a shopper may attach to a contact form (a damaged item, a wrong label). */
export const MAX_PHOTOS = 3;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

export const ContactSchema = z.object({
  topic: rules.choice(contactTopics, { label: "service:contact.topic" }),
  name: rules.required({ max: 100, label: "service:contact.name" }),
  email: rules.email(),
  orderNumber: rules.optional(
    rules.pattern(ORDER_NUMBER, { label: "service:contact.orderNumber", example: "123456789" }),
  ),
  message: rules.required({ max: MESSAGE_MAX, label: "service:contact.message" }),
  captcha: z.string().optional(),
});
export type ContactInput = z.infer<typeof ContactSchema>;

/** A support agent's answer from the back office's ticket page. */
export const TicketReplySchema = z.object({
  body: rules.required({ max: MESSAGE_MAX }),
  close: rules.toggle(),
});
export const TicketStatusSchema = z.object({ status: z.enum(["open", "closed"]) });
