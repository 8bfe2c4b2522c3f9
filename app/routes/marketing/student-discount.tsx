import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { SuccessMessage } from "~/components/account/status";
import { card, primaryButton } from "~/components/account/styles";
import { EmailField, FormErrorSummary, SelectField } from "~/components/forms/conform-fields";
import { shopSetting } from "~/domains/content/content.server";
import { confirmStudent, requestStudentVerification } from "~/domains/marketing/marketing.server";
import { StudentDiscountSchema } from "~/domains/marketing/validation";
import { parseSubmission } from "~/platform/forms/submission";
import { useShopForm } from "~/platform/forms/use-shop-form";
import { countries } from "~/platform/forms/validators";
import { requestContext } from "~/platform/http/context";
import { serverI18n, translator } from "~/platform/i18n/resources.server";
import { isRefusal } from "~/platform/refusal";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import type { Route } from "./+types/student-discount";

export const middleware = pageMiddleware("studenten-korting");
export const handle = { i18n: ["marketing", "forms"] };
export const headers = personalPage;

/** With `?token=` (the link from the e-mail) the page confirms the address and shows the personal code. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  const t = serverI18n(locale).t;
  const { percent } = await shopSetting("studentDiscount");
  const token = new URL(request.url).searchParams.get("token");
  const confirmed = token ? await confirmStudent(token) : null;
  return {
    title: t("marketing:student.title"),
    percent,
    confirmation: !confirmed
      ? null
      : isRefusal(confirmed)
        ? { code: null, error: t(confirmed.messageKey, confirmed.values) as string }
        : { code: confirmed.code, error: null },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = context.get(routingContext);
  const parsed = parseSubmission(await request.formData(), StudentDiscountSchema, { t: translator(locale) });
  if (parsed.status === "error") return data({ result: parsed.result, sentTo: null }, { status: 400 });
  const outcome = await requestStudentVerification(parsed.value, {
    locale,
    ip: context.get(requestContext).ip,
  });
  if (isRefusal(outcome))
    return data(
      { result: parsed.reply({ refusal: outcome }), sentTo: null },
      { status: outcome.kind === "too-many" ? 429 : 400 },
    );
  return { result: parsed.reply({ resetForm: true }), sentTo: outcome.email };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title);
}

export default function StudentDiscountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("marketing");
  const { t: tf } = useTranslation("forms");
  const [sending, setSending] = useState(false);
  const shop = useShopForm({
    schema: StudentDiscountSchema,
    id: "student-discount",
    lastResult: actionData?.result,
    pending: sending && !actionData,
    onValidSubmit: () => setSending(true),
  });
  const { fields } = shop;
  const labels = { email: t("student.labels.email"), country: t("student.labels.country") };
  const confirmation = loaderData.confirmation;
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-10 desktop:py-16">
      <h1 className="font-display text-4xl">{t("student.title")}</h1>
      <p className="mt-2 mb-8 text-muted">{t("student.intro", { percent: loaderData.percent })}</p>
      {confirmation?.code ? (
        <section className={`${card} mb-10 text-center`} aria-labelledby="student-code">
          <h2 id="student-code" className="font-display text-2xl">
            {t("student.codeTitle", { percent: loaderData.percent })}
          </h2>
          <p className="mt-4 inline-block border border-dashed border-ink px-4 py-3 font-mono text-xl tracking-widest">
            {confirmation.code}
          </p>
          <p className="mt-4 text-sm text-muted">{t("student.codeHelp")}</p>
        </section>
      ) : null}
      {confirmation?.error ? (
        <p role="alert" className="mb-8 border border-sale bg-white p-4 text-sm">
          {confirmation.error}
        </p>
      ) : null}
      {actionData?.sentTo ? (
        <div className="mb-8">
          <SuccessMessage>{t("student.sent", { email: actionData.sentTo })}</SuccessMessage>
        </div>
      ) : null}
      {confirmation?.code ? null : (
        <Form method="post" reloadDocument {...shop.formProps} className="space-y-6">
          <FormErrorSummary form={shop} labels={labels} />
          <SelectField meta={fields.country} label={labels.country} placeholder={tf("countries.choose")}>
            {countries.map((country) => (
              <option key={country} value={country}>
                {tf(`countries.${country}`)}
              </option>
            ))}
          </SelectField>
          <EmailField
            form={shop}
            meta={fields.email}
            label={labels.email}
            description={t("student.emailHelp")}
          />
          <button type="submit" className={`${primaryButton} w-full`} aria-disabled={sending || undefined}>
            {sending && !actionData ? t("student.pending") : t("student.submit")}
          </button>
        </Form>
      )}
      <p className="mt-10 text-xs text-muted">{t("student.terms", { percent: loaderData.percent })}</p>
    </main>
  );
}
