import { useTranslation } from "react-i18next";
import { CartContents } from "~/components/cart/cart-contents";
import type { CartActionData } from "~/components/cart/types";
import { YouMayAlsoLike } from "~/components/marketing/you-may-also-like";
import { removeGiftCardFromCart, removeLine, setLineQuantity, viewCart } from "~/domains/cart/cart.server";
import { RemoveLineSchema, SetQuantitySchema } from "~/domains/cart/validation";
import { parseShopForm } from "~/platform/forms/submission";
import { requestContext } from "~/platform/http/context";
import { serverI18n } from "~/platform/i18n/resources.server";
import { logger } from "~/platform/logging/logger.server";
import { isRefusal, refuse } from "~/platform/refusal";
import { bagsContext, bagsMiddleware } from "~/routing/bags.server";
import { pageMeta } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import type { Route } from "./+types/cart";

// Personal: never shareable, never cached (no `headers = shareablePage`).
export const middleware = [bagsMiddleware];

export const handle = { i18n: ["cart"] };

export async function loader({ context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  const { channel } = context.get(requestContext);
  const view = await viewCart(context.get(bagsContext).cart, locale, channel);
  return { view, title: serverI18n(locale).t("cart:title") as string };
}

/**
 * The quantity stepper and remove buttons of the cart page and the fly-in post here (also without
 * JavaScript). A refusal answers with the spec's message; nothing changes.
 */
export async function action({ request, context }: Route.ActionArgs): Promise<CartActionData> {
  const { locale } = context.get(routingContext);
  const { channel } = context.get(requestContext);
  const { t } = serverI18n(locale);
  const ref = context.get(bagsContext).cart;
  const form = await request.formData();
  const asked = form.get("intent");
  const intent = asked === "remove" || asked === "remove-gift-card" ? asked : "quantity";
  const lineId = Number(form.get("lineId")) || 0;
  try {
    if (intent === "remove-gift-card") {
      const id = String(form.get("giftCardId") ?? "").slice(0, 20);
      const removed = id && ref ? await removeGiftCardFromCart(ref, id) : null;
      if (removed && !isRefusal(removed)) return { intent, lineId, ok: true };
      return { intent, lineId, ok: false, message: t("cart:errors.removeFailed") as string };
    }
    if (intent === "remove") {
      const parsed = parseShopForm(form, RemoveLineSchema);
      const removed = parsed.status === "success" && ref ? await removeLine(ref, parsed.value.lineId) : null;
      if (removed && !isRefusal(removed)) return { intent, lineId, ok: true };
      return { intent, lineId, ok: false, message: t("cart:errors.removeFailed") as string };
    }
    const parsed = parseShopForm(form, SetQuantitySchema);
    if (parsed.status !== "success")
      return { intent, lineId, ok: false, message: t("cart:errors.quantity") as string };
    const change = ref
      ? await setLineQuantity(ref, parsed.value, channel, locale)
      : refuse.notFound("cart:errors.removeFailed");
    if (!isRefusal(change)) return { intent, lineId, ok: true };
    return { intent, lineId, ok: false, message: t(change.messageKey, change.values) as string };
  } catch (error) {
    logger.error({ err: error }, "cart change failed");
    const key = intent === "remove" ? "cart:errors.removeFailed" : "cart:errors.generic";
    return { intent, lineId, ok: false, message: t(key) as string };
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("cart");
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 pt-8 pb-16 desktop:px-8 desktop:pt-12">
      <h1 className="font-display text-3xl desktop:text-4xl">{t("title")}</h1>
      <CartContents view={loaderData.view} layout="page" reply={actionData} />
      <YouMayAlsoLike productIds={[...new Set(loaderData.view.lines.map((line) => line.productId))]} />
    </main>
  );
}
