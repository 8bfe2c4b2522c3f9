import type { StaffRole } from "../../platform/auth/auth.server";
import { shopLocalToUtc, utcToShopLocal } from "../../platform/shop-time";
import { type LowStockRow, lowStock } from "../catalog/catalog.server";
import { shopSetting } from "../content/content.server";
import { type OrderFigures, orderFigures } from "../orders/orders.server";
import { openReturnCount } from "../returns/returns.server";
import { can } from "./permissions";

/** A dashboard figure from a part of the shop that is not built yet: said plainly, never a made-up number. */
export interface NotYetAvailable {
  available: false;
  note: string;
}

export interface Dashboard {
  lowStock: { threshold: number; low: number; soldOut: number; rows: LowStockRow[] } | null;
  orders: OrderFigures | null;
  returns: { open: number } | null;
  disputes: NotYetAvailable | null;
}

/** Midnight of today on the shop's clock (Europe/Amsterdam), as an instant. */
export function startOfShopDay(now = new Date()): Date {
  return shopLocalToUtc(`${utcToShopLocal(now).slice(0, 10)}T00:00`) as Date;
}

/** What the dashboard shows a role: only the sections of its permissions. */
export async function dashboard(role: StaffRole, now = new Date()): Promise<Dashboard> {
  const threshold = (await shopSetting("fewLeftThreshold")).units;
  const [stock, orders, openReturns] = await Promise.all([
    can(role, "catalogue") ? lowStock(threshold, 12) : null,
    can(role, "orders") ? orderFigures(startOfShopDay(now)) : null,
    can(role, "returns") ? openReturnCount() : null,
  ]);
  return {
    lowStock: stock && { threshold, ...stock },
    orders,
    returns: openReturns === null ? null : { open: openReturns },
    disputes: can(role, "disputes")
      ? { available: false, note: "The marketplace (and its disputes) is not part of the shop yet." }
      : null,
  };
}
