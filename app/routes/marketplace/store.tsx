import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { ListingGrid } from "~/components/marketplace/listing-card";
import { FollowButton } from "~/components/marketplace/social-buttons";
import { sendMarketplaceBeacon } from "~/components/marketplace/use-social";
import { setFollowing, storePage } from "~/domains/marketplace/marketplace.server";
import { bundleOfStore, storeRating } from "~/domains/marketplace/transactions/transactions.server";
import { requireCustomer } from "~/platform/auth/guards.server";
import { pageMeta, shareablePage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { href } from "~/routing/urls";
import { usePageHref, useRouting } from "~/routing/use-routing";
import type { Route } from "./+types/store";

export const handle = { i18n: ["marketplace", "trade"] };
export const headers = shareablePage;

export async function loader({ params }: Route.LoaderArgs) {
  const page = await storePage(params.handle);
  if (!page) throw data(null, { status: 404 });
  const { userId: _private, restricted: _moderation, ...store } = page.store;
  const [rating, bundle] = await Promise.all([storeRating(store.id), bundleOfStore(store.id)]);
  return { ...page, store, rating, bundle };
}

/** Follow without JavaScript: signs the visitor in first, then back to the store. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const visitor = await requireCustomer(request);
  const { locale, strategy } = context.get(routingContext);
  const intent = (await request.formData()).get("intent");
  if (intent === "follow" || intent === "unfollow")
    await setFollowing(visitor.id, params.handle, intent === "follow");
  throw redirect(href("marketplace-store", { handle: params.handle }, locale, strategy));
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return pageMeta(matches);
  return pageMeta(matches, loaderData.store.name, [
    { name: "description", content: loaderData.store.bio.slice(0, 160) },
  ]);
}

export default function StorePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("marketplace");
  const { locale } = useRouting();
  const { store, listings, count, rating, bundle } = loaderData;
  const listingsId = useId();
  const to = usePageHref();
  useEffect(() => sendMarketplaceBeacon({ type: "store-view", storeHandle: store.handle }), [store.handle]);
  const date = (value: string | Date, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, options).format(new Date(value));
  return (
    <main id="main" className="pb-16">
      {store.banner ? (
        <img
          src={store.banner.w1000.url}
          srcSet={`${store.banner.w600.url} 600w, ${store.banner.w1000.url} 1000w, ${store.banner.original.url} ${store.banner.original.width}w`}
          sizes="100vw"
          alt={t("store.banner")}
          className="h-28 w-full object-cover desktop:h-44"
        />
      ) : (
        <div
          role="img"
          aria-label={t("store.banner")}
          className="h-28 desktop:h-44"
          style={{ backgroundColor: store.bannerColour }}
        />
      )}
      <div className="mx-auto max-w-7xl px-4 desktop:px-8">
        <header className="-mt-10 flex flex-col gap-4 desktop:-mt-14 desktop:flex-row desktop:items-end desktop:gap-8">
          {store.image ? (
            <img
              src={store.image.w200.url}
              alt=""
              className="size-20 shrink-0 rounded-full border-4 border-paper object-cover desktop:size-28"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-20 shrink-0 items-center justify-center rounded-full border-4 border-paper bg-sand font-display text-3xl desktop:size-28 desktop:text-4xl"
            >
              {store.name.charAt(0)}
            </span>
          )}
          <div className="min-w-0 flex-1">
            <h1 className="font-display text-3xl desktop:text-4xl">{store.name}</h1>
            <p className="text-sm text-muted">@{store.handle}</p>
          </div>
          <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <li>{t("store.listings", { count })}</li>
            <li>{t("store.views", { count: store.views })}</li>
            <li data-store-rating={rating.average ?? ""}>
              {rating.average !== null ? (
                <>
                  <span aria-hidden="true">★ </span>
                  {t("trade:rating", { average: rating.average, count: rating.count })}
                </>
              ) : (
                t("trade:page.noReviews")
              )}
            </li>
          </ul>
        </header>
        <div className="mt-4">
          <FollowButton handle={store.handle} name={store.name} followers={store.followers} />
        </div>
        <div className="mt-4 max-w-2xl text-sm">
          {store.bio ? (
            <p className="leading-relaxed whitespace-pre-line" lang={store.language}>
              {store.bio}
            </p>
          ) : null}
          {bundle ? (
            <p className="mt-2 font-medium" data-store-bundle={bundle.percent}>
              {t("trade:bundle.offer", { percent: bundle.percent, count: bundle.fromItems })}
            </p>
          ) : null}
          <p className="mt-2 text-muted">
            {t("store.from", { country: t(`countries.${store.country}`) })} ·{" "}
            {t("store.memberSince", { date: date(store.createdAt, { month: "long", year: "numeric" }) })}
          </p>
          {store.labels.length > 0 ? (
            <ul className="mt-2 flex flex-wrap gap-1">
              {store.labels.map((label) => (
                <li key={label} className="border border-ink/20 px-2 py-0.5 text-xs">
                  {label}
                </li>
              ))}
            </ul>
          ) : null}
          {store.sellerType === "business" && store.trader ? (
            <section
              aria-labelledby="trader-heading"
              className="mt-4 border border-line bg-white p-4"
              data-trader
            >
              <h2 id="trader-heading" className="font-semibold">
                {t("store.business")} · {t("store.trader.title")}
              </h2>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt className="text-muted">{t("store.trader.legalName")}</dt>
                <dd>{store.trader.legalName}</dd>
                <dt className="text-muted">{t("store.trader.address")}</dt>
                <dd>{store.trader.address}</dd>
                <dt className="text-muted">{t("store.trader.phone")}</dt>
                <dd>{store.trader.phone}</dd>
                <dt className="text-muted">{t("store.trader.email")}</dt>
                <dd>{store.trader.email}</dd>
                <dt className="text-muted">{t("store.trader.tradeRegister")}</dt>
                <dd>{store.trader.tradeRegister}</dd>
              </dl>
              <p className="mt-2 text-xs text-muted">{t("store.trader.certified")}</p>
            </section>
          ) : (
            <p className="mt-2 text-xs text-muted">{t("store.private")}</p>
          )}
          {store.isClosed ? (
            <p role="status" className="mt-4 border border-ink/20 bg-sand px-4 py-3">
              {store.closedUntil
                ? t("store.closedUntil", { date: date(store.closedUntil, { day: "numeric", month: "long" }) })
                : t("store.closed")}
            </p>
          ) : null}
        </div>
        <section aria-labelledby={listingsId} className="pt-10">
          <h2 id={listingsId} className="sr-only">
            {t("store.listings", { count })}
          </h2>
          {listings.length === 0 ? (
            <p className="py-12 text-center text-muted">{t("store.empty")}</p>
          ) : (
            <ListingGrid listings={listings} columns={store.gridType === "large" ? 3 : 5} first />
          )}
        </section>
        <p className="pt-10 text-sm">
          <a
            href={`${to("marketplace-report")}?store=${store.id}`}
            className="text-muted underline underline-offset-4"
            rel="nofollow"
          >
            {t("store.report")}
          </a>
        </p>
      </div>
    </main>
  );
}
