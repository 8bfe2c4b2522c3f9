import { ExternalLink, Package } from "lucide-react";
import { useTranslation } from "react-i18next";
import { card, textLink } from "~/components/account/styles";
import { OrderSummary } from "~/components/checkout/order-summary";
import type { OrderAddress, OrderDetail, OrderStatus, toOrderView } from "~/domains/orders/orders.server";
import { intlLocales } from "~/platform/i18n/locales";
import { useRouting } from "~/routing/use-routing";

/** What the order pages show of an order: no e-mail, history or payment ids (the orders domain decides). */
type OrderView = ReturnType<typeof toOrderView>;

const tone: Record<OrderStatus, string> = {
  pending: "border-line text-muted",
  processing: "border-ink text-ink",
  holded: "border-sale text-sale",
  complete: "border-success text-success",
  closed: "border-line text-muted",
  canceled: "border-sale text-sale",
};

/** The status in the customer's words (PRODUCT.md), as a small outlined label. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation("orders");
  return (
    <span
      className={`inline-flex items-center border px-2 py-0.5 text-xs font-medium tracking-[0.08em] uppercase ${tone[status]}`}
    >
      {t(`status.${status}`)}
    </span>
  );
}

export function useOrderDate() {
  const { locale } = useRouting();
  const format = new Intl.DateTimeFormat(intlLocales[locale], {
    dateStyle: "long",
    timeZone: "Europe/Amsterdam",
  });
  return (iso: string) => format.format(new Date(iso));
}

/** Where the parcel goes: the service point it waits at, or the delivery address. */
export function DeliveryAddress({ order }: { order: Pick<OrderDetail, "shipping" | "shippingAddress"> }) {
  const { t } = useTranslation("orders");
  const point = order.shipping.servicePoint;
  return (
    <address className="text-sm leading-relaxed not-italic">
      {point ? (
        <>
          <span className="block text-muted">{t("email.servicePoint", { carrier: point.carrier })}</span>
          {point.name}
          <br />
          {point.street} {point.houseNumber}
          <br />
          {point.postalCode} {point.city}
        </>
      ) : (
        <AddressBlock address={order.shippingAddress} />
      )}
    </address>
  );
}

function AddressBlock({ address }: { address: OrderAddress }) {
  const { t } = useTranslation("forms");
  return (
    <>
      {address.firstName} {address.lastName}
      <br />
      {address.street} {address.houseNumber}
      {address.addition ? ` ${address.addition}` : ""}
      <br />
      {address.postalCode} {address.city}
      <br />
      {t(`countries.${address.country}`)}
    </>
  );
}

const heading = "mb-4 text-xs font-medium tracking-[0.2em] uppercase";

/** One order: status, track & trace once shipped, lines and totals, delivery, billing and payment. */
export function OrderDetailView({ order }: { order: OrderView }) {
  const { t } = useTranslation(["myorders", "orders", "payments"]);
  const date = useOrderDate();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <p className="text-muted">{t("myorders:detail.placedOn", { date: date(order.createdAt) })}</p>
        <p className="flex items-center gap-2">
          <span className="sr-only">{t("myorders:detail.status")}:</span>
          <OrderStatusBadge status={order.status} />
        </p>
      </div>

      {order.status === "complete" && order.trackAndTrace && order.trackUrl ? (
        <section aria-labelledby="order-tracking" className={`${card} flex items-start gap-4`}>
          <Package aria-hidden="true" className="size-7 shrink-0 text-muted" strokeWidth={1.25} />
          <div>
            <h2 id="order-tracking" className={heading}>
              {t("myorders:detail.trackAndTrace")}
            </h2>
            <a
              href={order.trackUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={`${textLink} inline-flex min-h-11 items-center gap-1.5 text-sm`}
            >
              {t("myorders:detail.follow", { carrier: order.shipping.carrier })}
              <ExternalLink aria-hidden="true" className="size-4" />
            </a>
            <p className="text-sm text-muted">{t("myorders:detail.code", { code: order.trackAndTrace })}</p>
          </div>
        </section>
      ) : null}

      <div className="grid items-start gap-6 desktop:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="order-items" className={card}>
          <h2 id="order-items" className={heading}>
            {t("myorders:detail.items")}
          </h2>
          <OrderSummary
            lines={order.lines.map((line) => ({ key: line.variantId, ...line }))}
            totals={{ ...order.totals, shippingChosen: true }}
          />
        </section>
        <div className="space-y-6">
          <section aria-labelledby="order-delivery" className={card}>
            <h2 id="order-delivery" className={heading}>
              {t("myorders:detail.delivery")}
            </h2>
            <DeliveryAddress order={order} />
          </section>
          {order.billingAddress ? (
            <section aria-labelledby="order-billing" className={card}>
              <h2 id="order-billing" className={heading}>
                {t("myorders:detail.billing")}
              </h2>
              <address className="text-sm leading-relaxed not-italic">
                <AddressBlock address={order.billingAddress} />
              </address>
            </section>
          ) : null}
          <section aria-labelledby="order-payment" className={card}>
            <h2 id="order-payment" className={heading}>
              {t("myorders:detail.payment")}
            </h2>
            <p className="text-sm">{t(`payments:methods.${order.paymentMethod}.label`)}</p>
          </section>
        </div>
      </div>
    </div>
  );
}
