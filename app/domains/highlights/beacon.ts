/** The JSON the product page's view beacon sends to `POST /api/v1/events`. */
export interface ViewBeacon {
  type: "view";
  productId: number;
}

export const EVENTS_ENDPOINT = "/api/v1/events";

/**
 * Tells the shop a product page was viewed; call it once after hydration. Uses `navigator.sendBeacon`
 * (it survives the visitor leaving the page and never delays it), falling back to a keep-alive fetch.
 * Never throws: a lost view only makes a count fall short.
 */
export function sendViewBeacon(productId: number): void {
  try {
    if (typeof window === "undefined" || !Number.isSafeInteger(productId) || productId <= 0) return;
    const body = JSON.stringify({ type: "view", productId } satisfies ViewBeacon);
    const blob = new Blob([body], { type: "application/json" });
    if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(EVENTS_ENDPOINT, blob)) return;
    void fetch(EVENTS_ENDPOINT, {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
      keepalive: true,
      credentials: "omit",
    }).catch(() => {});
  } catch {
    // A beacon is best effort.
  }
}
