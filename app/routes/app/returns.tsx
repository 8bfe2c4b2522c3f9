import { randomUUID } from "node:crypto";
import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { secondaryButton, textLink } from "~/components/account/styles";
import { ReturnCard } from "~/components/returns/return-card";
import { ReturnForm } from "~/components/returns/return-form";
import { ordersOfCustomer } from "~/domains/orders/orders.server";
import {
  requestReturn,
  returnLabelPath,
  returnOptions,
  returnQrSvg,
  returnsOfCustomer,
  toReturnView,
} from "~/domains/returns/returns.server";
import { ReturnRequestSchema } from "~/domains/returns/validation";
import { requireCustomer } from "~/platform/auth/guards.server";
import { checkSession } from "~/platform/auth/session.server";
import { parseSubmission } from "~/platform/forms/submission";
import { serverI18n, translator } from "~/platform/i18n/resources.server";
import { isRefusal, refusalStatus } from "~/platform/refusal";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { href } from "~/routing/urls";
import { usePageHref } from "~/routing/use-routing";
import type { Route } from "./+types/returns";

export const handle = { i18n: ["returns", "myorders", "orders", "forms", "account"] };
export const headers = personalPage;

/**
 * The return flow in the companion app's layout (`/app/returns/`): the customer's returns with their QR
 * codes, the shipped orders to return from, and (`?order=`) the same return form as the order page. A
 * signed-out visitor is asked to sign in, or pointed at the guest lookup.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  const title = serverI18n(locale).t("returns:app.title");
  const { visitor } = await checkSession(request);
  if (!visitor) return { title, signedIn: false as const };
  const url = new URL(request.url);
  const number = url.searchParams.get("order");
  if (number) {
    const options = await returnOptions(number, { kind: "customer", userId: visitor.id });
    if (isRefusal(options)) throw data(null, { status: 404 });
    return { title, signedIn: true as const, options, returns: [], orders: [], created: null };
  }
  const orders = await ordersOfCustomer(visitor.id);
  const returns = await returnsOfCustomer(orders.map((o) => o.number));
  const created = url.searchParams.get("created");
  return {
    title,
    signedIn: true as const,
    options: null,
    created: returns.some((r) => r.number === created) ? created : null,
    orders: orders.filter((o) => o.status === "complete").map((o) => o.number),
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
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const visitor = await requireCustomer(request);
  const { locale, strategy } = context.get(routingContext);
  const form = await request.formData();
  const parsed = parseSubmission(form, ReturnRequestSchema, { t: translator(locale) });
  if (parsed.status === "error") return data({ result: parsed.result }, { status: 400 });
  const made = await requestReturn(
    { ...parsed.value, idempotencyKey: String(form.get("key") ?? randomUUID()) },
    { kind: "customer", userId: visitor.id },
  );
  if (isRefusal(made))
    return data({ result: parsed.reply({ refusal: made }) }, { status: refusalStatus[made.kind] });
  throw redirect(`${href("app-returns", {}, locale, strategy)}?created=${made.number}`);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

export default function AppReturns({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["returns", "account"]);
  const to = usePageHref();
  if (!loaderData.signedIn)
    return (
      <main id="main" className="mx-auto max-w-xl space-y-4 px-4 py-6">
        <h1 className="font-display text-3xl">{loaderData.title}</h1>
        <p>{t("app.signIn")}</p>
        <Link to={to("login")} className={secondaryButton}>
          {t("account:login.submit")}
        </Link>
        <p>
          <Link to={to("returns")} className={textLink}>
            {t("app.guest")}
          </Link>
        </p>
      </main>
    );
  const { options, returns, orders, created } = loaderData;
  if (options)
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-6">
        <h1 className="mb-4 font-display text-3xl">{t("form.title", { number: options.orderNumber })}</h1>
        {options.returnWindow.open ? (
          <ReturnForm options={options} lastResult={actionData?.result} />
        ) : (
          <p role="status">{options.returnWindow.closesAt ? t("form.closed") : t("form.notShipped")}</p>
        )}
        <Link to={to("app-returns")} className={`${textLink} mt-8 inline-flex min-h-11 items-center text-sm`}>
          {t("app.back")}
        </Link>
      </main>
    );
  return (
    <main id="main" className="mx-auto max-w-xl space-y-6 px-4 py-6">
      <h1 className="font-display text-3xl">{loaderData.title}</h1>
      {created ? (
        <div role="status" className="border border-success p-4">
          <p className="font-medium">{t("requested.title", { number: created })}</p>
          <p className="text-sm">{t("requested.body")}</p>
        </div>
      ) : null}
      <section aria-labelledby="app-return-orders" className="space-y-2">
        <h2 id="app-return-orders" className="font-display text-2xl">
          {t("app.orders")}
        </h2>
        {orders.length === 0 ? (
          <p className="text-muted">{t("app.noneOpen")}</p>
        ) : (
          <ul className="space-y-2">
            {orders.map((number) => (
              <li key={number}>
                <Link to={`${to("app-returns")}?order=${number}`} className={textLink}>
                  {t("app.returnItems", { number })}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="app-return-list" className="space-y-4">
        <h2 id="app-return-list" className="font-display text-2xl">
          {t("list.title")}
        </h2>
        {returns.length === 0 ? (
          <p>{t("list.empty")}</p>
        ) : (
          returns.map(({ ret, qrSvg, labelUrl }) => (
            <ReturnCard key={ret.number} ret={ret} qrSvg={qrSvg} labelUrl={labelUrl} />
          ))
        )}
      </section>
    </main>
  );
}
