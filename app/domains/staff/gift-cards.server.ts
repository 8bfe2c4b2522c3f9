// Gift cards and wallet credit in the back office (docs/decisions/0039): block / unblock a card, resend an
// e-gift card, issue a goodwill card (e-mailed to its recipient), goodwill wallet credit; each audited.
import { env } from "../../platform/env.server";
import { formatMoney, money } from "../../platform/money";
import { isRefusal, type Refusal, refuse } from "../../platform/refusal";
import { href } from "../../routing/urls";
import { customerForStaff } from "../customers/customers.server";
import {
  giftCardForStaff,
  issueGiftCard,
  printPhysicalGiftCard,
  resendGiftCard,
  setGiftCardBlocked,
} from "../gift-cards/gift-cards.server";
import { queueEmail } from "../notifications/notifications.server";
import { bookWalletEntry } from "../wallet/wallet.server";
import { audited, type StaffActor } from "./audit.server";

const euros = (cents: number) => formatMoney(money(cents), "en");
const target = (id: number) => ({ type: "gift-card", id: String(id) });

/** Blocks or unblocks a card (a blocked card cannot be held for an order; what was held still settles). */
export function setGiftCardBlockedByStaff(
  actor: StaffActor,
  cardId: number,
  input: { blocked: boolean; reason?: string },
): Promise<true | Refusal> {
  return audited(actor, async (tx) => {
    const done = await setGiftCardBlocked({ cardId, blocked: input.blocked }, { tx });
    if (isRefusal(done)) return refuse.notFound("This gift card no longer exists.");
    return {
      result: true as const,
      audit: {
        action: input.blocked ? "gift-card.block" : "gift-card.unblock",
        target: target(cardId),
        summary: input.blocked ? `Blocked: ${input.reason ?? ""}` : "Unblocked",
        after: { status: input.blocked ? "blocked" : "active", reason: input.reason ?? null },
      },
    };
  });
}

/** Sends an e-gift card again (a copy of the sent e-mail, or now if it was still waiting for its date). */
export async function resendGiftCardByStaff(
  actor: StaffActor,
  cardId: number,
  purchaseId: number,
): Promise<string | Refusal> {
  const card = await giftCardForStaff(cardId);
  if (!card?.purchase || card.purchase.id !== purchaseId) return refuse.notFound("No such e-gift card.");
  const done = await resendGiftCard(purchaseId);
  if (isRefusal(done)) return refuse.conflict("This gift card cannot be sent again.");
  await audited(actor, async () => ({
    result: null,
    audit: {
      action: "gift-card.resend",
      target: target(cardId),
      summary: `E-gift card ${done === "copied" ? "sent again" : "sent now"} to ${card.purchase?.recipientEmail}`,
      after: { purchaseId, outcome: done },
    },
  }));
  return done === "copied" ? "Sent again to the recipient." : "Sent to the recipient now.";
}

/**
 * The printable card of a gift card sold "by post", for the warehouse to pack with its order; each print
 * is audited (the card's number and PIN are on it).
 */
export async function printGiftCardByStaff(
  actor: StaffActor,
  purchaseId: number,
): Promise<{ pdf: Uint8Array; fileName: string } | Refusal> {
  const printed = await printPhysicalGiftCard(purchaseId);
  if (isRefusal(printed)) return printed;
  await audited(actor, async () => ({
    result: null,
    audit: {
      action: "gift-card.print",
      target: target(printed.cardId),
      summary: `Card printed for order ${printed.orderReference}`,
      after: { purchaseId },
    },
  }));
  return { pdf: printed.pdf, fileName: printed.fileName };
}

/**
 * Issues a goodwill card and e-mails it (number and PIN, once) to its recipient, in one transaction with
 * the audit entry; the same key issues once.
 */
export function issueGoodwillGiftCard(
  actor: StaffActor,
  input: {
    amountCents: number;
    recipientEmail: string;
    toName: string;
    reason: string;
    idempotencyKey: string;
  },
): Promise<{ id: number; last4: string } | Refusal> {
  return audited(actor, async (tx) => {
    const card = await issueGiftCard(
      {
        amountCents: input.amountCents,
        source: "goodwill",
        idempotencyKey: input.idempotencyKey,
        note: input.reason,
      },
      { tx },
    );
    if (!card.number || !card.pin) return { result: { id: card.id, last4: card.last4 }, audit: null };
    await queueEmail(
      {
        to: input.recipientEmail,
        locale: "en",
        template: "giftCard",
        data: {
          amountCents: card.amountCents,
          toName: input.toName,
          fromName: "Loom & Label",
          message: null,
          number: card.number,
          pin: card.pin,
          validUntil: card.validUntil.toISOString(),
          balanceUrl: `${env().BASE_URL}${href("saldo-checker", {}, "en", env().I18N_STRATEGY)}`,
        },
      },
      { tx },
    );
    return {
      result: { id: card.id, last4: card.last4 },
      audit: {
        action: "gift-card.issue",
        target: target(card.id),
        summary: `Goodwill gift card of ${euros(card.amountCents)} (…${card.last4}) for ${input.recipientEmail}: ${input.reason}`,
        after: { amountCents: card.amountCents, recipientEmail: input.recipientEmail, reason: input.reason },
      },
    };
  });
}

/** Goodwill wallet credit for a customer, with a reason the customer sees; audited, once per key. */
export async function creditWalletByStaff(
  actor: StaffActor,
  userId: string,
  input: { amountCents: number; reason: string; idempotencyKey: string },
): Promise<number | Refusal> {
  // Read before the transaction: inside it, a query on the pool waits for the one connection an embedded
  // database has, which the transaction holds.
  if (!(await customerForStaff(userId))) return refuse.notFound("This customer no longer exists.");
  return audited(actor, async (tx) => {
    const booked = await bookWalletEntry(
      {
        userId,
        amountCents: input.amountCents,
        kind: "goodwill",
        note: input.reason,
        idempotencyKey: `staff-credit:${input.idempotencyKey}`,
      },
      { tx },
    );
    if (isRefusal(booked)) return booked;
    return {
      result: booked.balanceCents,
      audit: booked.duplicate
        ? null
        : {
            action: "customer.wallet-credit",
            target: { type: "customer", id: userId },
            summary: `Goodwill wallet credit ${euros(input.amountCents)}: ${input.reason}`,
            after: {
              amountCents: input.amountCents,
              reason: input.reason,
              balanceCents: booked.balanceCents,
            },
          },
    };
  });
}
