import { redirect } from "react-router";
import { auth } from "~/platform/auth/auth.server";
import type { Route } from "./+types/logout";
import { STAFF_SIGN_IN_PATH } from "./admin.server";

/** Signs out (ends the session, clears its cookie) and goes back to the sign-in page. */
export async function action({ request }: Route.ActionArgs) {
  const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
  const response = redirect(STAFF_SIGN_IN_PATH);
  for (const cookie of headers.getSetCookie()) response.headers.append("set-cookie", cookie);
  return response;
}

export function loader() {
  return redirect(STAFF_SIGN_IN_PATH);
}
