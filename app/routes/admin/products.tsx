import { Plus } from "lucide-react";
import { Link } from "react-router";
import {
  Badge,
  DataTable,
  EmptyState,
  Euros,
  PageHeader,
  Pagination,
  primaryButton,
  SearchBar,
  tableLink,
} from "~/components/admin/ui";
import { Select } from "~/components/forms/controls";
import { labelClass } from "~/components/forms/styles";
import { findProducts } from "~/domains/catalog/catalog.server";
import { pageOf } from "~/domains/staff/validation";
import type { Route } from "./+types/products";
import { requirePermission } from "./admin.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "catalogue");
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").slice(0, 100);
  const status = params.get("status");
  const list = await findProducts({
    q,
    page: pageOf(params.get("page")),
    status: status === "active" || status === "inactive" ? status : undefined,
  });
  return { q, status: status ?? "", ...list };
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { products, q, status, page, pageSize, total } = loaderData;
  const now = Date.now();
  return (
    <>
      <PageHeader
        title="Products"
        description="Search by name, brand, style code, SKU or id."
        actions={
          <Link to="/admin/products/new/" className={primaryButton}>
            <Plus aria-hidden="true" className="size-4" /> New product
          </Link>
        }
      />
      <SearchBar q={q} label="Search products" placeholder="e.g. linen dress, DR1024">
        <div>
          <label htmlFor="status" className={`${labelClass} inline-block pb-1.5`}>
            Status
          </label>
          <Select id="status" name="status" defaultValue={status}>
            <option value="">All</option>
            <option value="active">In the shop</option>
            <option value="inactive">Hidden</option>
          </Select>
        </div>
      </SearchBar>
      {products.length === 0 ? (
        <EmptyState>No product matches{q ? ` “${q}”` : ""}.</EmptyState>
      ) : (
        <DataTable caption="Products">
          <thead>
            <tr>
              <th className="w-14">
                <span className="sr-only">Photo</span>
              </th>
              <th>Product</th>
              <th>Style · colour</th>
              <th className="text-end">Price</th>
              <th className="text-end">Stock</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {products.map((p) => (
              <tr key={p.id}>
                <td>
                  {p.image ? (
                    <img
                      src={p.image.w200.url}
                      alt=""
                      width={40}
                      height={60}
                      className="aspect-[2/3] w-10 bg-sand object-cover"
                      loading="lazy"
                    />
                  ) : (
                    <span className="block aspect-[2/3] w-10 bg-sand" />
                  )}
                </td>
                <td>
                  <Link to={`/admin/products/${p.id}/`} className={tableLink}>
                    {p.name}
                  </Link>
                  <span className="block text-xs text-muted">
                    #{p.id} · {p.brand}
                  </span>
                </td>
                <td className="text-xs">
                  <span className="font-mono">{p.styleCode}</span> · {p.colour}
                </td>
                <td className="text-end">
                  <Euros cents={p.priceCents} />
                  {p.originalPriceCents !== null ? (
                    <span className="block text-xs text-muted line-through">
                      <Euros cents={p.originalPriceCents} />
                    </span>
                  ) : null}
                </td>
                <td className="text-end tabular-nums">
                  {p.stock}
                  <span className="block text-xs text-muted">{p.variants} sizes</span>
                </td>
                <td className="space-x-1 space-y-1">
                  {p.isActive ? <Badge tone="good">in shop</Badge> : <Badge>hidden</Badge>}
                  {p.appOnly ? <Badge>app only</Badge> : null}
                  {p.onlineFrom && new Date(p.onlineFrom).getTime() > now ? (
                    <Badge tone="warn">coming soon</Badge>
                  ) : null}
                  {p.stock === 0 ? <Badge tone="bad">sold out</Badge> : null}
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
