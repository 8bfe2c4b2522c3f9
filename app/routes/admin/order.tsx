import { randomUUID } from "node:crypto";
import { data, Link } from "react-router";
import {
  ActionStatus,
  AdminFormView,
  AdminInput,
  AdminSelect,
  AdminTextarea,
  useAdminForm,
} from "~/components/admin/admin-form";
import { OrderStatusBadge } from "~/components/admin/order-status";
import { DataTable, EmptyState, Euros, PageHeader, Panel, tableLink } from "~/components/admin/ui";
import { giftCardsOfOrder } from "~/domains/gift-cards/gift-cards.server";
import { isOrderNumber } from "~/domains/orders/numbers";
import { nextStatuses, orderByNumber } from "~/domains/orders/orders.server";
import {
  addOrderNote,
  cancelOrder,
  changeOrderStatus,
  notesOf,
  orderTimeline,
  refundableOf,
  refundOrder,
} from "~/domains/staff/staff.server";
import {
  CancelOrderSchema,
  carriers,
  centsToInput,
  InternalNoteSchema,
  OrderNoteSchema,
  RefundOrderSchema,
  ShipOrderSchema,
} from "~/domains/staff/validation";
import { isRefusal } from "~/platform/refusal";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/order";
import { requirePermission, runForm, unknownIntent } from "./admin.server";

function orderNumber(value: string | undefined): string {
  if (!value || !isOrderNumber(value)) throw data(null, { status: 404 });
  return value;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "orders");
  const number = orderNumber(params.number);
  const order = await orderByNumber(number);
  if (!order) throw data(null, { status: 404 });
  const [{ payment, leftCents }, timeline] = await Promise.all([refundableOf(order), orderTimeline(order)]);
  return {
    order,
    payment: payment && {
      method: payment.method,
      status: payment.status,
      amountCents: payment.amountCents,
      refundedCents: payment.refundedCents,
      provider: payment.provider,
    },
    refundableCents: leftCents,
    next: nextStatuses(order.status, "staff"),
    timeline,
    notes: await notesOf("order", number),
    // Gift cards sold "by post" travel in this parcel: the warehouse prints each one.
    postedCards: (await giftCardsOfOrder(number)).filter((card) => card.kind === "physical"),
    // One key per form shown: sending the same form twice refunds once.
    keys: { refund: randomUUID(), cancel: randomUUID() },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, "orders");
  const number = orderNumber(params.number);
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "ship":
      return runForm(formData, ShipOrderSchema, async (value) => {
        const shipped = await changeOrderStatus(actor, number, { to: "complete", ...value });
        return isRefusal(shipped)
          ? shipped
          : "Shipped: the customer has the e-mail with the track & trace code.";
      });
    case "hold":
      return runForm(formData, OrderNoteSchema, async (value) => {
        const held = await changeOrderStatus(actor, number, { to: "holded", note: value.note });
        return isRefusal(held) ? held : "The order is on hold.";
      });
    case "release":
      return runForm(formData, OrderNoteSchema, async (value) => {
        const released = await changeOrderStatus(actor, number, { to: "processing", note: value.note });
        return isRefusal(released) ? released : "The order is released and ready to ship.";
      });
    case "close":
      return runForm(formData, OrderNoteSchema, async (value) => {
        const closed = await changeOrderStatus(actor, number, { to: "closed", note: value.note });
        return isRefusal(closed) ? closed : "The order is closed.";
      });
    case "cancel":
      return runForm(formData, CancelOrderSchema, async (value) => {
        const canceled = await cancelOrder(actor, number, value);
        return isRefusal(canceled)
          ? canceled
          : "Canceled; what was paid is refunded and the customer has the e-mail.";
      });
    case "refund":
      return runForm(formData, RefundOrderSchema, async (value) => {
        const refund = await refundOrder(actor, number, {
          amountCents: value.amount,
          reason: value.reason,
          idempotencyKey: value.idempotencyKey,
        });
        if (isRefusal(refund)) return refund;
        return `Refunded ${centsToInput(refund.amountCents)} EUR; the customer has the e-mail.`;
      });
    case "note":
      return runForm(formData, InternalNoteSchema, async (value) => {
        const note = await addOrderNote(actor, number, value.body);
        return isRefusal(note) ? note : "Note added.";
      });
    default:
      unknownIntent();
  }
}

export function meta({ params }: Route.MetaArgs) {
  return [
    { title: `Order ${params.number} · Back office` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

type Data = Route.ComponentProps["loaderData"];

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order, payment, refundableCents, next, timeline, notes, keys } = loaderData;
  const version = `${order.status}-${timeline.length}`;
  return (
    <>
      <PageHeader
        back={{ to: "/admin/orders/", label: "Orders" }}
        title={`Order ${order.number}`}
        description={`Placed ${formatShopTime(order.createdAt)} · ${order.email} · ${order.locale} · ${order.country}`}
        actions={<OrderStatusBadge status={order.status} />}
      />
      <div className="grid gap-4 desktop:grid-cols-[3fr_2fr]">
        <div className="min-w-0 space-y-4">
          <Panel title="What was ordered">
            <DataTable caption="Order lines">
              <thead>
                <tr>
                  <th>Product</th>
                  <th>Size</th>
                  <th className="text-end">Qty</th>
                  <th className="text-end">Price</th>
                  <th className="text-end">Total</th>
                </tr>
              </thead>
              <tbody>
                {order.lines.map((line) => (
                  <tr key={line.variantId}>
                    <td>
                      <Link to={`/admin/products/${line.productId}/`} className={tableLink}>
                        {line.name}
                      </Link>
                      <span className="block text-xs text-muted">
                        {line.colour} · <span className="font-mono">{line.sku}</span>
                      </span>
                    </td>
                    <td>{line.size}</td>
                    <td className="text-end tabular-nums">{line.quantity}</td>
                    <td className="text-end">
                      <Euros cents={line.unitPriceCents} />
                    </td>
                    <td className="text-end">
                      <Euros cents={line.totalCents} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
            <Totals order={order} />
          </Panel>
          {loaderData.postedCards.length > 0 ? (
            <Panel title="Gift cards to pack" description="Print each card and put it in the parcel.">
              <ul className="space-y-1 text-sm">
                {loaderData.postedCards.map((card) => (
                  <li key={card.id}>
                    <Euros cents={card.amountCents} /> for {card.toName} ·{" "}
                    {card.status === "issued" ? (
                      <a
                        href={`/admin/gift-cards/print/${card.id}/`}
                        target="_blank"
                        rel="noreferrer"
                        className={tableLink}
                      >
                        Print the card (PDF)
                      </a>
                    ) : (
                      `not issued (${card.status})`
                    )}
                  </li>
                ))}
              </ul>
            </Panel>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Panel title="Delivery">
              <Address address={order.shippingAddress} />
              <p className="mt-3 text-sm">
                {order.shipping.type === "service-point" ? "Service point" : "Home delivery"} ·{" "}
                {order.shipping.carrier}
              </p>
              {order.shipping.servicePoint ? (
                <p className="text-sm text-muted">
                  {order.shipping.servicePoint.name}, {order.shipping.servicePoint.street}{" "}
                  {order.shipping.servicePoint.houseNumber}, {order.shipping.servicePoint.city}
                </p>
              ) : null}
              {order.shipping.moment ? (
                <p className="text-sm text-muted">
                  {order.shipping.moment.date}, {order.shipping.moment.from}–{order.shipping.moment.to}
                </p>
              ) : null}
              {order.trackAndTrace ? (
                <p className="mt-3 text-sm">
                  Track &amp; trace: <span className="font-mono">{order.trackAndTrace}</span>
                </p>
              ) : null}
            </Panel>
            <Panel title="Customer">
              <p className="text-sm">{order.email}</p>
              {order.userId ? (
                <Link to={`/admin/customers/${order.userId}/`} className={`${tableLink} text-sm`}>
                  Customer account
                </Link>
              ) : (
                <p className="text-sm text-muted">Guest order</p>
              )}
              {order.billingAddress ? (
                <div className="mt-3">
                  <p className="text-xs tracking-[0.08em] text-muted uppercase">Billing address</p>
                  <Address address={order.billingAddress} />
                </div>
              ) : null}
            </Panel>
          </div>
        </div>
        <div className="min-w-0 space-y-4">
          <StatusPanel key={`status-${version}`} order={order} next={next} cancelKey={keys.cancel} />
          <PaymentPanel
            key={`refund-${version}`}
            payment={payment}
            refundableCents={refundableCents}
            refundKey={keys.refund}
            order={order}
          />
        </div>
      </div>
      <div className="mt-4 grid gap-4 desktop:grid-cols-2">
        <NotesPanel key={`notes-${notes.length}`} notes={notes} />
        <Panel title="Timeline" description="Every change of this order, newest first, with who made it.">
          {timeline.length === 0 ? (
            <EmptyState>Nothing happened yet.</EmptyState>
          ) : (
            <ol className="space-y-3">
              {timeline.map((event) => (
                <li key={event.id} className="border-s-2 border-line ps-3">
                  <p className="text-sm">{event.what}</p>
                  <p className="text-xs text-muted">
                    <time dateTime={new Date(event.at).toISOString()}>{formatShopTime(event.at)}</time> ·{" "}
                    {event.who}
                    {event.kind === "note" ? " · internal note" : ""}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </Panel>
      </div>
    </>
  );
}

function Address({ address }: { address: Data["order"]["shippingAddress"] }) {
  return (
    <address className="text-sm not-italic">
      {address.firstName} {address.lastName}
      <br />
      {address.street} {address.houseNumber}
      {address.addition ? ` ${address.addition}` : ""}
      <br />
      {address.postalCode} {address.city}, {address.country}
      {address.phone ? (
        <>
          <br />
          {address.phone}
        </>
      ) : null}
    </address>
  );
}

function Totals({ order }: { order: Data["order"] }) {
  const t = order.totals;
  const rows: [string, number][] = [
    ["Subtotal", t.subtotalCents],
    ...(t.discountCents
      ? [[`Discount${t.discountCode ? ` (${t.discountCode})` : ""}`, -t.discountCents] as [string, number]]
      : []),
    ["Shipping", t.shippingCents],
    ...(t.donationCents ? [["Donation", t.donationCents] as [string, number]] : []),
    ["Total", t.totalCents],
    ...(t.giftCardCents ? [["Gift cards", -t.giftCardCents] as [string, number]] : []),
    ...(t.walletCents ? [["Wallet", -t.walletCents] as [string, number]] : []),
    ["Paid through the payment provider", t.amountDueCents],
  ];
  return (
    <dl className="mt-4 ms-auto max-w-sm space-y-1 text-sm">
      {rows.map(([label, cents]) => (
        <div
          key={label}
          className={`flex justify-between gap-4 ${label === "Total" ? "border-t border-line pt-1 font-semibold" : ""}`}
        >
          <dt>{label}</dt>
          <dd>
            <Euros cents={cents} />
          </dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 text-xs text-muted">
        <dt>VAT included</dt>
        <dd>
          <Euros cents={t.vat.vatCents} />
        </dd>
      </div>
    </dl>
  );
}

const statusActions = {
  holded: {
    intent: "hold",
    label: "Put on hold",
    help: "Stops the order from being shipped until it is released.",
  },
  processing: { intent: "release", label: "Release", help: "Back to paid and ready to ship." },
  closed: { intent: "close", label: "Close", help: "Fully refunded or returned: nothing more happens." },
} as const;

function StatusPanel({
  order,
  next,
  cancelKey,
}: {
  order: Data["order"];
  next: Data["next"];
  cancelKey: string;
}) {
  const ship = useAdminForm("ship", ShipOrderSchema, {
    carrier: (carriers as readonly string[]).includes(order.shipping.carrier) ? order.shipping.carrier : "",
  });
  const cancel = useAdminForm("cancel", CancelOrderSchema, { idempotencyKey: cancelKey });
  return (
    <Panel title="Status" description="The steps the order can take now.">
      <ActionStatus matches={(intent) => ["ship", "hold", "release", "close", "cancel"].includes(intent)} />
      {next.length === 0 ? <p className="text-sm text-muted">This order cannot change any more.</p> : null}
      <div className="space-y-5 [&>*+*]:border-t [&>*+*]:border-line [&>*+*]:pt-5">
        {next.includes("complete") ? (
          <AdminFormView form={ship} submitLabel="Mark as shipped" quiet>
            <div className="grid gap-4 sm:grid-cols-2">
              <AdminSelect form={ship} name="carrier" label="Carrier" placeholder="Choose the carrier">
                {carriers.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </AdminSelect>
              <AdminInput
                form={ship}
                name="trackAndTrace"
                label="Track & trace code"
                className="font-mono"
                autoComplete="off"
              />
            </div>
          </AdminFormView>
        ) : null}
        {(["holded", "processing", "closed"] as const)
          .filter((to) => next.includes(to))
          .map((to) => (
            <NoteAction key={to} to={to} />
          ))}
        {next.includes("canceled") ? (
          <AdminFormView form={cancel} submitLabel="Cancel the order" tone="danger" quiet>
            <input type="hidden" name="idempotencyKey" value={cancelKey} />
            <AdminTextarea
              form={cancel}
              name="reason"
              label="Why it is canceled"
              rows={2}
              description="A paid order is refunded in full; the customer gets the cancellation e-mail."
            />
          </AdminFormView>
        ) : null}
      </div>
    </Panel>
  );
}

function NoteAction({ to }: { to: "holded" | "processing" | "closed" }) {
  const action = statusActions[to];
  const form = useAdminForm(action.intent, OrderNoteSchema);
  return (
    <AdminFormView form={form} submitLabel={action.label} quiet>
      <AdminInput
        form={form}
        name="note"
        label={`Note (${action.label.toLowerCase()})`}
        description={action.help}
      />
    </AdminFormView>
  );
}

function PaymentPanel({
  payment,
  refundableCents,
  refundKey,
  order,
}: {
  payment: Data["payment"];
  refundableCents: number;
  refundKey: string;
  order: Data["order"];
}) {
  const form = useAdminForm("refund", RefundOrderSchema, {
    amount: centsToInput(refundableCents),
    idempotencyKey: refundKey,
  });
  return (
    <Panel title="Payment">
      {payment ? (
        <dl className="space-y-1 text-sm">
          <div className="flex justify-between gap-4">
            <dt>{order.paymentMethod}</dt>
            <dd>{payment.status}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>Paid</dt>
            <dd>
              <Euros cents={payment.status === "paid" ? payment.amountCents : 0} />
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>Refunded</dt>
            <dd>
              <Euros cents={payment.refundedCents} />
            </dd>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-muted">
          No payment through the provider (paid in full by gift card or wallet).
        </p>
      )}
      {refundableCents > 0 ? (
        <div className="mt-5 border-t border-line pt-4">
          <h3 className="mb-3 text-sm font-semibold">Refund</h3>
          <AdminFormView form={form} submitLabel="Refund">
            <input type="hidden" name="idempotencyKey" value={refundKey} />
            <AdminInput
              form={form}
              name="amount"
              label="Amount (€)"
              inputMode="decimal"
              description={
                <>
                  At most <Euros cents={refundableCents} />; a part is fine.
                </>
              }
            />
            <AdminInput form={form} name="reason" label="Reason (internal)" />
          </AdminFormView>
        </div>
      ) : null}
    </Panel>
  );
}

function NotesPanel({ notes }: { notes: Data["notes"] }) {
  const form = useAdminForm("note", InternalNoteSchema);
  return (
    <Panel title="Internal notes" description="For staff only; the customer never sees them.">
      <AdminFormView form={form} submitLabel="Add note">
        <AdminTextarea form={form} name="body" label="New note" rows={3} maxChars={2000} />
      </AdminFormView>
      {notes.length > 0 ? (
        <ul className="mt-4 space-y-3">
          {notes.map((note) => (
            <li key={note.id} className="border-s-2 border-accent/40 ps-3">
              <p className="text-sm whitespace-pre-wrap">{note.body}</p>
              <p className="text-xs text-muted">
                {formatShopTime(note.createdAt)} · {note.authorEmail}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}
