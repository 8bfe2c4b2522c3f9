// The one Drizzle schema: every domain's tables, re-exported. drizzle-kit reads this file.
export * from "../../domains/cart/tables.server";
export * from "../../domains/catalog/tables.server";
export * from "../../domains/content/tables.server";
export * from "../../domains/customers/tables.server";
export * from "../../domains/highlights/tables.server";
export * from "../../domains/marketing/tables.server";
export * from "../../domains/notifications/tables.server";
export * from "../../domains/orders/tables.server";
export * from "../../domains/payments/tables.server";
export * from "../../domains/promotions/tables.server";
export * from "../../domains/search/tables.server";
export * from "../../domains/sizing/tables.server";
export * from "../../domains/staff/tables.server";
export * from "../../domains/stock-alerts/tables.server";
export * from "../../domains/wallet/tables.server";
export * from "../../domains/wishlist/tables.server";
export * from "../captcha/tables.server";
