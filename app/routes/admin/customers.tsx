import { Link } from "react-router";
import {
  Badge,
  DataTable,
  EmptyState,
  PageHeader,
  Pagination,
  SearchBar,
  tableLink,
} from "~/components/admin/ui";
import { Select } from "~/components/forms/controls";
import { labelClass } from "~/components/forms/styles";
import { findCustomers } from "~/domains/customers/customers.server";
import { pageOf } from "~/domains/staff/validation";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/customers";
import { requirePermission } from "./admin.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "customers");
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").slice(0, 100);
  const blocked = params.get("blocked");
  const list = await findCustomers({
    q,
    page: pageOf(params.get("page")),
    blocked: blocked === "yes" ? true : blocked === "no" ? false : undefined,
  });
  return { q, blocked: blocked ?? "", ...list };
}

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { customers, q, blocked, page, pageSize, total } = loaderData;
  return (
    <>
      <PageHeader title="Customers" description="Search by e-mail address, name or phone number." />
      <SearchBar q={q} label="Search customers" placeholder="e.g. sanne@example.com">
        <div>
          <label htmlFor="blocked" className={`${labelClass} inline-block pb-1.5`}>
            Blocked
          </label>
          <Select id="blocked" name="blocked" defaultValue={blocked}>
            <option value="">All</option>
            <option value="yes">Blocked only</option>
            <option value="no">Not blocked</option>
          </Select>
        </div>
      </SearchBar>
      {customers.length === 0 ? (
        <EmptyState>No customer matches{q ? ` “${q}”` : ""}.</EmptyState>
      ) : (
        <DataTable caption="Customers">
          <thead>
            <tr>
              <th>Name</th>
              <th>E-mail</th>
              <th>Language</th>
              <th>Since</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {customers.map((c) => (
              <tr key={c.id}>
                <td>
                  <Link to={`/admin/customers/${c.id}/`} className={tableLink}>
                    {c.firstName} {c.lastName}
                  </Link>
                </td>
                <td>{c.email}</td>
                <td>{c.locale ?? "en"}</td>
                <td>{formatShopTime(c.createdAt)}</td>
                <td>{c.blocked ? <Badge tone="bad">blocked</Badge> : <Badge tone="good">active</Badge>}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <Pagination page={page} pageSize={pageSize} total={total} />
    </>
  );
}
