import { randomUUID } from "node:crypto";
import { data, Link } from "react-router";
import {
  ActionStatus,
  AdminFormView,
  AdminInput,
  AdminTextarea,
  useAdminForm,
} from "~/components/admin/admin-form";
import { AuditTrail } from "~/components/admin/audit-trail";
import { OrderStatusBadge } from "~/components/admin/order-status";
import { Badge, DataTable, EmptyState, Euros, PageHeader, Panel, tableLink } from "~/components/admin/ui";
import { customerForStaff } from "~/domains/customers/customers.server";
import { ordersOfCustomer } from "~/domains/orders/orders.server";
import { WalletCreditSchema } from "~/domains/staff/credit-validation";
import {
  auditTrail,
  blockCustomer,
  creditWalletByStaff,
  unblockCustomer,
} from "~/domains/staff/staff.server";
import { BlockCustomerSchema, centsToInput } from "~/domains/staff/validation";
import { walletOf } from "~/domains/wallet/wallet.server";
import { isRefusal } from "~/platform/refusal";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/customer";
import { notFound, requirePermission, runForm, said } from "./admin.server";

function customerId(value: string | undefined): string {
  if (!value || !/^[0-9a-f-]{36}$/i.test(value)) throw data(null, { status: 404 });
  return value;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "customers");
  const id = customerId(params.id);
  const [customer, trail, orders, wallet] = await Promise.all([
    customerForStaff(id),
    auditTrail("customer", id),
    ordersOfCustomer(id),
    walletOf(id, { limit: 20 }),
  ]);
  if (!customer) notFound();
  return { customer, trail: trail.reverse(), orders, wallet, creditKey: randomUUID() };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, "customers");
  const id = customerId(params.id);
  const formData = await request.formData();
  if (formData.get("intent") === "wallet-credit")
    return runForm(formData, WalletCreditSchema, async (value) => {
      const balance = await creditWalletByStaff(actor, id, {
        amountCents: value.amount,
        reason: value.reason,
        idempotencyKey: value.idempotencyKey,
      });
      return isRefusal(balance)
        ? balance
        : `Credit added; the wallet now holds ${centsToInput(balance)} EUR.`;
    });
  return runForm(formData, BlockCustomerSchema, async (value) => {
    if (value.intent === "block") {
      return said(
        await blockCustomer(actor, id, value.reason),
        "Customer blocked: they can browse but not order.",
      );
    }
    return said(await unblockCustomer(actor, id), "Block lifted: the customer can order again.");
  });
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="border-b border-line py-2 sm:grid sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-xs tracking-[0.08em] text-muted uppercase">{label}</dt>
      <dd className="text-sm">{children ?? "—"}</dd>
    </div>
  );
}

export default function CustomerPage({ loaderData }: Route.ComponentProps) {
  const { customer, trail, orders, wallet, creditKey } = loaderData;
  const credit = useAdminForm("wallet-credit", WalletCreditSchema, { idempotencyKey: creditKey });
  const block = useAdminForm("block", BlockCustomerSchema);
  const unblock = useAdminForm("unblock", BlockCustomerSchema);
  return (
    <>
      <PageHeader
        back={{ to: "/admin/customers/", label: "Customers" }}
        title={`${customer.firstName} ${customer.lastName}`}
        description={customer.email}
        actions={customer.blocked ? <Badge tone="bad">blocked</Badge> : <Badge tone="good">active</Badge>}
      />
      <div className="grid gap-4 desktop:grid-cols-[3fr_2fr]">
        <Panel title="Account">
          <dl>
            <Detail label="E-mail">
              {customer.email} {customer.emailVerified ? <Badge tone="good">verified</Badge> : null}
            </Detail>
            <Detail label="Phone">{customer.phone}</Detail>
            <Detail label="Date of birth">{customer.dateOfBirth}</Detail>
            <Detail label="Language">{customer.locale}</Detail>
            <Detail label="Newsletter">{customer.newsletter ? "yes" : "no"}</Detail>
            <Detail label="Phone updates">{customer.phoneUpdates ? "yes" : "no"}</Detail>
            <Detail label="Customer since">{formatShopTime(customer.createdAt)}</Detail>
          </dl>
        </Panel>
        <Panel
          title={customer.blocked ? "Blocked" : "Block"}
          description={
            customer.blocked
              ? "This customer can browse and sign in, but checkout shows the blocked page."
              : "A blocked customer can still browse and sign in, but cannot order. The reason is for staff only."
          }
        >
          {customer.blocked ? (
            <>
              <ActionStatus matches={(intent) => intent === "block"} />
              <p className="my-4 border-s-2 border-sale bg-sale/5 px-3 py-2 text-sm">
                {customer.blockedReason}
              </p>
              <AdminFormView form={unblock} submitLabel="Lift the block" quiet />
            </>
          ) : (
            <AdminFormView form={block} submitLabel="Block customer" tone="danger" quiet>
              <ActionStatus matches={(intent) => intent === "unblock"} />
              <AdminTextarea form={block} name="reason" label="Reason" rows={3} maxChars={500} />
            </AdminFormView>
          )}
        </Panel>
      </div>
      <Panel className="mt-4" title="Addresses">
        {customer.addresses.length === 0 ? (
          <EmptyState>No addresses saved.</EmptyState>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 desktop:grid-cols-3">
            {customer.addresses.map((a) => (
              <li key={a.id} className="border border-line p-3 text-sm">
                <p className="font-medium">
                  {a.firstName} {a.lastName}
                </p>
                <p>
                  {a.street} {a.houseNumber}
                  {a.addition ? ` ${a.addition}` : ""}
                </p>
                <p>
                  {a.postalCode} {a.city}, {a.country}
                </p>
                <p className="mt-2 space-x-1">
                  {a.isDefaultShipping ? <Badge>default shipping</Badge> : null}
                  {a.isDefaultBilling ? <Badge>default billing</Badge> : null}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel className="mt-4" title="Orders">
        {orders.length === 0 ? (
          <EmptyState>No orders yet.</EmptyState>
        ) : (
          <DataTable caption="Orders of this customer">
            <thead>
              <tr>
                <th>Order</th>
                <th>Placed</th>
                <th className="text-end">Items</th>
                <th className="text-end">Total</th>
                <th>Status</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.number}>
                  <td>
                    <Link to={`/admin/orders/${o.number}/`} className={`${tableLink} font-mono`}>
                      {o.number}
                    </Link>
                  </td>
                  <td>{formatShopTime(o.createdAt)}</td>
                  <td className="text-end tabular-nums">{o.itemCount}</td>
                  <td className="text-end">
                    <Euros cents={o.totalCents} />
                  </td>
                  <td>
                    <OrderStatusBadge status={o.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </Panel>
      <Panel
        className="mt-4"
        title="Wallet credit"
        description="Goodwill credit with a reason the customer sees in their wallet; audited."
      >
        <p className="mb-3 text-sm">
          Balance <Euros cents={wallet.balanceCents} />
        </p>
        {wallet.entries.length > 0 ? (
          <ul className="mb-4 space-y-1 text-sm">
            {wallet.entries.map((e) => (
              <li key={e.id}>
                {formatShopTime(e.createdAt)} · {e.kind}
                {e.reference ? ` · ${e.reference}` : ""}
                {e.note ? ` · ${e.note}` : ""} · <Euros cents={e.amountCents} />
              </li>
            ))}
          </ul>
        ) : null}
        <AdminFormView form={credit} submitLabel="Add goodwill credit" quiet>
          <input type="hidden" name="idempotencyKey" value={creditKey} />
          <AdminInput form={credit} name="amount" label="Amount (€)" inputMode="decimal" />
          <AdminTextarea
            form={credit}
            name="reason"
            label="Reason (the customer sees it)"
            rows={2}
            maxChars={300}
          />
        </AdminFormView>
      </Panel>
      <Panel className="mt-4" title="History" description="Every change staff made to this account.">
        <AuditTrail entries={trail} />
      </Panel>
    </>
  );
}
