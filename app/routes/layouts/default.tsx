import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Outlet,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useRouteError,
} from "react-router";
import { Footer } from "~/components/layout/footer";
import { Header } from "~/components/layout/header";
import { reportNavigationError } from "~/components/layout/navigation-progress";
import { NoticeBanner } from "~/components/layout/notice-banner";
import { NewsletterToast } from "~/components/marketing/newsletter-toast";
import { ErrorPage, NotFoundPage } from "~/components/system/lazy-system-pages";
import { CachedElement } from "~/components/ui/cached-element";
import { categoryTree } from "~/domains/catalog/catalog.server";
import { noticesContext, routingContext } from "~/routing/middleware.server";
import type { Route } from "./+types/default";

export async function loader({ context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  return { categories: await categoryTree(locale), notices: context.get(noticesContext) };
}

export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname.split("/")[1] !== nextUrl.pathname.split("/")[1];
}

function Chrome({ children }: { children: React.ReactNode }) {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="flex min-h-screen flex-col">
      <NoticeBanner notices={data?.notices ?? []} />
      {/* The same for every page of a locale until the categories change: rendered once on the server. */}
      <CachedElement
        as="div"
        className="contents"
        cacheKey={`header:${JSON.stringify(data?.categories ?? [])}`}
      >
        <Header categories={data?.categories ?? []} />
      </CachedElement>
      <div className="flex-1">{children}</div>
      <Footer />
      <NewsletterToast />
    </div>
  );
}

/** The default layout: notices, header with navigation, the page, footer. */
export default function DefaultLayout() {
  return (
    <Chrome>
      <Outlet />
    </Chrome>
  );
}

/** Not-found and failing pages keep the shop's header and footer around them. */
export function ErrorBoundary() {
  const error = useRouteError();
  useEffect(reportNavigationError, []);
  let page = <ErrorPage />;
  if (isRouteErrorResponse(error)) {
    page =
      error.status === 404 ? (
        <NotFoundPage />
      ) : (
        <ErrorPage statusCode={error.status} message={(error.data as { message?: string } | null)?.message} />
      );
  }
  return <Chrome>{page}</Chrome>;
}
