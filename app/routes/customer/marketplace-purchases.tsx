import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AccountShell } from "~/components/account/account-shell";
import { textLink } from "~/components/account/styles";
import { transactionsOf } from "~/domains/marketplace/transactions/transactions.server";
import { requireCustomer } from "~/platform/auth/guards.server";
import { serverI18n } from "~/platform/i18n/resources.server";
import { formatMoney, money } from "~/platform/money";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { usePageHref, useRouting } from "~/routing/use-routing";
import type { Route } from "./+types/marketplace-purchases";

export const middleware = pageMiddleware("my-marketplace-purchases");
export const handle = { i18n: ["trade", "account"] };
export const headers = personalPage;

/** Purchases and sales side by side, each with its state in plain words and whose move it is. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = await requireCustomer(request);
  const { locale } = context.get(routingContext);
  const [purchases, sales] = await Promise.all([
    transactionsOf(visitor.id, "customer"),
    transactionsOf(visitor.id, "provider"),
  ]);
  return { purchases, sales, title: serverI18n(locale).t("trade:list.title") };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

export default function PurchasesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("trade");
  const { locale } = useRouting();
  const to = usePageHref();
  const price = (cents: number) => formatMoney(money(cents), locale);
  const when = (value: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(value));
  const lists = [
    { key: "purchases", rows: loaderData.purchases },
    { key: "sales", rows: loaderData.sales },
  ] as const;
  return (
    <AccountShell title={loaderData.title}>
      {lists.map(({ key, rows }) => (
        <section key={key} aria-labelledby={`list-${key}`} className="mb-8">
          <h2 id={`list-${key}`} className="mb-3 text-lg font-semibold">
            {t(`list.${key}`)}
          </h2>
          {rows.length === 0 ? (
            <p className="text-sm text-muted">{t(`list.${key}Empty`)}</p>
          ) : (
            <ul className="divide-y divide-line border border-line bg-white" data-list={key}>
              {rows.map((row) => (
                <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm">
                  <div>
                    <Link to={to("my-marketplace-transaction", { id: String(row.id) })} className={textLink}>
                      {row.items > 1
                        ? t("list.bundle", { title: row.title, count: row.items - 1 })
                        : row.title}
                    </Link>
                    <p className="text-muted">
                      {row.number} · {row.storeName} · {when(row.createdAt)}
                    </p>
                  </div>
                  <div className="sm:text-end">
                    <p data-state={row.state}>{t(`state.${row.state}`)}</p>
                    {row.yourMove ? (
                      <p className="font-semibold">
                        {row.deadline
                          ? t("list.yourMoveBy", { date: when(row.deadline) })
                          : t("list.yourMove")}
                      </p>
                    ) : null}
                    <p>{price(row.totalCents)}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </AccountShell>
  );
}
