import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { SuccessMessage } from "~/components/account/status";
import { primaryButton } from "~/components/account/styles";
import { EmailField, FormErrorSummary, SwitchField, TextareaField } from "~/components/forms/conform-fields";
import { giveFeedback } from "~/domains/marketing/marketing.server";
import { FEEDBACK_PRIZE_CENTS, FeedbackSchema } from "~/domains/marketing/validation";
import { checkSession } from "~/platform/auth/session.server";
import { translateMessage } from "~/platform/forms/messages";
import { parseSubmission } from "~/platform/forms/submission";
import { useShopForm } from "~/platform/forms/use-shop-form";
import { requestContext } from "~/platform/http/context";
import { serverI18n, translator } from "~/platform/i18n/resources.server";
import { logger } from "~/platform/logging/logger.server";
import { formatMoney, money } from "~/platform/money";
import { isRefusal } from "~/platform/refusal";
import { pageMeta } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { useRouting } from "~/routing/use-routing";
import type { Route } from "./+types/feedback";

export const middleware = pageMiddleware("feedback");
export const handle = { i18n: ["marketing", "forms"] };

export async function loader({ context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  return { title: serverI18n(locale).t("marketing:feedback.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = context.get(routingContext);
  const parsed = parseSubmission(await request.formData(), FeedbackSchema, { t: translator(locale) });
  if (parsed.status === "error") return data({ result: parsed.result, thanks: null }, { status: 400 });
  try {
    const { visitor } = await checkSession(request);
    const outcome = await giveFeedback(parsed.value, {
      locale,
      ip: context.get(requestContext).ip,
      userId: visitor?.id ?? null,
    });
    if (isRefusal(outcome))
      return data({ result: parsed.reply({ refusal: outcome }), thanks: null }, { status: 429 });
    return {
      result: parsed.reply({ resetForm: true }),
      thanks: outcome.enteredDraw ? ("thanksDraw" as const) : ("thanks" as const),
    };
  } catch (error) {
    logger.error({ err: error }, "feedback not stored");
    return data(
      { result: parsed.reply({ formErrors: ["marketing:feedback.errors.failure"] }), thanks: null },
      { status: 503 },
    );
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title);
}

export default function FeedbackPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("marketing");
  const { t: tf } = useTranslation("forms");
  const { locale } = useRouting();
  const [sending, setSending] = useState(false);
  const shop = useShopForm({
    schema: FeedbackSchema,
    id: "feedback",
    lastResult: actionData?.result,
    pending: sending && !actionData,
    onValidSubmit: () => setSending(true),
  });
  const { fields } = shop;
  const amount = formatMoney(money(FEEDBACK_PRIZE_CENTS), locale);
  const labels = {
    rating: t("feedback.labels.rating"),
    text: t("feedback.labels.text"),
    email: t("feedback.labels.email"),
  };
  const ratingError = fields.rating.errors?.[0];
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-10 desktop:py-16">
      <h1 className="font-display text-4xl">{t("feedback.title")}</h1>
      <p className="mt-2 mb-8 text-muted">{t("feedback.intro", { amount })}</p>
      {actionData?.thanks ? (
        <div className="mb-8">
          <SuccessMessage>{t(`feedback.${actionData.thanks}`)}</SuccessMessage>
        </div>
      ) : null}
      <Form method="post" reloadDocument {...shop.formProps} className="space-y-6">
        <FormErrorSummary form={shop} labels={labels} />
        <fieldset
          aria-describedby={ratingError ? `${fields.rating.id}-error` : undefined}
          aria-invalid={ratingError ? true : undefined}
        >
          <legend className="mb-2 text-sm font-medium">{labels.rating}*</legend>
          <div className="flex gap-2">
            {(["1", "2", "3", "4", "5"] as const).map((value) => (
              <label
                key={value}
                className="flex min-h-12 min-w-12 cursor-pointer items-center justify-center border border-line bg-white px-3 has-checked:border-ink has-checked:bg-ink has-checked:text-paper"
              >
                <input
                  type="radio"
                  name={fields.rating.name}
                  value={value}
                  defaultChecked={fields.rating.initialValue === value}
                  className="sr-only"
                  aria-label={t("feedback.ratingValue", { count: Number(value) })}
                />
                <span aria-hidden="true">{value}</span>
              </label>
            ))}
          </div>
          {ratingError ? (
            <p id={`${fields.rating.id}-error`} className="mt-1 text-sm text-sale">
              {translateMessage(tf, ratingError, { label: labels.rating })}
            </p>
          ) : null}
        </fieldset>
        <TextareaField meta={fields.text} label={labels.text} maxChars={2_000} rows={5} />
        <EmailField
          form={shop}
          meta={fields.email}
          label={labels.email}
          description={t("feedback.emailHelp")}
        />
        <SwitchField
          meta={fields.enterDraw}
          label={t("feedback.labels.enterDraw", { amount })}
          description={t("feedback.drawTerms")}
        />
        <button type="submit" className={`${primaryButton} w-full`} aria-disabled={sending || undefined}>
          {sending && !actionData ? t("feedback.pending") : t("feedback.submit")}
        </button>
      </Form>
    </main>
  );
}
