import { data, redirect } from "react-router";
import type { StaffRole } from "./auth.server";
import { checkSession, isStaff, type Visitor } from "./session.server";

/** A signed-in staff member. */
export type StaffMember = Visitor & { role: StaffRole };

/** The back office's own sign-in page. */
export const STAFF_SIGN_IN_PATH = "/admin/login/";

/** The staff member of a request, or null for visitors and customers (and for staff without `role`). */
export async function staffOf(request: Request, role?: StaffRole): Promise<StaffMember | null> {
  const { visitor } = await checkSession(request);
  return isStaff(visitor, role) ? (visitor as StaffMember) : null;
}

/**
 * The guard of every back-office loader and action: a visitor without a session goes to the staff sign-in
 * (and comes back); a signed-in customer, or a staff member without `role` (admin has every role), gets the
 * 404 page: the back office does not confirm that it exists.
 */
export async function requireStaff(request: Request, role?: StaffRole): Promise<StaffMember> {
  const { visitor } = await checkSession(request);
  if (!visitor) {
    const url = new URL(request.url);
    throw redirect(`${STAFF_SIGN_IN_PATH}?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (!isStaff(visitor, role)) throw data(null, { status: 404 });
  return visitor as StaffMember;
}
