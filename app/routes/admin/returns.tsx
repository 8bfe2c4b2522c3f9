import { Link, redirect } from "react-router";
import { AdminFormView, AdminInput, useAdminForm } from "~/components/admin/admin-form";
import { DataTable, EmptyState, Euros, PageHeader, SearchBar, tableLink } from "~/components/admin/ui";
import { findReturns, type ReturnStatus, returnByNumber } from "~/domains/returns/returns.server";
import { returnStatuses } from "~/domains/returns/transitions";
import { ReceiveReturnSchema } from "~/domains/returns/validation";
import { receiveReturnAsStaff } from "~/domains/staff/staff.server";
import { isRefusal } from "~/platform/refusal";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/returns";
import { requirePermission, runForm } from "./admin.server";

const statusLabels: Record<ReturnStatus, string> = {
  requested: "Requested",
  in_transit: "In transit",
  received: "Received",
  refunded: "Refunded",
  partially_refunded: "Partly refunded",
  rejected: "Rejected",
  canceled: "Canceled",
};

const filters = [
  { value: "", label: "All" },
  { value: "open", label: "Open" },
  { value: "due", label: "Refund due" },
  ...returnStatuses.map((s) => ({ value: s, label: statusLabels[s] })),
];

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "returns");
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").slice(0, 20);
  const status = params.get("status") ?? "";
  const kind =
    params.get("kind") === "withdrawal"
      ? "withdrawal"
      : params.get("kind") === "return"
        ? "return"
        : undefined;
  const rows = await findReturns({
    q,
    kind,
    due: status === "due",
    status:
      status === "open" || (returnStatuses as readonly string[]).includes(status)
        ? (status as ReturnStatus | "open")
        : undefined,
  });
  return { rows, q, status, kind: kind ?? "", now: Date.now() };
}

/** Receiving by scanning (or typing) the number: the parcel is in, its page opens. */
export async function action({ request }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, "returns");
  const formData = await request.formData();
  let received: string | null = null;
  const reply = await runForm(formData, ReceiveReturnSchema, async ({ number }) => {
    if (!(await returnByNumber(number))) return "No return has this number.";
    const done = await receiveReturnAsStaff(actor, number);
    if (isRefusal(done)) return done;
    received = number;
    return `Return ${number} received.`;
  });
  if (received) throw redirect(`/admin/returns/${received}/`);
  return reply;
}

export default function Returns({ loaderData }: Route.ComponentProps) {
  const { rows, q, status, kind, now } = loaderData;
  const scan = useAdminForm("receive", ReceiveReturnSchema);
  const filter = (value: string) => {
    const params = new URLSearchParams();
    if (value) params.set("status", value);
    if (kind) params.set("kind", kind);
    return `?${params}`;
  };
  return (
    <>
      <PageHeader
        title="Returns"
        description="Receive a parcel by scanning its QR code or typing its number; refunds are due 14 days after receipt."
      />
      <div className="mb-6 border border-line bg-white p-4">
        <AdminFormView form={scan} submitLabel="Receive" inline className="flex flex-wrap items-end gap-3">
          <AdminInput
            form={scan}
            name="number"
            label="Return number"
            className="font-mono"
            autoComplete="off"
            placeholder="R123456789"
          />
        </AdminFormView>
      </div>
      <SearchBar q={q} label="Return or order number" placeholder="R123456789 or 412345678">
        <label className="text-sm">
          <span className="block pb-1.5 font-medium">Kind</span>
          <select name="kind" defaultValue={kind} className="min-h-11 border border-line bg-white px-3">
            <option value="">Returns and withdrawals</option>
            <option value="return">Returns</option>
            <option value="withdrawal">Withdrawals</option>
          </select>
        </label>
        {status ? <input type="hidden" name="status" value={status} /> : null}
      </SearchBar>
      <nav aria-label="Return status" className="mb-4 flex flex-wrap gap-2">
        {filters.map((f) => (
          <Link
            key={f.value || "all"}
            to={filter(f.value)}
            aria-current={f.value === status ? "page" : undefined}
            className="inline-flex min-h-11 items-center border border-line bg-white px-3 text-sm aria-[current=page]:border-ink aria-[current=page]:bg-ink aria-[current=page]:text-paper"
          >
            {f.label}
          </Link>
        ))}
      </nav>
      {rows.length === 0 ? (
        <EmptyState>No return matches.</EmptyState>
      ) : (
        <DataTable caption="Returns">
          <thead>
            <tr>
              <th>Return</th>
              <th>Order</th>
              <th>Requested</th>
              <th>Kind · way back</th>
              <th className="text-end">Units</th>
              <th>Status</th>
              <th>Refund due</th>
              <th className="text-end">Refunded</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const late =
                r.status === "received" && r.refundDueAt && new Date(r.refundDueAt).getTime() < now;
              return (
                <tr key={r.number}>
                  <td>
                    <Link to={`/admin/returns/${r.number}/`} className={`${tableLink} font-mono`}>
                      {r.number}
                    </Link>
                  </td>
                  <td>
                    <Link to={`/admin/orders/${r.orderNumber}/`} className={`${tableLink} font-mono`}>
                      {r.orderNumber}
                    </Link>
                  </td>
                  <td className="whitespace-nowrap">{formatShopTime(r.createdAt)}</td>
                  <td>
                    {r.kind === "withdrawal" ? "Withdrawal" : "Return"} · {r.method}
                  </td>
                  <td className="text-end tabular-nums">{r.units}</td>
                  <td>{statusLabels[r.status]}</td>
                  <td className={`whitespace-nowrap ${late ? "font-semibold text-sale" : ""}`}>
                    {r.status === "received" && r.refundDueAt
                      ? `${formatShopTime(r.refundDueAt)}${late ? " (late)" : ""}`
                      : "—"}
                  </td>
                  <td className="text-end">
                    <Euros cents={r.refundedCents} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      )}
    </>
  );
}
