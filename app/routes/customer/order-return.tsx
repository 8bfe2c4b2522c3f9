import { randomUUID } from "node:crypto";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { AccountShell } from "~/components/account/account-shell";
import { textLink } from "~/components/account/styles";
import { ReturnForm } from "~/components/returns/return-form";
import { requestReturn, returnOptions } from "~/domains/returns/returns.server";
import { ReturnRequestSchema } from "~/domains/returns/validation";
import { requireCustomer } from "~/platform/auth/guards.server";
import { parseSubmission } from "~/platform/forms/submission";
import { serverI18n, translator } from "~/platform/i18n/resources.server";
import { isRefusal, refusalStatus } from "~/platform/refusal";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { href } from "~/routing/urls";
import { usePageHref } from "~/routing/use-routing";
import type { Route } from "./+types/order-return";

export const middleware = pageMiddleware("order-return");
export const handle = { i18n: ["account", "returns", "myorders", "orders", "forms"] };
export const headers = personalPage;

/** Someone else's order is a 404, as on the order page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const visitor = await requireCustomer(request);
  const { locale } = context.get(routingContext);
  const options = await returnOptions(params.number, { kind: "customer", userId: visitor.id });
  if (isRefusal(options)) throw data(null, { status: 404 });
  return { options, title: serverI18n(locale).t("returns:form.title", { number: params.number }) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const visitor = await requireCustomer(request);
  const { locale, strategy } = context.get(routingContext);
  const form = await request.formData();
  form.set("number", params.number);
  const parsed = parseSubmission(form, ReturnRequestSchema, { t: translator(locale) });
  if (parsed.status === "error") return data({ result: parsed.result }, { status: 400 });
  const made = await requestReturn(
    { ...parsed.value, idempotencyKey: String(form.get("key") ?? randomUUID()) },
    { kind: "customer", userId: visitor.id },
  );
  if (isRefusal(made))
    return data({ result: parsed.reply({ refusal: made }) }, { status: refusalStatus[made.kind] });
  throw redirect(`${href("customer-returns", {}, locale, strategy)}?created=${made.number}`);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

export default function OrderReturnPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation(["returns", "myorders"]);
  const to = usePageHref();
  const { options } = loaderData;
  return (
    <AccountShell title={t("form.title", { number: options.orderNumber })}>
      {options.returnWindow.open ? (
        <ReturnForm options={options} lastResult={actionData?.result} />
      ) : (
        <p role="status">{options.returnWindow.closesAt ? t("form.closed") : t("form.notShipped")}</p>
      )}
      <Link
        to={to("order", { number: params.number })}
        className={`${textLink} mt-8 inline-flex min-h-11 items-center gap-2 text-sm`}
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t("myorders:detail.back")}
      </Link>
    </AccountShell>
  );
}
