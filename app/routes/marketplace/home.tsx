import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FollowedFeed } from "~/components/marketplace/followed-feed";
import { ListingGrid } from "~/components/marketplace/listing-card";
import { MarketplaceSearchBox } from "~/components/marketplace/search-box";
import { marketplaceHome } from "~/domains/marketplace/marketplace.server";
import { serverI18n } from "~/platform/i18n/resources.server";
import { pageMeta, shareablePage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { isServed } from "~/routing/pages";
import { usePageHref } from "~/routing/use-routing";
import type { Route } from "./+types/home";

export const handle = { i18n: ["marketplace"] };
export const headers = shareablePage;

export async function loader({ context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  const { t } = serverI18n(locale);
  const home = await marketplaceHome();
  return {
    ...home,
    title: t("marketplace:home.title") as string,
    intro: t("marketplace:home.intro") as string,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "description", content: loaderData?.intro ?? "" }]);
}

const eyebrow = "text-xs tracking-[0.3em] text-muted uppercase";
const button = "inline-flex min-h-11 items-center px-6 py-3 text-sm tracking-wider uppercase";

export default function MarketplaceHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("marketplace");
  const to = usePageHref();
  const { newIn, categories, stores } = loaderData;
  const newInId = useId();
  const categoriesId = useId();
  const storesId = useId();
  const browse = to("marketplace-browse", {});
  return (
    <main id="main">
      <section className="bg-sand">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 desktop:grid-cols-[1fr_24rem] desktop:items-end desktop:gap-16 desktop:px-8 desktop:py-16">
          <div className="flex flex-col gap-5">
            <p className={eyebrow}>{t("name")}</p>
            <h1 className="max-w-3xl font-display text-4xl leading-tight desktop:text-6xl">
              {t("home.title")}
            </h1>
            <p className="max-w-xl text-lg text-muted">{t("home.intro")}</p>
            <MarketplaceSearchBox className="max-w-xl" />
            <div className="flex flex-wrap gap-3">
              {isServed("marketplace-sell") ? (
                <Link to={to("marketplace-sell")} className={`${button} bg-ink text-white`}>
                  {t("home.sell")}
                </Link>
              ) : null}
              <Link to={browse} className={`${button} border border-ink`}>
                {t("home.browseAll")}
              </Link>
            </div>
          </div>
          <ul className="grid gap-3 border-t border-ink/15 pt-6 text-sm desktop:border-t-0 desktop:border-l desktop:ps-8 desktop:pt-0">
            <li className="font-display text-xl">{t("home.promise.title")}</li>
            <li>✓ {t("home.promise.protection")}</li>
            <li>✓ {t("home.promise.shipping")}</li>
            <li>✓ {t("home.promise.free")}</li>
          </ul>
        </div>
      </section>

      <FollowedFeed />

      {stores.length > 0 ? (
        <section aria-labelledby={storesId} className="mx-auto max-w-7xl px-4 pt-10 desktop:px-8">
          <h2 id={storesId} className="mb-4 font-display text-2xl">
            {t("home.stores")}
          </h2>
          <ul className="-mx-4 flex gap-4 overflow-x-auto px-4 pb-2 desktop:mx-0 desktop:px-0">
            {stores.map((store) => (
              <li key={store.handle} className="shrink-0">
                <Link
                  to={to("marketplace-store", { handle: store.handle })}
                  className="group flex w-24 flex-col items-center gap-2 text-center"
                >
                  <span className="rounded-full bg-[conic-gradient(from_210deg,var(--color-accent),#c9a27e,var(--color-accent))] p-[3px]">
                    <span className="block rounded-full bg-paper p-[2px]">
                      {store.picture ? (
                        <img
                          src={store.picture}
                          alt=""
                          width={80}
                          height={80}
                          loading="lazy"
                          className="size-20 rounded-full object-cover"
                          data-store-picture
                          style={{ backgroundColor: store.bannerColour }}
                        />
                      ) : store.cover ? (
                        <img
                          src={store.cover.src}
                          srcSet={store.cover.srcSet}
                          sizes="80px"
                          alt=""
                          width={80}
                          height={80}
                          loading="lazy"
                          className="size-20 rounded-full object-cover object-top"
                          style={{ backgroundColor: store.bannerColour }}
                        />
                      ) : (
                        <span
                          className="block size-20 rounded-full"
                          style={{ backgroundColor: store.bannerColour }}
                        />
                      )}
                    </span>
                  </span>
                  <span className="line-clamp-2 text-xs leading-tight group-hover:underline">
                    {store.name}
                  </span>
                  <span className="text-[11px] text-muted">
                    {t("store.listings", { count: store.listings })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby={categoriesId} className="mx-auto max-w-7xl px-4 pt-10 desktop:px-8">
        <h2 id={categoriesId} className="mb-4 font-display text-2xl">
          {t("home.categories")}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {categories
            .filter((c) => c.count > 0)
            .map(({ category, count }) => (
              <li key={category}>
                <Link
                  to={to("marketplace-browse", { category })}
                  className="inline-flex min-h-11 items-center gap-2 border border-ink/20 bg-white px-4 text-sm hover:border-ink"
                >
                  {t(`categories.${category}`)}
                  <span className="text-xs text-muted">{count}</span>
                </Link>
              </li>
            ))}
        </ul>
      </section>

      <section aria-labelledby={newInId} className="mx-auto max-w-7xl px-4 pt-10 pb-16 desktop:px-8">
        <div className="mb-5 flex items-baseline justify-between gap-4">
          <h2 id={newInId} className="font-display text-2xl desktop:text-3xl">
            {t("home.newIn")}
          </h2>
          <Link to={browse} className="text-sm underline underline-offset-4">
            {t("home.browseAll")}
          </Link>
        </div>
        <ListingGrid listings={newIn} />
      </section>
    </main>
  );
}
