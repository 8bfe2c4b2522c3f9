import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { AccountShell } from "~/components/account/account-shell";
import { secondaryButton, textLink } from "~/components/account/styles";
import { OrderDetailView } from "~/components/orders/order-detail";
import { type GiftCardChangeReply, OrderGiftCards } from "~/components/orders/order-gift-cards";
import { isDelivered } from "~/domains/marketplace/marketplace.server";
import { orderForCustomer, toOrderView } from "~/domains/orders/orders.server";
import { returnOptions } from "~/domains/returns/returns.server";
import { requireCustomer } from "~/platform/auth/guards.server";
import { serverI18n } from "~/platform/i18n/resources.server";
import { isRefusal } from "~/platform/refusal";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { usePageHref } from "~/routing/use-routing";
import type { Route } from "./+types/order";
import { changeOrderGiftCard, orderGiftCardsView } from "./gift-card-change.server";

export const middleware = pageMiddleware("order");
export const handle = {
  i18n: [
    "account",
    "myorders",
    "orders",
    "returns",
    "checkout",
    "payments",
    "catalog",
    "forms",
    "marketplace",
    "giftcard",
  ],
};
export const headers = personalPage;

/** Someone else's order number (or none at all) is a 404, never a 403: it says nothing about existence. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const visitor = await requireCustomer(request);
  const { locale } = context.get(routingContext);
  const order = await orderForCustomer(visitor.id, params.number);
  if (!order) throw data(null, { status: 404 });
  const options = await returnOptions(order.number, { kind: "customer", userId: visitor.id });
  const returnable =
    !isRefusal(options) && options.returnWindow.open && options.lines.some((l) => l.left > 0);
  return {
    order: toOrderView(order),
    returnable,
    withdrawable: !isRefusal(options) && options.withdrawalOpen && options.lines.some((l) => l.left > 0),
    /** Delivered lines can be resold in the marketplace ("resell this" pre-fills the listing). */
    resellable: isDelivered(order)
      ? [...new Map(order.lines.map((l) => [l.productId, { productId: l.productId, name: l.name }])).values()]
      : [],
    giftCards: await orderGiftCardsView(order.number),
    title: serverI18n(locale).t("myorders:detail.title", { number: order.number }),
  };
}

/** The buyer changes an e-gift card of this order (recipient e-mail or date) until it is sent. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const visitor = await requireCustomer(request);
  const { locale } = context.get(routingContext);
  const order = await orderForCustomer(visitor.id, params.number);
  if (!order) throw data(null, { status: 404 });
  return changeOrderGiftCard(order.number, await request.formData(), locale);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["myorders", "returns"]);
  const to = usePageHref();
  const { order, returnable, withdrawable, resellable, giftCards } = loaderData;
  return (
    <AccountShell title={t("detail.title", { number: order.number })}>
      <OrderDetailView order={order} />
      <OrderGiftCards cards={giftCards} reply={actionData as GiftCardChangeReply | undefined} />
      {returnable || withdrawable ? (
        <div className="mt-8 flex flex-wrap gap-3">
          {returnable ? (
            <Link to={to("order-return", { number: order.number })} className={secondaryButton}>
              {t("returns:returnItems")}
            </Link>
          ) : null}
          {withdrawable ? (
            <Link to={`${to("withdrawal")}?order=${order.number}`} className={secondaryButton}>
              {t("returns:withdrawal.button")}
            </Link>
          ) : null}
        </div>
      ) : null}
      {resellable.length > 0 ? (
        <section aria-labelledby="resell-heading" className="mt-8">
          <h2 id="resell-heading" className="font-display text-xl">
            {t("marketplace:resell.title")}
          </h2>
          <p className="mt-1 text-sm text-muted">{t("marketplace:resell.intro")}</p>
          <ul className="mt-3 flex flex-wrap gap-3">
            {resellable.map((line) => (
              <li key={line.productId}>
                <Link
                  to={`${to("marketplace-sell")}?order=${encodeURIComponent(order.number)}&product=${line.productId}`}
                  className={secondaryButton}
                  aria-label={t("marketplace:resell.ctaFor", { name: line.name })}
                >
                  {t("marketplace:resell.cta")}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Link to={to("orders")} className={`${textLink} mt-8 inline-flex min-h-11 items-center gap-2 text-sm`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t("detail.back")}
      </Link>
    </AccountShell>
  );
}
