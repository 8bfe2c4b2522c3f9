import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { serverI18n } from "~/platform/i18n/resources.server";
import { shareablePage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { usePageHref } from "~/routing/use-routing";
import type { Route } from "./+types/home";

export function loader({ context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  const { t } = serverI18n(locale);
  return { title: `${t("shop.name")} · ${t("home.title")}`, description: t("home.intro") };
}

export const headers = shareablePage;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "description", content: loaderData?.description }];
}

export default function Home() {
  const { t } = useTranslation();
  const to = usePageHref();
  return (
    <main id="main">
      <section className="bg-sand">
        <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-20 desktop:px-8 desktop:py-28">
          <p className="text-xs tracking-[0.4em] text-muted uppercase">{t("shop.tagline")}</p>
          <h1 className="max-w-3xl font-display text-5xl leading-tight desktop:text-7xl">
            {t("home.title")}
          </h1>
          <p className="max-w-xl text-lg text-muted">{t("home.intro")}</p>
          <div className="flex flex-wrap gap-3">
            <Link
              to={to("category", {})}
              className="min-h-11 bg-ink px-6 py-3 text-sm tracking-wider text-white uppercase"
            >
              {t("home.shopNow")}
            </Link>
            <Link
              to={to("marketplace")}
              className="min-h-11 border border-ink px-6 py-3 text-sm tracking-wider uppercase"
            >
              {t("home.marketplace")}
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}
