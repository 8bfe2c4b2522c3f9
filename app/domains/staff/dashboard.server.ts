import type { StaffRole } from "../../platform/auth/auth.server";
import { shopLocalToUtc, utcToShopLocal } from "../../platform/shop-time";
import { type LowStockRow, lowStock } from "../catalog/catalog.server";
import { shopSetting } from "../content/content.server";
import { openDisputes } from "../marketplace/marketplace.server";
import { type OrderFigures, orderFigures } from "../orders/orders.server";
import { openReturnCount } from "../returns/returns.server";
import { can } from "./permissions";

export interface Dashboard {
  lowStock: { threshold: number; low: number; soldOut: number; rows: LowStockRow[] } | null;
  orders: OrderFigures | null;
  returns: { open: number } | null;
  disputes: { open: number; oldest: string | null } | null;
}

/** Midnight of today on the shop's clock (Europe/Amsterdam), as an instant. */
export function startOfShopDay(now = new Date()): Date {
  return shopLocalToUtc(`${utcToShopLocal(now).slice(0, 10)}T00:00`) as Date;
}

/** What the dashboard shows a role: only the sections of its permissions. */
export async function dashboard(role: StaffRole, now = new Date()): Promise<Dashboard> {
  const threshold = (await shopSetting("fewLeftThreshold")).units;
  const [stock, orders, openReturns, disputes] = await Promise.all([
    can(role, "catalogue") ? lowStock(threshold, 12) : null,
    can(role, "orders") ? orderFigures(startOfShopDay(now)) : null,
    can(role, "returns") ? openReturnCount() : null,
    can(role, "disputes") ? openDisputes() : null,
  ]);
  return {
    lowStock: stock && { threshold, ...stock },
    orders,
    returns: openReturns === null ? null : { open: openReturns },
    disputes,
  };
}
