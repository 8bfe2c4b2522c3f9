import type { SubmissionResult } from "@conform-to/react";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { AccountShell } from "~/components/account/account-shell";
import { SuccessMessage } from "~/components/account/status";
import { card, dangerButton, primaryButton, secondaryButton } from "~/components/account/styles";
import {
  FormErrorSummary,
  InputField,
  PasswordField,
  SelectField,
  SwitchField,
} from "~/components/forms/conform-fields";
import { Modal, OverlayClose } from "~/components/ui/modal";
import {
  changePassword,
  customerProfile,
  deleteCustomerAccount,
  signOut,
  updateDetails,
  updatePreferences,
} from "~/domains/customers/customers.server";
import {
  ChangePasswordSchema,
  DeleteAccountSchema,
  DetailsSchema,
  genders,
  PreferencesSchema,
} from "~/domains/customers/validation";
import { newsletterStatus, setAccountNewsletter } from "~/domains/marketing/marketing.server";
import { requireCustomer } from "~/platform/auth/guards.server";
import { parseSubmission } from "~/platform/forms/submission";
import { useShopForm } from "~/platform/forms/use-shop-form";
import { requestContext } from "~/platform/http/context";
import { serverI18n, translator } from "~/platform/i18n/resources.server";
import { isRefusal } from "~/platform/refusal";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { href } from "~/routing/urls";
import type { Route } from "./+types/account-edit";

export const middleware = pageMiddleware("account-edit");
export const handle = { i18n: ["account", "forms", "ui", "marketing"] };
export const headers = personalPage;

type Intent = "details" | "preferences" | "password" | "delete";
interface Reply {
  intent: Intent;
  result: SubmissionResult<string[]>;
  saved?: boolean;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = await requireCustomer(request);
  const { locale } = context.get(routingContext);
  const profile = await customerProfile(visitor.id);
  if (!profile) throw data(null, { status: 404 });
  const { createdAt: _created, ...rest } = profile;
  return {
    profile: rest,
    newsletter: await newsletterStatus(profile.email),
    title: serverI18n(locale).t("account:details.title"),
  };
}

/** Four forms post here, told apart by `intent`; each answers only for itself. */
export async function action({ request, context }: Route.ActionArgs) {
  const visitor = await requireCustomer(request);
  const { locale, strategy } = context.get(routingContext);
  const t = translator(locale);
  const form = await request.formData();
  const intent = form.get("intent") as Intent;
  const fail = (reply: Reply) => data(reply, { status: 400 });

  if (intent === "details") {
    const parsed = parseSubmission(form, DetailsSchema, { t });
    if (parsed.status === "error") return fail({ intent, result: parsed.result });
    await updateDetails(visitor.id, parsed.value);
    return { intent, result: parsed.reply(), saved: true } satisfies Reply;
  }
  if (intent === "preferences") {
    const parsed = parseSubmission(form, PreferencesSchema, { t });
    if (parsed.status === "error") return fail({ intent, result: parsed.result });
    await updatePreferences(visitor.id, parsed.value);
    // The newsletter switch is a sign-up (double opt-in unless the address is confirmed) or an unsubscription.
    const newsletter = await setAccountNewsletter({ email: visitor.email }, parsed.value.newsletter, {
      locale,
      ip: context.get(requestContext).ip,
    });
    if (isRefusal(newsletter)) return fail({ intent, result: parsed.reply({ refusal: newsletter }) });
    return { intent, result: parsed.reply(), saved: true } satisfies Reply;
  }
  if (intent === "password") {
    const parsed = parseSubmission(form, ChangePasswordSchema, { t });
    if (parsed.status === "error") return fail({ intent, result: parsed.result });
    const outcome = await changePassword(request.headers, parsed.value);
    if (isRefusal(outcome)) return fail({ intent, result: parsed.reply({ refusal: outcome }) });
    const headers = new Headers();
    for (const cookie of outcome.setCookies) headers.append("set-cookie", cookie);
    return data({ intent, result: parsed.reply({ resetForm: true }), saved: true } satisfies Reply, {
      headers,
    });
  }
  if (intent === "delete") {
    const parsed = parseSubmission(form, DeleteAccountSchema, { t });
    if (parsed.status === "error") return fail({ intent, result: parsed.result });
    const outcome = await deleteCustomerAccount(request.headers, visitor.id, parsed.value.password);
    if (isRefusal(outcome)) return fail({ intent, result: parsed.reply({ refusal: outcome }) });
    const response = redirect(href("home", {}, locale, strategy));
    for (const cookie of await signOut(request.headers)) response.headers.append("set-cookie", cookie);
    return response;
  }
  throw data(null, { status: 400 });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

function replyFor(actionData: unknown, intent: Intent): Reply | undefined {
  const reply = actionData as Reply | undefined;
  return reply?.intent === intent ? reply : undefined;
}

function usePending(intent: Intent) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="mb-5 font-display text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

type Profile = Route.ComponentProps["loaderData"]["profile"];

function DetailsForm({ profile, reply }: { profile: Profile; reply?: Reply }) {
  const { t } = useTranslation("account");
  const { t: tf } = useTranslation("forms");
  const pending = usePending("details");
  const shop = useShopForm({
    schema: DetailsSchema,
    id: "details",
    lastResult: reply?.result,
    pending,
    defaultValue: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phone: profile.phone ?? "",
      birthDate: profile.birthDate ?? "",
      gender: profile.gender ?? "",
    },
  });
  const { fields } = shop;
  const labels = {
    firstName: t("labels.firstName"),
    lastName: t("labels.lastName"),
    phone: tf("labels.phone"),
    birthDate: tf("labels.birthDate"),
    gender: t("labels.gender"),
  };
  return (
    <Form method="post" {...shop.formProps} className="space-y-5">
      <input type="hidden" name="intent" value="details" />
      {reply?.saved ? <SuccessMessage>{t("details.saved")}</SuccessMessage> : null}
      <FormErrorSummary form={shop} labels={labels} />
      <p className="text-sm">
        <span className="text-muted">{t("details.email")}: </span>
        {profile.email}
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField meta={fields.firstName} label={labels.firstName} autoComplete="given-name" />
        <InputField meta={fields.lastName} label={labels.lastName} autoComplete="family-name" />
      </div>
      <InputField
        meta={fields.phone}
        label={labels.phone}
        type="tel"
        autoComplete="tel"
        description={t("details.phoneHelp")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField meta={fields.birthDate} label={labels.birthDate} type="date" autoComplete="bday" />
        <SelectField meta={fields.gender} label={labels.gender} placeholder={t("genders.choose")}>
          {genders.map((gender) => (
            <option key={gender} value={gender}>
              {t(`genders.${gender}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <button type="submit" className={primaryButton} aria-disabled={pending || undefined}>
        {t("details.save")}
      </button>
    </Form>
  );
}

function PreferencesForm({
  profile,
  newsletter,
  reply,
}: {
  profile: Profile;
  newsletter: string;
  reply?: Reply;
}) {
  const { t } = useTranslation("account");
  const { t: tm } = useTranslation("marketing");
  const pending = usePending("preferences");
  const shop = useShopForm({
    schema: PreferencesSchema,
    id: "preferences",
    lastResult: reply?.result,
    pending,
    defaultValue: {
      newsletter: profile.newsletter || newsletter === "pending" || newsletter === "subscribed" ? "on" : "",
      phoneUpdates: profile.phoneUpdates ? "on" : "",
    },
  });
  return (
    <Form method="post" {...shop.formProps} className="space-y-5">
      <input type="hidden" name="intent" value="preferences" />
      {reply?.saved ? <SuccessMessage>{t("details.preferencesSaved")}</SuccessMessage> : null}
      <SwitchField
        meta={shop.fields.newsletter}
        label={t("labels.newsletter")}
        description={t("details.newsletterHelp")}
      />
      {newsletter === "pending" || newsletter === "subscribed" ? (
        <p role="status" className="text-sm text-muted" data-testid="newsletter-state">
          {tm(`newsletter.account.${newsletter}`)}
        </p>
      ) : null}
      <SwitchField
        meta={shop.fields.phoneUpdates}
        label={t("labels.phoneUpdates")}
        description={t("details.phoneUpdatesHelp")}
      />
      <button type="submit" className={primaryButton} aria-disabled={pending || undefined}>
        {t("details.savePreferences")}
      </button>
    </Form>
  );
}

function PasswordForm({ reply }: { reply?: Reply }) {
  const { t } = useTranslation("account");
  const { t: tf } = useTranslation("forms");
  const pending = usePending("password");
  const shop = useShopForm({
    schema: ChangePasswordSchema,
    id: "password",
    lastResult: reply?.result,
    pending,
  });
  const labels = {
    currentPassword: t("labels.currentPassword"),
    password: tf("labels.newPassword"),
    confirmPassword: tf("labels.confirmPassword"),
  };
  return (
    <Form method="post" {...shop.formProps} className="space-y-5">
      <input type="hidden" name="intent" value="password" />
      {reply?.saved ? <SuccessMessage>{t("password.success")}</SuccessMessage> : null}
      <p className="text-sm text-muted">{t("password.intro")}</p>
      <FormErrorSummary form={shop} labels={labels} />
      <PasswordField meta={shop.fields.currentPassword} label={labels.currentPassword} />
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
      <button type="submit" className={primaryButton} aria-disabled={pending || undefined}>
        {t("password.submit")}
      </button>
    </Form>
  );
}

/**
 * Delete my account: the password in the page, then the confirmation modal (SPEC's overlays). Without
 * JavaScript the form posts at once; the password is the confirmation then.
 */
function DeleteAccount({ reply }: { reply?: Reply }) {
  const { t } = useTranslation("account");
  const { t: tf } = useTranslation("forms");
  const [open, setOpen] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const shop = useShopForm({
    schema: DeleteAccountSchema,
    id: "delete-account",
    lastResult: reply?.result,
    onValidSubmit: (event) => {
      event.preventDefault();
      setOpen(true);
    },
  });
  return (
    <Form method="post" reloadDocument ref={form} {...shop.formProps} className="space-y-5">
      <input type="hidden" name="intent" value="delete" />
      <p className="text-sm text-muted">{t("details.deleteText")}</p>
      <PasswordField meta={shop.fields.password} label={tf("labels.password")} />
      <button type="submit" className={dangerButton}>
        {t("details.deleteButton")}
      </button>
      <Modal
        id="delete-account"
        size="sm"
        open={open}
        onOpenChange={setOpen}
        title={t("details.deleteConfirmTitle")}
        description={t("details.deleteConfirmText")}
        footer={
          <>
            <OverlayClose>
              <button type="button" className={secondaryButton}>
                {t("details.cancel")}
              </button>
            </OverlayClose>
            <button type="button" className={dangerButton} onClick={() => form.current?.submit()}>
              {t("details.deleteConfirm")}
            </button>
          </>
        }
      />
    </Form>
  );
}

export default function AccountEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { profile } = loaderData;
  return (
    <AccountShell title={t("details.title")} intro={t("details.intro")}>
      <div className="space-y-6">
        <Section id="details-personal" title={t("details.title")}>
          <DetailsForm profile={profile} reply={replyFor(actionData, "details")} />
        </Section>
        <Section id="details-preferences" title={t("details.preferences")}>
          <PreferencesForm
            profile={profile}
            newsletter={loaderData.newsletter}
            reply={replyFor(actionData, "preferences")}
          />
        </Section>
        <Section id="details-password" title={t("password.title")}>
          <PasswordForm reply={replyFor(actionData, "password")} />
        </Section>
        <Section id="details-data" title={t("details.dataTitle")}>
          <p className="mb-5 text-sm text-muted">{t("details.dataText")}</p>
          <a href="/api/v1/account/export" download className={secondaryButton}>
            {t("details.download")}
          </a>
        </Section>
        <Section id="details-delete" title={t("details.deleteTitle")}>
          <DeleteAccount reply={replyFor(actionData, "delete")} />
        </Section>
      </div>
    </AccountShell>
  );
}
