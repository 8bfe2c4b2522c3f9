// Gift cards in the bag (docs/decisions/0039): gift cards bought as lines, and gift cards that pay for it.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { transaction } from "../../platform/db/transaction.server";
import { type Refusal, refuse } from "../../platform/refusal";
import { type CartRef, lockedCart, ownerIs } from "./owner.server";
import { carts, type StoredGiftCardLine } from "./tables.server";

/** At most this many gift cards in one bag. */
export const MAX_GIFT_CARDS_IN_BAG = 10;

/**
 * Puts a gift card in the bag (the `/giftcard/` page checked it with `GiftCardPurchaseSchema`). Refused
 * when the bag already holds the most gift cards one order may.
 */
export async function addGiftCardToCart(
  ref: CartRef,
  card: Omit<StoredGiftCardLine, "id">,
): Promise<{ cartId: number; id: string } | Refusal> {
  if (!Number.isSafeInteger(card.amountCents) || card.amountCents < 1000 || card.amountCents > 50_000)
    throw new RangeError("A gift card is €10–€500");
  return transaction(async (tx) => {
    const cartId = await lockedCart(tx, ref);
    const [row] = await tx.select({ giftCards: carts.giftCards }).from(carts).where(eq(carts.id, cartId));
    const cards = row?.giftCards ?? [];
    if (cards.length >= MAX_GIFT_CARDS_IN_BAG)
      return refuse.conflict("giftcard:errors.tooManyInBag", { max: MAX_GIFT_CARDS_IN_BAG });
    const id = randomUUID().slice(0, 8);
    const egift = card.kind === "egift";
    const line: StoredGiftCardLine = {
      id,
      kind: card.kind,
      amountCents: card.amountCents,
      toName: card.toName,
      fromName: card.fromName,
      message: card.message,
      recipientEmail: egift ? card.recipientEmail : null,
      dispatchDate: egift ? card.dispatchDate : null,
    };
    await tx
      .update(carts)
      .set({ giftCards: [...cards, line] })
      .where(eq(carts.id, cartId));
    return { cartId, id };
  });
}

/** Takes a gift card out of the shopper's own bag. */
export async function removeGiftCardFromCart(ref: CartRef, id: string): Promise<{ id: string } | Refusal> {
  return transaction(async (tx): Promise<{ id: string } | Refusal> => {
    const [row] = await tx
      .select({ id: carts.id, giftCards: carts.giftCards })
      .from(carts)
      .where(ownerIs(ref))
      .for("update");
    if (!row?.giftCards.some((g) => g.id === id)) return refuse.notFound("cart:errors.removeFailed");
    await tx
      .update(carts)
      .set({ giftCards: row.giftCards.filter((g) => g.id !== id), updatedAt: sql`now()` })
      .where(eq(carts.id, row.id));
    return { id };
  });
}

/**
 * Adds a recognised gift card to the bag's payment (checkout checked number and PIN); at most `max`
 * cards. Adding one twice changes nothing.
 */
export async function addPaymentCard(
  ref: CartRef,
  cardId: number,
  max: number,
): Promise<{ cartId: number } | Refusal> {
  return transaction(async (tx) => {
    const cartId = await lockedCart(tx, ref);
    const [row] = await tx.select({ ids: carts.paymentCardIds }).from(carts).where(eq(carts.id, cartId));
    const ids = row?.ids ?? [];
    if (ids.includes(cardId)) return { cartId };
    if (ids.length >= max) return refuse.conflict("giftcard:errors.tooManyCards", { max }, "giftCardNumber");
    await tx
      .update(carts)
      .set({ paymentCardIds: [...ids, cardId] })
      .where(eq(carts.id, cartId));
    return { cartId };
  });
}

/** Takes a gift card off the bag's payment (nothing is held before the order is placed). */
export async function removePaymentCard(ref: CartRef, cardId: number): Promise<true | Refusal> {
  return transaction(async (tx) => {
    const [row] = await tx
      .select({ id: carts.id, ids: carts.paymentCardIds })
      .from(carts)
      .where(ownerIs(ref))
      .for("update");
    if (!row?.ids.includes(cardId)) return refuse.notFound("giftcard:errors.notApplied");
    await tx
      .update(carts)
      .set({ paymentCardIds: row.ids.filter((id) => id !== cardId), updatedAt: sql`now()` })
      .where(eq(carts.id, row.id));
    return true;
  });
}
