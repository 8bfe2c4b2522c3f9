import { randomUUID } from "node:crypto";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { AccountShell } from "~/components/account/account-shell";
import { primaryButton } from "~/components/account/styles";
import { checkoutFor, enquire } from "~/domains/marketplace/transactions/transactions.server";
import { BuySchema } from "~/domains/marketplace/transactions/validation";
import { findServicePoints } from "~/domains/shipping/shipping.server";
import { requireCustomer } from "~/platform/auth/guards.server";
import { isCountry } from "~/platform/forms/validators";
import { serverI18n } from "~/platform/i18n/resources.server";
import { formatMoney, money } from "~/platform/money";
import { isRefusal, refusalStatus } from "~/platform/refusal";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { useRouting } from "~/routing/use-routing";
import type { Route } from "./+types/buy";

export const middleware = pageMiddleware("marketplace-buy");
export const handle = { i18n: ["trade", "marketplace", "payments", "forms", "account"] };
export const headers = personalPage;

function itemsOf(url: URL): number[] {
  return (url.searchParams.get("items") ?? "")
    .split(",")
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0)
    .slice(0, 20);
}

/** `?items=12` or `?items=12,13` (a bundle of one store), `&country=&postcode=` for service points. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = await requireCustomer(request);
  const { locale } = context.get(routingContext);
  const url = new URL(request.url);
  const ids = itemsOf(url);
  const chosenCountry = url.searchParams.get("country");
  const country = isCountry(chosenCountry) ? chosenCountry : "NL";
  const postcode = url.searchParams.get("postcode")?.slice(0, 10) || "1012";
  const view = await checkoutFor(visitor.id, ids, country);
  const t = serverI18n(locale).t;
  if (isRefusal(view)) {
    if (view.kind === "not-found") throw data(null, { status: 404 });
    return {
      refused: t(view.messageKey, view.values) as string,
      view: null,
      points: [],
      title: t("trade:buy.title"),
    };
  }
  const points = await findServicePoints(country, postcode);
  return {
    refused: null,
    view,
    points: points.map((p) => ({ id: p.id, label: `${p.name}, ${p.street} ${p.houseNumber}, ${p.city}` })),
    country,
    postcode,
    items: ids.join(","),
    idempotencyKey: randomUUID(),
    name: `${visitor.firstName} ${visitor.lastName}`.trim(),
    title: t("trade:buy.title"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const visitor = await requireCustomer(request);
  const { locale } = context.get(routingContext);
  const t = serverI18n(locale).t;
  const form = Object.fromEntries(await request.formData());
  const parsed = BuySchema.safeParse(form);
  if (!parsed.success) return data({ error: t("trade:buy.checkFields") as string }, { status: 400 });
  const v = parsed.data;
  const started = await enquire(visitor.id, {
    listingIds: v.items.split(",").map(Number),
    delivery: v.delivery,
    address: {
      name: v.name,
      street: v.street ?? "",
      houseNumber: v.houseNumber ?? "",
      postalCode: v.postalCode,
      city: v.city ?? "",
      country: v.country,
    },
    servicePointId: v.servicePointId,
    method: v.method,
    locale,
    idempotencyKey: v.idempotencyKey,
  });
  if (isRefusal(started))
    return data(
      { error: t(started.messageKey, started.values) as string },
      { status: refusalStatus[started.kind] },
    );
  throw redirect(started.checkoutUrl);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

const input =
  "min-h-12 w-full border border-ink/40 bg-white px-3 text-base focus:border-ink focus:outline-none";

export default function BuyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("trade");
  const { locale } = useRouting();
  const pending = useNavigation().state !== "idle";
  const [delivery, setDelivery] = useState<"home" | "service-point">("home");
  const price = (cents: number) => formatMoney(money(cents), locale);
  if (!loaderData.view)
    return (
      <AccountShell title={loaderData.title}>
        <p role="alert" className="border border-sale px-3 py-2 text-sm text-sale">
          {loaderData.refused}
        </p>
      </AccountShell>
    );
  const { view } = loaderData;
  const quote = view.quotes[delivery];
  return (
    <AccountShell title={loaderData.title}>
      <section aria-labelledby="buy-items" className="border border-line bg-white p-4">
        <h2 id="buy-items" className="font-semibold">
          {t("buy.from", { store: view.store.name })}
        </h2>
        <ul className="mt-2 divide-y divide-line">
          {view.listings.map((l) => (
            <li key={l.id} className="flex items-center justify-between gap-4 py-2 text-sm">
              <span>{l.title}</span>
              <span>{price(l.priceCents)}</span>
            </li>
          ))}
        </ul>
      </section>
      <Form method="post" className="mt-6 flex flex-col gap-5" data-buy-form>
        <input type="hidden" name="items" value={loaderData.items} />
        <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
        <fieldset className="flex flex-col gap-2">
          <legend className="font-semibold">{t("buy.delivery")}</legend>
          {(["home", "service-point"] as const).map((option) => (
            <label key={option} className="flex items-center gap-3 text-sm">
              <input
                type="radio"
                name="delivery"
                value={option}
                checked={delivery === option}
                onChange={() => setDelivery(option)}
              />
              {t(`buy.option.${option}`, { price: price(view.quotes[option].shippingCents) })}
            </label>
          ))}
        </fieldset>
        <label className="text-sm">
          <span className="block">{t("buy.name")}</span>
          <input name="name" required autoComplete="name" defaultValue={loaderData.name} className={input} />
        </label>
        <div className="grid gap-3 desktop:grid-cols-2">
          <label className="text-sm">
            <span className="block">{t("buy.street")}</span>
            <input name="street" autoComplete="address-line1" className={input} />
          </label>
          <label className="text-sm">
            <span className="block">{t("buy.houseNumber")}</span>
            <input name="houseNumber" className={input} />
          </label>
          <label className="text-sm">
            <span className="block">{t("buy.postalCode")}</span>
            <input
              name="postalCode"
              required
              autoComplete="postal-code"
              defaultValue={loaderData.postcode}
              className={input}
            />
          </label>
          <label className="text-sm">
            <span className="block">{t("buy.city")}</span>
            <input name="city" autoComplete="address-level2" className={input} />
          </label>
          <label className="text-sm">
            <span className="block">{t("buy.country")}</span>
            <select name="country" defaultValue={loaderData.country} className={input}>
              {(["NL", "BE", "FR", "ES"] as const).map((c) => (
                <option key={c} value={c}>
                  {t(`forms:countries.${c}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {loaderData.points.length ? (
          <label className="text-sm">
            <span className="block">{t("buy.servicePoint")}</span>
            <select name="servicePointId" className={input}>
              {loaderData.points.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <fieldset className="flex flex-col gap-2">
          <legend className="font-semibold">{t("buy.method")}</legend>
          {view.methods.map((m, i) => (
            <label key={m} className="flex items-center gap-3 text-sm">
              <input type="radio" name="method" value={m} defaultChecked={i === 0} />
              {t(`payments:methods.${m}.label`)}
            </label>
          ))}
        </fieldset>
        <dl
          className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 border border-line bg-white p-4 text-sm"
          data-totals
        >
          <dt>{t("buy.price")}</dt>
          <dd>{price(quote.itemsCents)}</dd>
          {quote.bundleDiscountCents ? (
            <>
              <dt>{t("buy.bundleDiscount")}</dt>
              <dd>−{price(quote.bundleDiscountCents)}</dd>
            </>
          ) : null}
          <dt>{t("buy.shipping")}</dt>
          <dd>{price(quote.shippingCents)}</dd>
          <dt>{t("buy.protection")}</dt>
          <dd>{price(quote.feeCents)}</dd>
          <dt className="font-semibold">{t("buy.total")}</dt>
          <dd className="font-semibold" data-total-cents={quote.totalCents}>
            {price(quote.totalCents)}
          </dd>
        </dl>
        <p className="text-xs text-muted">{t("buy.protectionNote")}</p>
        {actionData?.error ? (
          <p role="alert" className="border border-sale px-3 py-2 text-sm text-sale">
            {actionData.error}
          </p>
        ) : null}
        <button type="submit" disabled={pending} className={primaryButton}>
          {t("buy.pay", { total: price(quote.totalCents) })}
        </button>
      </Form>
    </AccountShell>
  );
}
