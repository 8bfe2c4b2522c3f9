import { isRouteErrorResponse, Outlet, useRouteError, useRouteLoaderData } from "react-router";
import { AdminShell } from "~/components/admin/admin-shell";
import { EmptyState, PageHeader } from "~/components/admin/ui";
import { NotFoundPage } from "~/components/system/system-pages";
import { rolePermissions } from "~/domains/staff/staff.server";
import type { Route } from "./+types/layout";
import { requireBackOffice } from "./admin.server";

export const handle = { i18n: ["forms", "ui"] };

/** Every back-office page: staff only (visitors to the sign-in, customers to the 404 page). */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireBackOffice(request);
  return {
    staff: {
      name: `${staff.firstName} ${staff.lastName}`,
      email: staff.email,
      role: staff.role,
      permissions: rolePermissions[staff.role],
    },
  };
}

export function meta() {
  return [{ title: "Back office · Loom & Label" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell staff={loaderData.staff}>
      <Outlet />
    </AdminShell>
  );
}

/**
 * A failing page keeps the back office around it; a failing guard (a customer, or no staff role) shows
 * the shop's 404 page, never a hint that there is a back office.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("admin");
  if (!data) return <NotFoundPage />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error)
    ? (error.data as { message?: string } | null)?.message
    : undefined;
  const title = status === 403 ? "No access" : status === 404 ? "Not found" : "Something went wrong";
  return (
    <AdminShell staff={data.staff}>
      <PageHeader title={title} />
      <EmptyState>
        {status === 403
          ? (message ?? "Your role has no access to this section.")
          : status === 404
            ? "There is nothing at this address in the back office."
            : (message ?? "The page failed; try again, or look at the server log with the request id.")}
      </EmptyState>
    </AdminShell>
  );
}
