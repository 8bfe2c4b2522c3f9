import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { isBlockedRefusal } from "./components/account/blocked";
import { CookieConsent } from "./components/layout/cookie-consent";
import { NavigationProgress, reportNavigationError } from "./components/layout/navigation-progress";
import { OfflineBanner } from "./components/layout/offline-banner";
import { SeoLinks } from "./components/layout/seo-links";
import {
  BlockedUserPage,
  ErrorPage,
  MaintenancePage,
  NotFoundPage,
} from "./components/system/lazy-system-pages";
import { HeartSymbol } from "./components/ui/heart-symbol";
import { OverlayProvider } from "./components/ui/overlay-manager";
import { env } from "./platform/env.server";
import { requestContext } from "./platform/http/context";
import { PageMessages } from "./platform/i18n/page-messages";
import { namespacesOfMatches } from "./platform/i18n/page-namespaces";
import { serverI18n } from "./platform/i18n/resources.server";
import { ScrollRestoration } from "./platform/navigation/scroll-restoration";
import { globalMiddleware, routingContext } from "./routing/middleware.server";

export const middleware = globalMiddleware;

export function loader({ context }: Route.LoaderArgs) {
  const { strategy, locale } = context.get(routingContext);
  const { t } = serverI18n(locale);
  return {
    routing: { locale, strategy, origin: env().BASE_URL },
    channel: context.get(requestContext).channel,
    titles: { shop: t("shop.name"), notFound: t("errors.notFound"), error: t("errors.generic") },
  };
}

/** The title of pages without their own, and of the error pages. */
export function meta({ loaderData, error }: Route.MetaArgs) {
  const titles = loaderData?.titles;
  if (!titles) return [{ title: "Loom & Label" }];
  if (!error) return [{ title: titles.shop }];
  const page = isRouteErrorResponse(error) && error.status === 404 ? titles.notFound : titles.error;
  return [{ title: `${page} · ${titles.shop}` }, { name: "robots", content: "noindex" }];
}

/** The root data never changes while a shopper stays in one locale. */
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  const prefix = (url: URL) => url.pathname.split("/")[1];
  return prefix(currentUrl) !== prefix(nextUrl);
}

export function links() {
  return [
    // Linked here rather than imported for its side effect, so the stylesheet comes first in the head, ahead
    // of the scripts' modulepreloads: on HTTP/1.1 (six connections) it otherwise waits for a free
    // connection behind eight scripts, and the first paint waits for it.
    { rel: "stylesheet", href: stylesheet, precedence: "default" },
    { rel: "manifest", href: "/manifest.webmanifest" },
    { rel: "icon", href: "/icons/icon.svg", type: "image/svg+xml" },
    { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
  ];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const { t } = useTranslation();
  const namespaces = namespacesOfMatches(useMatches());
  return (
    <html lang={data?.routing.locale ?? "en"} data-i18n={namespaces.join(",")}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#faf7f2" />
        <Meta />
        <SeoLinks />
        <Links />
      </head>
      <body className="min-h-screen">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[200] focus:bg-white focus:px-4 focus:py-2"
        >
          {t("nav.skipToContent")}
        </a>
        <HeartSymbol />
        {children}
        <ScrollRestoration />
        <PageMessages namespaces={namespaces} />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <OverlayProvider>
      <NavigationProgress />
      <OfflineBanner />
      <Outlet />
      <CookieConsent />
    </OverlayProvider>
  );
}

/** Failures no layout caught: maintenance (503), not found, and the generic error page. */
export function ErrorBoundary() {
  const error = useRouteError();
  useEffect(reportNavigationError, []);
  if (isRouteErrorResponse(error)) {
    if (error.status === 503) return <MaintenancePage />;
    if (error.status === 404) return <NotFoundPage />;
    if (isBlockedRefusal(error)) return <BlockedUserPage />;
    const message = (error.data as { message?: string } | null)?.message;
    return <ErrorPage statusCode={error.status} message={message} />;
  }
  return <ErrorPage />;
}
