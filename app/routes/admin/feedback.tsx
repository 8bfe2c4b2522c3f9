import { DataTable, EmptyState, Euros, PageHeader, Pagination, Panel } from "~/components/admin/ui";
import { feedbackOverview } from "~/domains/marketing/marketing.server";
import { pageOf } from "~/domains/staff/validation";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/feedback";
import { requirePermission } from "./admin.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "promotions");
  const page = pageOf(new URL(request.url).searchParams.get("page"));
  return { ...(await feedbackOverview({ page })), page };
}

export default function Feedback({ loaderData }: Route.ComponentProps) {
  const { entries, draws, total, average, page } = loaderData;
  return (
    <>
      <PageHeader
        title="Feedback and prize draws"
        description={`${total} entries${average !== null ? `, ${average} stars on average` : ""}. The draw runs on the 1st (07:00 Amsterdam) among the previous month's entrants; its seed is kept, so anyone can redo it.`}
      />
      <Panel title="Draws">
        {draws.length === 0 ? (
          <EmptyState>No draw yet.</EmptyState>
        ) : (
          <DataTable caption="Prize draws">
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Entrants</th>
                <th scope="col">Winner</th>
                <th scope="col">Prize</th>
                <th scope="col">Seed</th>
              </tr>
            </thead>
            <tbody>
              {draws.map((draw) => (
                <tr key={draw.id}>
                  <td>
                    {draw.month}
                    <span className="block text-xs text-muted">{formatShopTime(draw.drawnAt)}</span>
                  </td>
                  <td>
                    {draw.entrants}
                    <span
                      className="block font-mono text-xs text-muted"
                      title="sha256 of the sorted entrants"
                    >
                      {draw.entrantsDigest.slice(0, 16)}…
                    </span>
                  </td>
                  <td>{draw.winnerEmail ?? "—"}</td>
                  <td>
                    <Euros cents={draw.prizeCents} />
                    <span className="block text-xs text-muted">
                      {draw.winnerEmail ? (draw.walletKey ? "in the wallet" : "no account: recorded") : ""}
                    </span>
                  </td>
                  <td className="font-mono text-xs break-all">{draw.seed}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </Panel>
      <Panel className="mt-4" title="Entries">
        {entries.length === 0 ? (
          <EmptyState>No feedback yet.</EmptyState>
        ) : (
          <DataTable caption="Feedback entries">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Rating</th>
                <th scope="col">Feedback</th>
                <th scope="col">E-mail</th>
                <th scope="col">In the draw</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    {formatShopTime(entry.createdAt)}
                    <span className="block text-xs text-muted">{entry.locale}</span>
                  </td>
                  <td>{entry.rating} / 5</td>
                  <td className="max-w-md whitespace-pre-line">{entry.text}</td>
                  <td>{entry.email ?? "—"}</td>
                  <td>{entry.enterDraw ? "yes" : "no"}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
        <Pagination page={page} pageSize={50} total={total} />
      </Panel>
    </>
  );
}
