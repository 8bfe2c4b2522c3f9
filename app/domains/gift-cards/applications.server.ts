// Gift cards added at checkout (docs/decisions/0039): recognised once by number + PIN (the PIN lock and a
// per-IP limit apply); the bag remembers the card, the order holds what each covers when it is placed.
import { inArray, sql } from "drizzle-orm";
import { db, type Queryable } from "../../platform/db/db.server";
import { isRefusal, Refusal, refuse } from "../../platform/refusal";
import { attemptAllowed } from "../../platform/throttle/throttle.server";
import { recogniseGiftCard } from "./cards.server";
import { availableCents } from "./ledger";
import { giftCards } from "./tables.server";

/** Cards a shopper may try at checkout per IP an hour (on top of every card's PIN lock). */
export const checkoutCardRule = { limit: 30, windowSeconds: 60 * 60 };
/** Cards one order may be paid with. */
export const MAX_CARDS_PER_ORDER = 5;

export interface AppliedGiftCard {
  cardId: number;
  last4: string;
  /** What can be spent now (balance less what other orders hold); 0 for a blocked or expired card. */
  availableCents: number;
  usable: boolean;
}

/**
 * Recognises a card to pay with: the same answer as the balance checker for every miss; a blocked,
 * expired or empty card is told after the right PIN.
 */
export async function recogniseCardToPayWith(
  input: { number: string; pin: string },
  meta: { ip: string },
): Promise<AppliedGiftCard | Refusal> {
  if (!(await attemptAllowed(`gift-card-apply:ip:${meta.ip}`, checkoutCardRule)))
    return refuse.tooMany("giftcard:errors.tooMany");
  const card = await recogniseGiftCard(input);
  // A new refusal on the form's field: spreading one would give a plain object that is no Refusal any more.
  if (isRefusal(card)) return new Refusal(card.kind, card.messageKey, card.values, "giftCardNumber");
  if (card.status === "blocked") return refuse.conflict("giftcard:errors.blocked", {}, "giftCardNumber");
  if (card.expired) return refuse.conflict("giftcard:errors.expired", {}, "giftCardNumber");
  if (card.availableCents <= 0) return refuse.conflict("giftcard:errors.empty", {}, "giftCardNumber");
  return { cardId: card.id, last4: card.last4, availableCents: card.availableCents, usable: true };
}

/** The cards a bag pays with, in the order given, with what each can pay now. */
export async function giftCardsToPayWith(
  cardIds: readonly number[],
  options: { tx?: Queryable } = {},
): Promise<AppliedGiftCard[]> {
  if (cardIds.length === 0) return [];
  const rows = await (options.tx ?? db())
    .select({
      cardId: giftCards.id,
      last4: giftCards.last4,
      balanceCents: giftCards.balanceCents,
      heldCents: giftCards.heldCents,
      status: giftCards.status,
      expired: sql<boolean>`${giftCards.validUntil} <= now()`,
    })
    .from(giftCards)
    .where(inArray(giftCards.id, [...cardIds]));
  return cardIds.flatMap((id) => {
    const r = rows.find((row) => row.cardId === id);
    if (!r) return [];
    const usable = r.status === "active" && !r.expired;
    return [{ cardId: r.cardId, last4: r.last4, availableCents: usable ? availableCents(r) : 0, usable }];
  });
}
