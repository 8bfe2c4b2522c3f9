import { data, redirect } from "react-router";
import { ApiError } from "../http/api-error";
import { type Refusal, refusalStatus, refuse } from "../refusal";
import type { StaffRole } from "./auth.server";
import { checkSession, isStaff, type Visitor } from "./session.server";

/**
 * Who may do what, for loaders, actions and `/api` handlers alike. A guard answers the way its caller
 * needs: under `/api/` it throws an `ApiError` (401 signed out, 403 not allowed) that the API turns into
 * the Api error shape; on a page it throws a redirect to the login page (signed out) or a 403 page.
 */

const isApi = (request: Request) => new URL(request.url).pathname.startsWith("/api/");

/** Where the login page is, with the way back: `/en/login/?redirect=/admin/orders/`. */
export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const first = url.pathname.split("/")[1];
  // The back office is English; shop pages keep their locale prefix.
  const locale = first === "nl" || first === "fr" || first === "es" ? first : "en";
  return redirect(`/${locale}/login/?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

function signedOut(request: Request): never {
  if (isApi(request)) throw new ApiError(401, "errors.signInRequired", "Sign in to continue.");
  throw loginRedirect(request);
}

function forbidden(request: Request, message: string): never {
  if (isApi(request)) throw new ApiError(403, "errors.forbidden", message);
  throw data({ message }, { status: 403 });
}

/**
 * The signed-in customer (session cookie, or `Authorization: Bearer` for the app), or a 401 / login
 * redirect. Staff accounts have their own customer area too.
 */
export async function requireCustomer(request: Request): Promise<Visitor> {
  const { visitor } = await checkSession(request);
  return visitor ?? signedOut(request);
}

/**
 * A staff member allowed to do this: `requireStaff(request)` any staff role, `requireStaff(request,
 * "support")` support or admin, `requireStaff(request, ["support", "merchandiser"])` either (or admin).
 * Admin may do everything (PRODUCT.md "Accounts and roles"). Customers get a 403, visitors the login.
 */
export async function requireStaff(
  request: Request,
  role?: StaffRole | readonly StaffRole[],
): Promise<Visitor> {
  const visitor = await requireCustomer(request);
  const wanted: readonly (StaffRole | undefined)[] = role === undefined ? [undefined] : [role].flat();
  if (wanted.some((one) => isStaff(visitor, one))) return visitor;
  const needed = role === undefined ? "a staff account" : `the ${wanted.join(" or ")} role`;
  return forbidden(request, `You need ${needed} for this.`);
}

/**
 * Why this customer may not place an order, or null when they may (SPEC §6: a blocked customer browses and
 * signs in, but cannot order). Checkout asks before it places anything and shows the blocked page on a
 * refusal; the flag is read from the session, which better-auth refreshes from the user row.
 */
function orderRefusal(visitor: Visitor): Refusal | null {
  return visitor.blocked ? refuse.forbidden("errors.blockedCannotOrder") : null;
}

/**
 * For checkout loaders, actions and the order API: guests may order (SPEC §6), and so may signed-in
 * customers unless they are blocked. A blocked customer gets a 403: on a page `{ reason: "blocked" }`
 * (show `BlockedUserPage` for it), in the API `errors.blockedCannotOrder`. Answers the visitor, or null
 * for a guest.
 */
export async function requireMayOrder(request: Request): Promise<Visitor | null> {
  const { visitor } = await checkSession(request);
  const refused = visitor && orderRefusal(visitor);
  if (!refused) return visitor;
  if (isApi(request))
    throw new ApiError(refusalStatus[refused.kind], refused.messageKey, "Blocked user cannot order.");
  throw data({ reason: "blocked" }, { status: 403 });
}
