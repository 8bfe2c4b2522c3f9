import type { StaffRole } from "../../platform/auth/auth.server";
import { type LowStockRow, lowStock } from "../catalog/catalog.server";
import { shopSetting } from "../content/content.server";
import { can } from "./permissions";

/** A dashboard figure from a part of the shop that is not built yet: said plainly, never a made-up number. */
export interface NotYetAvailable {
  available: false;
  note: string;
}

export interface Dashboard {
  lowStock: { available: true; threshold: number; low: number; soldOut: number; rows: LowStockRow[] } | null;
  orders: NotYetAvailable | null;
  payments: NotYetAvailable | null;
  returns: NotYetAvailable | null;
  disputes: NotYetAvailable | null;
}

/** What the dashboard shows a role: only the sections of its permissions. */
export async function dashboard(role: StaffRole): Promise<Dashboard> {
  const threshold = (await shopSetting("fewLeftThreshold")).units;
  const stock = can(role, "catalogue") ? await lowStock(threshold, 12) : null;
  return {
    lowStock: stock && { available: true, threshold, ...stock },
    orders: can(role, "orders")
      ? { available: false, note: "Orders arrive with checkout; today's orders and revenue will show here." }
      : null,
    payments: can(role, "orders")
      ? { available: false, note: "Payments arrive with checkout; pending payments will show here." }
      : null,
    returns: can(role, "returns")
      ? { available: false, note: "Returns are not part of the shop yet." }
      : null,
    disputes: can(role, "disputes")
      ? { available: false, note: "The marketplace (and its disputes) is not part of the shop yet." }
      : null,
  };
}
