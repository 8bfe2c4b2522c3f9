import { Component, type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { type RecentlyViewed, readRecentlyViewed, slugIn } from "~/platform/navigation/recently-viewed";
import { usePageHref, useRouting } from "~/routing/use-routing";

function Centered({ children }: { children: ReactNode }) {
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center gap-6 px-6 py-16 text-center"
    >
      {children}
    </main>
  );
}

function Eyebrow({ children }: { children: ReactNode }) {
  return <p className="text-xs tracking-[0.3em] text-muted uppercase">{children}</p>;
}

/** The recently viewed products, from this browser only (never in the server's HTML). */
function RecentlyViewedList() {
  const { t } = useTranslation();
  const to = usePageHref();
  const { locale } = useRouting();
  const [items, setItems] = useState<RecentlyViewed[]>([]);
  useEffect(() => setItems(readRecentlyViewed(window.localStorage)), []);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed" className="w-full pt-6 text-left">
      <h2 id="recently-viewed" className="mb-3 text-sm tracking-[0.2em] uppercase">
        {t("system.recentlyViewed")}
      </h2>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {items.map((item) => (
          <li key={item.slug}>
            <Link
              to={to("product", { product: slugIn(item, locale) })}
              className="block text-sm underline-offset-4 hover:underline"
            >
              {item.image ? (
                <img
                  src={item.image}
                  alt=""
                  width={200}
                  height={300}
                  className="mb-2 aspect-[2/3] w-full bg-sand object-cover"
                />
              ) : null}
              {item.name}
              {item.price ? <span className="block text-muted">{item.price}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 404: the spec's text, a search box and the recently viewed products. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const to = usePageHref();
  return (
    <Centered>
      <Eyebrow>404</Eyebrow>
      <h1 className="font-display text-4xl">{t("errors.notFound")}</h1>
      <p className="text-muted">{t("system.notFoundHelp")}</p>
      <Form method="get" action={to("search")} role="search" className="flex w-full max-w-md">
        <label htmlFor="not-found-search" className="sr-only">
          {t("search.label")}
        </label>
        <input
          id="not-found-search"
          type="search"
          name="q"
          placeholder={t("search.placeholder")}
          className="min-h-11 flex-1 border border-line bg-white px-4"
        />
        <button type="submit" className="min-h-11 bg-ink px-5 text-sm tracking-wider text-white uppercase">
          {t("search.submit")}
        </button>
      </Form>
      <Link to={to("home")} className="underline underline-offset-4">
        {t("errors.backHome")}
      </Link>
      <RecentlyViewedList />
    </Centered>
  );
}

/** Renders the fallback text if showing the error page itself fails (SPEC §8). */
class ErrorPageGuard extends Component<{ children: ReactNode; fallback: string }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <p role="alert">{this.props.fallback}</p> : this.props.children;
  }
}

/** The error page: status (default 500), the message, and the way back home. */
export function ErrorPage({ statusCode = 500, message }: { statusCode?: number; message?: string }) {
  const { t } = useTranslation();
  const to = usePageHref();
  return (
    <ErrorPageGuard fallback={t("errors.errorPageFailed")}>
      <Centered>
        <Eyebrow>{statusCode}</Eyebrow>
        <h1 className="font-display text-4xl">{message ?? t("errors.generic")}</h1>
        <p className="text-muted">{t("errors.tryAgainLater")}</p>
        <Link to={to("home")} className="underline underline-offset-4" reloadDocument>
          {t("errors.backHome")}
        </Link>
      </Centered>
    </ErrorPageGuard>
  );
}

export function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <Centered>
      <Eyebrow>{t("shop.name")}</Eyebrow>
      <h1 className="font-display text-4xl">{t("system.maintenanceTitle")}</h1>
      <p className="text-muted">{t("system.maintenanceText")}</p>
    </Centered>
  );
}

export function OfflinePage() {
  const { t } = useTranslation();
  return (
    <Centered>
      <Eyebrow>{t("shop.name")}</Eyebrow>
      <h1 className="font-display text-4xl">{t("system.offlineTitle")}</h1>
      <p className="text-muted">{t("system.offlineText")}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="min-h-11 bg-ink px-6 text-sm tracking-wider text-white uppercase"
      >
        {t("system.tryAgain")}
      </button>
    </Centered>
  );
}

/** Shown instead of checkout to a blocked customer (SPEC §6): why, and where to get help. */
export function BlockedUserPage() {
  const { t } = useTranslation();
  const to = usePageHref();
  return (
    <Centered>
      <h1 className="font-display text-3xl">{t("system.blockedTitle")}</h1>
      <p className="text-muted">{t("errors.blockedCannotOrder")}</p>
      <div className="flex gap-6">
        <Link to={`${to("customer-service")}#faq`} className="underline underline-offset-4">
          {t("footer.faq")}
        </Link>
        <Link to={to("customer-service")} className="underline underline-offset-4">
          {t("footer.customerService")}
        </Link>
      </div>
    </Centered>
  );
}
