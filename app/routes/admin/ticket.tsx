import { AdminFormView, AdminSwitch, AdminTextarea, useAdminForm } from "~/components/admin/admin-form";
import { Badge, PageHeader, Panel } from "~/components/admin/ui";
import { ticketReference } from "~/domains/service/reference";
import { ticketWithMessages } from "~/domains/service/service.server";
import { TicketReplySchema, TicketStatusSchema } from "~/domains/service/validation";
import { answerTicket, changeTicketStatus } from "~/domains/staff/staff.server";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/ticket";
import { idParam, notFound, requirePermission, runForm, said, unknownIntent } from "./admin.server";

const tone = { open: "warn", answered: "good", closed: "neutral" } as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "service");
  const found = await ticketWithMessages(idParam(params.id));
  if (!found) notFound();
  return found;
}

export async function action({ request, params }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, "service");
  const id = idParam(params.id);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent === "reply")
    return runForm(formData, TicketReplySchema, async (value) =>
      said(await answerTicket(actor, id, value), "Reply sent by e-mail."),
    );
  if (intent === "status")
    return runForm(formData, TicketStatusSchema, async ({ status }) =>
      said(
        await changeTicketStatus(actor, id, status),
        status === "closed" ? "Ticket closed." : "Ticket reopened.",
      ),
    );
  unknownIntent();
}

export default function Ticket({ loaderData }: Route.ComponentProps) {
  const { ticket, messages, photos } = loaderData;
  const reply = useAdminForm("reply", TicketReplySchema);
  const status = useAdminForm("status", TicketStatusSchema);
  const closed = ticket.status === "closed";
  return (
    <>
      <PageHeader
        back={{ to: "/admin/tickets/", label: "Contact tickets" }}
        title={`${ticketReference(ticket.id)} · ${ticket.topic}`}
        description={`${ticket.name} <${ticket.email}> · ${ticket.channel} · ${ticket.locale}${ticket.orderNumber ? ` · order ${ticket.orderNumber}` : ""}`}
        actions={<Badge tone={tone[ticket.status]}>{ticket.status}</Badge>}
      />
      <div className="grid gap-4 desktop:grid-cols-[2fr_1fr]">
        <div className="space-y-4">
          <Panel title="Conversation">
            <ol className="space-y-4">
              {messages.map((m) => (
                <li
                  key={m.id}
                  className={`border-s-2 px-3 py-2 ${m.author === "staff" ? "border-accent bg-sand" : "border-line"}`}
                >
                  <p className="text-xs text-muted">
                    {m.author === "staff" ? "Support" : ticket.name} · {formatShopTime(m.createdAt)}
                  </p>
                  <p className="mt-1 text-sm whitespace-pre-wrap">{m.body}</p>
                </li>
              ))}
            </ol>
            {photos.length > 0 ? (
              <ul className="mt-4 flex flex-wrap gap-3" aria-label="Photos from the shopper">
                {photos.map((photo, index) => (
                  <li key={photo.id}>
                    <a
                      href={`/admin/tickets/${ticket.id}/photos/${photo.id}`}
                      target="_blank"
                      rel="noreferrer"
                      className="block border border-line"
                    >
                      <img
                        src={`/admin/tickets/${ticket.id}/photos/${photo.id}`}
                        alt={`Attachment ${index + 1} of ${photos.length} from the shopper (opens full size)`}
                        width={photo.width}
                        height={photo.height}
                        className="h-32 w-auto object-cover"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </Panel>
          {closed ? null : (
            <Panel
              title="Reply"
              description={`Sent by e-mail to ${ticket.email}, in the shopper's language around your text.`}
            >
              <AdminFormView form={reply} submitLabel="Send reply">
                <AdminTextarea form={reply} name="body" label="Your answer" rows={8} maxChars={2000} />
                <AdminSwitch form={reply} name="close" label="Close the ticket with this reply" />
              </AdminFormView>
            </Panel>
          )}
        </div>
        <Panel title="Status">
          <AdminFormView form={status} submitLabel={closed ? "Reopen ticket" : "Close without reply"}>
            <input type="hidden" name="status" value={closed ? "open" : "closed"} />
          </AdminFormView>
        </Panel>
      </div>
    </>
  );
}
