// What the return form offers for one order: each line with what is left to return and the other sizes it
// can be exchanged for, the windows, and the fee. The same rules the commands enforce, read for the page.

import { transaction } from "../../platform/db/transaction.server";
import { type Refusal, refuse } from "../../platform/refusal";
import { productSizes } from "../catalog/catalog.server";
import { shopSetting } from "../content/content.server";
import { orderForReturn } from "../orders/orders.server";
import { ownsOrder, type Requester, unitsReturned } from "./request.server";
import { returnFeeCents, returnWindow, withdrawalWindow } from "./rules";

export interface ReturnOptions {
  orderNumber: string;
  lines: {
    orderLineId: number;
    name: string;
    size: string;
    colour: string;
    imageUrl: string | null;
    bought: number;
    left: number;
    otherSizes: { variantId: number; size: string; inStock: boolean }[];
  }[];
  returnWindow: { open: boolean; closesAt: string | null };
  withdrawalOpen: boolean;
  feeCents: number;
  canUseWallet: boolean;
}

export async function returnOptions(
  number: string,
  requester: Requester,
  options: { now?: Date } = {},
): Promise<ReturnOptions | Refusal> {
  const now = options.now ?? new Date();
  const order = await orderForReturn(number);
  if (!order || !ownsOrder(order, requester)) return refuse.notFound("returns:errors.orderNotFound");
  const { windowDays, ...fees } = await shopSetting("returnRules");
  const returned = await transaction((tx) => unitsReturned(tx, order.id));
  const sizes = await productSizes([...new Set(order.lines.map((l) => l.productId))]);
  const window = returnWindow(order, windowDays, now);
  return {
    orderNumber: order.number,
    lines: order.lines.map((l) => ({
      orderLineId: l.id,
      name: l.name,
      size: l.size,
      colour: l.colour,
      imageUrl: l.imageUrl,
      bought: l.quantity,
      left: l.quantity - (returned.get(l.id) ?? 0),
      otherSizes: (sizes.get(l.productId) ?? [])
        .filter((s) => s.id !== l.variantId)
        .map((s) => ({ variantId: s.id, size: s.size, inStock: s.stock > 0 })),
    })),
    returnWindow: { open: window.open, closesAt: window.closesAt?.toISOString() ?? null },
    withdrawalOpen: withdrawalWindow(order, now).open,
    feeCents: returnFeeCents("return", "drop-off", order.country, fees),
    canUseWallet: order.userId !== null,
  };
}
