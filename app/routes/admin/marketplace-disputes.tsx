import { Link } from "react-router";
import { DataTable, EmptyState, Euros, PageHeader, Panel } from "~/components/admin/ui";
import { disputeQueue } from "~/domains/marketplace/transactions/transactions.server";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/marketplace-disputes";
import { requirePermission } from "./admin.server";

/** Support's dispute queue: the open disputes, the longest waiting first. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "disputes");
  return { rows: await disputeQueue() };
}

const waitingOn = { customer: "support", provider: "support", operator: "the parties" } as const;

export default function MarketplaceDisputes({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData;
  return (
    <>
      <PageHeader
        title="Dispute queue"
        description="Open marketplace disputes, oldest first. Open one to read the photos and the conversation, answer, or decide with a statement."
        back={{ to: "/admin/marketplace/transactions/", label: "Transactions" }}
      />
      <Panel title={`${rows.length} open ${rows.length === 1 ? "dispute" : "disputes"}`}>
        {rows.length === 0 ? (
          <EmptyState>No open disputes.</EmptyState>
        ) : (
          <DataTable caption="Open disputes">
            <thead>
              <tr>
                <th scope="col">Number</th>
                <th scope="col">Opened</th>
                <th scope="col">Item</th>
                <th scope="col">Reason</th>
                <th scope="col">Store</th>
                <th scope="col">Total</th>
                <th scope="col">Messages</th>
              </tr>
            </thead>
            <tbody data-dispute-queue>
              {rows.map((r) => (
                <tr key={r.id} data-dispute={r.id}>
                  <td>
                    <Link to={`/admin/marketplace/transactions/${r.id}/`} className="underline">
                      {r.number}
                    </Link>
                  </td>
                  <td>{formatShopTime(r.openedAt)}</td>
                  <td>{r.title}</td>
                  <td className="max-w-xs truncate">{r.reason}</td>
                  <td>{r.storeName}</td>
                  <td>
                    <Euros cents={r.totalCents} />
                  </td>
                  <td>
                    {r.messages}
                    {r.lastAuthor ? ` · waiting on ${waitingOn[r.lastAuthor]}` : " · waiting on support"}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </Panel>
    </>
  );
}
