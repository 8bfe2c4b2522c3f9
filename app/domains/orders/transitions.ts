import { type Refusal, refuse } from "../../platform/refusal";
import type { OrderActor, OrderStatus } from "./tables.server";

export const orderStatuses = ["pending", "processing", "holded", "complete", "closed", "canceled"] as const;

export interface Transition {
  from: OrderStatus;
  to: OrderStatus;
  /** Who may make it. */
  by: readonly OrderActor[];
  /** A track & trace code must be known (given now or earlier). */
  needsTrackAndTrace?: boolean;
  /** The reserved stock goes back to the shelf (once per order). */
  returnsStock?: boolean;
}

/**
 * PRODUCT.md's transition table. pending → processing when paid, → canceled when the payment failed,
 * was canceled or expired (or staff cancel an unpaid order); processing → holded | complete | canceled by
 * staff; holded → processing | canceled; complete → closed (fully refunded or returned).
 */
export const orderTransitions: readonly Transition[] = [
  { from: "pending", to: "processing", by: ["payment"] },
  { from: "pending", to: "canceled", by: ["payment", "system", "staff"], returnsStock: true },
  { from: "processing", to: "holded", by: ["staff"] },
  { from: "processing", to: "complete", by: ["staff", "system"], needsTrackAndTrace: true },
  { from: "processing", to: "canceled", by: ["staff"], returnsStock: true },
  { from: "holded", to: "processing", by: ["staff"] },
  { from: "holded", to: "canceled", by: ["staff"], returnsStock: true },
  { from: "complete", to: "closed", by: ["staff", "system"] },
];

/** The move `actor` may make from `from` to `to` (with the track & trace code it has), or why not. */
export function checkTransition(
  from: OrderStatus,
  to: OrderStatus,
  actor: OrderActor,
  trackAndTrace: string | null | undefined,
): Transition | Refusal {
  const transition = orderTransitions.find((t) => t.from === from && t.to === to);
  if (!transition) return refuse.conflict("orders:errors.transitionNotAllowed");
  if (!transition.by.includes(actor)) return refuse.forbidden("orders:errors.notYours");
  if (transition.needsTrackAndTrace && !trackAndTrace?.trim())
    return refuse.invalid("orders:errors.trackAndTraceRequired", {}, "trackAndTrace");
  return transition;
}

/** Where an order can go next, for the back office's buttons. */
export function nextStatuses(from: OrderStatus, actor: OrderActor): OrderStatus[] {
  return orderTransitions.filter((t) => t.from === from && t.by.includes(actor)).map((t) => t.to);
}
