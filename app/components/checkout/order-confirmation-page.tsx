import { CheckCircle2, CircleX, Clock } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { DeliveryAddress } from "~/components/orders/order-detail";
import type { OrderDetail } from "~/domains/orders/orders.server";
import { intlLocales } from "~/platform/i18n/locales";
import { usePageHref, useRouting } from "~/routing/use-routing";
import { headingClass, primaryButtonClass, secondaryButtonClass, sectionClass } from "./choice";
import { OrderSummary } from "./order-summary";

export type ConfirmedOrder = Pick<
  OrderDetail,
  "number" | "status" | "email" | "lines" | "totals" | "shipping" | "shippingAddress" | "paymentMethod"
> & { signedIn: boolean };

/**
 * After the payment page: the order number and status. While the payment is being processed the page
 * looks again by itself (a meta refresh, so also without JavaScript).
 */
export function OrderConfirmationPage({ order, children }: { order: ConfirmedOrder; children?: ReactNode }) {
  const { t } = useTranslation(["orders", "checkout", "payments", "forms"]);
  const { locale } = useRouting();
  const to = usePageHref();
  const { search } = useLocation();
  const pending = order.status === "pending";
  const canceled = order.status === "canceled";
  const Icon = pending ? Clock : canceled ? CircleX : CheckCircle2;
  const moment = order.shipping.moment;
  const day = (iso: string) =>
    new Intl.DateTimeFormat(intlLocales[locale], {
      weekday: "long",
      day: "numeric",
      month: "long",
      timeZone: "UTC",
    }).format(new Date(`${iso}T12:00:00Z`));

  return (
    <main id="main" className="mx-auto max-w-5xl px-4 pt-10 pb-16 desktop:px-8">
      <div className="mb-8 flex flex-col items-center gap-4 text-center">
        <Icon
          aria-hidden="true"
          strokeWidth={1.25}
          className={`size-12 ${canceled ? "text-sale" : pending ? "text-muted" : "text-success"}`}
        />
        <h1 className="font-display text-3xl desktop:text-4xl">
          {pending
            ? t("orders:confirmation.titlePending")
            : canceled
              ? t("orders:confirmation.titleCanceled")
              : t("orders:confirmation.title")}
        </h1>
        <dl className="flex flex-wrap justify-center gap-x-8 gap-y-2 text-sm">
          <div>
            <dt className="text-xs tracking-[0.12em] text-muted uppercase">
              {t("orders:confirmation.number")}
            </dt>
            <dd className="text-lg font-medium tracking-[0.08em]" data-testid="order-number">
              {order.number}
            </dd>
          </div>
          <div>
            <dt className="text-xs tracking-[0.12em] text-muted uppercase">
              {t("orders:confirmation.status")}
            </dt>
            <dd className="text-lg">{t(`orders:status.${order.status}`)}</dd>
          </div>
        </dl>
        <p role="status" className="max-w-xl text-muted">
          {pending
            ? t("orders:confirmation.pending")
            : canceled
              ? t("orders:confirmation.canceled")
              : t("orders:confirmation.processing", { email: order.email })}
        </p>
        {pending ? (
          <a href={search || "?"} className={secondaryButtonClass}>
            {t("orders:confirmation.refresh")}
          </a>
        ) : null}
      </div>

      <div className="grid items-start gap-6 desktop:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="ordered-heading" className={sectionClass}>
          <h2 id="ordered-heading" className={headingClass}>
            {t("orders:confirmation.summary")}
          </h2>
          <OrderSummary
            lines={order.lines.map((line) => ({ key: line.variantId, ...line }))}
            totals={{ ...order.totals, shippingChosen: true }}
          />
        </section>
        <section aria-labelledby="delivery-heading" className={sectionClass}>
          <h2 id="delivery-heading" className={headingClass}>
            {t("orders:confirmation.delivery")}
          </h2>
          <DeliveryAddress order={order} />
          {moment ? (
            <p className="mt-3 text-sm text-muted">
              {t("orders:email.moment", { date: day(moment.date), from: moment.from, to: moment.to })}
            </p>
          ) : null}
          <p className="mt-3 text-sm text-muted">
            {t("orders:email.paidWith", { method: t(`payments:methods.${order.paymentMethod}.label`) })}
          </p>
          <div className="mt-6 space-y-3">
            <Link to={to("home")} className={primaryButtonClass}>
              {t("orders:confirmation.continue")}
            </Link>
            {order.signedIn ? (
              <Link to={to("orders")} className={`${secondaryButtonClass} w-full`}>
                {t("orders:confirmation.viewOrders")}
              </Link>
            ) : null}
          </div>
        </section>
      </div>
      {children}
    </main>
  );
}

/** The confirmation page opened without an order: where the shopper finds it. */
export function NoOrderPage() {
  const { t } = useTranslation(["orders", "checkout"]);
  const to = usePageHref();
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center gap-5 px-6 py-20 text-center">
      <h1 className="font-display text-3xl">{t("orders:confirmation.titleNoOrder")}</h1>
      <p className="text-muted">{t("orders:confirmation.noOrder")}</p>
      <Link to={to("home")} className={`${primaryButtonClass} max-w-xs`}>
        {t("orders:confirmation.continue")}
      </Link>
    </main>
  );
}
