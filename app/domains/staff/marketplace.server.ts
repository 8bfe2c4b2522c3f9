// Marketplace commands of the back office: trust-and-safety decisions and appeals, bans and labels, each
// the marketplace domain's command plus its audit entry in one transaction.
import { isRefusal, type Refusal } from "../../platform/refusal";
import {
  type DecisionInput,
  decide,
  decideAppeal,
  hideReview,
  liftStoreMeasure,
  moveTransaction,
  setStoreLabels,
} from "../marketplace/marketplace.server";
import type { AppealOutcome } from "../marketplace/moderation/rules";
import type { TransactionTransition } from "../marketplace/transactions/transaction-process";
import { audited, type StaffActor } from "./audit.server";

/** Decides on reported (or directly found) content, with the statement of reasons to its owner. */
export function decideAsStaff(actor: StaffActor, input: DecisionInput): Promise<{ id: number } | Refusal> {
  return audited(actor, async (tx) => {
    const done = await decide(input, actor.email, { tx });
    if (isRefusal(done)) return done;
    return {
      result: { id: done.id },
      audit: {
        action: `marketplace.${input.action}`,
        target: { type: `marketplace-${input.targetKind}`, id: String(input.targetId) },
        summary: `${input.action} ${input.targetKind} ${input.targetId}: ${input.ground}`,
        after: { decision: done.id, ground: input.ground },
      },
    };
  });
}

/** Upholds or reverses a decision the owner appealed. */
export function decideAppealAsStaff(
  actor: StaffActor,
  decisionId: number,
  outcome: AppealOutcome,
  reply: string,
): Promise<{ id: number } | Refusal> {
  return audited(actor, async (tx) => {
    const done = await decideAppeal(decisionId, outcome, reply, { tx });
    if (isRefusal(done)) return done;
    return {
      result: done,
      audit: {
        action: `marketplace.appeal.${outcome}`,
        target: { type: "marketplace-decision", id: String(decisionId) },
        summary: `Appeal ${outcome}`,
        after: { outcome },
      },
    };
  });
}

/** Sets a store's labels (shown on the store, e.g. "Top seller"). */
export function labelStoreAsStaff(actor: StaffActor, storeId: number, labels: string[]) {
  return audited(actor, async (tx) => {
    const done = await setStoreLabels(storeId, labels, { tx });
    if (isRefusal(done)) return done;
    return {
      result: done,
      audit: {
        action: "marketplace.labels",
        target: { type: "marketplace-store", id: String(storeId) },
        summary: `Labels: ${labels.join(", ") || "none"}`,
        after: { labels },
      },
    };
  });
}

/** Lifts a store's ban or restriction after a review. */
export function liftStoreMeasureAsStaff(actor: StaffActor, storeId: number, measure: "ban" | "restrict") {
  return audited(actor, async (tx) => {
    const done = await liftStoreMeasure(storeId, measure, actor.email, { tx });
    if (isRefusal(done)) return done;
    return {
      result: done,
      audit: {
        action: measure === "ban" ? "marketplace.unban" : "marketplace.unrestrict",
        target: { type: "marketplace-store", id: String(storeId) },
        summary: measure === "ban" ? "Ban lifted" : "Restriction lifted",
        after: { decision: done.id },
      },
    };
  });
}

/**
 * An operator's move of the transaction process (cancels, completing, deciding a dispute for either side
 * with a statement): the process's one writer decides, and the move and its audit entry commit together.
 */
export function moveTransactionAsStaff(
  actor: StaffActor,
  transactionId: number,
  transition: TransactionTransition,
  statement: string,
) {
  return audited(actor, async (tx) => {
    const moved = await moveTransaction(
      transactionId,
      transition,
      { role: "operator", userId: actor.id },
      { note: statement },
      { tx },
    );
    if (isRefusal(moved)) return moved;
    return {
      result: moved,
      audit: {
        action: `marketplace.transaction.${transition}`,
        target: { type: "marketplace-transaction", id: String(transactionId) },
        summary: `${transition}: ${statement.trim().slice(0, 200)}`,
        before: { state: moved.from },
        after: { state: moved.transaction.state },
      },
    };
  });
}

/** Hides a buyer's review with the reason (it leaves the store's rating and count). */
export function hideReviewAsStaff(
  actor: StaffActor,
  transactionId: number,
  reason: string,
): Promise<{ storeId: number } | Refusal> {
  return audited(actor, async (tx) => {
    const hidden = await hideReview(transactionId, reason, { tx });
    if (isRefusal(hidden)) return hidden;
    return {
      result: { storeId: hidden.storeId },
      audit: {
        action: "marketplace.review.hide",
        target: { type: "marketplace-review", id: String(transactionId) },
        summary: `Review hidden (${hidden.rating} stars): ${reason.trim().slice(0, 200)}`,
        after: { hidden: true, reason: reason.trim().slice(0, 500) },
      },
    };
  });
}
