import type { StaffRole } from "../../platform/auth/roles";

/**
 * What a staff member may do in the back office, per section. Client-safe: the navigation shows only the
 * sections a role has, and every loader, action and admin API handler checks the same table on the server.
 */
export const permissions = [
  "dashboard",
  "catalogue",
  "content",
  "promotions",
  "orders",
  "returns",
  "customers",
  "gift-cards",
  "service",
  "disputes",
  "payouts",
  "outbox",
  "settings",
  "staff",
  "audit",
] as const;
export type Permission = (typeof permissions)[number];

/**
 * PRODUCT.md "Accounts and roles": admin everything; support orders, returns, customers, disputes and the
 * contact tickets (`service`);
 * merchandiser catalogue, content and promotions. Every role sees the dashboard (only its own parts of it).
 * Support also reads the outbox: "did my e-mail go out?" is a customer question (docs/decisions/0020).
 * Marketplace payouts (the SEPA files) and the DAC7 report are admin's alone (issue 18, decision 0046).
 */
export const rolePermissions: Record<StaffRole, readonly Permission[]> = {
  admin: permissions,
  support: ["dashboard", "orders", "returns", "customers", "gift-cards", "service", "disputes", "outbox"],
  merchandiser: ["dashboard", "catalogue", "content", "promotions"],
};

export function can(role: StaffRole, permission: Permission): boolean {
  return rolePermissions[role].includes(permission);
}
