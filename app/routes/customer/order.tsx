import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { AccountShell } from "~/components/account/account-shell";
import { textLink } from "~/components/account/styles";
import { OrderDetailView } from "~/components/orders/order-detail";
import { orderForCustomer, toOrderView } from "~/domains/orders/orders.server";
import { requireCustomer } from "~/platform/auth/guards.server";
import { db } from "~/platform/db/db.server";
import { serverI18n } from "~/platform/i18n/resources.server";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { usePageHref } from "~/routing/use-routing";
import type { Route } from "./+types/order";

export const middleware = pageMiddleware("order");
export const handle = { i18n: ["account", "myorders", "orders", "checkout", "payments", "catalog", "forms"] };
export const headers = personalPage;

/** Someone else's order number (or none at all) is a 404, never a 403: it says nothing about existence. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const visitor = await requireCustomer(request);
  const { locale } = context.get(routingContext);
  const order = /^\d{9}$/.test(params.number)
    ? await orderForCustomer(db(), visitor.id, params.number)
    : null;
  if (!order) throw data(null, { status: 404 });
  return {
    order: toOrderView(order),
    title: serverI18n(locale).t("myorders:detail.title", { number: order.number }),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("myorders");
  const to = usePageHref();
  const { order } = loaderData;
  return (
    <AccountShell title={t("detail.title", { number: order.number })}>
      <OrderDetailView order={order} />
      <Link to={to("orders")} className={`${textLink} mt-8 inline-flex min-h-11 items-center gap-2 text-sm`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t("detail.back")}
      </Link>
    </AccountShell>
  );
}
