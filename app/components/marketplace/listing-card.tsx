import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LazyImage } from "~/components/ui/lazy-image";
import type { ListingCard as ListingCardData } from "~/domains/marketplace/marketplace.server";
import { formatMoney, money } from "~/platform/money";
import { usePageHref, useRouting } from "~/routing/use-routing";

/** A second-hand item in a grid: photo, price (with the price before a drop), size, brand and store. */
export function ListingCard({ listing, priority = false }: { listing: ListingCardData; priority?: boolean }) {
  const { t } = useTranslation("marketplace");
  const { locale } = useRouting();
  const to = usePageHref();
  const size = listing.size === "one-size" ? t("sizes.one-size") : listing.size;
  return (
    <article className="group relative" data-listing-id={listing.id}>
      <Link to={to("marketplace-item", { id: String(listing.id) })} className="block">
        <div className="relative overflow-hidden bg-sand">
          {listing.image ? (
            <LazyImage
              image={listing.image}
              alt=""
              sizes="(min-width: 1024px) 18vw, (min-width: 640px) 31vw, 45vw"
              priority={priority}
              imgClassName="transition-transform duration-500 group-hover:scale-[1.03] motion-reduce:transition-none"
            />
          ) : (
            <div className="aspect-[2/3]" />
          )}
          {listing.state !== "published" ? (
            <span className="absolute top-2 left-2 bg-ink px-2 py-0.5 text-xs text-white">
              {t(listing.state === "sold" ? "card.sold" : "card.reserved")}
            </span>
          ) : null}
          {listing.wishlistCount > 0 ? (
            <span className="absolute right-2 bottom-2 bg-white/90 px-1.5 py-0.5 text-[11px] text-ink">
              <span aria-hidden="true">♥ </span>
              <span className="sr-only">{t("card.favourites", { count: listing.wishlistCount })}</span>
              <span aria-hidden="true">{listing.wishlistCount}</span>
            </span>
          ) : null}
        </div>
        <p className="mt-2 text-sm font-semibold" data-price-cents={listing.priceCents}>
          {formatMoney(money(listing.priceCents), locale)}
          {listing.originalPriceCents ? (
            <s className="ms-2 font-normal text-muted">
              <span className="sr-only">
                {t("card.originalPrice", { price: formatMoney(money(listing.originalPriceCents), locale) })}
              </span>
              <span aria-hidden="true">{formatMoney(money(listing.originalPriceCents), locale)}</span>
            </s>
          ) : null}
        </p>
        <h3 className="mt-0.5 line-clamp-1 text-sm leading-snug">{listing.title}</h3>
      </Link>
      <p className="mt-0.5 text-xs text-muted">
        {size} · {listing.brand}
      </p>
      <p className="mt-0.5 line-clamp-1 text-xs text-muted">
        <Link to={to("marketplace-store", { handle: listing.store.handle })} className="hover:underline">
          {t("card.by", { store: listing.store.name })}
        </Link>
      </p>
    </article>
  );
}

const wide = { 3: "desktop:grid-cols-3", 4: "desktop:grid-cols-4", 5: "desktop:grid-cols-5" } as const;

/** Listings in the shop's grid: two columns on a phone, up to five on a wide screen. */
export function ListingGrid({
  listings,
  columns = 5,
  label,
  first = false,
}: {
  listings: readonly ListingCardData[];
  /** Columns on a wide screen: 5 on a full-width page, 4 beside filters, 3 for a store's large grid. */
  columns?: 3 | 4 | 5;
  label?: string;
  /**
   * The grid opens the page: its first four pictures load at once, at high priority (one holds the LCP).
   * Further down a page they load lazily and leave the bandwidth to the stylesheet and what is on screen.
   */
  first?: boolean;
}) {
  return (
    <ul
      aria-label={label}
      className={`grid grid-cols-2 gap-x-3 gap-y-8 sm:grid-cols-3 ${wide[columns]} desktop:gap-x-5`}
    >
      {listings.map((listing, i) => (
        <li key={listing.id}>
          <ListingCard listing={listing} priority={first && i < 4} />
        </li>
      ))}
    </ul>
  );
}
