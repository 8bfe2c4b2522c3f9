import { useTranslation } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { requestContext } from "./platform/http/context";

export function loader({ context }: Route.LoaderArgs) {
  return { locale: context.get(requestContext).locale };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang={data?.locale ?? "en"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** The error page of SPEC §8: the message, and a way back home. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const data = useRouteLoaderData<typeof loader>("root");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = status === 404 ? t("errors.notFound") : t("errors.generic");
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-6 p-8 text-center">
      <p className="text-sm tracking-[0.3em] text-muted">{status}</p>
      <h1 className="font-display text-3xl">{message}</h1>
      <a className="underline underline-offset-4" href={`/${data?.locale ?? "en"}/`}>
        {t("errors.backHome")}
      </a>
    </main>
  );
}
