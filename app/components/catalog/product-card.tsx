import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LazyImage } from "~/components/ui/lazy-image";
import { WishlistButton } from "~/components/wishlist/wishlist-button";
import type { PageCard, ProductCard as ProductCardData } from "~/domains/catalog/listing.server";
import { discountPercent } from "~/domains/pricing/discount";
import { formatMoney, money } from "~/platform/money";
import { usePageHref, useRouting } from "~/routing/use-routing";

/**
 * The `CachedElement` key of a card that is not the page's priority one: everything the card shows comes
 * from its data, so the data is the key (a changed price, stock or label is another card).
 */
export function cardKey(product: ProductCardData | PageCard): string {
  return `card:${JSON.stringify(product)}`;
}

/** A product in a listing: photo, labels, name, brand and price (with the original price when discounted). */
export function ProductCard({
  product,
  priority = false,
}: {
  product: ProductCardData | PageCard;
  /** The likely LCP image: fetched at once, with high priority (and preloaded from the HTML's head). */
  priority?: boolean;
}) {
  const { t } = useTranslation("catalog");
  const { locale } = useRouting();
  const to = usePageHref();
  const percent = discountPercent(product.priceCents, product.originalPriceCents);
  const discounted = percent !== null;
  const label = product.comingSoon
    ? t("listing.comingSoon")
    : product.stock === 0
      ? t("listing.soldOut")
      : product.fewLeft
        ? t("listing.onlyLeft", { count: product.stock })
        : null;
  const badges = discounted || product.appOnly;
  const labels = (
    <>
      {badges ? (
        <div className="absolute top-2 left-2 flex flex-col items-start gap-1">
          {discounted ? (
            <span className="bg-sale px-2 py-0.5 text-xs font-semibold text-white">
              {t("listing.discountLabel", { percent })}
            </span>
          ) : null}
          {product.appOnly ? (
            <span className="bg-ink px-2 py-0.5 text-xs text-white">{t("listing.appOnly")}</span>
          ) : null}
        </div>
      ) : null}
      {label ? (
        <span className="absolute right-2 bottom-2 bg-white/90 px-2 py-0.5 text-xs text-ink">{label}</span>
      ) : null}
    </>
  );
  return (
    <article className="group relative">
      <WishlistButton productId={product.id} productName={product.name} />
      <Link to={to("product", { product: product.slug })} className="block">
        {product.image ? (
          <LazyImage
            image={product.image}
            alt=""
            sizes="(min-width: 1024px) 22vw, (min-width: 640px) 31vw, 45vw"
            priority={priority}
            imgClassName="transition-transform duration-500 group-hover:scale-[1.03] motion-reduce:transition-none"
          >
            {labels}
          </LazyImage>
        ) : (
          <div className="relative aspect-[2/3] bg-sand">{labels}</div>
        )}
        {product.highlights?.length && !product.comingSoon && product.stock > 0 ? (
          <ul aria-label={t("highlights.label")} className="mt-2 flex flex-wrap gap-1" data-highlights="">
            {product.highlights.map((highlight) => (
              <li
                key={highlight.code}
                data-highlight={highlight.code}
                className="border border-ink/15 px-1.5 py-0.5 text-[11px] leading-tight text-ink"
              >
                {t(`highlights.${highlight.code}`, { count: highlight.count })}
              </li>
            ))}
          </ul>
        ) : null}
        <h3 className="mt-3 text-sm leading-snug">{product.name}</h3>
      </Link>
      <p className="mt-0.5 text-xs text-muted">{product.brand}</p>
      <p className="mt-1 text-sm">
        <span
          className={discounted ? "font-semibold text-sale" : undefined}
          data-price-cents={product.priceCents}
        >
          {formatMoney(money(product.priceCents), locale)}
        </span>
        {discounted ? (
          <s className="ms-2 text-muted">
            <span className="sr-only">
              {t("listing.originalPrice", {
                price: formatMoney(money(product.originalPriceCents as number), locale),
              })}
            </span>
            <span aria-hidden="true">{formatMoney(money(product.originalPriceCents as number), locale)}</span>
          </s>
        ) : null}
      </p>
      {discounted && product.lowestPrice30dCents !== null ? (
        <p className="mt-0.5 text-[11px] text-muted">
          {t("listing.lowestPrice", { price: formatMoney(money(product.lowestPrice30dCents), locale) })}
        </p>
      ) : null}
    </article>
  );
}
