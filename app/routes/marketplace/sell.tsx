import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import { secondaryButton, textLink } from "~/components/account/styles";
import {
  ListingForm,
  type ListingFormValues,
  OpenStoreForm,
  TraderForm,
} from "~/components/marketplace/sell-forms";
import { availableTransitions, type ListingTransition } from "~/domains/marketplace/listings/states";
import {
  arrangeListingPhoto,
  changeListingState,
  openStore,
  ownListing,
  resellDraft,
  saveListing,
  saveTraderDetails,
  sellListing,
  storeOfUser,
} from "~/domains/marketplace/marketplace.server";
import {
  ListingSchema,
  PhotoActionSchema,
  photoActions,
  StoreSchema,
  TraderSchema,
} from "~/domains/marketplace/validation";
import { requireCustomer } from "~/platform/auth/guards.server";
import { parseSubmission } from "~/platform/forms/submission";
import { serverI18n, translator } from "~/platform/i18n/resources.server";
import { centsToDecimal } from "~/platform/money";
import { isRefusal, type Refusal } from "~/platform/refusal";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { href } from "~/routing/urls";
import { usePageHref } from "~/routing/use-routing";
import type { Route } from "./+types/sell";

export const middleware = pageMiddleware("marketplace-sell");
export const handle = { i18n: ["marketplace", "forms", "account"] };
export const headers = personalPage;

const SELLER_TRANSITIONS: ListingTransition[] = ["publish", "close", "reopen", "mark-sold"];

function positiveInt(value: string | null | FormDataEntryValue): number | null {
  const n = Number(value);
  return typeof value === "string" && Number.isSafeInteger(n) && n > 0 ? n : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = await requireCustomer(request);
  const { locale } = context.get(routingContext);
  const t = serverI18n(locale).t;
  const url = new URL(request.url);
  const store = await storeOfUser(visitor.id);
  const base = { title: t("marketplace:sell.title"), saved: url.searchParams.get("saved") };
  if (!store) return { ...base, step: "open-store" as const, store: null, listing: null, resell: null };
  const storeView = { handle: store.handle, name: store.name, banned: store.banned };
  if (store.sellerType === "business" && !store.trader)
    return { ...base, step: "trader" as const, store: storeView, listing: null, resell: null };
  const listingId = positiveInt(url.searchParams.get("listing"));
  const listing = listingId ? await ownListing(visitor.id, listingId) : null;
  if (listingId && !listing) throw data(null, { status: 404 });
  const order = url.searchParams.get("order");
  const product = positiveInt(url.searchParams.get("product"));
  const resell =
    !listing && order && product ? await resellDraft(visitor.id, order, product, store.language) : null;
  return {
    ...base,
    step: "listing" as const,
    store: storeView,
    listing: listing
      ? {
          ...listing,
          transitions: availableTransitions(listing.state, "provider").filter((tr) =>
            SELLER_TRANSITIONS.includes(tr),
          ),
        }
      : null,
    resell,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const visitor = await requireCustomer(request);
  const { locale, strategy } = context.get(routingContext);
  const t = translator(locale);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const sellPage = href("marketplace-sell", {}, locale, strategy);
  const refused = (refusal: Refusal) =>
    data({ result: null, refusal: { key: refusal.messageKey, values: refusal.values } }, { status: 409 });

  if (intent === "open-store") {
    const parsed = parseSubmission(formData, StoreSchema, { t });
    if (parsed.status === "error") return data({ result: parsed.result, refusal: null }, { status: 400 });
    const store = await openStore(visitor.id, parsed.value, locale);
    if (isRefusal(store))
      return data({ result: parsed.reply({ refusal: store }), refusal: null }, { status: 409 });
    throw redirect(`${sellPage}?saved=store`);
  }
  if (intent === "trader") {
    const parsed = parseSubmission(formData, TraderSchema, { t });
    if (parsed.status === "error") return data({ result: parsed.result, refusal: null }, { status: 400 });
    const store = await saveTraderDetails(visitor.id, parsed.value);
    if (isRefusal(store))
      return data({ result: parsed.reply({ refusal: store }), refusal: null }, { status: 409 });
    throw redirect(`${sellPage}?saved=trader`);
  }
  if (intent === "save") {
    const parsed = parseSubmission(formData, ListingSchema, { t });
    if (parsed.status === "error") return data({ result: parsed.result, refusal: null }, { status: 400 });
    const files = formData.getAll("photos").filter((entry): entry is File => entry instanceof File);
    const publish = formData.get("publish") === "publish" ? "publish" : "draft";
    const listingId = positiveInt(formData.get("listing"));
    let outcome: { id: number; state: string } | Refusal;
    if (listingId) outcome = await saveListing(visitor.id, listingId, parsed.value, files, publish);
    else {
      const order = formData.get("order");
      const product = positiveInt(formData.get("product"));
      const store = await storeOfUser(visitor.id);
      const resell =
        typeof order === "string" && product && store
          ? await resellDraft(visitor.id, order, product, store.language)
          : null;
      outcome = await sellListing(visitor.id, parsed.value, files, publish, {
        boughtProductId: resell?.productId ?? null,
        resellPhoto: resell?.photo ?? null,
      });
    }
    if (isRefusal(outcome))
      return data({ result: parsed.reply({ refusal: outcome }), refusal: null }, { status: 400 });
    throw redirect(`${sellPage}?listing=${outcome.id}&saved=${outcome.state}`);
  }
  const listingId = positiveInt(formData.get("listing"));
  if (!listingId) throw data(null, { status: 400 });
  if (intent === "photo") {
    const parsed = PhotoActionSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) throw data(null, { status: 400 });
    const outcome = await arrangeListingPhoto(visitor.id, listingId, parsed.data.index, parsed.data.action);
    if (isRefusal(outcome)) return refused(outcome);
    throw redirect(`${sellPage}?listing=${listingId}&saved=photos`);
  }
  if (intent === "state") {
    const transition = formData.get("transition");
    if (!SELLER_TRANSITIONS.includes(transition as ListingTransition)) throw data(null, { status: 400 });
    const outcome = await changeListingState(visitor.id, listingId, transition as ListingTransition);
    if (isRefusal(outcome)) return refused(outcome);
    throw redirect(`${sellPage}?listing=${listingId}&saved=${outcome.state}`);
  }
  throw data(null, { status: 400 });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

function euros(cents: number | undefined): string {
  if (!cents) return "";
  return centsToDecimal(cents).replace(/\.00$/, "");
}

export default function SellPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("marketplace");
  const to = usePageHref();
  const { step, store, listing, resell, saved } = loaderData;
  const result = actionData?.result ?? null;
  const refusal = actionData?.refusal ?? null;
  const defaults: ListingFormValues = listing
    ? {
        title: listing.title,
        description: listing.description,
        category: listing.category,
        size: listing.size,
        colour: listing.colour,
        brand: listing.brand,
        condition: listing.condition,
        material: listing.material,
        price: euros(listing.priceCents),
      }
    : resell
      ? {
          title: resell.title,
          brand: resell.brand,
          size: resell.size,
          colour: resell.colour,
          material: resell.material,
        }
      : {};
  const heading =
    step === "open-store"
      ? t("sell.openStoreTitle")
      : step === "trader"
        ? t("sell.traderTitle")
        : listing
          ? t("sell.editTitle")
          : t("sell.newTitle");
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 pt-6 pb-16 desktop:px-8 desktop:pt-10">
      <p className="text-sm text-muted">
        <Link to={to("marketplace")} className={textLink}>
          {t("name")}
        </Link>
      </p>
      <h1 className="mt-2 font-display text-3xl desktop:text-4xl">{heading}</h1>
      {saved ? (
        <p role="status" className="mt-4 border border-ink/20 bg-sand px-4 py-3 text-sm" data-saved={saved}>
          {t(`sell.saved.${saved}`, { defaultValue: t("sell.saved.saved") })}
        </p>
      ) : null}
      {refusal ? (
        <p role="alert" className="mt-4 border border-sale px-4 py-3 text-sm text-sale">
          {t(refusal.key.replace(/^marketplace:/, ""), refusal.values)}
        </p>
      ) : null}
      {store?.banned ? (
        <p role="alert" className="mt-4 border border-sale px-4 py-3 text-sm">
          {t("errors.banned")}
        </p>
      ) : null}

      <div className="mt-8">
        {step === "open-store" ? (
          <>
            <p className="mb-6 text-sm text-muted">{t("sell.openStoreIntro")}</p>
            <OpenStoreForm lastResult={result} />
          </>
        ) : step === "trader" ? (
          <>
            <p className="mb-6 text-sm text-muted">{t("sell.traderIntro")}</p>
            <TraderForm lastResult={result} />
          </>
        ) : (
          <>
            {store ? (
              <p className="mb-6 text-sm text-muted">
                {t("sell.inStore")}{" "}
                <Link to={to("marketplace-store", { handle: store.handle })} className={textLink}>
                  {store.name}
                </Link>
              </p>
            ) : null}
            {resell ? (
              <p className="mb-6 border border-line bg-white px-4 py-3 text-sm" data-resell>
                {t("sell.resellNote", { order: resell.orderNumber })}
              </p>
            ) : null}
            {listing ? <ListingManager listing={listing} /> : null}
            <ListingForm
              key={listing?.id ?? "new"}
              lastResult={result}
              defaults={defaults}
              photoCount={(listing?.photos.length ?? 0) + (resell?.photo ? 1 : 0)}
              isDraft={!listing || listing.state === "draft"}
              hidden={
                listing
                  ? { listing: String(listing.id) }
                  : resell
                    ? { order: resell.orderNumber, product: String(resell.productId) }
                    : undefined
              }
            />
          </>
        )}
      </div>
    </main>
  );
}

type Loaded = Route.ComponentProps["loaderData"];

/** The listing's photos (move, turn, remove) and its state buttons; plain forms, so they work without JavaScript. */
function ListingManager({ listing }: { listing: NonNullable<Loaded["listing"]> }) {
  const { t } = useTranslation("marketplace");
  const to = usePageHref();
  return (
    <div className="mb-10 space-y-6">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="border border-ink/20 bg-sand px-3 py-1" data-listing-state={listing.state}>
          {t(`sell.states.${listing.state}`)}
        </span>
        {listing.state !== "draft" && listing.state !== "removed" ? (
          <Link to={to("marketplace-item", { id: String(listing.id) })} className={textLink}>
            {t("sell.view")}
          </Link>
        ) : null}
        {listing.transitions.map((transition) => (
          <Form method="post" key={transition}>
            <input type="hidden" name="intent" value="state" />
            <input type="hidden" name="listing" value={listing.id} />
            <button type="submit" name="transition" value={transition} className={secondaryButton}>
              {t(`sell.transitions.${transition}`)}
            </button>
          </Form>
        ))}
      </div>
      {listing.photos.length > 0 ? (
        <section aria-labelledby="photos-heading">
          <h2 id="photos-heading" className="font-display text-xl">
            {t("sell.photosTitle", { count: listing.photos.length })}
          </h2>
          <ol className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-3">
            {listing.photos.map((photo, index) => (
              <li key={photo.original.url} className="border border-line bg-white p-2">
                <img
                  src={photo.w400.url}
                  width={photo.w400.width}
                  height={photo.w400.height}
                  alt={t("sell.photoAlt", { number: index + 1 })}
                  className="aspect-[2/3] w-full object-cover"
                />
                <Form method="post" className="mt-2 flex flex-wrap gap-1">
                  <input type="hidden" name="intent" value="photo" />
                  <input type="hidden" name="listing" value={listing.id} />
                  <input type="hidden" name="index" value={index} />
                  {photoActions.map((action) => (
                    <button
                      key={action}
                      type="submit"
                      name="action"
                      value={action}
                      disabled={
                        (action === "earlier" && index === 0) ||
                        (action === "later" && index === listing.photos.length - 1)
                      }
                      className="min-h-11 min-w-11 border border-line px-2 text-xs hover:bg-sand disabled:opacity-40"
                      aria-label={t(`sell.photoActions.${action}`, { number: index + 1 })}
                    >
                      {t(`sell.photoActionShort.${action}`)}
                    </button>
                  ))}
                </Form>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
