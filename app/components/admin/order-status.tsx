import type { OrderStatus } from "~/domains/orders/tables.server";
import { Badge } from "./ui";

/** Order statuses in the back office's words (the customer's wording is the orders namespace's). */
export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: "Awaiting payment",
  processing: "Paid · to ship",
  holded: "On hold",
  complete: "Shipped",
  closed: "Closed",
  canceled: "Canceled",
};

const tones = {
  pending: "warn",
  processing: "good",
  holded: "warn",
  complete: "neutral",
  closed: "neutral",
  canceled: "bad",
} as const;

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={tones[status]}>{orderStatusLabels[status]}</Badge>;
}
