import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import { Captcha } from "~/components/account/captcha";
import { primaryButton, textLink } from "~/components/account/styles";
import {
  EmailField,
  FormErrorSummary,
  InputField,
  PasswordField,
  SelectField,
  SwitchField,
} from "~/components/forms/conform-fields";
import { registerCustomer } from "~/domains/customers/customers.server";
import { genders, RegisterSchema } from "~/domains/customers/validation";
import { setAccountNewsletter } from "~/domains/marketing/marketing.server";
import { parseSubmission } from "~/platform/forms/submission";
import { useShopForm } from "~/platform/forms/use-shop-form";
import { requestContext } from "~/platform/http/context";
import { serverI18n, translator } from "~/platform/i18n/resources.server";
import { isRefusal } from "~/platform/refusal";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { href } from "~/routing/urls";
import { usePageHref } from "~/routing/use-routing";
import type { Route } from "./+types/register";

export const middleware = pageMiddleware("register");
export const handle = { i18n: ["account", "forms"] };
export const headers = personalPage;

export function loader({ context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  return { title: serverI18n(locale).t("account:register.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale, strategy } = context.get(routingContext);
  const parsed = parseSubmission(await request.formData(), RegisterSchema, { t: translator(locale) });
  if (parsed.status === "error") return data({ result: parsed.result, exists: false }, { status: 400 });
  const outcome = await registerCustomer(parsed.value, {
    locale,
    ip: context.get(requestContext).ip,
    headers: request.headers,
  });
  if (isRefusal(outcome)) {
    const exists = outcome.kind === "conflict";
    // The existing-account message comes with its two links, not in the error list.
    const result = exists ? parsed.reply() : parsed.reply({ refusal: outcome });
    return data({ result, exists }, { status: exists ? 409 : 400 });
  }
  // The box asks for the newsletter: a double opt-in sign-up, its own confirmation e-mail (best effort:
  // the account exists either way).
  if (parsed.value.newsletter)
    await setAccountNewsletter({ email: parsed.value.email }, true, {
      locale,
      ip: context.get(requestContext).ip,
    }).catch(() => undefined);
  // Signed in only after confirming the e-mail address (docs/decisions/0024): the login page says so.
  return redirect(`${href("login", {}, locale, strategy)}?registered=1`);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title);
}

export default function RegisterPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { t: tf } = useTranslation("forms");
  const to = usePageHref();
  const [sending, setSending] = useState(false);
  const shop = useShopForm({
    schema: RegisterSchema,
    id: "register",
    lastResult: actionData?.result,
    pending: sending,
    onValidSubmit: () => setSending(true),
  });
  const { fields } = shop;
  const labels = {
    firstName: t("labels.firstName"),
    lastName: t("labels.lastName"),
    email: tf("labels.email"),
    password: tf("labels.password"),
    confirmPassword: tf("labels.confirmPassword"),
    birthDate: tf("labels.birthDate"),
    gender: t("labels.gender"),
    newsletter: tf("labels.newsletter"),
  };
  const captchaError = fields.captcha.errors?.[0];
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-10 desktop:py-16">
      <h1 className="font-display text-4xl">{t("register.title")}</h1>
      <p className="mt-2 mb-8 text-muted">{t("register.intro")}</p>
      {actionData?.exists ? (
        <div role="alert" className="mb-6 border border-sale bg-white p-4 text-sm">
          <p>{t("register.exists")}</p>
          <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
            <Link to={to("login")} className={textLink}>
              {t("register.existsLogin")}
            </Link>
            <Link to={to("forgot-password")} className={textLink}>
              {t("register.existsReset")}
            </Link>
          </p>
        </div>
      ) : null}
      <Form method="post" reloadDocument {...shop.formProps} className="space-y-8">
        <FormErrorSummary form={shop} labels={labels} />
        <fieldset className="space-y-5">
          <legend className="mb-4 text-xs font-medium tracking-[0.2em] text-muted uppercase">
            {t("register.personal")}
          </legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField meta={fields.firstName} label={labels.firstName} autoComplete="given-name" />
            <InputField meta={fields.lastName} label={labels.lastName} autoComplete="family-name" />
          </div>
          <InputField
            meta={fields.birthDate}
            label={labels.birthDate}
            type="date"
            autoComplete="bday"
            description={t("register.birthDateHelp")}
          />
          <SelectField meta={fields.gender} label={labels.gender} placeholder={t("genders.choose")}>
            {genders.map((gender) => (
              <option key={gender} value={gender}>
                {t(`genders.${gender}`)}
              </option>
            ))}
          </SelectField>
        </fieldset>
        <fieldset className="space-y-5">
          <legend className="mb-4 text-xs font-medium tracking-[0.2em] text-muted uppercase">
            {t("register.credentials")}
          </legend>
          <EmailField form={shop} meta={fields.email} label={labels.email} />
          <PasswordField
            meta={fields.password}
            label={labels.password}
            autoComplete="new-password"
            description={t("register.passwordHelp")}
          />
          <PasswordField
            meta={fields.confirmPassword}
            label={labels.confirmPassword}
            autoComplete="new-password"
          />
          <SwitchField
            meta={fields.newsletter}
            label={labels.newsletter}
            description={t("register.newsletterHelp")}
          />
        </fieldset>
        <Captcha error={captchaError ?? undefined} />
        <button type="submit" className={`${primaryButton} w-full`} aria-disabled={sending || undefined}>
          {sending ? t("register.pending") : t("register.submit")}
        </button>
        <p className="text-center text-sm">
          {t("register.haveAccount")}{" "}
          <Link to={to("login")} className={textLink}>
            {t("login.submit")}
          </Link>
        </p>
      </Form>
    </main>
  );
}
