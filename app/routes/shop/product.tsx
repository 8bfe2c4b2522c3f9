import { data } from "react-router";
import { productJsonLd } from "~/components/product/json-ld";
import { ProductPage } from "~/components/product/product-page";
import type { ProductActionData } from "~/components/product/reply";
import { checkAddToBag, productPage } from "~/domains/catalog/catalog.server";
import { orderState } from "~/domains/catalog/product-rules";
import { AddToBagSchema } from "~/domains/catalog/validation";
import { highlightsFor } from "~/domains/highlights/highlights.server";
import type { Highlight } from "~/domains/highlights/labels";
import { subscribeStockAlert } from "~/domains/stock-alerts/stock-alerts.server";
import { StockAlertSchema } from "~/domains/stock-alerts/validation";
import { env } from "~/platform/env.server";
import { parseSubmission } from "~/platform/forms/submission";
import { requestContext } from "~/platform/http/context";
import { type Locale, locales } from "~/platform/i18n/locales";
import { serverI18n } from "~/platform/i18n/resources.server";
import { logger } from "~/platform/logging/logger.server";
import { pageMeta, shareablePage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { href } from "~/routing/urls";
import type { Route } from "./+types/product";

export const headers = shareablePage;

export const handle = { i18n: ["product", "catalog", "forms", "ui"] };

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
  const highlights: Highlight[] = (await highlightsFor([product.id])).get(product.id) ?? [];
  return {
    product,
    orderState: state,
    highlights,
    alternates,
    jsonLd: productJsonLd(product, state, `${env().BASE_URL}`, alternates[locale]),
  };
}

/**
 * Two forms post here, also without JavaScript: add to bag (a size is required; the bag itself opens with
 * the checkout issue, so a valid choice answers that the bag is not open yet) and the stock alert.
 */
export async function action({ request, params, context }: Route.ActionArgs): Promise<ProductActionData> {
  const { locale } = context.get(routingContext);
  const { channel } = context.get(requestContext);
  const product = await productPage(locale, params.product);
  if (!product) throw data(null, { status: 404 });
  const { t } = serverI18n(locale);
  const formData = await request.formData();
  const translate = (key: string, values: Record<string, unknown> = {}) => t(key, values) as string;

  if (formData.get("intent") === "stock-alert") {
    const parsed = parseSubmission(formData, StockAlertSchema, { t: translate });
    if (parsed.status === "error") return { intent: "stock-alert", result: parsed.result };
    try {
      const outcome = await subscribeStockAlert(parsed.value, locale);
      if (!outcome.ok)
        return { intent: "stock-alert", result: parsed.reply({ formErrors: [outcome.messageKey] }) };
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
  const check = await checkAddToBag(product, parsed.value.variantId, channel);
  if (!check.ok) {
    return check.messageKey === "product:size.required"
      ? { intent: "add", result: parsed.reply({ fieldErrors: { variantId: [check.messageKey] } }) }
      : { intent: "add", result: parsed.reply({ formErrors: [check.messageKey] }) };
  }
  // ISSUE 5: the bag replaces this answer (add the line, open the bag fly-in).
  return {
    intent: "add",
    result: parsed.reply(),
    message: translate("product:bag.notOpenYet", { size: check.size }),
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
  const { product, orderState: state, highlights } = loaderData;
  return <ProductPage key={product.id} product={product} orderState={state} highlights={highlights} />;
}
