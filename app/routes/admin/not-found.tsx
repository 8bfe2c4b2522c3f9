import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { requireBackOffice } from "./admin.server";

/** An unknown back-office address: the guard first (no hint for outsiders), then the back office's 404. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireBackOffice(request);
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
