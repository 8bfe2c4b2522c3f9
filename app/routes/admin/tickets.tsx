import { Link } from "react-router";
import { Badge, DataTable, EmptyState, PageHeader, Panel } from "~/components/admin/ui";
import { ticketReference } from "~/domains/service/reference";
import { type TicketStatus, ticketQueue } from "~/domains/service/service.server";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/tickets";
import { requirePermission } from "./admin.server";

const statuses: TicketStatus[] = ["open", "answered", "closed"];

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "service");
  const wanted = new URL(request.url).searchParams.get("status");
  const status = statuses.find((s) => s === wanted) ?? "open";
  return { status, ...(await ticketQueue(status)) };
}

const statusTone = { open: "warn", answered: "good", closed: "neutral" } as const;

export default function Tickets({ loaderData }: Route.ComponentProps) {
  const { status, tickets, open } = loaderData;
  return (
    <>
      <PageHeader
        title="Contact tickets"
        description={`Questions from the contact forms, the chat page and the app. ${open} open; the oldest first.`}
      />
      <nav aria-label="Ticket status" className="mb-4 flex gap-2">
        {statuses.map((s) => (
          <Link
            key={s}
            to={`/admin/tickets/?status=${s}`}
            aria-current={s === status ? "page" : undefined}
            className="inline-flex min-h-11 items-center border border-line px-4 text-sm capitalize aria-[current=page]:border-ink aria-[current=page]:bg-ink aria-[current=page]:text-paper"
          >
            {s}
          </Link>
        ))}
      </nav>
      <Panel title={`${status[0]!.toUpperCase()}${status.slice(1)} tickets`}>
        {tickets.length === 0 ? (
          <EmptyState>No {status} tickets.</EmptyState>
        ) : (
          <DataTable caption={`${status} tickets`}>
            <thead>
              <tr>
                <th scope="col">Ticket</th>
                <th scope="col">From</th>
                <th scope="col">Subject</th>
                <th scope="col">Order</th>
                <th scope="col">Received</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {tickets.map((ticket) => (
                <tr key={ticket.id}>
                  <td>
                    <Link to={`/admin/tickets/${ticket.id}/`} className="underline underline-offset-4">
                      {ticketReference(ticket.id)}
                    </Link>
                  </td>
                  <td>
                    {ticket.name}
                    <span className="block text-xs text-muted">{ticket.email}</span>
                  </td>
                  <td>
                    {ticket.topic}
                    <span className="block text-xs text-muted">
                      {ticket.channel} · {ticket.locale}
                    </span>
                  </td>
                  <td>{ticket.orderNumber ?? "—"}</td>
                  <td>{formatShopTime(ticket.createdAt)}</td>
                  <td>
                    <Badge tone={statusTone[ticket.status]}>{ticket.status}</Badge>
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
