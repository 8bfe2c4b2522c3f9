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
import { findOutboxMessages } from "~/domains/notifications/notifications.server";
import { pageOf } from "~/domains/staff/validation";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/outbox";
import { requirePermission } from "./admin.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "outbox");
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").slice(0, 200);
  const channel = params.get("channel");
  const status = params.get("status");
  const list = await findOutboxMessages({
    q,
    channel: channel === "email" || channel === "sms" ? channel : undefined,
    status: status === "pending" || status === "sent" || status === "failed" ? status : undefined,
    page: pageOf(params.get("page")),
  });
  return { q, channel: channel ?? "", status: status ?? "", ...list };
}

const statusTone = { pending: "warn", sent: "good", failed: "bad" } as const;

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { messages, q, channel, status, page, pageSize, total } = loaderData;
  return (
    <>
      <PageHeader
        title="Outbox"
        description="Every e-mail and SMS the shop wrote, as the recipient gets it. Without SMTP or an SMS gateway this is where they are delivered."
      />
      <SearchBar q={q} label="Search by recipient or subject">
        <div>
          <label htmlFor="channel" className={`${labelClass} inline-block pb-1.5`}>
            Channel
          </label>
          <Select id="channel" name="channel" defaultValue={channel}>
            <option value="">All</option>
            <option value="email">E-mail</option>
            <option value="sms">SMS</option>
          </Select>
        </div>
        <div>
          <label htmlFor="status" className={`${labelClass} inline-block pb-1.5`}>
            Status
          </label>
          <Select id="status" name="status" defaultValue={status}>
            <option value="">All</option>
            <option value="pending">Pending</option>
            <option value="sent">Sent</option>
            <option value="failed">Failed</option>
          </Select>
        </div>
      </SearchBar>
      {messages.length === 0 ? (
        <EmptyState>No messages{q ? ` for “${q}”` : ""}.</EmptyState>
      ) : (
        <DataTable caption="Messages">
          <thead>
            <tr>
              <th>Written</th>
              <th>To</th>
              <th>Message</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {messages.map((m) => (
              <tr key={m.id}>
                <td className="whitespace-nowrap">{formatShopTime(m.createdAt)}</td>
                <td>
                  {m.recipient}
                  <span className="block text-xs text-muted">
                    {m.channel === "email" ? "e-mail" : "SMS"} · {m.locale}
                  </span>
                </td>
                <td>
                  <Link to={`/admin/outbox/${m.id}/`} className={tableLink}>
                    {m.subject ?? m.text.slice(0, 80)}
                  </Link>
                  <span className="block text-xs text-muted">{m.template}</span>
                </td>
                <td>
                  <Badge tone={statusTone[m.status]}>{m.status}</Badge>
                  {m.attempts > 1 ? (
                    <span className="block text-xs text-muted">{m.attempts} attempts</span>
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
