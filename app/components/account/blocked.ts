import { isRouteErrorResponse } from "react-router";

/**
 * The refusal `requireMayOrder` throws on a page (checkout's loader and action): the error boundary shows
 * the blocked page for it, PRODUCT.md's answer to the spec's blocked-user modal.
 */
export function isBlockedRefusal(error: unknown): boolean {
  return (
    isRouteErrorResponse(error) &&
    error.status === 403 &&
    (error.data as { reason?: unknown } | null)?.reason === "blocked"
  );
}
