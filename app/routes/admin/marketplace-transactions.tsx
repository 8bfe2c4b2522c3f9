import { Form, Link } from "react-router";
import { DataTable, EmptyState, Euros, PageHeader, Panel } from "~/components/admin/ui";
import { transactionStates } from "~/domains/marketplace/transactions/transaction-process";
import { operatorTransactions } from "~/domains/marketplace/transactions/transactions.server";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/marketplace-transactions";
import { requirePermission } from "./admin.server";

/** Marketplace purchases for support: newest changes first, filtered by state (disputes are the queue). */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "disputes");
  const chosen = new URL(request.url).searchParams.get("state");
  const state = transactionStates.find((s) => s === chosen) ?? null;
  return { state, rows: await operatorTransactions(state) };
}

export default function MarketplaceTransactionsAdmin({ loaderData }: Route.ComponentProps) {
  const { state, rows } = loaderData;
  return (
    <>
      <PageHeader
        title="Marketplace transactions"
        description="Purchases between customers. Open one to take an operator's move of the transaction process."
        back={{ to: "/admin/marketplace/", label: "Marketplace" }}
      />
      <Form method="get" className="mb-4 flex items-end gap-2">
        <label className="text-sm">
          State
          <select
            name="state"
            defaultValue={state ?? ""}
            className="ms-2 border border-line bg-white px-2 py-1.5"
          >
            <option value="">All</option>
            {transactionStates.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="min-h-11 border border-ink px-4 text-sm">
          Show
        </button>
      </Form>
      <Panel title={`${rows.length} transactions`}>
        {rows.length === 0 ? (
          <EmptyState>Nothing in this state.</EmptyState>
        ) : (
          <DataTable caption="Marketplace transactions">
            <thead>
              <tr>
                <th scope="col">Number</th>
                <th scope="col">State</th>
                <th scope="col">Store</th>
                <th scope="col">Total</th>
                <th scope="col">Changed</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to={`/admin/marketplace/transactions/${r.id}/`} className="underline">
                      {r.number}
                    </Link>
                  </td>
                  <td data-state={r.state}>{r.state}</td>
                  <td>{r.storeName}</td>
                  <td>
                    <Euros cents={r.totalCents} />
                  </td>
                  <td>{formatShopTime(r.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </Panel>
    </>
  );
}
