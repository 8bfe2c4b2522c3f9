import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import { Captcha } from "~/components/account/captcha";
import { SuccessMessage } from "~/components/account/status";
import { primaryButton, textLink } from "~/components/account/styles";
import { EmailField, FormErrorSummary } from "~/components/forms/conform-fields";
import { requestPasswordReset } from "~/domains/customers/customers.server";
import { ForgotPasswordSchema } from "~/domains/customers/validation";
import { parseSubmission } from "~/platform/forms/submission";
import { useShopForm } from "~/platform/forms/use-shop-form";
import { requestContext } from "~/platform/http/context";
import { serverI18n, translator } from "~/platform/i18n/resources.server";
import { isRefusal } from "~/platform/refusal";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { usePageHref } from "~/routing/use-routing";
import type { Route } from "./+types/forgot-password";

export const middleware = pageMiddleware("forgot-password");
export const handle = { i18n: ["account", "forms"] };
export const headers = personalPage;

export function loader({ context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  return { title: serverI18n(locale).t("account:forgot.title") };
}

/** Always the same answer for a well-formed request, whether the e-mail has an account or not (SPEC §8). */
export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = context.get(routingContext);
  const parsed = parseSubmission(await request.formData(), ForgotPasswordSchema, { t: translator(locale) });
  if (parsed.status === "error") return data({ result: parsed.result, sent: false }, { status: 400 });
  const outcome = await requestPasswordReset(parsed.value, { locale, ip: context.get(requestContext).ip });
  if (isRefusal(outcome))
    return data(
      { result: parsed.reply({ refusal: outcome }), sent: false },
      { status: outcome.kind === "too-many" ? 429 : 400 },
    );
  return { result: parsed.reply({ resetForm: true }), sent: true };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title);
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { t: tf } = useTranslation("forms");
  const to = usePageHref();
  const [sending, setSending] = useState(false);
  const shop = useShopForm({
    schema: ForgotPasswordSchema,
    id: "forgot-password",
    lastResult: actionData?.result,
    pending: sending,
    onValidSubmit: () => setSending(true),
  });
  const labels = { email: tf("labels.email") };
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-10 desktop:py-16">
      <h1 className="font-display text-4xl">{t("forgot.title")}</h1>
      {actionData?.sent ? (
        <div className="mt-8 space-y-6">
          <SuccessMessage>{t("forgot.success")}</SuccessMessage>
          <Link to={to("login")} className={textLink}>
            {t("forgot.back")}
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-2 mb-8 text-muted">{t("forgot.intro")}</p>
          <Form method="post" reloadDocument {...shop.formProps} className="space-y-6">
            <FormErrorSummary form={shop} labels={labels} />
            <EmailField form={shop} meta={shop.fields.email} label={labels.email} />
            <Captcha error={shop.fields.captcha.errors?.[0] ?? undefined} />
            <button type="submit" className={`${primaryButton} w-full`} aria-disabled={sending || undefined}>
              {sending ? t("forgot.pending") : t("forgot.submit")}
            </button>
            <p className="text-center text-sm">
              <Link to={to("login")} className={textLink}>
                {t("forgot.back")}
              </Link>
            </p>
          </Form>
        </>
      )}
    </main>
  );
}
