import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import { AccountShell } from "~/components/account/account-shell";
import { primaryButton, secondaryButton, textLink } from "~/components/account/styles";
import { BundleForm } from "~/components/marketplace/bundle-form";
import { ListingGrid } from "~/components/marketplace/listing-card";
import { StoreSettingsForm } from "~/components/marketplace/sell-forms";
import { StorePicturesForm } from "~/components/marketplace/store-pictures";
import {
  appealDecision,
  conversationsOf,
  decisionsFor,
  favouriteCards,
  followedStores,
  myListings,
  type StorePicture,
  setStorePicture,
  storeOfUser,
  storePictures,
  updateStore,
} from "~/domains/marketplace/marketplace.server";
import { myBundle, saveBundle } from "~/domains/marketplace/transactions/transactions.server";
import { BundleSchema } from "~/domains/marketplace/transactions/validation";
import { AppealSchema, StoreSettingsSchema } from "~/domains/marketplace/validation";
import { requireCustomer } from "~/platform/auth/guards.server";
import { parseSubmission } from "~/platform/forms/submission";
import { serverI18n, translator } from "~/platform/i18n/resources.server";
import { formatMoney, money } from "~/platform/money";
import { isRefusal, refuse } from "~/platform/refusal";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { href } from "~/routing/urls";
import { usePageHref, useRouting } from "~/routing/use-routing";
import type { Route } from "./+types/marketplace";

export const middleware = pageMiddleware("my-marketplace");
export const handle = { i18n: ["marketplace", "trade", "account", "forms", "payouts"] };
export const headers = personalPage;

const views = ["listings", "store", "conversations", "following", "favourites", "decisions"] as const;
type View = (typeof views)[number];

/** "My marketplace": one page, one section at a time (`?view=`), only ever the visitor's own things. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = await requireCustomer(request);
  const { locale } = context.get(routingContext);
  const url = new URL(request.url);
  const asked = url.searchParams.get("view");
  const view: View = views.includes(asked as View) ? (asked as View) : "listings";
  const store = await storeOfUser(visitor.id);
  const base = {
    view,
    saved: url.searchParams.get("saved"),
    title: serverI18n(locale).t("marketplace:my.title"),
    store: store
      ? {
          handle: store.handle,
          name: store.name,
          bio: store.bio,
          gridType: store.gridType,
          isClosed: store.isClosed,
          closedUntil: store.closedUntil,
          banned: store.banned,
          restricted: store.restricted,
          image: store.image,
          banner: store.banner,
          bannerColour: store.bannerColour,
        }
      : null,
  };
  const empty = {
    listings: [],
    conversations: [],
    following: [],
    favourites: [],
    decisions: [],
    bundle: null,
  };
  if (view === "listings") return { ...base, ...empty, listings: await myListings(visitor.id) };
  if (view === "conversations")
    return { ...base, ...empty, conversations: await conversationsOf(visitor.id) };
  if (view === "following") return { ...base, ...empty, following: await followedStores(visitor.id) };
  if (view === "favourites") return { ...base, ...empty, favourites: await favouriteCards(visitor.id) };
  if (view === "decisions") return { ...base, ...empty, decisions: await decisionsFor(visitor.id) };
  return { ...base, ...empty, bundle: store ? await myBundle(visitor.id) : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const visitor = await requireCustomer(request);
  const { locale, strategy } = context.get(routingContext);
  const form = await request.formData();
  const page = href("my-marketplace", {}, locale, strategy);
  const intent = form.get("intent");
  if (intent === "store-settings") {
    const parsed = parseSubmission(form, StoreSettingsSchema, { t: translator(locale) });
    if (parsed.status === "error") return data({ result: parsed.result, error: null }, { status: 400 });
    const saved = await updateStore(visitor.id, parsed.value);
    if (isRefusal(saved))
      return data({ result: parsed.reply({ refusal: saved }), error: null }, { status: 409 });
    throw redirect(`${page}?view=store&saved=store`);
  }
  if (intent === "store-picture") {
    const kind = form.get("kind");
    if (!storePictures.includes(kind as StorePicture)) throw data(null, { status: 400 });
    const photo = form.get("photo");
    const file = form.get("remove") ? null : photo instanceof File && photo.size > 0 ? photo : undefined;
    const saved =
      file === undefined
        ? refuse.invalid("marketplace:errors.noPhotoSent", undefined, "photo")
        : await setStorePicture(visitor.id, kind as StorePicture, file);
    if (isRefusal(saved))
      return data(
        { result: null, error: serverI18n(locale).t(saved.messageKey, saved.values) },
        { status: saved.kind === "invalid" ? 400 : 409 },
      );
    throw redirect(`${page}?view=store&saved=${kind}`);
  }
  if (intent === "bundle") {
    const parsed = BundleSchema.safeParse(Object.fromEntries(form));
    const saved = parsed.success ? await saveBundle(visitor.id, parsed.data) : null;
    if (!parsed.success || isRefusal(saved))
      return data({ result: null, error: serverI18n(locale).t("trade:bundle.invalid") }, { status: 400 });
    throw redirect(`${page}?view=store&saved=bundle`);
  }
  if (intent === "appeal") {
    const parsed = AppealSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success)
      return data(
        { result: null, error: serverI18n(locale).t("marketplace:my.appealEmpty") },
        { status: 400 },
      );
    const done = await appealDecision(visitor.id, parsed.data.decision, parsed.data.text);
    if (isRefusal(done))
      return data(
        { result: null, error: serverI18n(locale).t(done.messageKey, done.values) },
        { status: 409 },
      );
    throw redirect(`${page}?view=decisions&saved=appeal`);
  }
  throw data(null, { status: 400 });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

export default function MyMarketplace({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("marketplace");
  const { t: tp } = useTranslation("payouts");
  const { locale } = useRouting();
  const to = usePageHref();
  const { view, store, saved } = loaderData;
  const page = to("my-marketplace");
  const price = (cents: number) => formatMoney(money(cents), locale);
  const date = (value: string | Date) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(value));
  return (
    <AccountShell title={t("my.title")}>
      <nav aria-label={t("my.title")} className="mb-6 flex flex-wrap gap-2">
        {views.map((v) => (
          <Link
            key={v}
            to={`${page}?view=${v}`}
            aria-current={v === view ? "page" : undefined}
            className="min-h-11 border border-line px-3 py-2 text-sm aria-[current=page]:border-ink aria-[current=page]:bg-sand"
          >
            {t(`my.views.${v}`)}
          </Link>
        ))}
        <Link
          to={to("my-marketplace-earnings")}
          className="min-h-11 border border-line px-3 py-2 text-sm"
          data-testid="earnings-link"
        >
          {tp("page.link")}
        </Link>
      </nav>
      {saved ? (
        <p role="status" className="mb-4 border border-ink/20 bg-sand px-4 py-3 text-sm">
          {t(`my.saved.${saved}`, { defaultValue: t("sell.saved.saved") })}
        </p>
      ) : null}
      {actionData?.error ? (
        <p role="alert" className="mb-4 border border-sale px-4 py-3 text-sm text-sale">
          {actionData.error}
        </p>
      ) : null}
      {store?.banned || store?.restricted ? (
        <p role="alert" className="mb-4 border border-sale px-4 py-3 text-sm">
          {store.banned ? t("errors.banned") : t("errors.restricted")}{" "}
          <Link to={`${page}?view=decisions`} className={textLink}>
            {t("my.views.decisions")}
          </Link>
        </p>
      ) : null}

      {view === "listings" ? (
        <section>
          <div className="mb-4 flex flex-wrap items-center gap-3">
            <Link to={to("marketplace-sell")} className={primaryButton}>
              {store ? t("home.sell") : t("sell.openStoreTitle")}
            </Link>
            {store ? (
              <Link to={to("marketplace-store", { handle: store.handle })} className={textLink}>
                {store.name}
              </Link>
            ) : null}
          </div>
          {loaderData.listings.length === 0 ? (
            <p className="text-sm text-muted">{t("my.noListings")}</p>
          ) : (
            <ul className="divide-y divide-line border-y border-line">
              {loaderData.listings.map((l) => (
                <li key={l.id} className="flex items-center gap-4 py-3" data-my-listing={l.id}>
                  {l.photo ? (
                    <img
                      src={l.photo.w200.url}
                      alt=""
                      width={48}
                      height={72}
                      className="h-18 w-12 object-cover"
                    />
                  ) : (
                    <span className="h-18 w-12 bg-sand" />
                  )}
                  <div className="min-w-0 flex-1">
                    <Link
                      to={`${to("marketplace-sell")}?listing=${l.id}`}
                      className={`${textLink} font-medium`}
                    >
                      {l.title}
                    </Link>
                    <p className="text-sm text-muted">
                      {price(l.priceCents)} · {t(`sell.states.${l.state}`)}
                    </p>
                    <p className="text-xs text-muted">
                      {t("my.figures", {
                        views: l.views,
                        favourites: l.favourites,
                        conversations: l.conversations,
                      })}
                      {l.openOffers ? ` · ${t("my.openOffers", { count: l.openOffers })}` : ""}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      {view === "store" ? (
        store ? (
          <>
            <StorePicturesForm image={store.image} banner={store.banner} bannerColour={store.bannerColour} />
            <StoreSettingsForm lastResult={actionData?.result} defaults={store} />
            <BundleForm bundle={loaderData.bundle} saved={saved === "bundle"} />
          </>
        ) : (
          <Link to={to("marketplace-sell")} className={primaryButton}>
            {t("sell.openStoreTitle")}
          </Link>
        )
      ) : null}

      {view === "conversations" ? (
        loaderData.conversations.length === 0 ? (
          <p className="text-sm text-muted">{t("my.noConversations")}</p>
        ) : (
          <ul className="divide-y divide-line border-y border-line">
            {loaderData.conversations.map((c) => (
              <li key={c.id} className="py-3">
                <Link
                  to={to("my-marketplace-conversation", { id: String(c.id) })}
                  className={`${textLink} font-medium`}
                >
                  {c.listingTitle}
                </Link>
                {c.unread ? (
                  <span className="ms-2 bg-accent px-2 py-0.5 text-xs text-white">{t("my.unread")}</span>
                ) : null}
                <p className="text-sm text-muted">
                  {t(c.role === "customer" ? "my.asBuyer" : "my.asSeller", { name: c.otherName })} ·{" "}
                  {date(c.lastMessageAt)}
                </p>
              </li>
            ))}
          </ul>
        )
      ) : null}

      {view === "following" ? (
        loaderData.following.length === 0 ? (
          <p className="text-sm text-muted">{t("my.noFollowing")}</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2">
            {loaderData.following.map((s) => (
              <li key={s.handle} className="border border-line bg-white p-3">
                <Link
                  to={to("marketplace-store", { handle: s.handle })}
                  className={`${textLink} font-medium`}
                >
                  {s.name}
                </Link>
                {s.fresh ? (
                  <p className="text-xs text-muted">{t("social.fresh", { count: s.fresh })}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )
      ) : null}

      {view === "favourites" ? (
        loaderData.favourites.length === 0 ? (
          <p className="text-sm text-muted">{t("my.noFavourites")}</p>
        ) : (
          <ListingGrid listings={loaderData.favourites} columns={3} first />
        )
      ) : null}

      {view === "decisions" ? (
        loaderData.decisions.length === 0 ? (
          <p className="text-sm text-muted">{t("my.noDecisions")}</p>
        ) : (
          <ul className="space-y-4">
            {loaderData.decisions.map((d) => (
              <li key={d.id} className="border border-line bg-white p-4" data-decision={d.id}>
                <h2 className="font-semibold">
                  {t("my.decisionTitle", {
                    target: t(`moderation.targets.${d.targetKind}`),
                    label: d.label,
                    decision: t(`moderation.actions.${d.action}`),
                  })}
                </h2>
                <p className="text-sm text-muted">
                  {date(d.createdAt)} · {t("my.ground", { ground: d.ground })}
                </p>
                <p className="mt-2 text-sm whitespace-pre-line" data-statement>
                  {d.statement}
                </p>
                {d.appealState ? (
                  <p className="mt-2 text-sm" data-appeal-state={d.appealState}>
                    {t(`my.appealStates.${d.appealState}`)}
                  </p>
                ) : d.canAppeal ? (
                  <Form method="post" className="mt-3 space-y-2">
                    <input type="hidden" name="intent" value="appeal" />
                    <input type="hidden" name="decision" value={d.id} />
                    <label htmlFor={`appeal-${d.id}`} className="block text-sm font-medium">
                      {t("fields.appeal")}
                    </label>
                    <textarea
                      id={`appeal-${d.id}`}
                      name="text"
                      required
                      rows={3}
                      maxLength={2000}
                      className="w-full border border-ink/40 p-3"
                    />
                    <button type="submit" className={secondaryButton}>
                      {t("my.appeal")}
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </AccountShell>
  );
}
