import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import { SuccessMessage } from "~/components/account/status";
import { primaryButton, textLink } from "~/components/account/styles";
import { FormErrorSummary, PasswordField } from "~/components/forms/conform-fields";
import { resetPassword, resetTokenUsable } from "~/domains/customers/customers.server";
import { ResetPasswordSchema } from "~/domains/customers/validation";
import { parseSubmission } from "~/platform/forms/submission";
import { useShopForm } from "~/platform/forms/use-shop-form";
import { serverI18n, translator } from "~/platform/i18n/resources.server";
import { isRefusal } from "~/platform/refusal";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { usePageHref } from "~/routing/use-routing";
import type { Route } from "./+types/reset-password";

export const handle = { i18n: ["account", "forms"] };
export const headers = personalPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = token.length > 0 && token.length <= 200 && (await resetTokenUsable(token));
  return { token: usable ? token : null, title: serverI18n(locale).t("account:reset.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = context.get(routingContext);
  const parsed = parseSubmission(await request.formData(), ResetPasswordSchema, { t: translator(locale) });
  if (parsed.status === "error")
    return data({ result: parsed.result, done: false, expired: false }, { status: 400 });
  const outcome = await resetPassword(parsed.value);
  if (isRefusal(outcome))
    return data({ result: parsed.reply(), done: false, expired: true }, { status: 400 });
  return { result: parsed.reply({ resetForm: true }), done: true, expired: false };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { t: tf } = useTranslation("forms");
  const to = usePageHref();
  const [sending, setSending] = useState(false);
  const shop = useShopForm({
    schema: ResetPasswordSchema,
    id: "reset-password",
    lastResult: actionData?.result,
    pending: sending,
    onValidSubmit: () => setSending(true),
  });
  const labels = { password: tf("labels.newPassword"), confirmPassword: tf("labels.confirmPassword") };
  let body: React.ReactNode;
  if (actionData?.done) {
    body = (
      <div className="mt-8 space-y-6">
        <SuccessMessage>{t("reset.success")}</SuccessMessage>
        <Link to={to("login")} className={primaryButton}>
          {t("login.submit")}
        </Link>
      </div>
    );
  } else if (!loaderData.token || actionData?.expired) {
    body = (
      <div className="mt-8 space-y-6">
        <p role="alert" className="border border-sale bg-white p-4 text-sm">
          {t("reset.invalidToken")}
        </p>
        <Link to={to("forgot-password")} className={textLink}>
          {t("reset.requestNew")}
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        <p className="mt-2 mb-8 text-muted">{t("reset.intro")}</p>
        <Form method="post" reloadDocument {...shop.formProps} className="space-y-6">
          <FormErrorSummary form={shop} labels={labels} />
          <input type="hidden" name="token" value={loaderData.token} />
          <PasswordField
            meta={shop.fields.password}
            label={labels.password}
            autoComplete="new-password"
            description={t("register.passwordHelp")}
          />
          <PasswordField
            meta={shop.fields.confirmPassword}
            label={labels.confirmPassword}
            autoComplete="new-password"
          />
          <button type="submit" className={`${primaryButton} w-full`} aria-disabled={sending || undefined}>
            {sending ? t("reset.pending") : t("reset.submit")}
          </button>
        </Form>
      </>
    );
  }
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-10 desktop:py-16">
      <h1 className="font-display text-4xl">{t("reset.title")}</h1>
      {body}
    </main>
  );
}
