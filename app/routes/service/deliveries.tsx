import { Clock, Home, MapPin } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { textLink } from "~/components/account/styles";
import { SAME_DAY_CUTOFF_HOUR } from "~/domains/shipping/rules";
import { shippingSettings } from "~/domains/shipping/shipping.server";
import { countries } from "~/platform/forms/validators";
import { intlLocales } from "~/platform/i18n/locales";
import { serverI18n } from "~/platform/i18n/resources.server";
import { formatMoney, money } from "~/platform/money";
import { pageMeta, shareablePage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { usePageHref, useRouting } from "~/routing/use-routing";
import type { Route } from "./+types/deliveries";

export const handle = { i18n: ["service", "forms"] };
export const headers = shareablePage;

/**
 * Carriers, costs, free-shipping thresholds and the same-day cut-off: read from the settings checkout
 * quotes from (`shippingSettings`), so this page can never promise other numbers than the checkout charges.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  const { t } = serverI18n(locale);
  const settings = await shippingSettings();
  const cutoff = new Intl.DateTimeFormat(intlLocales[locale], {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(2000, 0, 1, SAME_DAY_CUTOFF_HOUR)));
  return {
    title: t("service:deliveries.title"),
    description: t("service:deliveries.intro"),
    cutoff,
    countries: countries.map((country) => ({
      country,
      freeFromCents: settings.freeFromCents[country],
      methods: settings.methods[country].map(({ id, type, carrier, priceCents, moments }) => ({
        id,
        type,
        carrier,
        priceCents,
        moments,
      })),
    })),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "description", content: loaderData?.description }]);
}

export default function DeliveriesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["service", "forms"]);
  const { locale } = useRouting();
  const to = usePageHref();
  const euro = (cents: number) => formatMoney(money(cents), locale);
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-10 desktop:px-8 desktop:py-12">
      <h1 className="font-display text-4xl desktop:text-5xl">{t("deliveries.title")}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t("deliveries.intro")}</p>

      <section aria-labelledby="cutoff-title" className="mt-8 flex gap-4 bg-sand p-6">
        <Clock aria-hidden="true" className="mt-1 size-6 shrink-0" strokeWidth={1.5} />
        <div>
          <h2 id="cutoff-title" className="font-display text-2xl">
            {t("deliveries.cutoffTitle")}
          </h2>
          <p className="mt-1">{t("deliveries.cutoff", { time: loaderData.cutoff })}</p>
          <p className="mt-1 text-muted">{t("deliveries.nextDay")}</p>
        </div>
      </section>

      <div className="mt-10 grid gap-8 sm:grid-cols-2">
        {loaderData.countries.map(({ country, freeFromCents, methods }) => (
          <section
            key={country}
            aria-labelledby={`country-${country}`}
            className="border border-line bg-white p-5"
          >
            <h2 id={`country-${country}`} className="font-display text-2xl">
              {t("deliveries.countryTitle", { country: t(`forms:countries.${country}`) })}
            </h2>
            <table className="mt-4 w-full text-left text-sm">
              <thead className="text-muted">
                <tr>
                  <th scope="col" className="py-2 font-normal">
                    {t("deliveries.method")}
                  </th>
                  <th scope="col" className="py-2 font-normal">
                    {t("deliveries.carrier")}
                  </th>
                  <th scope="col" className="py-2 text-right font-normal">
                    {t("deliveries.price")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line border-t border-line">
                {methods.map((method) => (
                  <tr key={method.id}>
                    <th scope="row" className="py-3 font-normal">
                      <span className="flex items-center gap-2">
                        {method.type === "home" ? (
                          <Home aria-hidden="true" size={16} />
                        ) : (
                          <MapPin aria-hidden="true" size={16} />
                        )}
                        {method.type === "home" ? t("deliveries.home") : t("deliveries.servicePoint")}
                      </span>
                      {method.moments ? (
                        <span className="mt-0.5 block text-xs text-muted">{t("deliveries.moments")}</span>
                      ) : null}
                    </th>
                    <td className="py-3">{method.carrier}</td>
                    <td className="py-3 text-right tabular-nums">{euro(method.priceCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-3 text-sm font-medium text-success">
              {t("deliveries.free", { amount: euro(freeFromCents) })}
            </p>
          </section>
        ))}
      </div>

      <section aria-labelledby="returns-title" className="mt-10 border-t border-line pt-8">
        <h2 id="returns-title" className="font-display text-2xl">
          {t("deliveries.returnsTitle")}
        </h2>
        <p className="mt-2">
          <Link to={to("returns")} className={textLink}>
            {t("deliveries.returnsText")}
          </Link>
        </p>
        <p className="mt-2">
          <Link to={to("customer-service")} className={textLink}>
            {t("deliveries.questions")}
          </Link>
        </p>
      </section>
    </main>
  );
}
