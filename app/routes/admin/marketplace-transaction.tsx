import { data, Form, useActionData } from "react-router";
import {
  Badge,
  DataTable,
  Euros,
  PageHeader,
  Panel,
  primaryButton,
  StatusMessage,
} from "~/components/admin/ui";
import type { TransactionTransition } from "~/domains/marketplace/transactions/transaction-process";
import { moveTransaction, transactionFor } from "~/domains/marketplace/transactions/transactions.server";
import { MoveSchema } from "~/domains/marketplace/transactions/validation";
import { serverI18n } from "~/platform/i18n/resources.server";
import { isRefusal } from "~/platform/refusal";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/marketplace-transaction";
import { idParam, requirePermission } from "./admin.server";

/** One purchase for an operator: parties' view, the timeline, and the operator's moves of the table. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "disputes");
  const detail = await transactionFor(null, idParam(params.id), { asOperator: true });
  if (!detail) throw data(null, { status: 404 });
  return { detail };
}

/** An operator's move: the table decides; cancels and dispute decisions carry a statement. */
export async function action({ request, params }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, "disputes");
  const parsed = MoveSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return { tone: "bad" as const, message: "Choose a move and give a statement." };
  const moved = await moveTransaction(
    idParam(params.id),
    parsed.data.transition as TransactionTransition,
    { role: "operator", userId: actor.id },
    { note: parsed.data.note },
  );
  if (isRefusal(moved))
    return { tone: "bad" as const, message: serverI18n("en").t(moved.messageKey, moved.values) as string };
  return { tone: "good" as const, message: `${parsed.data.transition}: now ${moved.transaction.state}.` };
}

const field = "mt-1 w-full border border-line bg-white px-2 py-1.5 text-sm";

export default function MarketplaceTransactionAdmin({ loaderData }: Route.ComponentProps) {
  const { detail } = loaderData;
  const reply = useActionData<typeof action>();
  return (
    <>
      <PageHeader
        title={`Transaction ${detail.number}`}
        description={`${detail.store.name} · ${detail.delivery} · tracking ${detail.trackingCode ?? "—"}`}
        back={{ to: "/admin/marketplace/transactions/", label: "Transactions" }}
      />
      <StatusMessage message={reply?.message} tone={reply?.tone} />
      <Panel title="State">
        <p>
          <Badge tone={detail.state === "dispute" ? "warn" : "neutral"}>{detail.state}</Badge> since{" "}
          {formatShopTime(detail.stateEnteredAt)} · earnings {detail.earnings}
        </p>
      </Panel>
      <Panel title="Operator moves">
        {detail.actions.length === 0 ? (
          <p className="text-sm text-muted">The process table gives operators no move in this state.</p>
        ) : (
          <div className="grid gap-4 desktop:grid-cols-2">
            {detail.actions.map((transition) => (
              <Form
                method="post"
                key={transition}
                className="border border-line p-3"
                data-operator-move={transition}
              >
                <input type="hidden" name="transition" value={transition} />
                <label className="text-xs">
                  Statement (shown in the timeline)
                  <textarea name="note" rows={2} maxLength={2000} className={field} />
                </label>
                <button type="submit" className={`${primaryButton} mt-2`}>
                  {transition}
                </button>
              </Form>
            ))}
          </div>
        )}
      </Panel>
      <Panel title="Amounts">
        <DataTable caption="Amounts" compact>
          <tbody>
            {Object.entries(detail.amounts).map(([name, cents]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>
                  <Euros cents={cents} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </Panel>
      <Panel title="Timeline">
        <ol className="space-y-1 text-sm">
          {detail.timeline.map((line) => (
            <li key={line.transition}>
              {formatShopTime(line.at)} · <strong>{line.transition}</strong> by {line.actor}
              {line.note ? ` — ${line.note}` : ""}
            </li>
          ))}
        </ol>
      </Panel>
    </>
  );
}
