import { randomUUID } from "node:crypto";
import { Link } from "react-router";
import { AdminFormView, AdminInput, AdminTextarea, useAdminForm } from "~/components/admin/admin-form";
import {
  Badge,
  DataTable,
  EmptyState,
  Euros,
  PageHeader,
  Panel,
  SearchBar,
  tableLink,
} from "~/components/admin/ui";
import { findGiftCards } from "~/domains/gift-cards/gift-cards.server";
import { GoodwillGiftCardSchema } from "~/domains/staff/credit-validation";
import { issueGoodwillGiftCard } from "~/domains/staff/staff.server";
import { isRefusal } from "~/platform/refusal";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/gift-cards";
import { requirePermission, runForm } from "./admin.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "gift-cards");
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  return { rows: await findGiftCards(q), q, key: randomUUID() };
}

/** Issues a goodwill card, e-mailed (number and PIN, once) to its recipient. */
export async function action({ request }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, "gift-cards");
  return runForm(await request.formData(), GoodwillGiftCardSchema, async (value) => {
    const card = await issueGoodwillGiftCard(actor, {
      amountCents: value.amount,
      recipientEmail: value.recipientEmail,
      toName: value.toName,
      reason: value.reason,
      idempotencyKey: value.idempotencyKey,
    });
    return isRefusal(card)
      ? card
      : `Gift card …${card.last4} issued and e-mailed to ${value.recipientEmail}.`;
  });
}

export default function GiftCards({ loaderData }: Route.ComponentProps) {
  const { rows, q, key } = loaderData;
  const issue = useAdminForm("issue", GoodwillGiftCardSchema, { idempotencyKey: key });
  return (
    <>
      <PageHeader
        title="Gift cards"
        description="Search by the last 4 digits, an order number (sold in it or paid with it) or an e-mail address."
      />
      <SearchBar q={q} label="Last 4, order or e-mail" placeholder="2008, 412345678 or anna@example.nl" />
      {rows.length === 0 ? (
        <EmptyState>No gift card matches.</EmptyState>
      ) : (
        <DataTable caption="Gift cards">
          <thead>
            <tr>
              <th>Card</th>
              <th>Source</th>
              <th>Order</th>
              <th>Recipient</th>
              <th className="text-end">Issued</th>
              <th className="text-end">Available</th>
              <th>Valid until</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>
                  <Link to={`/admin/gift-cards/${r.id}/`} className={tableLink}>
                    …{r.last4}
                  </Link>
                </td>
                <td>{r.source}</td>
                <td>{r.orderReference ?? "—"}</td>
                <td>{r.recipientEmail ?? "—"}</td>
                <td className="text-end">
                  <Euros cents={r.initialCents} />
                </td>
                <td className="text-end">
                  <Euros cents={r.availableCents} />
                </td>
                <td>{formatShopTime(r.validUntil)}</td>
                <td>
                  {r.status === "blocked" ? (
                    <Badge tone="bad">blocked</Badge>
                  ) : (
                    <Badge tone="good">active</Badge>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <div className="mt-6 max-w-xl">
        <Panel
          title="Issue a goodwill gift card"
          description="The card is e-mailed to the recipient with its number and PIN; staff only ever see the last 4."
        >
          <AdminFormView form={issue} submitLabel="Issue and e-mail">
            <input type="hidden" name="idempotencyKey" value={key} />
            <AdminInput form={issue} name="amount" label="Amount (€)" inputMode="decimal" />
            <AdminInput form={issue} name="recipientEmail" label="Recipient e-mail" type="email" />
            <AdminInput form={issue} name="toName" label="Recipient name" />
            <AdminTextarea form={issue} name="reason" label="Reason" rows={2} maxChars={300} />
          </AdminFormView>
        </Panel>
      </div>
    </>
  );
}
