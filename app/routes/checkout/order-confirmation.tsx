import { data, redirect } from "react-router";
import { NoOrderPage, OrderConfirmationPage } from "~/components/checkout/order-confirmation-page";
import { type GiftCardChangeReply, OrderGiftCards } from "~/components/orders/order-gift-cards";
import { confirmOrder } from "~/domains/orders/orders.server";
import { serverI18n } from "~/platform/i18n/resources.server";
import { pageMeta } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { href } from "~/routing/urls";
import { changeOrderGiftCard, orderGiftCardsView } from "../customer/gift-card-change.server";
import type { Route } from "./+types/order-confirmation";

export const handle = { i18n: ["orders", "checkout", "payments", "catalog", "forms", "giftcard"] };

/** Seconds between looks while the payment is still being processed (also without JavaScript). */
export const PENDING_REFRESH_SECONDS = 4;

/**
 * Where the payment page sends the shopper back: `?order=<number>&key=<key>`. A payment still open is
 * asked about first; a payment that failed, was cancelled or expired goes back to the checkout with its
 * message (the bag is intact and the stock is back).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale, strategy } = context.get(routingContext);
  const url = new URL(request.url);
  const { t } = serverI18n(locale);
  // The page itself, without an order to show (a bookmark, a link cut short): how to find the order.
  if (!url.searchParams.has("order")) return { order: null, title: t("orders:confirmation.titleNoOrder") };
  const number = url.searchParams.get("order") ?? "";
  const key = url.searchParams.get("key") ?? "";
  const order = await confirmOrder(number, key);
  if (!order) throw data({ message: t("orders:confirmation.notFound") }, { status: 404 });
  if (order.status === "canceled" && order.paidAt === null)
    throw redirect(
      `${href("checkout", {}, locale, strategy)}?${new URLSearchParams({ payment: "cancelled", order: number, key })}`,
    );
  return {
    order: {
      number: order.number,
      status: order.status,
      email: order.email,
      signedIn: order.userId !== null,
      lines: order.lines,
      totals: order.totals,
      shipping: order.shipping,
      shippingAddress: order.shippingAddress,
      paymentMethod: order.paymentMethod,
    },
    // The e-gift cards it sold, changeable until sent; not while the page refreshes itself (pending).
    giftCards: order.status === "pending" ? [] : await orderGiftCardsView(order.number),
    title: t(order.status === "pending" ? "orders:confirmation.titlePending" : "orders:confirmation.title"),
  };
}

/** A guest (or customer) changes an e-gift card of this order: the number and key prove it is theirs. */
export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = context.get(routingContext);
  const url = new URL(request.url);
  const order = await confirmOrder(url.searchParams.get("order") ?? "", url.searchParams.get("key") ?? "");
  if (!order) throw data(null, { status: 404 });
  return changeOrderGiftCard(order.number, await request.formData(), locale);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const pending = loaderData?.order?.status === "pending";
  return pageMeta(matches, loaderData?.title, [
    { name: "robots", content: "noindex" },
    ...(pending ? [{ httpEquiv: "refresh", content: String(PENDING_REFRESH_SECONDS) }] : []),
  ]);
}

export default function OrderConfirmationRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.order) return <NoOrderPage />;
  return (
    <OrderConfirmationPage order={loaderData.order}>
      <OrderGiftCards
        cards={loaderData.giftCards ?? []}
        reply={actionData as GiftCardChangeReply | undefined}
      />
    </OrderConfirmationPage>
  );
}
