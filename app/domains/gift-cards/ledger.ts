import type { GiftCardEntryKind, GiftCardHoldState } from "./tables.server";

/**
 * What one ledger entry does to a card's money (`balance`: on the card, `held`: of that, held for unpaid
 * orders), per unit of its amount. An adjustment's amount is signed; every other amount is positive.
 * Client-safe and pure: the ledger page reads the same table to word an entry.
 */
export const entryEffects: Record<GiftCardEntryKind, { balance: -1 | 0 | 1; held: -1 | 0 | 1 }> = {
  issue: { balance: 1, held: 0 },
  hold: { balance: 0, held: 1 },
  release: { balance: 0, held: -1 },
  spend: { balance: -1, held: -1 },
  refund: { balance: 1, held: 0 },
  expire: { balance: -1, held: 0 },
  adjustment: { balance: 1, held: 0 },
};

/** A hold's moves: paid → spent, not paid (failed, cancelled, expired) → released. Nothing leaves an end state. */
const holdTransitions: Record<GiftCardHoldState, readonly GiftCardHoldState[]> = {
  held: ["spent", "released"],
  spent: [],
  released: [],
};

/** The card's money after an entry, or null when it would break a rule (below 0, more held than on it). */
export function afterEntry(
  card: { balanceCents: number; heldCents: number },
  kind: GiftCardEntryKind,
  amountCents: number,
): { balanceCents: number; heldCents: number } | null {
  const effect = entryEffects[kind];
  const next = {
    balanceCents: card.balanceCents + effect.balance * amountCents,
    heldCents: card.heldCents + effect.held * amountCents,
  };
  return next.heldCents >= 0 && next.heldCents <= next.balanceCents ? next : null;
}

/** What the holder can still spend. */
export const availableCents = (card: { balanceCents: number; heldCents: number }) =>
  card.balanceCents - card.heldCents;

/** Whether a hold in `from` may move to `to` (the transition table above). */
export const holdMayMove = (from: GiftCardHoldState, to: GiftCardHoldState) =>
  holdTransitions[from].includes(to);
