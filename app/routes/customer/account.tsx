import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { AccountShell } from "~/components/account/account-shell";
import { AddressLines } from "~/components/account/address-card";
import { card, textLink } from "~/components/account/styles";
import { addressesOf, customerProfile, signOut } from "~/domains/customers/customers.server";
import { orderCountOfCustomer } from "~/domains/orders/orders.server";
import { walletOf } from "~/domains/wallet/wallet.server";
import { requireCustomer } from "~/platform/auth/guards.server";
import { intlLocales } from "~/platform/i18n/locales";
import { serverI18n } from "~/platform/i18n/resources.server";
import { formatMoney, money } from "~/platform/money";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { href } from "~/routing/urls";
import { usePageHref, useRouting } from "~/routing/use-routing";
import type { Route } from "./+types/account";

export const middleware = pageMiddleware("account");
export const handle = { i18n: ["account", "forms", "ui", "myorders"] };
export const headers = personalPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = await requireCustomer(request);
  const { locale } = context.get(routingContext);
  const [profile, book, wallet, orderCount] = await Promise.all([
    customerProfile(visitor.id),
    addressesOf(visitor.id),
    walletOf(visitor.id, { limit: 0 }),
    orderCountOfCustomer(visitor.id),
  ]);
  if (!profile) throw data(null, { status: 404 });
  const strip = <T extends { userId: string }>({ userId: _owner, ...rest }: T) => rest;
  const billing = book.find((a) => a.isDefaultBilling);
  const shipping = book.find((a) => a.isDefaultShipping);
  return {
    profile: { ...profile, createdAt: profile.createdAt.toISOString() },
    billing: billing ? strip(billing) : null,
    shipping: shipping ? strip(shipping) : null,
    balanceCents: wallet.balanceCents,
    orderCount,
    title: serverI18n(locale).t("account:overview.title"),
  };
}

/** Log out (from the confirmation modal of every account page). */
export async function action({ request, context }: Route.ActionArgs) {
  const { locale, strategy } = context.get(routingContext);
  const form = await request.formData();
  if (form.get("intent") !== "logout") throw data(null, { status: 400 });
  const response = redirect(href("home", {}, locale, strategy));
  for (const cookie of await signOut(request.headers)) response.headers.append("set-cookie", cookie);
  return response;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { t: tf } = useTranslation("forms");
  const to = usePageHref();
  const { locale } = useRouting();
  const { t: tm } = useTranslation("myorders");
  const { profile, billing, shipping, balanceCents, orderCount } = loaderData;
  const birthDate = profile.birthDate
    ? new Intl.DateTimeFormat(intlLocales[locale], { dateStyle: "long", timeZone: "UTC" }).format(
        new Date(profile.birthDate),
      )
    : null;
  return (
    <AccountShell title={t("overview.greeting", { name: profile.firstName })} intro={t("overview.intro")}>
      {profile.blocked ? (
        <p role="status" className="mb-6 border border-sale bg-white p-4 text-sm">
          {t("overview.blocked")}
        </p>
      ) : null}
      <div className="grid gap-6 desktop:grid-cols-2">
        <section aria-labelledby="overview-details" className={card}>
          <h2 id="overview-details" className="text-xs font-medium tracking-[0.2em] uppercase">
            {t("overview.details")}
          </h2>
          <dl className="mt-4 space-y-1 text-sm">
            <dt className="sr-only">{t("labels.firstName")}</dt>
            <dd className="font-medium">
              {profile.firstName} {profile.lastName}
            </dd>
            <dt className="sr-only">{tf("labels.email")}</dt>
            <dd>{profile.email}</dd>
            {profile.phone ? (
              <>
                <dt className="sr-only">{tf("labels.phone")}</dt>
                <dd>{profile.phone}</dd>
              </>
            ) : null}
            {birthDate ? (
              <>
                <dt className="sr-only">{tf("labels.birthDate")}</dt>
                <dd>{birthDate}</dd>
              </>
            ) : null}
          </dl>
          <p className="mt-3 text-sm text-muted">
            {profile.newsletter ? t("overview.newsletterOn") : t("overview.newsletterOff")}
          </p>
          <Link
            to={to("account-edit")}
            className={`${textLink} mt-4 inline-flex min-h-11 items-center text-sm`}
          >
            {t("overview.editDetails")}
          </Link>
        </section>
        <section aria-labelledby="overview-wallet" className={card}>
          <h2 id="overview-wallet" className="text-xs font-medium tracking-[0.2em] uppercase">
            {t("overview.wallet")}
          </h2>
          <p className="mt-4 font-display text-3xl">{formatMoney(money(balanceCents), locale)}</p>
          <Link to={to("wallet")} className={`${textLink} mt-4 inline-flex min-h-11 items-center text-sm`}>
            {t("overview.viewWallet")}
          </Link>
        </section>
        <section aria-labelledby="overview-orders" className={`${card} desktop:col-span-2`}>
          <h2 id="overview-orders" className="text-xs font-medium tracking-[0.2em] uppercase">
            {tm("overview.orders")}
          </h2>
          <p className="mt-4 text-sm">
            {orderCount > 0 ? tm("overview.count", { count: orderCount }) : tm("overview.none")}
          </p>
          <Link to={to("orders")} className={`${textLink} mt-4 inline-flex min-h-11 items-center text-sm`}>
            {tm("overview.viewOrders")}
          </Link>
        </section>
        <section aria-labelledby="overview-addresses" className={`${card} desktop:col-span-2`}>
          <h2 id="overview-addresses" className="text-xs font-medium tracking-[0.2em] uppercase">
            {t("overview.addresses")}
          </h2>
          {billing || shipping ? (
            <div className="mt-4 grid gap-6 sm:grid-cols-2">
              {[
                { label: t("overview.shipping"), address: shipping },
                { label: t("overview.billing"), address: billing },
              ].map(({ label, address }) =>
                address ? (
                  <div key={label}>
                    <h3 className="mb-1 text-sm text-muted">{label}</h3>
                    <AddressLines address={address} />
                  </div>
                ) : null,
              )}
            </div>
          ) : (
            <p className="mt-4 text-sm text-muted">{t("overview.noAddress")}</p>
          )}
          <Link
            to={to("address-book")}
            className={`${textLink} mt-4 inline-flex min-h-11 items-center text-sm`}
          >
            {t("overview.manageAddresses")}
          </Link>
        </section>
      </div>
    </AccountShell>
  );
}
