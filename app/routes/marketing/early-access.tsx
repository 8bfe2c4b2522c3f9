import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { SuccessMessage } from "~/components/account/status";
import { card, primaryButton } from "~/components/account/styles";
import { FormErrorSummary, InputField, SelectField } from "~/components/forms/conform-fields";
import { EARLY_ACCESS_COOKIE } from "~/domains/content/schedule";
import {
  EarlyAccessRequestSchema,
  EarlyAccessUnlockSchema,
} from "~/domains/marketing/early-access-validation";
import {
  earlyAccessCampaigns,
  hasEarlyAccess,
  redeemEarlyAccess,
  requestEarlyAccess,
} from "~/domains/marketing/marketing.server";
import { checkSession } from "~/platform/auth/session.server";
import { env } from "~/platform/env.server";
import { parseSubmission } from "~/platform/forms/submission";
import { type ShopForm, useShopForm } from "~/platform/forms/use-shop-form";
import { countries } from "~/platform/forms/validators";
import { requestContext } from "~/platform/http/context";
import { guestTokenCookie, newGuestToken, readGuestToken } from "~/platform/http/guest-token.server";
import type { Locale } from "~/platform/i18n/locales";
import { serverI18n, translator } from "~/platform/i18n/resources.server";
import { isRefusal, refusalStatus } from "~/platform/refusal";
import { formatShopTime } from "~/platform/shop-time";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import type { Route } from "./+types/early-access";

export const middleware = pageMiddleware("early-access");
export const handle = { i18n: ["marketing", "forms"] };
export const headers = personalPage;

/** The campaign of `?campaign=` (a content entry id), else the next one with an early window; null: none. */
async function campaignOf(request: Request, locale: Locale) {
  const campaigns = await earlyAccessCampaigns(locale);
  const wanted = new URL(request.url).searchParams.get("campaign");
  return campaigns.find((c) => c.campaign === wanted) ?? campaigns[0] ?? null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  const campaign = await campaignOf(request, locale);
  const title = serverI18n(locale).t("marketing:earlyAccess.title");
  if (!campaign)
    return { title, campaign: null, name: null, earlyFrom: null, publicFrom: null, unlocked: false };
  const { visitor } = await checkSession(request);
  const token = readGuestToken(request.headers.get("cookie"), EARLY_ACCESS_COOKIE);
  return {
    title,
    campaign: campaign.campaign,
    name: campaign.title,
    earlyFrom: campaign.earlyFrom.toISOString(),
    publicFrom: campaign.publicFrom.toISOString(),
    unlocked: await hasEarlyAccess({ token, userId: visitor?.id }, campaign.campaign),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = context.get(routingContext);
  const { ip } = context.get(requestContext);
  const t = translator(locale);
  const found = await campaignOf(request, locale);
  if (!found) throw data(null, { status: 404 });
  const campaign = found.campaign;
  const form = await request.formData();
  const intent = form.get("intent") === "unlock" ? "unlock" : "request";
  if (intent === "request") {
    const parsed = parseSubmission(form, EarlyAccessRequestSchema, { t });
    if (parsed.status === "error")
      return data({ intent, result: parsed.result, done: false }, { status: 400 });
    const outcome = await requestEarlyAccess({ phone: parsed.value.phone, campaign }, { locale, ip });
    if (isRefusal(outcome))
      return data(
        { intent, result: parsed.reply({ refusal: outcome }), done: false },
        { status: refusalStatus[outcome.kind] },
      );
    return { intent, result: parsed.reply(), done: true };
  }
  const parsed = parseSubmission(form, EarlyAccessUnlockSchema, { t });
  if (parsed.status === "error") return data({ intent, result: parsed.result, done: false }, { status: 400 });
  const { visitor } = await checkSession(request);
  const token = readGuestToken(request.headers.get("cookie"), EARLY_ACCESS_COOKIE) ?? newGuestToken();
  const outcome = await redeemEarlyAccess(
    { phone: parsed.value.phone, ticket: parsed.value.ticket, campaign },
    { token, userId: visitor?.id, ip },
  );
  if (isRefusal(outcome))
    return data(
      { intent, result: parsed.reply({ refusal: outcome }), done: false },
      { status: refusalStatus[outcome.kind] },
    );
  const secure = env().BASE_URL.startsWith("https:");
  return data(
    { intent, result: parsed.reply(), done: true },
    { headers: { "set-cookie": guestTokenCookie(EARLY_ACCESS_COOKIE, token, 30, secure) } },
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title);
}

function PhoneFields({ shop }: { shop: ShopForm }) {
  const { t } = useTranslation("marketing");
  const { t: tf } = useTranslation("forms");
  return (
    <>
      <SelectField
        meta={shop.field("country")}
        label={tf("labels.country")}
        placeholder={tf("countries.choose")}
      >
        {countries.map((country) => (
          <option key={country} value={country}>
            {tf(`countries.${country}`)}
          </option>
        ))}
      </SelectField>
      <InputField
        meta={shop.field("phone")}
        label={t("earlyAccess.labels.phone")}
        type="tel"
        autoComplete="tel"
      />
    </>
  );
}

export default function EarlyAccessPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("marketing");
  const { t: tf } = useTranslation("forms");
  const requested = actionData?.intent === "request" ? actionData : undefined;
  const unlocking = actionData?.intent === "unlock" ? actionData : undefined;
  const ask = useShopForm({
    schema: EarlyAccessRequestSchema,
    id: "early-access-request",
    lastResult: requested?.result,
  });
  const unlock = useShopForm({
    schema: EarlyAccessUnlockSchema,
    id: "early-access-unlock",
    lastResult: unlocking?.result,
  });
  const when = {
    early: loaderData.earlyFrom ? formatShopTime(loaderData.earlyFrom) : "",
    public: loaderData.publicFrom ? formatShopTime(loaderData.publicFrom) : "",
  };
  const labels = { country: tf("labels.country"), phone: t("earlyAccess.labels.phone") };
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-10 desktop:py-16">
      <h1 className="font-display text-4xl">{t("earlyAccess.title")}</h1>
      {loaderData.name ? <p className="mt-2 font-medium">{loaderData.name}</p> : null}
      {loaderData.campaign ? <p className="mt-2 mb-8 text-muted">{t("earlyAccess.intro", when)}</p> : null}
      {loaderData.campaign === null ? (
        <p className={card}>{t("earlyAccess.open")}</p>
      ) : loaderData.unlocked || unlocking?.done ? (
        <SuccessMessage>{t("earlyAccess.unlocked", when)}</SuccessMessage>
      ) : (
        <div className="space-y-10">
          <section aria-labelledby="early-step-1" className="space-y-4">
            <h2 id="early-step-1" className="font-display text-2xl">
              {t("earlyAccess.step1")}
            </h2>
            {requested?.done ? <SuccessMessage>{t("earlyAccess.sent")}</SuccessMessage> : null}
            <Form method="post" reloadDocument {...ask.formProps} className="space-y-4">
              <input type="hidden" name="intent" value="request" />
              <FormErrorSummary form={ask} labels={labels} />
              <PhoneFields shop={ask} />
              <button type="submit" className={`${primaryButton} w-full`}>
                {t("earlyAccess.request")}
              </button>
            </Form>
          </section>
          <section aria-labelledby="early-step-2" className="space-y-4">
            <h2 id="early-step-2" className="font-display text-2xl">
              {t("earlyAccess.step2")}
            </h2>
            <Form method="post" reloadDocument {...unlock.formProps} className="space-y-4">
              <input type="hidden" name="intent" value="unlock" />
              <FormErrorSummary
                form={unlock}
                labels={{ ...labels, ticket: t("earlyAccess.labels.ticket") }}
              />
              <PhoneFields shop={unlock} />
              <InputField
                meta={unlock.fields.ticket}
                label={t("earlyAccess.labels.ticket")}
                inputMode="numeric"
                autoComplete="one-time-code"
              />
              <button type="submit" className={`${primaryButton} w-full`}>
                {t("earlyAccess.unlock")}
              </button>
            </Form>
          </section>
        </div>
      )}
      <p className="mt-10 text-xs text-muted">{t("earlyAccess.terms")}</p>
    </main>
  );
}
