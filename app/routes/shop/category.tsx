import { data } from "react-router";
import { ProductListing } from "~/components/catalog/product-listing";
import { categoryPage } from "~/domains/catalog/catalog.server";
import { type Locale, locales } from "~/platform/i18n/locales";
import { serverI18n } from "~/platform/i18n/resources.server";
import { pack } from "~/platform/render/packed";
import { pageMeta, shareablePage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { href } from "~/routing/urls";
import type { Route } from "./+types/category";

export const handle = { i18n: ["catalog", "wishlist"] };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { locale, strategy } = context.get(routingContext);
  const url = new URL(request.url);
  const result = await categoryPage(locale, params.slug, url.searchParams);
  if (!result || result.query.page > result.listing.pageCount) throw data(null, { status: 404 });
  const { t } = serverI18n(locale);
  const alternates = Object.fromEntries(
    locales.map((l) => [l, href("category", { slug: result.category?.slugs[l] }, l, strategy)]),
  ) as Record<Locale, string>;
  return {
    ...result,
    listing: pack(result.listing),
    title: result.category?.name ?? t("catalog:listing.all"),
    alternates,
  };
}

export const headers = shareablePage;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [
    { name: "description", content: loaderData?.category?.description ?? loaderData?.title ?? "" },
  ]);
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { listing, query, title } = loaderData;
  return <ProductListing listing={listing} query={query} title={title} />;
}
