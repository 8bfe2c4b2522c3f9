import { useTranslation } from "react-i18next";
import { AccountShell } from "~/components/account/account-shell";
import { ReturnCard } from "~/components/returns/return-card";
import { ordersOfCustomer } from "~/domains/orders/orders.server";
import {
  returnLabelPath,
  returnQrSvg,
  returnsOfCustomer,
  toReturnView,
} from "~/domains/returns/returns.server";
import { requireCustomer } from "~/platform/auth/guards.server";
import { serverI18n } from "~/platform/i18n/resources.server";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import type { Route } from "./+types/returns";

export const middleware = pageMiddleware("customer-returns");
export const handle = { i18n: ["account", "returns", "myorders", "orders"] };
export const headers = personalPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = await requireCustomer(request);
  const { locale } = context.get(routingContext);
  const orders = await ordersOfCustomer(visitor.id);
  const returns = await returnsOfCustomer(orders.map((o) => o.number));
  const created = new URL(request.url).searchParams.get("created");
  return {
    returns: await Promise.all(
      returns.map(async (r) => {
        const toSend = r.status === "requested" || r.status === "in_transit";
        return {
          ret: toReturnView(r),
          qrSvg: toSend ? await returnQrSvg(r.number) : null,
          labelUrl: toSend && r.method !== "exchange" ? returnLabelPath(r.number, locale) : null,
        };
      }),
    ),
    created: returns.some((r) => r.number === created) ? created : null,
    title: serverI18n(locale).t("returns:list.title"),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

export default function CustomerReturnsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("returns");
  const { returns, created } = loaderData;
  return (
    <AccountShell title={t("list.title")}>
      {created ? (
        <div role="status" className="mb-6 border border-success p-4">
          <p className="font-medium">{t("requested.title", { number: created })}</p>
          <p className="text-sm">{t("requested.body")}</p>
        </div>
      ) : null}
      {returns.length === 0 ? (
        <p>{t("list.empty")}</p>
      ) : (
        <div className="space-y-4">
          {returns.map(({ ret, qrSvg, labelUrl }) => (
            <ReturnCard key={ret.number} ret={ret} qrSvg={qrSvg} labelUrl={labelUrl} />
          ))}
        </div>
      )}
    </AccountShell>
  );
}
