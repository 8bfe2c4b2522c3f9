import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cardKey, ProductCard } from "~/components/catalog/product-card";
import { CachedElement } from "~/components/ui/cached-element";
import type { ProductDetail } from "~/domains/catalog/product.server";
import { sendViewBeacon } from "~/domains/highlights/beacon";
import type { Highlight } from "~/domains/highlights/labels";
import { formatMoney, money } from "~/platform/money";
import {
  type RecentlyViewed as RecentItem,
  readRecentlyViewed,
  rememberViewed,
  slugIn,
} from "~/platform/navigation/recently-viewed";
import { usePageHref, useRouting } from "~/routing/use-routing";

/** Description, model, fabric, washing advice and attributes, as an accordion. */
export function ProductDetails({ product }: { product: ProductDetail }) {
  const { t } = useTranslation(["product", "catalog"]);
  const a = product.attributes;
  const attributes: [string, string][] = [
    a.length ? [t("attributes.length"), t(`catalog:lengths.${a.length}`, { defaultValue: a.length })] : null,
    a.fit ? [t("attributes.fit"), t(`catalog:fits.${a.fit}`, { defaultValue: a.fit })] : null,
    a.pattern ? [t("attributes.pattern"), t(`patterns.${a.pattern}`, { defaultValue: a.pattern })] : null,
    a.occasion
      ? [t("attributes.occasion"), t(`occasions.${a.occasion}`, { defaultValue: a.occasion })]
      : null,
  ].filter((entry): entry is [string, string] => entry !== null);
  const items: { id: string; title: string; content: ReactNode }[] = [
    {
      id: "description",
      title: t("details.description"),
      content: (
        <div className="space-y-3">
          <p>{product.description}</p>
          <p className="text-xs">{t("itemNumber", { code: product.styleCode })}</p>
        </div>
      ),
    },
    ...(attributes.length
      ? [
          {
            id: "attributes",
            title: t("details.attributes"),
            content: (
              <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
                {attributes.map(([name, value]) => (
                  <div key={name} className="contents">
                    <dt className="text-ink">{name}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            ),
          },
        ]
      : []),
    ...(product.fabric
      ? [{ id: "fabric", title: t("details.fabric"), content: <p>{product.fabric}</p> }]
      : []),
    ...(product.washingAdvice
      ? [{ id: "washing", title: t("details.washing"), content: <p>{product.washingAdvice}</p> }]
      : []),
  ];
  // Native disclosures styled like the design system's accordion: no JavaScript on the page's first load,
  // and they open without JavaScript too.
  return (
    <div className="border-t border-line">
      {items.map((item) => (
        <details key={item.id} open={item.id === "description"} className="group border-b border-line">
          <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 py-4 text-xs font-medium tracking-[0.2em] text-ink uppercase [&::-webkit-details-marker]:hidden">
            <span>{item.title}</span>
            <ChevronDown
              aria-hidden="true"
              strokeWidth={1.5}
              className="size-4 shrink-0 motion-safe:transition-transform motion-safe:duration-200 group-open:rotate-180"
            />
          </summary>
          <div className="pb-5 text-sm leading-relaxed text-muted">{item.content}</div>
        </details>
      ))}
    </div>
  );
}

/** The highlight labels the highlights domain computed for this product (all of them on the product page). */
export function ProductHighlights({ highlights }: { highlights: readonly Highlight[] }) {
  const { t } = useTranslation("product");
  if (highlights.length === 0) return null;
  return (
    <ul aria-label={t("highlights.label")} className="flex flex-wrap gap-2">
      {highlights.map((h) => (
        <li key={h.code} className="border border-line bg-sand px-2.5 py-1 text-xs">
          {t(`highlights.${h.code}`, { count: h.count ?? 0 })}
        </li>
      ))}
    </ul>
  );
}

/** The other products of the look, as a row of cards. */
export function ShopTheLook({ product }: { product: ProductDetail }) {
  const { t } = useTranslation("product");
  if (product.look.length === 0) return null;
  return (
    <section aria-labelledby="shop-the-look" className="mt-16">
      <h2 id="shop-the-look" className="font-display text-3xl">
        {t("look.title")}
      </h2>
      <ul className="mt-6 grid grid-cols-2 gap-x-4 gap-y-8 desktop:grid-cols-4">
        {product.look.map((item) => (
          <CachedElement as="li" key={item.id} cacheKey={cardKey(item)}>
            <ProductCard product={item} />
          </CachedElement>
        ))}
      </ul>
    </section>
  );
}

/** The last products this browser viewed (not this one); this one is remembered for the next page. */
export function RecentlyViewed({ product }: { product: ProductDetail }) {
  const { t } = useTranslation("product");
  const { locale } = useRouting();
  const to = usePageHref();
  const [items, setItems] = useState<RecentItem[]>([]);
  useEffect(() => {
    // A view counts once the page is really shown (not for prefetches or bots without JavaScript). The
    // beacon waits for an idle moment instead of lengthening the task that finishes hydration.
    if ("requestIdleCallback" in window)
      window.requestIdleCallback(() => sendViewBeacon(product.id), { timeout: 2000 });
    else setTimeout(() => sendViewBeacon(product.id), 0);
    try {
      const current = new Set(Object.values(product.slugs));
      setItems(readRecentlyViewed(localStorage).filter((item) => !current.has(slugIn(item, locale))));
      rememberViewed(localStorage, {
        slug: product.slug,
        slugs: product.slugs,
        name: product.name,
        image: product.images[0]?.set.w400.url,
        price: formatMoney(money(product.priceCents), locale),
      });
    } catch {
      // Storage may be off (private mode): then there is nothing to show.
    }
  }, [product, locale]);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed" className="mt-16">
      <h2 id="recently-viewed" className="font-display text-3xl">
        {t("recent.title")}
      </h2>
      <ul className="mt-6 flex snap-x gap-4 overflow-x-auto pb-2">
        {items.map((item) => (
          <li key={item.slug} className="w-32 shrink-0 snap-start desktop:w-40">
            <Link to={to("product", { product: slugIn(item, locale) })} className="group block">
              <div className="aspect-[2/3] overflow-hidden bg-sand">
                {item.image ? (
                  <img src={item.image} alt="" loading="lazy" className="size-full object-cover" />
                ) : null}
              </div>
              <p className="mt-2 text-xs leading-snug group-hover:underline">{item.name}</p>
            </Link>
            {item.price ? <p className="mt-0.5 text-xs text-muted">{item.price}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
