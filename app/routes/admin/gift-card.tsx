import { data } from "react-router";
import { ActionStatus, AdminFormView, AdminTextarea, useAdminForm } from "~/components/admin/admin-form";
import { AuditTrail } from "~/components/admin/audit-trail";
import { Badge, DataTable, Euros, PageHeader, Panel } from "~/components/admin/ui";
import { giftCardForStaff } from "~/domains/gift-cards/gift-cards.server";
import { GiftCardStaffSchema } from "~/domains/staff/credit-validation";
import { auditTrail, resendGiftCardByStaff, setGiftCardBlockedByStaff } from "~/domains/staff/staff.server";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/gift-card";
import { notFound, requirePermission, runForm, said } from "./admin.server";

function cardId(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  return id;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "gift-cards");
  const id = cardId(params.id);
  const [card, trail] = await Promise.all([giftCardForStaff(id), auditTrail("gift-card", String(id))]);
  if (!card) notFound();
  return { card, trail: trail.reverse() };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, "gift-cards");
  const id = cardId(params.id);
  return runForm(await request.formData(), GiftCardStaffSchema, async (value) => {
    if (value.intent === "resend") return resendGiftCardByStaff(actor, id, value.purchaseId);
    if (value.intent === "block")
      return said(
        await setGiftCardBlockedByStaff(actor, id, { blocked: true, reason: value.reason }),
        "Card blocked: it cannot pay for new orders.",
      );
    return said(await setGiftCardBlockedByStaff(actor, id, { blocked: false }), "Card unblocked.");
  });
}

export default function GiftCardPage({ loaderData }: Route.ComponentProps) {
  const { card, trail } = loaderData;
  const block = useAdminForm("block", GiftCardStaffSchema);
  const unblock = useAdminForm("unblock", GiftCardStaffSchema);
  const resend = useAdminForm("resend", GiftCardStaffSchema);
  return (
    <>
      <PageHeader
        back={{ to: "/admin/gift-cards/", label: "Gift cards" }}
        title={`Gift card …${card.last4}`}
        description={`${card.source}${card.orderReference ? ` · order ${card.orderReference}` : ""} · valid until ${formatShopTime(card.validUntil)}`}
        actions={
          card.status === "blocked" ? <Badge tone="bad">blocked</Badge> : <Badge tone="good">active</Badge>
        }
      />
      <div className="grid gap-4 desktop:grid-cols-[3fr_2fr]">
        <Panel title="Ledger">
          <p className="mb-3 text-sm">
            Issued <Euros cents={card.initialCents} /> · on the card <Euros cents={card.balanceCents} /> ·
            held <Euros cents={card.heldCents} /> · available <Euros cents={card.availableCents} />
            {card.locked ? " · locked after wrong PINs" : ""}
          </p>
          <DataTable caption="Ledger" compact>
            <thead>
              <tr>
                <th>When</th>
                <th>What</th>
                <th className="text-end">Amount</th>
              </tr>
            </thead>
            <tbody>
              {card.entries.map((e) => (
                <tr key={e.id}>
                  <td>{formatShopTime(e.createdAt)}</td>
                  <td>
                    {e.kind}
                    {e.reference ? ` · ${e.reference}` : ""}
                    {e.note ? ` · ${e.note}` : ""}
                  </td>
                  <td className="text-end">
                    <Euros cents={e.amountCents} />
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </Panel>
        <div className="space-y-4">
          {card.purchase ? (
            <Panel title={card.purchase.kind === "egift" ? "E-gift card" : "Card by post"}>
              <p className="text-sm">
                To {card.purchase.toName} from {card.purchase.fromName}; bought by {card.purchase.buyerEmail}
              </p>
              {card.purchase.kind === "egift" ? (
                <>
                  <p className="text-sm">
                    {card.purchase.recipientEmail} on {card.purchase.dispatchDate} · {card.purchase.status}
                    {card.purchase.sentAt ? ` (${formatShopTime(card.purchase.sentAt)})` : ""}
                  </p>
                  <AdminFormView form={resend} submitLabel="Resend the e-mail" quiet>
                    <input type="hidden" name="purchaseId" value={card.purchase.id} />
                  </AdminFormView>
                </>
              ) : card.purchase.status === "issued" ? (
                <p className="text-sm">
                  <a
                    href={`/admin/gift-cards/print/${card.purchase.id}/`}
                    target="_blank"
                    rel="noreferrer"
                    className="underline underline-offset-4"
                  >
                    Print the card to pack with the order (PDF)
                  </a>
                </p>
              ) : (
                <p className="text-sm">Not issued: {card.purchase.status}</p>
              )}
            </Panel>
          ) : null}
          <Panel title={card.status === "blocked" ? "Blocked" : "Block"}>
            {card.status === "blocked" ? (
              <>
                <ActionStatus matches={(intent) => intent === "block"} />
                <AdminFormView form={unblock} submitLabel="Unblock" quiet />
              </>
            ) : (
              <AdminFormView form={block} submitLabel="Block card" tone="danger" quiet>
                <ActionStatus matches={(intent) => intent === "unblock"} />
                <AdminTextarea form={block} name="reason" label="Reason" rows={2} maxChars={300} />
              </AdminFormView>
            )}
          </Panel>
        </div>
      </div>
      <AuditTrail entries={trail} />
    </>
  );
}
