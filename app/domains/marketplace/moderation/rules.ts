// Trust and safety (EU Digital Services Act) as data: what can be reported and why, what an operator can
// decide, and what an appeal can do. Client-safe (the report form and the back office share it).

export const reportTargets = ["listing", "store", "message"] as const;
export type ReportTarget = (typeof reportTargets)[number];

/** Why something is reported; the statement of reasons names the ground it was decided on. */
export const reportReasons = [
  "counterfeit",
  "prohibited",
  "fraud",
  "misleading",
  "offensive",
  "personal-data",
  "other",
] as const;
export type ReportReason = (typeof reportReasons)[number];

/**
 * Decisions: remove the content (a listing or message; for a store, use ban), restrict the owner's store
 * (no publishing or messages), ban it (it and its listings leave the marketplace), or dismiss the notice.
 */
export const decisionActions = ["remove", "restrict", "ban", "dismiss"] as const;
export type DecisionAction = (typeof decisionActions)[number];

export const appealOutcomes = ["upheld", "reversed"] as const;
export type AppealOutcome = (typeof appealOutcomes)[number];

/** DSA art. 20: an appeal is possible for at least six months after the decision. */
export const APPEAL_DAYS = 183;

/** Whether a decision can be taken on a kind of target; else the refusal's key. */
export function decisionRefusal(target: ReportTarget, action: DecisionAction): string | null {
  if (action === "remove" && target === "store") return "marketplace:errors.removeStoreIsBan";
  return null;
}
