import { randomUUID } from "node:crypto";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { primaryButton, secondaryButton, textLink } from "~/components/account/styles";
import { EmailField, FormErrorSummary, InputField } from "~/components/forms/conform-fields";
import { OrderDetailView } from "~/components/orders/order-detail";
import { ReturnCard } from "~/components/returns/return-card";
import { ReturnForm } from "~/components/returns/return-form";
import { lookUpGuestOrder, toOrderView } from "~/domains/orders/orders.server";
import { GuestOrderLookupSchema } from "~/domains/orders/validation";
import {
  requestReturn,
  returnByNumber,
  returnLabelPath,
  returnOptions,
  returnQrSvg,
  toReturnView,
} from "~/domains/returns/returns.server";
import { ReturnRequestSchema } from "~/domains/returns/validation";
import { parseSubmission } from "~/platform/forms/submission";
import { useShopForm } from "~/platform/forms/use-shop-form";
import { requestContext } from "~/platform/http/context";
import type { Locale } from "~/platform/i18n/locales";
import { serverI18n, translator } from "~/platform/i18n/resources.server";
import { isRefusal, refusalStatus } from "~/platform/refusal";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { usePageHref } from "~/routing/use-routing";
import type { Route } from "./+types/returns";

export const handle = {
  i18n: ["myorders", "orders", "returns", "checkout", "payments", "catalog", "forms", "account"],
};
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
  const form = await request.formData();
  if (form.get("intent") === "return") return returnAction(form, locale, context.get(requestContext).ip);
  const parsed = parseSubmission(form, GuestOrderLookupSchema, { t: translator(locale) });
  if (parsed.status === "error") return data({ result: parsed.result, order: null }, { status: 400 });
  const order = await lookUpGuestOrder(parsed.value, { ip: context.get(requestContext).ip });
  if (isRefusal(order)) {
    const wait = order.values.retryAfterSeconds;
    return data(
      { result: parsed.reply({ refusal: order }), order: null },
      { status: refusalStatus[order.kind], headers: wait ? { "retry-after": String(wait) } : undefined },
    );
  }
  const options = await returnOptions(order.number, { kind: "guest", email: parsed.value.email });
  return {
    result: parsed.reply(),
    order: toOrderView(order),
    email: parsed.value.email,
    options: isRefusal(options) ? null : options,
  };
}

/**
 * A guest's return: the order's e-mail travels with the form and is checked again (throttled, like the
 * lookup); the reply shows the new return with its QR code, never in a URL.
 */
async function returnAction(form: FormData, locale: Locale, ip: string) {
  const parsed = parseSubmission(form, ReturnRequestSchema, { t: translator(locale) });
  if (parsed.status === "error") return data({ result: parsed.result, order: null }, { status: 400 });
  const email = parsed.value.email ?? "";
  const order = await lookUpGuestOrder({ number: parsed.value.number, email }, { ip });
  if (isRefusal(order))
    return data(
      { result: parsed.reply({ refusal: order }), order: null },
      { status: refusalStatus[order.kind] },
    );
  const made = await requestReturn(
    { ...parsed.value, idempotencyKey: String(form.get("key") ?? randomUUID()) },
    { kind: "guest", email },
  );
  if (isRefusal(made)) {
    const options = await returnOptions(order.number, { kind: "guest", email });
    return data(
      {
        result: parsed.reply({ refusal: made }),
        order: toOrderView(order),
        email,
        options: isRefusal(options) ? null : options,
      },
      { status: refusalStatus[made.kind] },
    );
  }
  const ret = (await returnByNumber(made.number))!;
  return {
    result: parsed.reply(),
    order: null,
    created: {
      ret: toReturnView(ret),
      qrSvg: await returnQrSvg(ret.number),
      labelUrl: ret.method === "exchange" ? null : returnLabelPath(ret.number, locale),
    },
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title);
}

export default function ReturnsPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["myorders", "forms", "returns"]);
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
  const created = actionData && "created" in actionData ? actionData.created : null;
  if (created)
    return (
      <main id="main" className="mx-auto max-w-3xl px-4 py-10 desktop:px-8 desktop:py-12">
        <h1 className="font-display text-4xl">
          {t("returns:requested.title", { number: created.ret.number })}
        </h1>
        <p className="mt-2 mb-8">{t("returns:requested.body")}</p>
        <ReturnCard ret={created.ret} qrSvg={created.qrSvg} labelUrl={created.labelUrl} />
      </main>
    );
  const options = actionData && "options" in actionData ? actionData.options : null;
  const email = actionData && "email" in actionData ? actionData.email : undefined;
  if (order)
    return (
      <main id="main" className="mx-auto max-w-6xl px-4 py-10 desktop:px-8 desktop:py-12">
        <h1 className="font-display text-4xl">{t("myorders:detail.title", { number: order.number })}</h1>
        <div className="mt-8">
          <OrderDetailView order={order} />
        </div>
        {options?.withdrawalOpen && options.lines.some((l) => l.left > 0) ? (
          <Form method="post" action={to("withdrawal")} reloadDocument className="mt-8">
            <input type="hidden" name="number" value={order.number} />
            <input type="hidden" name="email" value={email} />
            <button type="submit" className={secondaryButton}>
              {t("returns:withdrawal.button")}
            </button>
          </Form>
        ) : null}
        {options?.returnWindow.open && options.lines.some((l) => l.left > 0) ? (
          <section aria-labelledby="return-title" className="mt-10">
            <h2 id="return-title" className="mb-4 font-display text-3xl">
              {t("returns:form.title", { number: order.number })}
            </h2>
            <ReturnForm options={options} email={email} lastResult={actionData?.result} />
          </section>
        ) : null}
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
