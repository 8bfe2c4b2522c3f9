import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import type { WishlistActionData } from "~/components/wishlist/types";
import { WishlistGrid } from "~/components/wishlist/wishlist-grid";
import { addToCart } from "~/domains/cart/cart.server";
import { AddLineSchema } from "~/domains/cart/validation";
import { pageCards } from "~/domains/catalog/catalog.server";
import { addToWishlist, removeFromWishlist, wishlistPage } from "~/domains/wishlist/wishlist.server";
import { parseShopForm } from "~/platform/forms/submission";
import { requestContext } from "~/platform/http/context";
import { serverI18n } from "~/platform/i18n/resources.server";
import { logger } from "~/platform/logging/logger.server";
import { isRefusal } from "~/platform/refusal";
import { bagsContext, bagsMiddleware } from "~/routing/bags.server";
import { pageMeta } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { href } from "~/routing/urls";
import type { Route } from "./+types/wishlist";

// Personal: never shareable, never cached (no `headers = shareablePage`).
export const middleware = [bagsMiddleware];

export const handle = { i18n: ["wishlist", "catalog", "cart"] };

export async function loader({ context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  const { channel } = context.get(requestContext);
  const { t } = serverI18n(locale);
  try {
    const entries = await wishlistPage(context.get(bagsContext).wishlist, locale, channel);
    const cards = pageCards(entries.map((e) => e.card));
    return {
      entries: entries.map((entry, i) => ({ ...entry, card: cards[i]! })),
      failed: false,
      title: t("wishlist:title") as string,
    };
  } catch (error) {
    // SPEC §8 "Wishlist load failed": the page says so instead of the error page.
    logger.error({ err: error }, "wishlist load failed");
    return data({ entries: [], failed: true, title: t("wishlist:title") as string }, { status: 500 });
  }
}

const productIdOf = (form: FormData) => {
  const id = Number(form.get("productId"));
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
};

/**
 * The hearts without JavaScript (add, then show the list), the remove buttons, and "add to bag" with a
 * chosen size. Failures answer with the spec's messages and change nothing.
 */
export async function action({ request, context }: Route.ActionArgs): Promise<WishlistActionData> {
  const { locale, strategy } = context.get(routingContext);
  const { channel } = context.get(requestContext);
  const { t } = serverI18n(locale);
  const bags = context.get(bagsContext);
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const productId = productIdOf(form);

  if (intent === "add") {
    const added = await addToWishlist(bags.wishlistToChange(), productId).catch((error) => {
      logger.error({ err: error }, "wishlist add failed");
      return null;
    });
    if (added && !isRefusal(added)) throw redirect(href("wishlist", {}, locale, strategy), 303);
    return { intent: "add", productId, ok: false, message: t("wishlist:errors.add") as string };
  }

  if (intent === "remove") {
    try {
      if (bags.wishlist) await removeFromWishlist(bags.wishlist, productId);
      return { intent: "remove", productId, ok: true };
    } catch (error) {
      logger.error({ err: error }, "wishlist remove failed");
      return { intent: "remove", productId, ok: false, message: t("wishlist:errors.remove") as string };
    }
  }

  const parsed = parseShopForm(form, AddLineSchema);
  if (parsed.status !== "success")
    return { intent: "add-to-bag", productId, ok: false, message: t("cart:errors.sizeRequired") as string };
  try {
    const change = await addToCart(bags.cartToChange(), parsed.value, channel, locale);
    if (isRefusal(change))
      return {
        intent: "add-to-bag",
        productId,
        ok: false,
        message: t(change.messageKey, change.values) as string,
      };
    return { intent: "add-to-bag", productId, ok: true, message: t("cart:summary.viewBag") as string };
  } catch (error) {
    logger.error({ err: error }, "add to bag from the wishlist failed");
    return { intent: "add-to-bag", productId, ok: false, message: t("cart:errors.generic") as string };
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

export default function WishlistPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("wishlist");
  const { entries, failed } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 pt-8 pb-16 desktop:px-8 desktop:pt-12">
      <h1 className="font-display text-3xl desktop:text-4xl">{t("title")}</h1>
      {failed ? (
        <p role="alert" className="mt-6 text-sm text-sale">
          {t("errors.load")}
        </p>
      ) : (
        <WishlistGrid entries={entries} reply={actionData} />
      )}
    </main>
  );
}
