/**
 * The order number (PRODUCT.md "Cart, checkout and orders"): 9 digits, the first never 0, drawn at random
 * so numbers say nothing about how many orders there are and a guest's order cannot be found by counting.
 * Client-safe: forms, the API's parameters and the back office's search read the same rule.
 */
export const ORDER_NUMBER = /^[1-9]\d{8}$/;

/** The smallest and largest order numbers, for drawing one. */
export const ORDER_NUMBER_RANGE = { min: 100_000_000, max: 999_999_999 } as const;

export function isOrderNumber(value: string): boolean {
  return ORDER_NUMBER.test(value);
}

/** Whether a search text can be the start of an order number (the back office finds orders by it). */
export function isOrderNumberStart(value: string): boolean {
  return /^[1-9]\d{0,8}$/.test(value);
}
