// The back office's reads of gift cards (docs/decisions/0039): search by last 4, order or e-mail; one card
// with its ledger and the purchase that sold it. Staff never see a full number.
import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { db } from "../../platform/db/db.server";
import { escapeLike } from "../../platform/db/like";
import { availableCents } from "./ledger";
import { giftCardEntries, giftCardPurchases, giftCards } from "./tables.server";

export interface GiftCardRow {
  id: number;
  last4: string;
  initialCents: number;
  balanceCents: number;
  heldCents: number;
  availableCents: number;
  status: "active" | "blocked";
  source: string;
  orderReference: string | null;
  recipientEmail: string | null;
  validUntil: Date;
  createdAt: Date;
}

/** Cards matching `q`: 4 digits = last 4, 9 digits = an order (sold in it, or paid with it), else an e-mail. */
export async function findGiftCards(q = ""): Promise<GiftCardRow[]> {
  const query = q.trim();
  const filters: SQL[] = [];
  if (/^\d{4}$/.test(query)) filters.push(eq(giftCards.last4, query));
  else if (/^\d{9}$/.test(query))
    filters.push(
      or(
        eq(giftCards.orderReference, query),
        sql`exists (select 1 from gift_card_holds h where h.card_id = ${giftCards.id} and h.order_reference = ${query})`,
      )!,
    );
  else if (query)
    filters.push(
      or(
        ilike(giftCardPurchases.recipientEmail, `%${escapeLike(query)}%`),
        ilike(giftCardPurchases.buyerEmail, `%${escapeLike(query)}%`),
      )!,
    );
  const rows = await db()
    .select({ card: giftCards, recipientEmail: giftCardPurchases.recipientEmail })
    .from(giftCards)
    .leftJoin(giftCardPurchases, eq(giftCardPurchases.cardId, giftCards.id))
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(giftCards.createdAt), desc(giftCards.id))
    .limit(100);
  return rows.map(({ card, recipientEmail }) => ({
    id: card.id,
    last4: card.last4,
    initialCents: card.initialCents,
    balanceCents: card.balanceCents,
    heldCents: card.heldCents,
    availableCents: availableCents(card),
    status: card.status,
    source: card.source,
    orderReference: card.orderReference,
    recipientEmail,
    validUntil: card.validUntil,
    createdAt: card.createdAt,
  }));
}

/** One card for staff: its money, its ledger (newest first) and the purchase that sold it. */
export async function giftCardForStaff(id: number) {
  const [row] = await db()
    .select({ card: giftCards, purchase: giftCardPurchases })
    .from(giftCards)
    .leftJoin(giftCardPurchases, eq(giftCardPurchases.cardId, giftCards.id))
    .where(eq(giftCards.id, id));
  if (!row) return null;
  const entries = await db()
    .select({
      id: giftCardEntries.id,
      kind: giftCardEntries.kind,
      amountCents: giftCardEntries.amountCents,
      reference: giftCardEntries.reference,
      note: giftCardEntries.note,
      createdAt: giftCardEntries.createdAt,
    })
    .from(giftCardEntries)
    .where(eq(giftCardEntries.cardId, id))
    .orderBy(desc(giftCardEntries.createdAt), desc(giftCardEntries.id));
  const { card, purchase } = row;
  return {
    id: card.id,
    last4: card.last4,
    initialCents: card.initialCents,
    balanceCents: card.balanceCents,
    heldCents: card.heldCents,
    availableCents: availableCents(card),
    status: card.status,
    source: card.source,
    orderReference: card.orderReference,
    validUntil: card.validUntil,
    locked: card.lockedUntil !== null && card.lockedUntil.getTime() > Date.now(),
    createdAt: card.createdAt,
    purchase: purchase && {
      id: purchase.id,
      kind: purchase.kind,
      toName: purchase.toName,
      fromName: purchase.fromName,
      recipientEmail: purchase.recipientEmail,
      buyerEmail: purchase.buyerEmail,
      dispatchDate: purchase.dispatchDate,
      status: purchase.status,
      sentAt: purchase.sentAt,
    },
    entries,
  };
}
