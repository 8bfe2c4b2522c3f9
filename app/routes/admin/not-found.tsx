import { data } from "react-router";
import { requireStaff } from "~/platform/auth/staff.server";
import type { Route } from "./+types/not-found";

/** An unknown back-office address: the guard first (no hint for outsiders), then the back office's 404. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
