import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { isLocale, locales } from "~/platform/i18n/locales";
import { serverI18n } from "~/platform/i18n/resources.server";
import type { Route } from "./+types/home";

export function loader({ params }: Route.LoaderArgs) {
  if (!isLocale(params.locale)) throw data(null, { status: 404 });
  const { t } = serverI18n(params.locale);
  return {
    locale: params.locale,
    title: `${t("shop.name")} · ${t("home.title")}`,
    description: t("home.intro"),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "description", content: loaderData?.description }];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-6xl px-6 py-16">
      <p className="text-xs tracking-[0.4em] text-muted uppercase">{t("shop.tagline")}</p>
      <h1 className="mt-4 font-display text-5xl leading-tight">{t("home.title")}</h1>
      <p className="mt-6 max-w-xl text-lg text-muted">{t("home.intro")}</p>
      <nav aria-label={t("nav.language")} className="mt-10 flex gap-4 text-sm">
        {locales.map((locale) => (
          <a
            key={locale}
            href={`/${locale}/`}
            lang={locale}
            aria-current={locale === loaderData.locale ? "page" : undefined}
            className="uppercase underline-offset-4 aria-[current=page]:underline"
          >
            {locale}
          </a>
        ))}
      </nav>
    </main>
  );
}
