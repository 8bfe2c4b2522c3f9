import { type Refusal, refuse } from "../../platform/refusal";
import type { ReturnActor, ReturnStatus } from "./tables.server";

export const returnStatuses = [
  "requested",
  "in_transit",
  "received",
  "refunded",
  "partially_refunded",
  "rejected",
  "canceled",
] as const satisfies readonly ReturnStatus[];

/** What the lines' inspection says, for the guards of the moves out of `received`. */
export interface InspectionTally {
  pending: number;
  accepted: number;
  rejected: number;
}

interface ReturnTransition {
  from: ReturnStatus | null;
  to: ReturnStatus;
  by: readonly ReturnActor[];
  /** Why the move is refused in this state of the lines (a message key), or null when it may be made. */
  guard?: (lines: InspectionTally) => string | null;
  /** The key of the timeline's line for this move. */
  messageKey: string;
}

const allInspected = (l: InspectionTally) => (l.pending > 0 ? "returns:errors.notInspected" : null);

/**
 * PRODUCT.md's return states as data: requested → in transit (the carrier scanned it) → received (staff
 * scanned it in, straight from requested when the carrier's scan was missed) → refunded, partly refunded or
 * rejected, as the inspection of the lines says. A return that never arrives is canceled by the system.
 */
export const returnTransitions: readonly ReturnTransition[] = [
  {
    from: null,
    to: "requested",
    by: ["customer", "guest", "staff"],
    messageKey: "returns:timeline.requested",
  },
  {
    from: "requested",
    to: "in_transit",
    by: ["carrier", "staff"],
    messageKey: "returns:timeline.in_transit",
  },
  { from: "requested", to: "received", by: ["staff"], messageKey: "returns:timeline.received" },
  { from: "in_transit", to: "received", by: ["staff"], messageKey: "returns:timeline.received" },
  {
    from: "received",
    to: "refunded",
    by: ["staff"],
    guard: (l) =>
      allInspected(l) ?? (l.rejected > 0 || l.accepted === 0 ? "returns:errors.notAllAccepted" : null),
    messageKey: "returns:timeline.refunded",
  },
  {
    from: "received",
    to: "partially_refunded",
    by: ["staff"],
    guard: (l) =>
      allInspected(l) ?? (l.rejected === 0 || l.accepted === 0 ? "returns:errors.notPartial" : null),
    messageKey: "returns:timeline.partially_refunded",
  },
  {
    from: "received",
    to: "rejected",
    by: ["staff"],
    guard: (l) => allInspected(l) ?? (l.accepted > 0 ? "returns:errors.someAccepted" : null),
    messageKey: "returns:timeline.rejected",
  },
  { from: "requested", to: "canceled", by: ["system", "staff"], messageKey: "returns:timeline.canceled" },
];

/** The move `actor` may make, or why not (a message key the edges translate). */
export function checkReturnTransition(
  from: ReturnStatus | null,
  to: ReturnStatus,
  actor: ReturnActor,
  lines: InspectionTally = { pending: 0, accepted: 0, rejected: 0 },
): ReturnTransition | Refusal {
  const transition = returnTransitions.find((t) => t.from === from && t.to === to);
  if (!transition) return refuse.conflict("returns:errors.transitionNotAllowed", { from: from ?? "", to });
  if (!transition.by.includes(actor)) return refuse.forbidden("returns:errors.notYours");
  const blocked = transition.guard?.(lines);
  if (blocked) return refuse.conflict(blocked);
  return transition;
}

/** Where the inspection leads once every line is accepted or rejected. */
export function outcomeStatus(lines: InspectionTally): "refunded" | "partially_refunded" | "rejected" {
  if (lines.accepted === 0) return "rejected";
  return lines.rejected === 0 ? "refunded" : "partially_refunded";
}
