import { describe, expect, it } from "vitest";
import { can, permissions, rolePermissions } from "./permissions";

describe("role → permission table (PRODUCT.md, Accounts and roles)", () => {
  it("gives admin everything", () => {
    for (const permission of permissions) expect(can("admin", permission)).toBe(true);
  });

  it("gives support orders, returns, customers, disputes and the contact tickets, not the catalogue or settings", () => {
    expect(rolePermissions.support).toEqual(
      expect.arrayContaining(["orders", "returns", "customers", "disputes", "service"]),
    );
    for (const permission of ["catalogue", "content", "promotions", "settings", "staff", "audit"] as const)
      expect(can("support", permission)).toBe(false);
  });

  it("keeps marketplace payouts and the DAC7 report for admin (issue 18: admin payouts)", () => {
    expect(can("admin", "payouts")).toBe(true);
    expect(can("support", "payouts")).toBe(false);
    expect(can("merchandiser", "payouts")).toBe(false);
  });

  it("gives merchandisers catalogue, content and promotions, not orders (so no refunds) nor customers", () => {
    expect(rolePermissions.merchandiser).toEqual(
      expect.arrayContaining(["catalogue", "content", "promotions"]),
    );
    for (const permission of [
      "orders",
      "returns",
      "customers",
      "service",
      "disputes",
      "outbox",
      "settings",
      "staff",
      "audit",
    ] as const)
      expect(can("merchandiser", permission)).toBe(false);
  });
});
