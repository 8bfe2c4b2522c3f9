import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import { listingJsonLd } from "~/components/marketplace/json-ld";
import { ListingGrid } from "~/components/marketplace/listing-card";
import { FavouriteButton, ShareButton } from "~/components/marketplace/social-buttons";
import { sendMarketplaceBeacon } from "~/components/marketplace/use-social";
import { ImageGallery } from "~/components/ui/image-gallery";
import {
  conversationAbout,
  listingPage,
  makeOffer,
  sendMessage,
  setFavourite,
} from "~/domains/marketplace/marketplace.server";
import { storeRating } from "~/domains/marketplace/transactions/transactions.server";
import { MessageSchema, OfferSchema } from "~/domains/marketplace/validation";
import { requireCustomer } from "~/platform/auth/guards.server";
import { env } from "~/platform/env.server";
import { serverI18n } from "~/platform/i18n/resources.server";
import { formatMoney, money } from "~/platform/money";
import { isRefusal } from "~/platform/refusal";
import { pageMeta, shareablePage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { href } from "~/routing/urls";
import { usePageHref, useRouting } from "~/routing/use-routing";
import type { Route } from "./+types/item";

export const handle = { i18n: ["marketplace", "trade", "ui"] };
export const headers = shareablePage;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { locale, strategy } = context.get(routingContext);
  const id = Number(params.id);
  const page = Number.isSafeInteger(id) && id > 0 ? await listingPage(id) : null;
  if (!page) throw data(null, { status: 404 });
  const path = href("marketplace-item", { id: String(id) }, locale, strategy);
  const { userId: _private, ...store } = page.store;
  return {
    ...page,
    store,
    rating: await storeRating(page.store.id),
    jsonLd: listingJsonLd(page.listing, page.store.name, env().BASE_URL, path),
  };
}

/**
 * The heart without JavaScript, a question to the seller and an offer: each signs the visitor in first;
 * a question or an offer opens the conversation about the listing.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const visitor = await requireCustomer(request);
  const { locale, strategy } = context.get(routingContext);
  const t = serverI18n(locale).t;
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  const form = await request.formData();
  const intent = form.get("intent");
  const conversationPage = (conversationId: number) =>
    href("my-marketplace-conversation", { id: String(conversationId) }, locale, strategy);
  const fail = (key: string, values?: Record<string, unknown>) =>
    data({ error: t(key, values ?? {}) as string, intent: String(intent) }, { status: 400 });
  if (intent === "ask") {
    const parsed = MessageSchema.safeParse({ body: form.get("body") ?? "" });
    if (!parsed.success) return fail("marketplace:errors.emptyMessage");
    const conversation = await conversationAbout(visitor.id, id);
    if (isRefusal(conversation)) return fail(conversation.messageKey, conversation.values);
    const sent = await sendMessage(visitor.id, conversation.id, parsed.data.body);
    if (isRefusal(sent)) return fail(sent.messageKey, sent.values);
    const masked = sent.masked.length ? `?masked=${sent.masked.join(",")}` : "";
    throw redirect(`${conversationPage(conversation.id)}${masked}`);
  }
  if (intent === "offer") {
    const parsed = OfferSchema.safeParse({ amount: form.get("amount") ?? "" });
    if (!parsed.success) return fail("marketplace:errors.offerAmount");
    const made = await makeOffer(visitor.id, id, parsed.data.amount);
    if (isRefusal(made)) return fail(made.messageKey, made.values);
    throw redirect(conversationPage(made.conversationId));
  }
  if (intent === "favourite" || intent === "unfavourite")
    await setFavourite(visitor.id, id, intent === "favourite");
  throw redirect(href("marketplace-item", { id: String(id) }, locale, strategy));
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return pageMeta(matches);
  const { listing } = loaderData;
  return pageMeta(matches, `${listing.title} · ${listing.brand}`, [
    { name: "description", content: listing.description.slice(0, 160) },
    { property: "og:type", content: "product" },
    { property: "og:title", content: listing.title },
    ...(listing.photos[0] ? [{ property: "og:image", content: listing.photos[0].w900.url }] : []),
    { "script:ld+json": loaderData.jsonLd },
  ]);
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-line py-2">
      <dt className="text-muted">{label}</dt>
      <dd className="text-end">{value}</dd>
    </div>
  );
}

export default function ListingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("marketplace");
  const { locale } = useRouting();
  const to = usePageHref();
  const { listing, store, moreFromStore, similar, rating } = loaderData;
  const moreId = useId();
  const similarId = useId();
  const price = (cents: number) => formatMoney(money(cents), locale);
  const listed = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric" }).format(
    new Date(listing.publishedAt ?? listing.createdAt),
  );
  const since = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric" }).format(
    new Date(store.createdAt),
  );
  const forSale = listing.state === "published";
  useEffect(() => sendMarketplaceBeacon({ type: "view", listingId: listing.id }), [listing.id]);
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 pt-4 pb-16 desktop:px-8 desktop:pt-8">
      <nav aria-label={t("name")} className="mb-4 text-xs text-muted">
        <Link to={to("marketplace")} className="hover:underline">
          {t("name")}
        </Link>
        {" / "}
        <Link to={to("marketplace-browse", { category: listing.category })} className="hover:underline">
          {t(`categories.${listing.category}`)}
        </Link>
      </nav>
      <div className="grid gap-8 desktop:grid-cols-[minmax(0,1fr)_26rem] desktop:gap-12">
        <ImageGallery
          label={t("listing.photos", { title: listing.title })}
          images={listing.photos.map((photo, i) => ({
            id: `${listing.id}-${i}`,
            image: photo,
            alt: t("listing.photoAlt", { title: listing.title, number: i + 1 }),
          }))}
          sizes="(min-width: 1024px) 45vw, 100vw"
          lightboxId="listing-zoom"
        />
        <div className="flex flex-col gap-6">
          <div>
            <p className="text-sm tracking-wider text-muted uppercase">{listing.brand}</p>
            <h1 className="mt-1 font-display text-3xl leading-tight">{listing.title}</h1>
            <p className="mt-2 text-sm text-muted">
              {listing.size === "one-size" ? t("sizes.one-size") : listing.size} ·{" "}
              {t(`conditions.${listing.condition}`)}
            </p>
            <p className="mt-4 text-2xl font-semibold" data-price-cents={listing.priceCents}>
              {price(listing.priceCents)}
              {listing.originalPriceCents ? (
                <>
                  <s className="ms-3 text-lg font-normal text-muted">
                    <span className="sr-only">
                      {t("card.originalPrice", { price: price(listing.originalPriceCents) })}
                    </span>
                    <span aria-hidden="true">{price(listing.originalPriceCents)}</span>
                  </s>
                  <span className="ms-3 bg-sale px-2 py-0.5 align-middle text-xs text-white">
                    {t("listing.priceDropped")}
                  </span>
                </>
              ) : null}
            </p>
            <p className="mt-1 text-xs text-muted">{t("listing.buyerProtection")}</p>
            {listing.boughtNew ? (
              <p className="mt-3 inline-block border border-ink/20 px-2 py-0.5 text-xs" data-bought-new>
                {t("listing.boughtNew")}
              </p>
            ) : null}
          </div>

          {forSale ? (
            <div className="flex flex-col gap-3">
              <Link
                to={`${to("marketplace-buy")}?items=${listing.id}`}
                className="flex min-h-12 items-center justify-center bg-ink px-6 text-sm tracking-wider text-white uppercase"
                data-buy-link
              >
                {t("listing.buy")}
              </Link>
              {actionData?.error ? (
                <p role="alert" className="border border-sale px-3 py-2 text-sm text-sale">
                  {actionData.error}
                </p>
              ) : null}
              <Form method="post" className="flex flex-wrap items-end gap-2" data-offer-form>
                <input type="hidden" name="intent" value="offer" />
                <label className="text-sm">
                  <span className="block">{t("conversation.offerAmount")}</span>
                  <input
                    name="amount"
                    inputMode="decimal"
                    required
                    className="min-h-12 w-32 border border-ink/40 bg-white px-3 text-base"
                  />
                </label>
                <button
                  type="submit"
                  className="min-h-12 border border-ink bg-white px-5 text-sm tracking-wider uppercase hover:bg-sand"
                >
                  {t("listing.makeOffer")}
                </button>
                <p className="w-full text-xs text-muted">
                  {t("conversation.offerMinimum", { price: price(Math.ceil(listing.priceCents * 0.6)) })}
                </p>
              </Form>
              <details className="border border-line bg-white px-4 py-2">
                <summary className="min-h-11 cursor-pointer py-2 text-sm font-medium">
                  {t("listing.ask")}
                </summary>
                <Form method="post" className="space-y-2 pb-2">
                  <input type="hidden" name="intent" value="ask" />
                  <label htmlFor="ask-body" className="sr-only">
                    {t("fields.message")}
                  </label>
                  <textarea
                    id="ask-body"
                    name="body"
                    rows={3}
                    required
                    maxLength={1000}
                    className="w-full border border-ink/40 p-3 text-base"
                  />
                  <p className="text-xs text-muted">{t("conversation.safety")}</p>
                  <button
                    type="submit"
                    className="min-h-11 bg-ink px-5 text-sm tracking-wider text-white uppercase"
                  >
                    {t("conversation.send")}
                  </button>
                </Form>
              </details>
            </div>
          ) : (
            <p
              role="status"
              className="border border-ink/20 bg-sand px-4 py-3 text-sm"
              data-state={listing.state}
            >
              {t(`listing.states.${listing.state as "reserved" | "closed" | "sold"}`)}
            </p>
          )}

          <div className="flex flex-wrap items-start gap-3">
            <FavouriteButton listingId={listing.id} title={listing.title} count={listing.wishlistCount} />
            <ShareButton listingId={listing.id} title={listing.title} />
          </div>

          <section
            aria-label={t("listing.seller")}
            className="flex items-center gap-4 border border-line bg-white p-4"
          >
            <span
              aria-hidden="true"
              className="flex size-14 shrink-0 items-center justify-center rounded-full font-display text-xl"
              style={{ backgroundColor: store.bannerColour }}
            >
              {store.name.charAt(0)}
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-xs text-muted">{t("listing.seller")}</p>
              <Link
                to={to("marketplace-store", { handle: store.handle })}
                className="block truncate font-semibold hover:underline"
              >
                {store.name}
              </Link>
              <p className="text-xs text-muted" data-store-rating={rating.average ?? ""}>
                {rating.average !== null ? (
                  <>
                    <span aria-hidden="true">★ </span>
                    {t("trade:rating", { average: rating.average, count: rating.count })}
                  </>
                ) : (
                  t("listing.rating")
                )}{" "}
                · {t("store.listings", { count: store.listings })}
              </p>
              <p className="text-xs text-muted">
                {t("store.from", { country: t(`countries.${store.country}`) })} ·{" "}
                {t("store.memberSince", { date: since })}
              </p>
            </div>
          </section>

          <div>
            <h2 className="font-display text-xl">{t("listing.details")}</h2>
            <dl className="mt-2 text-sm">
              <Detail label={t("listing.brand")} value={listing.brand} />
              <Detail
                label={t("listing.size")}
                value={listing.size === "one-size" ? t("sizes.one-size") : listing.size}
              />
              <Detail label={t("listing.condition")} value={t(`conditions.${listing.condition}`)} />
              <Detail label={t("listing.colour")} value={t(`colours.${listing.colour}`)} />
              {listing.material ? <Detail label={t("listing.material")} value={listing.material} /> : null}
              <Detail label={t("listing.category")} value={t(`categories.${listing.category}`)} />
              <Detail label={t("listing.listed")} value={listed} />
            </dl>
          </div>
          {listing.description ? (
            <div>
              <h2 className="font-display text-xl">{t("listing.description")}</h2>
              <p className="mt-2 text-sm leading-relaxed whitespace-pre-line" lang={listing.language}>
                {listing.description}
              </p>
            </div>
          ) : null}
        </div>
      </div>

      <p className="pt-8 text-sm">
        <Link
          to={`${to("marketplace-report")}?listing=${listing.id}`}
          className="text-muted underline underline-offset-4"
          rel="nofollow"
        >
          {t("listing.report")}
        </Link>
      </p>
      {moreFromStore.length > 0 ? (
        <section aria-labelledby={moreId} className="pt-14">
          <h2 id={moreId} className="mb-5 font-display text-2xl">
            {t("listing.moreFromStore", { store: store.name })}
          </h2>
          <ListingGrid listings={moreFromStore.slice(0, 5)} />
        </section>
      ) : null}
      {similar.length > 0 ? (
        <section aria-labelledby={similarId} className="pt-14">
          <h2 id={similarId} className="mb-5 font-display text-2xl">
            {t("listing.similar")}
          </h2>
          <ListingGrid listings={similar.slice(0, 5)} />
        </section>
      ) : null}
    </main>
  );
}
