import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ProductListing } from "~/components/catalog/product-listing";
import { ContentBlocks } from "~/components/content/blocks";
import { Countdown } from "~/components/content/countdown";
import { PreviewBanner } from "~/components/content/preview-banner";
import { intlLocales } from "~/platform/i18n/locales";
import { pageMeta } from "~/routing/meta";
import { usePageHref, useRouting } from "~/routing/use-routing";
import type { Route } from "./+types/campaigns";
import { loadCampaigns } from "./campaigns.server";
import { entryHeaders } from "./entry.server";

export const handle = { i18n: ["content", "catalog", "wishlist"] };
export const headers = entryHeaders;

/** `/campaigns/`: the live campaigns; `/campaigns/{slug}/`: one campaign (hero, countdown, product picks). */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadCampaigns(request, context, params.slug, "campaigns");
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return pageMeta(matches);
  if (loaderData.list) return pageMeta(matches, loaderData.list.title);
  return pageMeta(matches, loaderData.entry?.title, [
    ...(loaderData.entry?.summary ? [{ name: "description", content: loaderData.entry.summary }] : []),
    ...(loaderData.preview ? [{ name: "robots", content: "noindex" }] : []),
  ]);
}

function CampaignList({ list }: { list: NonNullable<Route.ComponentProps["loaderData"]["list"]> }) {
  const { t } = useTranslation("content");
  const { locale } = useRouting();
  const to = usePageHref();
  const date = new Intl.DateTimeFormat(intlLocales[locale], {
    dateStyle: "long",
    timeZone: "Europe/Amsterdam",
  });
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-10 desktop:px-8 desktop:py-12">
      <h1 className="font-display text-4xl desktop:text-5xl">{list.title}</h1>
      <p className="mt-2 text-muted">{t("campaigns.intro")}</p>
      {list.campaigns.length === 0 ? (
        <p className="mt-8">
          {t("campaigns.none")}{" "}
          <Link to={`${to("category", {})}?sort=newest`} className="underline underline-offset-4">
            {t("campaigns.shopNew")}
          </Link>
        </p>
      ) : (
        <ul className="mt-8 grid gap-8 sm:grid-cols-2">
          {list.campaigns.map((campaign) => (
            <li key={campaign.slug}>
              <Link to={to(list.page, { slug: campaign.slug })} className="group block">
                {campaign.image ? (
                  <img
                    src={campaign.image}
                    alt={campaign.imageAlt}
                    loading="lazy"
                    className="aspect-[4/3] w-full object-cover"
                  />
                ) : (
                  <div className="aspect-[4/3] bg-sand" />
                )}
                <h2 className="mt-3 font-display text-3xl underline-offset-8 group-hover:underline">
                  {campaign.title}
                </h2>
              </Link>
              {campaign.summary ? <p className="mt-1 text-muted">{campaign.summary}</p> : null}
              {campaign.onlineUntil ? (
                <p className="mt-1 text-sm">
                  {t("campaigns.endsOn", { date: date.format(new Date(campaign.onlineUntil)) })}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

/** A campaign in its early-access window, for a visitor without a ticket: what it is and when it opens. */
function EarlyTeaser({ entry }: { entry: NonNullable<Route.ComponentProps["loaderData"]["entry"]> }) {
  const { t } = useTranslation("content");
  const { locale } = useRouting();
  const date = new Intl.DateTimeFormat(intlLocales[locale], {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: "Europe/Amsterdam",
  });
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12 desktop:px-8">
      <p className="text-xs tracking-[0.3em] text-muted uppercase">{t("early.eyebrow")}</p>
      <h1 className="mt-2 font-display text-4xl desktop:text-5xl">{entry.title}</h1>
      {entry.summary ? <p className="mt-3 text-lg text-muted">{entry.summary}</p> : null}
      <p className="mt-6">{t("early.locked")}</p>
      {entry.onlineFrom ? (
        <>
          <p className="mt-2 font-medium">
            {t("early.opensOn", { date: date.format(new Date(entry.onlineFrom)) })}
          </p>
          <Countdown title={t("early.countdown")} until={entry.onlineFrom} />
        </>
      ) : null}
    </main>
  );
}

export default function CampaignsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  if (loaderData.list) return <CampaignList list={loaderData.list} />;
  const { entry, shelves, preview, early, selection } = loaderData;
  if (!entry) return null;
  if (early && !early.unlocked && !preview) return <EarlyTeaser entry={entry} />;
  const heroFirst = entry.blocks[0]?.type === "hero";
  return (
    <main id="main" className="pb-12">
      {preview ? <PreviewBanner /> : null}
      {early?.unlocked ? (
        <p role="note" className="bg-ink px-4 py-2 text-center text-sm text-white">
          {t("early.unlocked")}
        </p>
      ) : null}
      {heroFirst ? null : (
        <h1 className="mx-auto max-w-7xl px-4 pt-10 font-display text-4xl desktop:px-8">{entry.title}</h1>
      )}
      <ContentBlocks
        blocks={entry.blocks}
        shelves={shelves}
        selection={
          selection ? (
            <ProductListing
              listing={selection.listing}
              query={selection.query}
              title={selection.title}
              embedded
            />
          ) : undefined
        }
      />
    </main>
  );
}
