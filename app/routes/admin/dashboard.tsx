import { Link } from "react-router";
import { Badge, DataTable, EmptyState, PageHeader, Panel, tableLink } from "~/components/admin/ui";
import { dashboard, type NotYetAvailable } from "~/domains/staff/staff.server";
import type { Route } from "./+types/dashboard";
import { requirePermission } from "./admin.server";

export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requirePermission(request, "dashboard");
  return { firstName: staff.firstName, dashboard: await dashboard(staff.role) };
}

function NotYet({ title, section }: { title: string; section: NotYetAvailable }) {
  return (
    <Panel title={title}>
      <p className="text-sm text-muted">{section.note}</p>
    </Panel>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard: d, firstName } = loaderData;
  return (
    <>
      <PageHeader title={`Good day, ${firstName}`} description="What needs attention in the shop today." />
      <div className="grid gap-4 desktop:grid-cols-2">
        {d.orders ? <NotYet title="Today's orders and revenue" section={d.orders} /> : null}
        {d.payments ? <NotYet title="Pending payments" section={d.payments} /> : null}
        {d.returns ? <NotYet title="Open returns" section={d.returns} /> : null}
        {d.disputes ? <NotYet title="Open disputes" section={d.disputes} /> : null}
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
