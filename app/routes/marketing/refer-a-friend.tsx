import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import { Captcha } from "~/components/account/captcha";
import { SuccessMessage } from "~/components/account/status";
import { card, primaryButton, textLink } from "~/components/account/styles";
import {
  EmailField,
  FormErrorSummary,
  InputField,
  SwitchField,
  TextareaField,
} from "~/components/forms/conform-fields";
import { shopSetting } from "~/domains/content/content.server";
import { referAFriend, referralsOf } from "~/domains/marketing/marketing.server";
import { ReferAFriendSchema } from "~/domains/marketing/validation";
import { checkSession } from "~/platform/auth/session.server";
import { parseSubmission } from "~/platform/forms/submission";
import { useShopForm } from "~/platform/forms/use-shop-form";
import { requestContext } from "~/platform/http/context";
import { serverI18n, translator } from "~/platform/i18n/resources.server";
import { formatMoney, money } from "~/platform/money";
import { isRefusal } from "~/platform/refusal";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { usePageHref, useRouting } from "~/routing/use-routing";
import type { Route } from "./+types/refer-a-friend";

export const middleware = pageMiddleware("refer-a-friend");
export const handle = { i18n: ["marketing", "account", "forms"] };
export const headers = personalPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  const [{ visitor }, settings] = await Promise.all([checkSession(request), shopSetting("referral")]);
  return {
    title: serverI18n(locale).t("marketing:refer.title"),
    welcomePercent: settings.welcomePercent,
    rewardCents: settings.rewardCents,
    perMonth: settings.perMonth,
    me: visitor ? { name: `${visitor.firstName} ${visitor.lastName}`.trim(), email: visitor.email } : null,
    invitations: visitor ? await referralsOf({ userId: visitor.id, email: visitor.email }) : [],
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = context.get(routingContext);
  const parsed = parseSubmission(await request.formData(), ReferAFriendSchema, { t: translator(locale) });
  if (parsed.status === "error") return data({ result: parsed.result, sentTo: null }, { status: 400 });
  const { visitor } = await checkSession(request);
  const outcome = await referAFriend(parsed.value, {
    locale,
    ip: context.get(requestContext).ip,
    userId: visitor?.id ?? null,
  });
  if (isRefusal(outcome))
    return data(
      { result: parsed.reply({ refusal: outcome }), sentTo: null },
      { status: outcome.kind === "too-many" ? 429 : outcome.kind === "conflict" ? 409 : 400 },
    );
  return { result: parsed.reply({ resetForm: true }), sentTo: outcome.friendEmail };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title);
}

export default function ReferAFriendPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("marketing");
  const { locale } = useRouting();
  const to = usePageHref();
  const [sending, setSending] = useState(false);
  const shop = useShopForm({
    schema: ReferAFriendSchema,
    id: "refer-a-friend",
    lastResult: actionData?.result,
    pending: sending && !actionData,
    onValidSubmit: () => setSending(true),
    defaultValue: loaderData.me ? { name: loaderData.me.name, email: loaderData.me.email } : undefined,
  });
  const { fields } = shop;
  const reward = formatMoney(money(loaderData.rewardCents), locale);
  const labels = {
    name: t("refer.labels.name"),
    email: t("refer.labels.email"),
    friendFirstName: t("refer.labels.friendFirstName"),
    friendEmail: t("refer.labels.friendEmail"),
    message: t("refer.labels.message"),
    terms: t("refer.labels.terms"),
  };
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-10 desktop:py-16">
      <h1 className="font-display text-4xl">{t("refer.title")}</h1>
      <p className="mt-2 text-muted">
        {t("refer.intro", { percent: loaderData.welcomePercent, amount: reward })}
      </p>
      <ol className="mt-6 mb-8 list-decimal space-y-1 pl-5 text-sm">
        <li>{t("refer.step1", { percent: loaderData.welcomePercent })}</li>
        <li>{t("refer.step2")}</li>
        <li>{t("refer.step3", { amount: reward })}</li>
      </ol>
      {actionData?.sentTo ? (
        <div className="mb-8">
          <SuccessMessage>{t("refer.sent", { email: actionData.sentTo })}</SuccessMessage>
        </div>
      ) : null}
      <Form method="post" reloadDocument {...shop.formProps} className="space-y-8">
        <FormErrorSummary form={shop} labels={labels} />
        <fieldset className="space-y-5">
          <legend className="mb-4 text-xs font-medium tracking-[0.2em] text-muted uppercase">
            {t("refer.you")}
          </legend>
          <InputField meta={fields.name} label={labels.name} autoComplete="name" />
          <EmailField form={shop} meta={fields.email} label={labels.email} />
        </fieldset>
        <fieldset className="space-y-5">
          <legend className="mb-4 text-xs font-medium tracking-[0.2em] text-muted uppercase">
            {t("refer.friend")}
          </legend>
          <InputField meta={fields.friendFirstName} label={labels.friendFirstName} autoComplete="off" />
          <EmailField form={shop} meta={fields.friendEmail} label={labels.friendEmail} autoComplete="off" />
          <TextareaField meta={fields.message} label={labels.message} maxChars={500} rows={3} />
        </fieldset>
        <SwitchField
          meta={fields.terms}
          label={labels.terms}
          description={t("refer.termsHelp", { count: loaderData.perMonth, amount: reward })}
        />
        <Captcha error={fields.captcha.errors?.[0] ?? undefined} blockedMessage={t("refer.adBlocker")} />
        <button type="submit" className={`${primaryButton} w-full`} aria-disabled={sending || undefined}>
          {sending && !actionData ? t("refer.pending") : t("refer.submit")}
        </button>
      </Form>
      {loaderData.me ? (
        <section className={`${card} mt-12`} aria-labelledby="my-invitations">
          <h2 id="my-invitations" className="font-display text-2xl">
            {t("refer.mine")}
          </h2>
          {loaderData.invitations.length === 0 ? (
            <p className="mt-3 text-sm text-muted">{t("refer.none")}</p>
          ) : (
            <ul className="mt-3 divide-y divide-line text-sm">
              {loaderData.invitations.map((invitation) => (
                <li key={invitation.invitedAt} className="flex justify-between gap-4 py-2">
                  <span>{invitation.friendFirstName}</span>
                  <span>
                    {invitation.state === "rewarded" && invitation.rewardCents
                      ? t("refer.state.rewarded", {
                          amount: formatMoney(money(invitation.rewardCents), locale),
                        })
                      : t(`refer.state.${invitation.state}`)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : (
        <p className="mt-10 text-center text-sm">
          {t("refer.signInHint")}{" "}
          <Link to={to("login")} className={textLink}>
            {t("refer.signIn")}
          </Link>
        </p>
      )}
    </main>
  );
}
