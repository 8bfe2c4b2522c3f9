// The refund engine for an order's money (docs/decisions/0039): what the provider collected goes back
// first, then what gift cards paid (to wallet credit when a card has expired), then the wallet's share,
// as PRODUCT.md orders it. Every caller (staff refund and cancel, returns, late payments) goes through
// here, so each way back is used in the same order and never for more than it paid.
import type { Transaction } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { isRefusal, type Refusal, refuse } from "../../platform/refusal";
import {
  giftCardRefundableCents,
  giftCardRefundKeyUsed,
  refundToGiftCards,
} from "../gift-cards/gift-cards.server";
import { leftToRefund } from "../pricing/refunds";
import { bookWalletEntry, refundToWallet, walletEntryExists, walletHoldOf } from "../wallet/wallet.server";
import { paymentById, type RefundRecord, refundByKey } from "./records.server";
import { type RefundShares, shareRefund } from "./refund-shares";
import { reserveRefund } from "./refunds.server";

export interface OrderRefundInput {
  /** The order number (the reference the holds and the payment carry). */
  orderReference: string;
  /** The order's provider payment, if it had one. */
  paymentId: string | null;
  /** The customer's account: expired cards' share goes to its wallet; null for a guest. */
  userId: string | null;
  amountCents: number;
  /** One per refund: each way back books under it once, so a repeat refunds nothing twice. */
  idempotencyKey: string;
  reason?: string;
}

export interface OrderRefund {
  /** The provider's share, reserved: settle it with `settleRefund` after the commit. */
  provider: RefundRecord | null;
  giftCards: { last4: string; amountCents: number }[];
  /** What went to wallet credit: the wallet's own share plus expired cards' share. */
  walletCents: number;
  /** What could not be placed (an expired card of a guest): staff settle it by hand. */
  unplacedCents: number;
}

/** What each way back can still return for an order: the provider's, the cards', the wallet's. */
export async function refundableOfOrder(
  input: { orderReference: string; paymentId: string | null },
  options: { tx?: Transaction } = {},
): Promise<RefundShares> {
  // One after the other: inside a transaction they share one connection.
  const payment = input.paymentId ? await paymentById(input.paymentId, options) : null;
  const cards = await giftCardRefundableCents(input.orderReference, options);
  const wallet = await walletHoldOf(input.orderReference, options);
  return {
    providerCents: payment?.status === "paid" ? leftToRefund(payment) : 0,
    giftCardCents: cards,
    walletCents: wallet?.state === "spent" ? wallet.amountCents - wallet.refundedCents : 0,
  };
}

/**
 * Reserves a refund of an order's money over the ways it was paid, in one transaction (the caller's, when
 * it refunds as part of a bigger change): provider first, then gift cards, then wallet. Refused when it
 * is more than all of them can return (unless this key was used before: then each way answers what it did
 * and nothing moves twice).
 */
export async function reserveOrderRefund(
  input: OrderRefundInput,
  options: { tx?: Transaction } = {},
): Promise<OrderRefund | Refusal> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new RangeError(`amountCents must be a positive whole number, got ${input.amountCents}`);
  return transaction(
    async (tx) => {
      // The same key again: the provider's refund it made is the answer (a different amount is another
      // command); the cards' and wallet's bookings under the key are found by their own keys below.
      const previous = await refundByKey(input.idempotencyKey, { tx });
      if (previous) {
        if (previous.paymentId !== input.paymentId || previous.amountCents > input.amountCents)
          return refuse.conflict("payments:errors.idempotencyMismatch");
        return { provider: previous, giftCards: [], walletCents: 0, unplacedCents: 0 };
      }
      const left = await refundableOfOrder(input, { tx });
      const shares = shareRefund(input.amountCents, left);
      const outcome: OrderRefund = { provider: null, giftCards: [], walletCents: 0, unplacedCents: 0 };
      if (shares.tooMuch && !(await usedBefore(input, tx)))
        return refuse.invalid("payments:errors.refundTooMuch", {
          leftCents: left.providerCents + left.giftCardCents + left.walletCents,
        });
      if (shares.providerCents > 0 && input.paymentId) {
        const refund = await reserveRefund(
          {
            paymentId: input.paymentId,
            amountCents: shares.providerCents,
            idempotencyKey: input.idempotencyKey,
            reason: input.reason,
          },
          { tx },
        );
        if (isRefusal(refund)) return refund;
        outcome.provider = refund;
      }
      if (shares.giftCardCents > 0) {
        const cards = await refundToGiftCards(
          {
            orderReference: input.orderReference,
            amountCents: shares.giftCardCents,
            idempotencyKey: input.idempotencyKey,
          },
          { tx },
        );
        outcome.giftCards = cards.toCards.map((c) => ({ last4: c.last4, amountCents: c.amountCents }));
        if (cards.expiredCents > 0) {
          if (input.userId) {
            const booked = await bookWalletEntry(
              {
                userId: input.userId,
                amountCents: cards.expiredCents,
                kind: "refund",
                reference: input.orderReference,
                note: "gift card expired",
                idempotencyKey: `${input.idempotencyKey}:expired-card`,
              },
              { tx },
            );
            if (!isRefusal(booked) && !booked.duplicate) outcome.walletCents += cards.expiredCents;
          } else outcome.unplacedCents += cards.expiredCents;
        }
      }
      if (shares.walletCents > 0)
        outcome.walletCents += await refundToWallet(
          {
            orderReference: input.orderReference,
            amountCents: shares.walletCents,
            idempotencyKey: input.idempotencyKey,
          },
          { tx },
        );
      return outcome;
    },
    { on: options.tx },
  );
}

/** Whether a refund with this key booked anything before (a repeat answers, never refuses). */
async function usedBefore(input: OrderRefundInput, tx: Transaction): Promise<boolean> {
  const key = input.idempotencyKey;
  return (await giftCardRefundKeyUsed(key, { tx })) || (await walletEntryExists(`${key}:wallet`, { tx }));
}
