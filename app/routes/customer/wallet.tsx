import { Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AccountShell } from "~/components/account/account-shell";
import { card } from "~/components/account/styles";
import { walletOf } from "~/domains/wallet/wallet.server";
import { requireCustomer } from "~/platform/auth/guards.server";
import { intlLocales } from "~/platform/i18n/locales";
import { serverI18n } from "~/platform/i18n/resources.server";
import { formatMoney, money } from "~/platform/money";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { useRouting } from "~/routing/use-routing";
import type { Route } from "./+types/wallet";

export const middleware = pageMiddleware("wallet");
export const handle = { i18n: ["account", "ui"] };
export const headers = personalPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = await requireCustomer(request);
  const { locale } = context.get(routingContext);
  const wallet = await walletOf(visitor.id);
  return {
    balanceCents: wallet.balanceCents,
    entries: wallet.entries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    title: serverI18n(locale).t("account:wallet.title"),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

export default function WalletPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { locale } = useRouting();
  const date = new Intl.DateTimeFormat(intlLocales[locale], { dateStyle: "medium" });
  const { balanceCents, entries } = loaderData;
  return (
    <AccountShell title={t("wallet.title")} intro={t("wallet.intro")}>
      <section aria-labelledby="wallet-balance" className={`${card} mb-8 flex items-center gap-4`}>
        <Wallet aria-hidden="true" className="size-8 text-muted" strokeWidth={1.25} />
        <div>
          <h2 id="wallet-balance" className="text-xs font-medium tracking-[0.2em] uppercase">
            {t("wallet.balance")}
          </h2>
          <p className="font-display text-4xl">{formatMoney(money(balanceCents), locale)}</p>
        </div>
      </section>
      <section aria-labelledby="wallet-history">
        <h2 id="wallet-history" className="mb-4 font-display text-2xl">
          {t("wallet.history")}
        </h2>
        {entries.length === 0 ? (
          <p className="text-muted">{t("wallet.empty")}</p>
        ) : (
          <table className="w-full border-collapse text-sm">
            <thead>
              <tr className="border-b border-line text-start text-xs tracking-wider text-muted uppercase">
                <th scope="col" className="py-2 text-start font-medium">
                  {t("wallet.date")}
                </th>
                <th scope="col" className="py-2 text-start font-medium">
                  {t("wallet.description")}
                </th>
                <th scope="col" className="py-2 text-end font-medium">
                  {t("wallet.amount")}
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} className="border-b border-line">
                  <td className="py-3">{date.format(new Date(entry.createdAt))}</td>
                  <td className="py-3">
                    {t(`wallet.kinds.${entry.kind}`)}
                    {entry.reference ? <span className="text-muted"> · {entry.reference}</span> : null}
                    {entry.note ? (
                      <span className="block text-sm text-muted">
                        {t("wallet.noteLabel")}: {entry.note}
                      </span>
                    ) : null}
                  </td>
                  <td className={`py-3 text-end tabular-nums ${entry.amountCents > 0 ? "text-success" : ""}`}>
                    {entry.amountCents > 0 ? "+" : ""}
                    {formatMoney(money(entry.amountCents), locale)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </AccountShell>
  );
}
