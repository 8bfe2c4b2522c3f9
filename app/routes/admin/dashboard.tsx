import { Link } from "react-router";
import { Badge, DataTable, EmptyState, Euros, PageHeader, Panel, tableLink } from "~/components/admin/ui";
import { dashboard } from "~/domains/staff/staff.server";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/dashboard";
import { requirePermission } from "./admin.server";

export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requirePermission(request, "dashboard");
  return { firstName: staff.firstName, dashboard: await dashboard(staff.role) };
}

function Figure({
  label,
  value,
  note,
  to,
}: {
  label: string;
  value: React.ReactNode;
  note: React.ReactNode;
  to?: string;
}) {
  const body = (
    <>
      <p className="text-xs tracking-[0.12em] text-muted uppercase">{label}</p>
      <p className="mt-2 font-display text-3xl tabular-nums">{value}</p>
      <p className="mt-1 text-sm text-muted">{note}</p>
    </>
  );
  return to ? (
    <Link to={to} className="block border border-line bg-white p-5 transition-colors hover:border-ink">
      {body}
    </Link>
  ) : (
    <div className="border border-line bg-white p-5">{body}</div>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard: d, firstName } = loaderData;
  return (
    <>
      <PageHeader title={`Good day, ${firstName}`} description="What needs attention in the shop today." />
      {d.orders ? (
        <div className="mb-4 grid gap-4 sm:grid-cols-2 desktop:grid-cols-4">
          <Figure
            label="Orders today"
            value={String(d.orders.today.placed)}
            note={`${d.orders.today.paid} paid`}
            to="/admin/orders/"
          />
          <Figure
            label="Revenue today"
            value={<Euros cents={d.orders.today.revenueCents} />}
            note="Paid orders placed since midnight"
          />
          <Figure
            label="Pending payments"
            value={String(d.orders.pending.count)}
            note={
              d.orders.pending.count > 0 ? (
                <>
                  <Euros cents={d.orders.pending.amountDueCents} /> due · oldest{" "}
                  {formatShopTime(d.orders.pending.oldest)}
                </>
              ) : (
                "None waiting"
              )
            }
            to="/admin/orders/?status=pending"
          />
          <Figure
            label="To ship"
            value={String(d.orders.toShip)}
            note={`${d.orders.onHold} on hold`}
            to="/admin/orders/?status=processing"
          />
        </div>
      ) : null}
      <div className="grid gap-4 desktop:grid-cols-2">
        {d.returns ? (
          <Figure
            label="Open returns"
            value={String(d.returns.open)}
            note="Requested, on their way or received and not refunded"
            to="/admin/returns/?status=open"
          />
        ) : null}
        {d.disputes ? (
          <Figure
            label="Open disputes"
            value={String(d.disputes.open)}
            note={d.disputes.oldest ? `Oldest opened ${formatShopTime(d.disputes.oldest)}` : "None waiting"}
            to="/admin/marketplace/disputes/"
          />
        ) : null}
      </div>
      {d.lowStock ? (
        <Panel
          className="mt-4"
          title="Low stock"
          description={`Sizes of products in the shop with ${d.lowStock.threshold} units or fewer (the “Only n left” setting).`}
          actions={
            <p className="flex gap-2 text-sm">
              <Badge tone="warn">{d.lowStock.low} low</Badge>
              <Badge tone="bad">{d.lowStock.soldOut} sold out</Badge>
            </p>
          }
        >
          {d.lowStock.rows.length === 0 ? (
            <EmptyState>Every size is well stocked.</EmptyState>
          ) : (
            <DataTable caption="Sizes with the least stock">
              <thead>
                <tr>
                  <th>Product</th>
                  <th>Size</th>
                  <th>SKU</th>
                  <th className="text-end">Stock</th>
                </tr>
              </thead>
              <tbody>
                {d.lowStock.rows.map((row) => (
                  <tr key={row.variantId}>
                    <td>
                      <Link to={`/admin/products/${row.productId}/`} className={tableLink}>
                        {row.name}
                      </Link>
                    </td>
                    <td>{row.size}</td>
                    <td className="font-mono text-xs">{row.sku}</td>
                    <td className="text-end tabular-nums">
                      {row.stock === 0 ? <Badge tone="bad">sold out</Badge> : row.stock}
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
        </Panel>
      ) : null}
    </>
  );
}
