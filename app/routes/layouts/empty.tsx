import { Outlet } from "react-router";

/** The empty layout (maintenance, offline, blocked): the page alone. */
export default function EmptyLayout() {
  return <Outlet />;
}
