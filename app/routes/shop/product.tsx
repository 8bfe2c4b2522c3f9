import { data } from "react-router";
import { YouMayAlsoLike } from "~/components/marketing/you-may-also-like";
import { productJsonLd } from "~/components/product/json-ld";
import { ProductPage } from "~/components/product/product-page";
import type { ProductActionData } from "~/components/product/reply";
import { addToCart } from "~/domains/cart/cart.server";
import { productPage } from "~/domains/catalog/catalog.server";
import { orderState } from "~/domains/catalog/product-rules";
import { AddToBagSchema, SIZE_REQUIRED } from "~/domains/catalog/validation";
import { highlightsFor, productFit } from "~/domains/highlights/highlights.server";
import type { Highlight } from "~/domains/highlights/labels";
import { adviceChart } from "~/domains/sizing/recommend";
import { subscribeStockAlert } from "~/domains/stock-alerts/stock-alerts.server";
import { StockAlertSchema } from "~/domains/stock-alerts/validation";
import { env } from "~/platform/env.server";
import { parseSubmission } from "~/platform/forms/submission";
import { requestContext } from "~/platform/http/context";
import { type Locale, locales } from "~/platform/i18n/locales";
import { translator } from "~/platform/i18n/resources.server";
import { logger } from "~/platform/logging/logger.server";
import { isRefusal } from "~/platform/refusal";
import { bagsContext, bagsMiddleware } from "~/routing/bags.server";
import { pageMeta, shareablePage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { href } from "~/routing/urls";
import type { Route } from "./+types/product";

export const headers = shareablePage;

// Sets the guest's cart cookie after an add; a GET never sets one, so the page stays shareable.
export const middleware = [bagsMiddleware];

export const handle = { i18n: ["product", "catalog", "forms", "ui", "cart", "wishlist"] };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { locale, strategy } = context.get(routingContext);
  const { channel } = context.get(requestContext);
  const product = await productPage(locale, params.product);
  if (!product) throw data(null, { status: 404 });
  const alternates = Object.fromEntries(
    locales.map((l) => [l, href("product", { product: product.slugs[l] }, l, strategy)]),
  ) as Record<Locale, string>;
  const state = orderState(product, channel, new Date());
  // Every stored label of this product (the card shows two, the page all of them).
  const [labels, fit] = await Promise.all([highlightsFor([product.id]), productFit(product.id)]);
  const highlights: Highlight[] = labels.get(product.id) ?? [];
  return {
    product,
    orderState: state,
    highlights,
    fit,
    // "Find my size" only where the advice has a chart holding the product's sizes.
    adviceOffered:
      adviceChart(
        product.sizeChart,
        product.variants.map((v) => v.size),
      ) !== null,
    alternates,
    jsonLd: productJsonLd(product, state, `${env().BASE_URL}`, alternates[locale]),
  };
}

/**
 * Two forms post here, also without JavaScript: add to bag (a size of this product is required; the cart
 * domain checks stock, state and channel) and the stock alert.
 */
export async function action({ request, params, context }: Route.ActionArgs): Promise<ProductActionData> {
  const { locale } = context.get(routingContext);
  const { channel } = context.get(requestContext);
  const product = await productPage(locale, params.product);
  if (!product) throw data(null, { status: 404 });
  const formData = await request.formData();
  const translate = translator(locale);

  if (formData.get("intent") === "stock-alert") {
    const parsed = parseSubmission(formData, StockAlertSchema, { t: translate });
    if (parsed.status === "error") return { intent: "stock-alert", result: parsed.result };
    try {
      const outcome = await subscribeStockAlert(parsed.value, locale);
      if (isRefusal(outcome)) return { intent: "stock-alert", result: parsed.reply({ refusal: outcome }) };
      const size = product.variants.find((v) => v.id === parsed.value.variantId)?.size ?? "";
      return {
        intent: "stock-alert",
        result: parsed.reply({ resetForm: true }),
        message: translate("product:stockAlert.success", { size }),
      };
    } catch (error) {
      logger.error({ err: error }, "stock alert failed");
      return { intent: "stock-alert", result: parsed.reply({ formErrors: ["product:stockAlert.failed"] }) };
    }
  }

  const parsed = parseSubmission(formData, AddToBagSchema, { t: translate });
  if (parsed.status === "error") return { intent: "add", result: parsed.result };
  const variant = product.variants.find((v) => v.id === parsed.value.variantId);
  if (!variant)
    return { intent: "add", result: parsed.reply({ fieldErrors: { variantId: [SIZE_REQUIRED] } }) };
  try {
    const change = await addToCart(
      context.get(bagsContext).cartToChange(),
      { variantId: variant.id, quantity: 1 },
      channel,
      locale,
    );
    if (isRefusal(change)) return { intent: "add", result: parsed.reply({ refusal: change }) };
  } catch (error) {
    logger.error({ err: error }, "add to bag failed");
    return { intent: "add", result: parsed.reply({ formErrors: ["cart:errors.generic"] }) };
  }
  return {
    intent: "add",
    result: parsed.reply(),
    message: translate("cart:added", { product: product.name, size: variant.size }),
    added: true,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return pageMeta(matches);
  const { product } = loaderData;
  return pageMeta(matches, `${product.name} · ${product.brand}`, [
    { name: "description", content: product.description },
    { property: "og:type", content: "product" },
    { property: "og:title", content: product.name },
    ...(product.images[0] ? [{ property: "og:image", content: product.images[0].set.w900.url }] : []),
    { "script:ld+json": loaderData.jsonLd },
  ]);
}

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  const { product, orderState: state, highlights, fit, adviceOffered } = loaderData;
  return (
    <>
      <ProductPage
        key={product.id}
        product={product}
        orderState={state}
        highlights={highlights}
        fit={fit}
        adviceOffered={adviceOffered}
      />
      <div className="mx-auto max-w-6xl px-4 pb-16 desktop:px-8">
        <YouMayAlsoLike productIds={[product.id]} countView />
      </div>
    </>
  );
}
