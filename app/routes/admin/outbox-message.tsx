import { Badge, PageHeader, Panel } from "~/components/admin/ui";
import { outboxMessage } from "~/domains/notifications/notifications.server";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/outbox-message";
import { notFound, requirePermission } from "./admin.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "outbox");
  const message = await outboxMessage(params.id);
  if (!message) notFound();
  return { message };
}

export default function OutboxMessage({ loaderData }: Route.ComponentProps) {
  const { message: m } = loaderData;
  return (
    <>
      <PageHeader
        back={{ to: "/admin/outbox/", label: "Outbox" }}
        title={m.subject ?? (m.channel === "sms" ? "Text message" : "E-mail")}
        description={`To ${m.recipient} · ${m.channel === "email" ? "e-mail" : "SMS"} · ${m.locale} · ${m.template}`}
        actions={
          <Badge tone={m.status === "sent" ? "good" : m.status === "failed" ? "bad" : "warn"}>
            {m.status}
          </Badge>
        }
      />
      <div className="grid gap-4 desktop:grid-cols-[2fr_1fr]">
        <Panel title={m.channel === "email" ? "As the recipient sees it" : "Text"}>
          {m.channel === "email" && m.html ? (
            // The e-mail's own HTML, in a sandbox without scripts, forms or same-origin access.
            <iframe
              title={`E-mail: ${m.subject ?? ""}`}
              srcDoc={m.html}
              sandbox=""
              referrerPolicy="no-referrer"
              className="h-[70vh] w-full border border-line bg-white"
            />
          ) : (
            <p className="max-w-sm rounded-2xl bg-sand px-4 py-3 text-sm whitespace-pre-wrap">{m.text}</p>
          )}
        </Panel>
        <div className="space-y-4">
          <Panel title="Delivery">
            <dl className="space-y-2 text-sm">
              <div>
                <dt className="text-xs text-muted uppercase">Written</dt>
                <dd>{formatShopTime(m.createdAt)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted uppercase">Sent</dt>
                <dd>{formatShopTime(m.sentAt)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted uppercase">Transport · attempts</dt>
                <dd>
                  {m.transport ?? "—"} · {m.attempts}
                </dd>
              </div>
              {m.lastError ? (
                <div>
                  <dt className="text-xs text-muted uppercase">Last error</dt>
                  <dd className="text-sale">{m.lastError}</dd>
                </div>
              ) : null}
            </dl>
          </Panel>
          {m.channel === "email" ? (
            <Panel title="Plain text">
              <pre className="max-h-96 overflow-auto text-xs whitespace-pre-wrap">{m.text}</pre>
            </Panel>
          ) : null}
        </div>
      </div>
    </>
  );
}
