import { useRouteLoaderData } from "react-router";
import type { Locale } from "../platform/i18n/locales";
import type { PageId } from "./pages";
import { href, type I18nStrategy, type PageParams } from "./urls";

export interface RoutingData {
  locale: Locale;
  strategy: I18nStrategy;
  origin: string;
}

/** The locale and strategy of the page being shown (from the root loader). */
export function useRouting(): RoutingData {
  const data = useRouteLoaderData("root") as { routing: RoutingData } | undefined;
  return data?.routing ?? { locale: "en", strategy: "prefix", origin: "" };
}

/** `const to = usePageHref(); to("search")` → `/nl/zoeken/` in the current locale. */
export function usePageHref() {
  const { locale, strategy } = useRouting();
  return (id: PageId, params: PageParams = {}, inLocale: Locale = locale) =>
    href(id, params, inLocale, strategy);
}
