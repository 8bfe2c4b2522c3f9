import { ChevronRight, ShoppingBag } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AccountShell } from "~/components/account/account-shell";
import { card, primaryButton } from "~/components/account/styles";
import { OrderStatusBadge, useOrderDate } from "~/components/orders/order-detail";
import { ordersOfCustomer } from "~/domains/orders/orders.server";
import { requireCustomer } from "~/platform/auth/guards.server";
import { serverI18n } from "~/platform/i18n/resources.server";
import { formatMoney, money } from "~/platform/money";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { usePageHref, useRouting } from "~/routing/use-routing";
import type { Route } from "./+types/orders";

export const middleware = pageMiddleware("orders");
export const handle = { i18n: ["account", "myorders", "orders"] };
export const headers = personalPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = await requireCustomer(request);
  const { locale } = context.get(routingContext);
  return {
    orders: await ordersOfCustomer(visitor.id),
    title: serverI18n(locale).t("myorders:list.title"),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("myorders");
  const to = usePageHref();
  const { locale } = useRouting();
  const date = useOrderDate();
  const { orders } = loaderData;
  return (
    <AccountShell title={t("list.title")} intro={t("list.intro")}>
      {orders.length === 0 ? (
        <div className={`${card} flex flex-col items-start gap-4`}>
          <ShoppingBag aria-hidden="true" className="size-8 text-muted" strokeWidth={1.25} />
          <p className="text-muted">{t("list.empty")}</p>
          <Link to={to("home")} className={primaryButton}>
            {t("list.shop")}
          </Link>
        </div>
      ) : (
        <ul className="divide-y divide-line border-y border-line" aria-label={t("list.title")}>
          {orders.map((order) => (
            <li key={order.number}>
              <Link
                to={to("order", { number: order.number })}
                className="group grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 py-4 hover:bg-sand/40 desktop:grid-cols-[10rem_10rem_minmax(0,1fr)_8rem_auto] desktop:px-2"
              >
                <span className="font-medium tracking-[0.06em]" data-testid="order-number">
                  <span className="sr-only">{t("list.number")} </span>
                  {order.number}
                </span>
                <span className="text-sm text-muted desktop:order-none">
                  <span className="sr-only">{t("list.date")} </span>
                  {date(order.createdAt)}
                </span>
                <span>
                  <OrderStatusBadge status={order.status} />
                </span>
                <span className="text-sm tabular-nums desktop:text-end">
                  <span className="sr-only">{t("list.total")} </span>
                  {formatMoney(money(order.totalCents), locale)}
                  <span className="ms-2 text-muted">· {t("list.items", { count: order.itemCount })}</span>
                </span>
                <ChevronRight
                  aria-hidden="true"
                  className="row-span-2 size-5 text-muted group-hover:text-ink desktop:row-span-1"
                  strokeWidth={1.5}
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </AccountShell>
  );
}
