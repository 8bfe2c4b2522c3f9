/** Staff roles of PRODUCT.md; `customer` is everyone else. Client-safe: back-office forms list them. */
export const staffRoles = ["admin", "support", "merchandiser"] as const;
export type StaffRole = (typeof staffRoles)[number];
export type Role = StaffRole | "customer";
