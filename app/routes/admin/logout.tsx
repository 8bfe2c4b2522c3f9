import { redirect } from "react-router";
import { signOut } from "~/domains/customers/customers.server";
import type { Route } from "./+types/logout";

/** Signs out (ends the session, clears its cookie) and goes to the shop's login page. */
export async function action({ request }: Route.ActionArgs) {
  const response = redirect("/en/login/");
  for (const cookie of await signOut(request.headers)) response.headers.append("set-cookie", cookie);
  return response;
}

export function loader() {
  return redirect("/admin/");
}
