// Paying with gift cards at checkout (docs/decisions/0039): a card is recognised by number + PIN, then the
// bag remembers it; the quote shows what each covers, placing the order holds it.
import { isRefusal, type Refusal, refuse } from "../../platform/refusal";
import { addPaymentCard, type CartRef, removePaymentCard } from "../cart/cart.server";
import {
  type AppliedGiftCard,
  MAX_CARDS_PER_ORDER,
  recogniseCardToPayWith,
} from "../gift-cards/gift-cards.server";

/** Adds a gift card (number + PIN) to the bag's payment. */
export async function addCheckoutGiftCard(
  cart: CartRef | null,
  input: { number: string; pin: string },
  meta: { ip: string },
): Promise<AppliedGiftCard | Refusal> {
  if (!cart) return refuse.conflict("checkout:errors.emptyBag");
  const card = await recogniseCardToPayWith(input, meta);
  if (isRefusal(card)) return card;
  const added = await addPaymentCard(cart, card.cardId, MAX_CARDS_PER_ORDER);
  return isRefusal(added) ? added : card;
}

/** Takes a gift card off the bag's payment. */
export async function removeCheckoutGiftCard(cart: CartRef | null, cardId: number): Promise<true | Refusal> {
  if (!cart) return refuse.notFound("giftcard:errors.notApplied");
  return removePaymentCard(cart, cardId);
}
