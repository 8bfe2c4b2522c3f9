import { data, Form, Link, useActionData } from "react-router";
import {
  ActionStatus,
  type AdminActionData,
  AdminFormView,
  useAdminForm,
} from "~/components/admin/admin-form";
import {
  DataTable,
  dangerButton,
  Euros,
  PageHeader,
  Panel,
  primaryButton,
  tableLink,
} from "~/components/admin/ui";
import { returnByNumber } from "~/domains/returns/returns.server";
import { InspectLineSchema, ReceiveReturnSchema, RefundReturnSchema } from "~/domains/returns/validation";
import {
  inspectReturnLineAsStaff,
  receiveReturnAsStaff,
  refundReturnAsStaff,
} from "~/domains/staff/staff.server";
import { centsToDecimal } from "~/platform/money";
import { isRefusal } from "~/platform/refusal";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/return";
import { requirePermission, runForm, unknownIntent } from "./admin.server";

function returnNumber(value: string | undefined): string {
  if (!value || !/^R\d{9}$/.test(value)) throw data(null, { status: 404 });
  return value;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "returns");
  const ret = await returnByNumber(returnNumber(params.number));
  if (!ret) throw data(null, { status: 404 });
  return { ret };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, "returns");
  const number = returnNumber(params.number);
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "receive":
      formData.set("number", number);
      return runForm(formData, ReceiveReturnSchema, async () => {
        const done = await receiveReturnAsStaff(actor, number);
        return isRefusal(done)
          ? done
          : "Received: its units are back in stock and the customer has the e-mail.";
      });
    case "inspect":
      return runForm(formData, InspectLineSchema, async (value) => {
        const done = await inspectReturnLineAsStaff(actor, number, value);
        return isRefusal(done) ? done : value.outcome === "accepted" ? "Line accepted." : "Line rejected.";
      });
    case "refund":
      return runForm(formData, RefundReturnSchema, async () => {
        const done = await refundReturnAsStaff(actor, number);
        if (isRefusal(done)) return done;
        return `Refunded ${centsToDecimal(done.ret.refundedCents)} EUR${done.walletCents > 0 ? ` (${centsToDecimal(done.walletCents)} EUR as wallet credit)` : ""}.`;
      });
    default:
      return unknownIntent();
  }
}

const reasonLabels: Record<string, string> = {
  "too-small": "Too small",
  "too-big": "Too big",
  "not-as-pictured": "Not as pictured",
  quality: "Quality",
  "changed-mind": "Changed mind",
  other: "Other",
  withdrawal: "Withdrawal",
};

/** Accept or reject one line: one plain form per line, the button pressed says which. */
function LineJudgement({ line }: { line: { id: number } }) {
  const reply = useActionData() as AdminActionData | undefined;
  const mine = reply?.intent === "inspect" && String(reply.result.initialValue?.lineId) === String(line.id);
  const errors = mine
    ? [...(reply.result.error?.[""] ?? []), ...(reply.result.error?.rejectReason ?? [])]
    : [];
  return (
    <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="inspect" />
      <input type="hidden" name="lineId" value={line.id} />
      <button type="submit" name="outcome" value="accepted" className={primaryButton}>
        Accept
      </button>
      <label className="text-xs" htmlFor={`reject-${line.id}`}>
        <span className="block">Why rejected</span>
        <input id={`reject-${line.id}`} name="rejectReason" className="min-h-11 border border-line px-2" />
      </label>
      <button type="submit" name="outcome" value="rejected" className={dangerButton}>
        Reject
      </button>
      {errors.length > 0 ? (
        <p role="alert" className="w-full text-xs text-sale">
          {errors.join(" ")}
        </p>
      ) : null}
    </Form>
  );
}

export default function ReturnPage({ loaderData }: Route.ComponentProps) {
  const { ret } = loaderData;
  const receive = useAdminForm("receive", ReceiveReturnSchema);
  const refund = useAdminForm("refund", RefundReturnSchema);
  const linesCents = ret.lines.reduce((sum, l) => sum + l.refundCents, 0);
  return (
    <>
      <PageHeader
        back={{ to: "/admin/returns/", label: "Returns" }}
        title={`Return ${ret.number}`}
        description={`${ret.kind === "withdrawal" ? "Withdrawal" : "Return"} of order ${ret.orderNumber} · ${ret.method} · requested ${formatShopTime(ret.createdAt)} · ${ret.email}`}
        actions={
          <span className="border border-ink px-2 py-0.5 text-xs uppercase">
            {ret.status.replace("_", " ")}
          </span>
        }
      />
      <ActionStatus matches={(intent) => ["receive", "inspect", "refund"].includes(intent)} />
      <div className="grid gap-4 desktop:grid-cols-[3fr_2fr]">
        <Panel title="Lines" description="Accept or reject every line, then refund.">
          <DataTable caption="Return lines">
            <thead>
              <tr>
                <th>Product</th>
                <th className="text-end">Qty</th>
                <th>Reason</th>
                <th>Outcome</th>
                <th className="text-end">Refund</th>
              </tr>
            </thead>
            <tbody>
              {ret.lines.map((line) => (
                <tr key={line.id}>
                  <td>
                    {line.name}
                    <span className="block text-xs text-muted">
                      {line.colour} · size {line.size}
                    </span>
                  </td>
                  <td className="text-end tabular-nums">{line.quantity}</td>
                  <td>{reasonLabels[line.reason] ?? line.reason}</td>
                  <td>
                    {line.outcome}
                    {line.rejectReason ? (
                      <span className="block text-xs text-muted">{line.rejectReason}</span>
                    ) : null}
                    {ret.status === "received" ? <LineJudgement line={line} /> : null}
                  </td>
                  <td className="text-end">
                    <Euros cents={line.refundCents} />
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <p className="mt-3 text-sm text-muted">
            Fee kept: <Euros cents={ret.feeCents} /> · delivery refunded:{" "}
            <Euros cents={ret.shippingRefundCents} /> · lines: <Euros cents={linesCents} />
          </p>
        </Panel>
        <div className="space-y-4">
          <Panel title="Steps">
            {ret.status === "requested" || ret.status === "in_transit" ? (
              <AdminFormView form={receive} submitLabel="Mark as received" quiet>
                <input type="hidden" name="number" value={ret.number} />
              </AdminFormView>
            ) : null}
            {ret.status === "received" ? (
              <>
                <p className="mb-3 text-sm">
                  Refund due by <strong>{ret.refundDueAt ? formatShopTime(ret.refundDueAt) : "—"}</strong>
                  {ret.refundToWallet ? " · the customer chose wallet credit" : ""}
                </p>
                <AdminFormView form={refund} submitLabel="Refund" quiet />
              </>
            ) : null}
            {ret.refundedCents > 0 ? (
              <p className="text-sm">
                Refunded <Euros cents={ret.refundedCents} />
              </p>
            ) : null}
            <p className="mt-3 text-sm">
              <Link to={`/admin/orders/${ret.orderNumber}/`} className={tableLink}>
                Open order {ret.orderNumber}
              </Link>
            </p>
          </Panel>
          <Panel title="Timeline">
            <ol className="space-y-2">
              {ret.timeline.map((e) => (
                <li key={`${e.to}-${e.at}`} className="border-s-2 border-line ps-3 text-sm">
                  {e.to.replace("_", " ")} · {e.actor}
                  <span className="block text-xs text-muted">{formatShopTime(e.at)}</span>
                </li>
              ))}
            </ol>
          </Panel>
          {ret.statement ? (
            <Panel title="Withdrawal statement">
              <p className="text-sm">
                {ret.statement.name} · {ret.statement.email} · confirmed{" "}
                {formatShopTime(ret.statement.confirmedAt)}
              </p>
            </Panel>
          ) : null}
        </div>
      </div>
    </>
  );
}
