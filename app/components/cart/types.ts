import type { CartView } from "~/domains/cart/cart.server";

export type { CartView };
export type CartLineView = CartView["lines"][number];

/** The cart page's answer to a quantity change or a removal (page form or fly-in fetcher). */
export interface CartActionData {
  intent: "quantity" | "remove" | "remove-gift-card";
  lineId: number;
  ok: boolean;
  /** The spec's message when the change was refused. */
  message?: string;
}
