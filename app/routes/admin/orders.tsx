import { Link } from "react-router";
import { OrderStatusBadge, orderStatusLabels } from "~/components/admin/order-status";
import {
  DataTable,
  EmptyState,
  Euros,
  PageHeader,
  Pagination,
  SearchBar,
  tableLink,
} from "~/components/admin/ui";
import { findOrders, type OrderStatus } from "~/domains/orders/orders.server";
import { orderStatuses } from "~/domains/orders/transitions";
import { pageOf } from "~/domains/staff/validation";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/orders";
import { requirePermission } from "./admin.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "orders");
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").slice(0, 100);
  const status = params.get("status") ?? "";
  const statuses = (orderStatuses as readonly string[]).includes(status)
    ? [status as OrderStatus]
    : undefined;
  const list = await findOrders({ q, statuses, page: pageOf(params.get("page")) });
  return { q, status, ...list };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders, q, status, page, pageSize, total } = loaderData;
  const filter = (value: string) => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (value) params.set("status", value);
    return `?${params}`;
  };
  return (
    <>
      <PageHeader
        title="Orders"
        description="Search by order number, e-mail address, name or track & trace code."
      />
      <SearchBar q={q} label="Search orders" placeholder="e.g. 412 or anna@example.com">
        {status ? <input type="hidden" name="status" value={status} /> : null}
      </SearchBar>
      <nav aria-label="Order status" className="mb-4 flex flex-wrap gap-2">
        {["", ...orderStatuses].map((value) => (
          <Link
            key={value || "all"}
            to={filter(value)}
            aria-current={value === status ? "page" : undefined}
            className="inline-flex min-h-11 items-center border border-line bg-white px-3 text-sm aria-[current=page]:border-ink aria-[current=page]:bg-ink aria-[current=page]:text-paper"
          >
            {value ? orderStatusLabels[value as OrderStatus] : "All"}
          </Link>
        ))}
      </nav>
      {orders.length === 0 ? (
        <EmptyState>No order matches{q ? ` “${q}”` : ""}.</EmptyState>
      ) : (
        <DataTable caption="Orders">
          <thead>
            <tr>
              <th>Order</th>
              <th>Placed</th>
              <th>Customer</th>
              <th className="text-end">Items</th>
              <th className="text-end">Total</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.number}>
                <td>
                  <Link to={`/admin/orders/${o.number}/`} className={`${tableLink} font-mono`}>
                    {o.number}
                  </Link>
                </td>
                <td className="whitespace-nowrap">{formatShopTime(o.createdAt)}</td>
                <td>
                  {o.name}
                  <span className="block text-xs text-muted">
                    {o.email} · {o.country}
                  </span>
                </td>
                <td className="text-end tabular-nums">{o.itemCount}</td>
                <td className="text-end">
                  <Euros cents={o.totalCents} />
                  <span className="block text-xs text-muted">{o.paymentMethod}</span>
                </td>
                <td>
                  <OrderStatusBadge status={o.status} />
                  {o.trackAndTrace ? (
                    <span className="mt-1 block font-mono text-xs text-muted">{o.trackAndTrace}</span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <Pagination page={page} pageSize={pageSize} total={total} />
    </>
  );
}
