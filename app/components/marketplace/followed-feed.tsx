import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { FollowedStore, ListingCard } from "~/domains/marketplace/marketplace.server";
import { usePageHref } from "~/routing/use-routing";
import { ListingGrid } from "./listing-card";
import { useSocial } from "./use-social";

/**
 * The home's personal part, loaded after the (shared, cacheable) page: the followed stores as story
 * bubbles (a coloured ring when they listed something this week) and their newest listings.
 */
export function FollowedFeed() {
  const { t } = useTranslation("marketplace");
  const to = usePageHref();
  const signedIn = useSocial((bits) => bits?.signedIn ?? false);
  const [feed, setFeed] = useState<{ stores: FollowedStore[]; listings: ListingCard[] } | null>(null);
  const headingId = useId();
  useEffect(() => {
    if (!signedIn) return;
    void fetch("/api/v1/marketplace/me/feed", { credentials: "same-origin", cache: "no-store" })
      .then((r) => (r.ok ? r.json() : null))
      .then(setFeed)
      .catch(() => undefined);
  }, [signedIn]);
  if (!feed || feed.stores.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="mx-auto max-w-7xl px-4 pt-10 desktop:px-8"
      data-followed-feed
    >
      <h2 id={headingId} className="mb-4 font-display text-2xl">
        {t("social.feedTitle")}
      </h2>
      <ul className="flex gap-4 overflow-x-auto pb-2">
        {feed.stores.map((store) => (
          <li key={store.handle}>
            <Link
              to={to("marketplace-store", { handle: store.handle })}
              className="group inline-flex w-20 flex-col items-center gap-2 text-center"
            >
              <span
                className={`rounded-full p-[3px] ${store.fresh > 0 ? "bg-[conic-gradient(from_210deg,var(--color-accent),#c9a27e,var(--color-accent))]" : "bg-line"}`}
              >
                <span className="block rounded-full bg-paper p-[2px]">
                  {store.image ? (
                    <img
                      src={store.image}
                      alt=""
                      width={64}
                      height={64}
                      className="size-16 rounded-full object-cover"
                    />
                  ) : (
                    <span
                      aria-hidden="true"
                      className="flex size-16 items-center justify-center rounded-full font-display text-xl"
                      style={{ backgroundColor: store.bannerColour }}
                    >
                      {store.name.charAt(0)}
                    </span>
                  )}
                </span>
              </span>
              <span className="line-clamp-2 text-[11px] leading-tight">
                {store.name}
                {store.fresh > 0 ? (
                  <span className="sr-only">, {t("social.fresh", { count: store.fresh })}</span>
                ) : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {feed.listings.length > 0 ? (
        <div className="mt-6">
          <ListingGrid listings={feed.listings.slice(0, 10)} label={t("social.feedTitle")} />
        </div>
      ) : (
        <p className="mt-4 text-sm text-muted">{t("social.feedEmpty")}</p>
      )}
    </section>
  );
}
