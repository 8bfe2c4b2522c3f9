import { isRouteErrorResponse } from "react-router";

/**
 * The refusal `requireMayOrder` throws on a page: the error boundary shows the blocked page for it.
 * Kept apart from the blocked-user modal: the root imports this check, and the modal's dialog code would
 * otherwise ride along into every page's first download.
 */
export function isBlockedRefusal(error: unknown): boolean {
  return (
    isRouteErrorResponse(error) &&
    error.status === 403 &&
    (error.data as { reason?: unknown } | null)?.reason === "blocked"
  );
}
