import { CalendarClock, Smartphone } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ImageGallery } from "~/components/ui/image-gallery";
import { WishlistButton } from "~/components/wishlist/wishlist-button";
import { discountPercent } from "~/domains/pricing/discount";
import { intlLocales, type Locale } from "~/platform/i18n/locales";
import { formatMoney, money } from "~/platform/money";
import { useRouting } from "~/routing/use-routing";
import { BuyBox } from "./buy-box";
import { ProductDetails, ProductHighlights, RecentlyViewed, ShopTheLook } from "./product-sections";
import type { ProductView } from "./types";

/** A date in the shopper's language; fixed time zones so the server and the browser print the same. */
function formatDate(value: string, locale: Locale): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return new Intl.DateTimeFormat(intlLocales[locale], {
    dateStyle: "long",
    timeZone: dateOnly ? "UTC" : "Europe/Amsterdam",
  }).format(new Date(dateOnly ? `${value}T12:00:00Z` : value));
}

export function ProductPage({ product, orderState, highlights, fit, adviceOffered }: ProductView) {
  const { t } = useTranslation(["product", "catalog"]);
  const { locale } = useRouting();
  const percent = discountPercent(product.priceCents, product.originalPriceCents);
  const price = (cents: number) => formatMoney(money(cents), locale);
  const colour = t(`catalog:colours.${product.colour}`, { defaultValue: product.colour });
  const images = product.images.map((image, index) => ({
    id: String(image.id),
    image: image.set,
    alt: `${product.name}, ${colour} (${index + 1}/${product.images.length})`,
  }));

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 pt-4 pb-16 desktop:px-8 desktop:pt-8">
      <div className="grid gap-8 desktop:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] desktop:gap-12">
        <div className="min-w-0">
          {images.length > 0 ? (
            <ImageGallery images={images} label={product.name} sizes="(min-width: 1024px) 50vw, 100vw" />
          ) : (
            <div className="aspect-[2/3] bg-sand" />
          )}
        </div>

        <div className="space-y-6 desktop:sticky desktop:top-24 desktop:self-start">
          <div className="flex items-start justify-between gap-4">
            <div className="space-y-2">
              <p className="text-xs tracking-[0.2em] text-muted uppercase">{product.brand}</p>
              <h1 className="font-display text-3xl leading-tight desktop:text-4xl">{product.name}</h1>
              <ProductHighlights highlights={highlights} />
            </div>
            <WishlistButton productId={product.id} productName={product.name} variant="page" />
          </div>

          <div>
            <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span
                className={`text-2xl ${percent ? "font-semibold text-sale" : ""}`}
                data-price-cents={product.priceCents}
              >
                <span className="sr-only">{t("price.label")} </span>
                {price(product.priceCents)}
              </span>
              {percent && product.originalPriceCents !== null ? (
                <>
                  <s className="text-muted">
                    <span className="sr-only">
                      {t("price.original", { price: price(product.originalPriceCents) })}
                    </span>
                    <span aria-hidden="true">{price(product.originalPriceCents)}</span>
                  </s>
                  <span className="bg-sale px-2 py-0.5 text-xs font-semibold text-white">
                    {t("price.discount", { percent })}
                  </span>
                </>
              ) : null}
            </p>
            {percent && product.lowestPrice30dCents !== null ? (
              <p className="mt-1 text-xs text-muted">
                {t("price.lowest", { price: price(product.lowestPrice30dCents) })}
              </p>
            ) : null}
            <p className="mt-1 text-xs text-muted">{t("price.vat")}</p>
          </div>

          <p className="flex items-center gap-2 text-sm">
            <span
              aria-hidden="true"
              className="inline-block size-4 rounded-full border border-line"
              style={{ backgroundColor: product.colourHex }}
            />
            {t("colour", { colour })}
          </p>

          <StateNotice
            view={{ product, orderState, highlights, fit, adviceOffered }}
            format={(d) => formatDate(d, locale)}
          />

          <BuyBox product={product} orderState={orderState} fit={fit} adviceOffered={adviceOffered} />

          {product.modelInfo ? <p className="text-sm text-muted">{product.modelInfo}</p> : null}

          <ProductDetails product={product} />
        </div>
      </div>

      <ShopTheLook product={product} />
      <RecentlyViewed product={product} />
    </main>
  );
}

/** Why the product cannot be ordered here and now: app only, coming soon, available soon, sold out. */
function StateNotice({ view, format }: { view: ProductView; format: (date: string) => string }) {
  const { t } = useTranslation("product");
  const { product, orderState } = view;
  const box = (icon: ReactNode, title: string, body: ReactNode) => (
    <div className="flex gap-3 border border-line bg-sand px-4 py-3" data-order-state={orderState}>
      {icon}
      <div>
        <p className="text-sm font-medium">{title}</p>
        <div className="mt-0.5 text-sm text-muted">{body}</div>
      </div>
    </div>
  );
  const iconClass = "mt-0.5 size-5 shrink-0";
  switch (orderState) {
    case "app-only":
      return box(
        <Smartphone aria-hidden="true" className={iconClass} strokeWidth={1.5} />,
        t("state.appOnlyTitle"),
        t("state.appOnlyBody", { code: product.styleCode }),
      );
    case "coming-soon":
      return box(
        <CalendarClock aria-hidden="true" className={iconClass} strokeWidth={1.5} />,
        t("state.comingSoonTitle"),
        t("state.comingSoonBody", { date: format(product.onlineFrom as string) }),
      );
    case "available-soon":
      return box(
        <CalendarClock aria-hidden="true" className={iconClass} strokeWidth={1.5} />,
        t("state.availableSoonTitle"),
        <>
          {t(`availableSoonReasons.${product.availableSoonReason}`, {
            defaultValue: t("availableSoonReasons.default"),
          })}{" "}
          {product.availableSoonDate
            ? t("state.availableSoonDate", { date: format(product.availableSoonDate) })
            : null}
        </>,
      );
    case "sold-out":
      return box(null, t("state.soldOutTitle"), t("state.soldOutBody"));
    default:
      return null;
  }
}
