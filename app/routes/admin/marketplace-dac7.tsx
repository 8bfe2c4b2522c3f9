import { Form } from "react-router";
import { Badge, DataTable, EmptyState, Euros, PageHeader, Panel } from "~/components/admin/ui";
import { dac7Report } from "~/domains/marketplace/payouts/payouts.server";
import { DAC7_FIRST_YEAR, DAC7_THRESHOLDS, dac7Year } from "~/domains/marketplace/payouts/rules";
import type { Route } from "./+types/marketplace-dac7";
import { requirePermission } from "./admin.server";

/** DAC7: per seller the sales and consideration of a year, and who is reportable (admin). */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "payouts");
  const year = dac7Year(new URL(request.url).searchParams.get("year"));
  const current = new Date().getUTCFullYear();
  const years = Array.from({ length: current - DAC7_FIRST_YEAR + 1 }, (_, i) => current - i);
  return { year, years, rows: await dac7Report(year) };
}

export default function Dac7Admin({ loaderData }: Route.ComponentProps) {
  const { year, years, rows } = loaderData;
  const reportable = rows.filter((r) => r.reportable).length;
  return (
    <>
      <PageHeader
        title={`DAC7 report ${year}`}
        description={`Sales counted when completed (Amsterdam time). A seller is reportable from ${DAC7_THRESHOLDS.sales} sales or more than €${DAC7_THRESHOLDS.considerationCents / 100} of consideration in the year.`}
      />
      <Form method="get" className="mb-4 flex items-end gap-2">
        <label className="text-sm">
          Year
          <select name="year" defaultValue={year} className="ms-2 border border-line bg-white px-2 py-1.5">
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="min-h-11 border border-ink px-4 text-sm">
          Show
        </button>
        <a
          href={`/admin/marketplace/dac7/export/?year=${year}`}
          className="min-h-11 border border-ink px-4 py-2.5 text-sm"
          download
        >
          Export reportable sellers (CSV)
        </a>
        <a
          href={`/admin/marketplace/dac7/export/?year=${year}&all=1`}
          className="min-h-11 border border-line px-4 py-2.5 text-sm"
          download
        >
          Export all sellers (CSV)
        </a>
      </Form>
      <Panel title={`${rows.length} sellers with sales · ${reportable} reportable`}>
        {rows.length === 0 ? (
          <EmptyState>No completed sales in {year}.</EmptyState>
        ) : (
          <DataTable caption={`DAC7 ${year}`}>
            <thead>
              <tr>
                <th scope="col">Seller</th>
                <th scope="col">Type</th>
                <th scope="col">Sales</th>
                <th scope="col">Consideration</th>
                <th scope="col">Commission</th>
                <th scope="col">IBAN</th>
                <th scope="col">Reportable</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.userId} data-seller={r.email}>
                  <td>
                    {r.name}
                    <span className="block text-xs text-muted">{r.email}</span>
                  </td>
                  <td>{r.sellerType}</td>
                  <td>{r.sales}</td>
                  <td>
                    <Euros cents={r.considerationCents} />
                  </td>
                  <td>
                    <Euros cents={r.commissionCents} />
                  </td>
                  <td>{r.iban ?? "—"}</td>
                  <td>{r.reportable ? <Badge tone="warn">reportable</Badge> : "no"}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </Panel>
    </>
  );
}
