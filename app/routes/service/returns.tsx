import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { primaryButton, textLink } from "~/components/account/styles";
import { EmailField, FormErrorSummary, InputField } from "~/components/forms/conform-fields";
import { OrderDetailView } from "~/components/orders/order-detail";
import { lookUpGuestOrder } from "~/domains/customers/customers.server";
import { toOrderView } from "~/domains/orders/orders.server";
import { GuestOrderLookupSchema } from "~/domains/orders/validation";
import { parseSubmission } from "~/platform/forms/submission";
import { useShopForm } from "~/platform/forms/use-shop-form";
import { requestContext } from "~/platform/http/context";
import { serverI18n } from "~/platform/i18n/resources.server";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { usePageHref } from "~/routing/use-routing";
import type { Route } from "./+types/returns";

export const handle = { i18n: ["myorders", "orders", "checkout", "payments", "catalog", "forms", "account"] };
// The page itself is the same for everyone, but the lookup's answer is one guest's order.
export const headers = personalPage;

export function loader({ context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  return { title: serverI18n(locale).t("myorders:lookup.title") };
}

/**
 * The guest order lookup (docs/decisions/0023): number + e-mail, the same answer for an unknown number and
 * a wrong e-mail, throttled. The order is shown in the reply to the POST, never in a URL.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = context.get(routingContext);
  const { t } = serverI18n(locale);
  const translate = (key: string, values: Record<string, unknown> = {}) => t(key, values) as string;
  const parsed = parseSubmission(await request.formData(), GuestOrderLookupSchema, { t: translate });
  if (parsed.status === "error") return data({ result: parsed.result, order: null }, { status: 400 });
  const outcome = await lookUpGuestOrder(parsed.value, { ip: context.get(requestContext).ip });
  if (!outcome.ok)
    return data(
      { result: parsed.reply({ formErrors: [outcome.messageKey] }), order: null },
      {
        status: outcome.messageKey === "account:throttled" ? 429 : 404,
        headers: outcome.retryAfterSeconds ? { "retry-after": String(outcome.retryAfterSeconds) } : undefined,
      },
    );
  return { result: parsed.reply(), order: toOrderView(outcome.order) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title);
}

export default function ReturnsPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["myorders", "forms"]);
  const to = usePageHref();
  const [sending, setSending] = useState(false);
  const shop = useShopForm({
    schema: GuestOrderLookupSchema,
    id: "order-lookup",
    lastResult: actionData?.result,
    pending: sending,
    onValidSubmit: () => setSending(true),
  });
  const labels = { number: t("myorders:lookup.number"), email: t("forms:labels.email") };
  const order = actionData?.order;
  if (order)
    return (
      <main id="main" className="mx-auto max-w-6xl px-4 py-10 desktop:px-8 desktop:py-12">
        <h1 className="font-display text-4xl">{t("myorders:detail.title", { number: order.number })}</h1>
        <div className="mt-8">
          <OrderDetailView order={order} />
        </div>
        <a href={to("returns")} className={`${textLink} mt-8 inline-flex min-h-11 items-center text-sm`}>
          {t("myorders:lookup.another")}
        </a>
      </main>
    );
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-10 desktop:py-16">
      <h1 className="font-display text-4xl">{t("myorders:lookup.title")}</h1>
      <p className="mt-2 mb-8 text-muted">{t("myorders:lookup.intro")}</p>
      <Form method="post" reloadDocument {...shop.formProps} className="space-y-6">
        <FormErrorSummary form={shop} labels={labels} />
        <InputField
          meta={shop.fields.number}
          label={labels.number}
          description={t("myorders:lookup.numberHint")}
          inputMode="numeric"
          autoComplete="off"
          maxLength={9}
        />
        <EmailField form={shop} meta={shop.fields.email} label={labels.email} />
        <button type="submit" className={`${primaryButton} w-full`} aria-disabled={sending || undefined}>
          {sending ? t("myorders:lookup.pending") : t("myorders:lookup.submit")}
        </button>
      </Form>
    </main>
  );
}
