import { Outlet } from "react-router";

/** The in-app views (`/app/…`): no header or footer, the companion app draws its own. */
export default function AppLayout() {
  return (
    <div className="min-h-screen bg-white">
      <Outlet />
    </div>
  );
}
