import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { solvedCaptcha } from "../../../tests/support/captcha";
import { orderingDatabase } from "../../../tests/support/ordering";
import { accepted } from "../../../tests/support/refusals";
import { isRefusal } from "../../platform/refusal";
import { authThrottle } from "../../platform/throttle/tables.server";
import { placeOrder } from "../checkout/checkout.server";
import { outboxMessages } from "../notifications/tables.server";
import { answerTicket, changeTicketStatus } from "../staff/staff.server";
import { staffAuditLog } from "../staff/tables.server";
import {
  faq,
  serviceAvailability,
  submitContactForm,
  ticketPhoto,
  ticketQueue,
  ticketReference,
  ticketWithMessages,
} from "./service.server";
import { serviceMessages, serviceTickets } from "./tables.server";
import type { ContactInput } from "./validation";

const { state, cartWith, order } = orderingDatabase();

beforeEach(async () => {
  await state.connection.db.delete(serviceTickets);
  await state.connection.db.delete(authThrottle);
});

let ips = 0;
const meta = () => ({ locale: "fr" as const, ip: `198.51.100.${++ips}`, channel: "form" as const });

async function form(over: Partial<ContactInput> = {}): Promise<ContactInput> {
  return {
    topic: "delivery",
    name: "Anna",
    email: "Anna@Example.nl",
    message: "Où est mon colis ?",
    captcha: await solvedCaptcha(),
    ...over,
  };
}

describe("contact form", () => {
  it("becomes an open ticket with the message, and an acknowledgement e-mail in the shopper's language", async () => {
    const ticket = accepted(await submitContactForm(await form(), meta()));
    const [row] = await state.connection.db
      .select()
      .from(serviceTickets)
      .where(eq(serviceTickets.id, ticket.id));
    expect(row).toMatchObject({ status: "open", topic: "delivery", email: "anna@example.nl", locale: "fr" });
    const messages = await state.connection.db
      .select()
      .from(serviceMessages)
      .where(eq(serviceMessages.ticketId, ticket.id));
    expect(messages.map((m) => [m.author, m.body])).toEqual([["customer", "Où est mon colis ?"]]);
    const [mail] = await state.connection.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, "contactReceived"));
    expect(mail?.recipient).toBe("anna@example.nl");
    expect(mail?.subject).toBe(`Nous avons bien reçu votre message (${ticketReference(ticket.id)})`);
    expect(mail?.text).toContain("sous 24 heures");
  });

  it("needs a solved captcha, and a solution serves one message only", async () => {
    const missing = await submitContactForm(await form({ captcha: undefined }), meta());
    expect(isRefusal(missing) && [missing.messageKey, missing.field]).toEqual([
      "account:captcha.missing",
      "captcha",
    ]);
    const captcha = await solvedCaptcha();
    accepted(await submitContactForm(await form({ captcha }), meta()));
    const replay = await submitContactForm(await form({ captcha }), meta());
    expect(isRefusal(replay) && replay.messageKey).toBe("account:captcha.invalid");
    expect(await state.connection.db.select().from(serviceTickets)).toHaveLength(1);
  });

  it("is throttled per e-mail address, whatever the IP", async () => {
    for (let i = 0; i < 5; i++) accepted(await submitContactForm(await form(), meta()));
    const sixth = await submitContactForm(await form(), meta());
    expect(isRefusal(sixth) && [sixth.kind, sixth.messageKey]).toEqual([
      "too-many",
      "service:contact.throttled",
    ]);
    expect(await state.connection.db.select().from(serviceTickets)).toHaveLength(5);
  });

  it("accepts an order number only when the order is the shopper's", async () => {
    const placed = await placeOrder(order(await cartWith([{ variantId: state.size.id, quantity: 1 }])));
    if (isRefusal(placed)) throw new Error(placed.messageKey);
    const someoneElse = await submitContactForm(
      await form({ email: "bram@example.nl", orderNumber: placed.number }),
      meta(),
    );
    expect(isRefusal(someoneElse) && [someoneElse.messageKey, someoneElse.field]).toEqual([
      "service:contact.orderUnknown",
      "orderNumber",
    ]);
    const own = accepted(await submitContactForm(await form({ orderNumber: placed.number }), meta()));
    const [row] = await state.connection.db
      .select()
      .from(serviceTickets)
      .where(eq(serviceTickets.id, own.id));
    expect(row?.orderNumber).toBe(placed.number);
  });
});

describe("photos on a contact form", () => {
  const png = async (width: number) =>
    new Blob([
      new Uint8Array(
        await sharp({ create: { width, height: 300, channels: 3, background: "#c0ffee" } })
          .png()
          .toBuffer(),
      ),
    ]);

  it("keeps up to three photos with the ticket, re-encoded, for support to see", async () => {
    const ticket = accepted(
      await submitContactForm(await form({ topic: "returns" }), meta(), [await png(800), await png(2400)]),
    );
    const found = await ticketWithMessages(ticket.id);
    expect(found?.photos.map((p) => p.width)).toEqual([800, 1600]);
    const bytes = await ticketPhoto(ticket.id, found!.photos[0]!.id);
    expect((await sharp(bytes!).metadata()).format).toBe("webp");
    expect(await ticketPhoto(ticket.id + 1, found!.photos[0]!.id)).toBeNull();
  });

  it("refuses a fourth photo and a file that is no photo, and then makes no ticket", async () => {
    const four = await submitContactForm(
      await form(),
      meta(),
      await Promise.all([1, 2, 3, 4].map(() => png(700))),
    );
    expect(isRefusal(four) && [four.messageKey, four.field]).toEqual([
      "service:contact.photosTooMany",
      "photos",
    ]);
    const text = await submitContactForm(await form(), meta(), [new Blob(["not a photo"])]);
    expect(isRefusal(text) && text.messageKey).toBe("service:contact.photoInvalid");
    expect(await state.connection.db.select().from(serviceTickets)).toHaveLength(0);
  });
});

describe("service settings", () => {
  it("answers the opening hours and reply time from the settings, open or closed by the Amsterdam clock", async () => {
    const monday10 = new Date("2026-11-23T09:00:00Z");
    const sunday8 = new Date("2026-11-29T07:00:00Z");
    expect((await serviceAvailability(monday10)).openNow).toBe(true);
    const closed = await serviceAvailability(sunday8);
    expect(closed.openNow).toBe(false);
    expect(closed.replyHours).toBe(24);
    expect(closed.schedule[0]).toEqual({ days: "weekdays", from: 9, until: 21 });
  });
});

describe("FAQ", () => {
  it("has the same topics and number of questions in every locale", () => {
    const shape = (locale: "en" | "nl" | "fr" | "es") => faq(locale).map((t) => [t.topic, t.items.length]);
    expect(shape("nl")).toEqual(shape("en"));
    expect(shape("fr")).toEqual(shape("en"));
    expect(shape("es")).toEqual(shape("en"));
  });

  it("finds questions by every word, ignoring case and accents", () => {
    const found = faq("es", "DEVOLUCION paquete");
    expect(found.map((t) => t.topic)).toEqual(["returns"]);
    expect(found[0]!.items[0]!.q).toBe("¿Cómo devuelvo un artículo?");
    expect(faq("en", "zebra")).toEqual([]);
  });
});

describe("support's answers", () => {
  it("a reply is stored, e-mailed in the shopper's language with the question, audited, and answers the ticket", async () => {
    const ticket = accepted(await submitContactForm(await form(), meta()));
    const actor = { id: randomUUID(), email: "support@example.nl", role: "support" as const };
    accepted(await answerTicket(actor, ticket.id, { body: "Votre colis arrive demain.", close: false }));
    const found = await ticketWithMessages(ticket.id);
    expect(found?.ticket.status).toBe("answered");
    expect(found?.messages.map((m) => m.author)).toEqual(["customer", "staff"]);
    const [mail] = await state.connection.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, "serviceReply"));
    expect(mail?.recipient).toBe("anna@example.nl");
    expect(mail?.subject).toBe(`Re : votre question (${ticketReference(ticket.id)})`);
    expect(mail?.text).toContain("Votre colis arrive demain.");
    expect(mail?.text).toContain("Où est mon colis ?");
    const [entry] = await state.connection.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.targetId, String(ticket.id)));
    expect(entry?.action).toBe("ticket.reply");
  });

  it("a closed ticket takes no reply until it is reopened; the queue shows the open ones oldest first", async () => {
    const first = accepted(await submitContactForm(await form(), meta()));
    const second = accepted(await submitContactForm(await form({ email: "bram@example.nl" }), meta()));
    const actor = { id: randomUUID(), email: "support@example.nl", role: "support" as const };
    expect((await ticketQueue("open")).tickets.map((t) => t.id)).toEqual([first.id, second.id]);
    accepted(await changeTicketStatus(actor, first.id, "closed"));
    const refused = await answerTicket(actor, first.id, { body: "Hello", close: false });
    expect(isRefusal(refused) && refused.messageKey).toBe("admin:service.ticketClosed");
    expect((await ticketQueue("open")).open).toBe(1);
    accepted(await changeTicketStatus(actor, first.id, "open"));
    accepted(await answerTicket(actor, first.id, { body: "Hello", close: true }));
    expect((await ticketWithMessages(first.id))?.ticket.status).toBe("closed");
  });
});
