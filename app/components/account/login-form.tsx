import type { SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { EmailField, FormErrorSummary, PasswordField } from "~/components/forms/conform-fields";
import { linkClass } from "~/components/forms/styles";
import { LoginSchema } from "~/domains/customers/validation";
import { useShopForm } from "~/platform/forms/use-shop-form";
import { usePageHref } from "~/routing/use-routing";
import { primaryButton } from "./styles";

/**
 * E-mail and password, on the login page and in the header's fly-in. A full-page POST (also without
 * JavaScript): the session cookie it sets reaches every part of the next page, the header included.
 */
export function LoginForm({
  id,
  redirectTo,
  lastResult,
  email,
}: {
  id: string;
  redirectTo?: string;
  lastResult?: SubmissionResult<string[]> | null;
  /** Filled in already (the address just confirmed). */
  email?: string;
}) {
  const { t } = useTranslation("account");
  const { t: tf } = useTranslation("forms");
  const to = usePageHref();
  const [sending, setSending] = useState(false);
  const shop = useShopForm({
    schema: LoginSchema,
    id,
    lastResult,
    defaultValue: email ? { email } : undefined,
    pending: sending,
    onValidSubmit: () => setSending(true),
  });
  const labels = { email: tf("labels.email"), password: tf("labels.password") };
  return (
    <Form method="post" action={to("login")} reloadDocument {...shop.formProps} className="space-y-5">
      <FormErrorSummary form={shop} labels={labels} />
      <input type="hidden" name="redirect" value={redirectTo ?? ""} />
      <EmailField form={shop} meta={shop.fields.email} label={labels.email} />
      <PasswordField
        meta={shop.fields.password}
        label={labels.password}
        forgotPassword={
          <Link to={to("forgot-password")} className={linkClass}>
            {tf("controls.forgotPassword")}
          </Link>
        }
      />
      <button type="submit" className={`${primaryButton} w-full`} aria-disabled={sending || undefined}>
        {sending ? t("login.pending") : t("login.submit")}
      </button>
    </Form>
  );
}
