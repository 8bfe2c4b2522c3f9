import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import { Captcha } from "~/components/account/captcha";
import { primaryButton, textLink } from "~/components/account/styles";
import { FormErrorSummary, InputField } from "~/components/forms/conform-fields";
import { checkGiftCardBalance } from "~/domains/gift-cards/gift-cards.server";
import { BalanceCheckSchema } from "~/domains/gift-cards/validation";
import { parseSubmission } from "~/platform/forms/submission";
import { useShopForm } from "~/platform/forms/use-shop-form";
import { requestContext } from "~/platform/http/context";
import { intlLocales } from "~/platform/i18n/locales";
import { serverI18n, translator } from "~/platform/i18n/resources.server";
import { formatMoney, money } from "~/platform/money";
import { isRefusal } from "~/platform/refusal";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { usePageHref, useRouting } from "~/routing/use-routing";
import type { Route } from "./+types/saldo-checker";

export const middleware = pageMiddleware("saldo-checker");
export const handle = { i18n: ["giftcard", "account", "forms"] };
// The answer is one visitor's card: never kept by a shared cache.
export const headers = personalPage;

export function loader({ context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  return { title: serverI18n(locale).t("giftcard:saldo.title") };
}

/** Number + PIN → balance and valid-until; every miss answers the same (docs/decisions/0034). */
export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = context.get(routingContext);
  const parsed = parseSubmission(await request.formData(), BalanceCheckSchema, {
    t: translator(locale),
    hideFields: ["number"],
  });
  if (parsed.status === "error") return data({ result: parsed.result, card: null }, { status: 400 });
  const card = await checkGiftCardBalance(parsed.value, { ip: context.get(requestContext).ip });
  if (isRefusal(card))
    return data(
      { result: parsed.reply({ refusal: card }), card: null },
      { status: card.kind === "too-many" ? 429 : 400 },
    );
  return {
    result: parsed.reply({ resetForm: true }),
    card: {
      last4: card.last4,
      availableCents: card.expired ? 0 : card.availableCents,
      validUntil: card.validUntil.toISOString(),
      expired: card.expired,
      blocked: card.status === "blocked",
    },
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title);
}

export default function SaldoCheckerPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("giftcard");
  const { t: tf } = useTranslation("forms");
  const { locale } = useRouting();
  const to = usePageHref();
  const [sending, setSending] = useState(false);
  const shop = useShopForm({
    schema: BalanceCheckSchema,
    id: "saldo-checker",
    lastResult: actionData?.result,
    pending: sending,
    onValidSubmit: () => setSending(true),
  });
  const labels = { number: tf("labels.giftCardCode"), pin: tf("labels.giftCardPin") };
  const card = actionData?.card;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(intlLocales[locale], { dateStyle: "long" }).format(new Date(iso));
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-10 desktop:py-16">
      <h1 className="font-display text-4xl">{t("saldo.title")}</h1>
      {card ? (
        <section aria-labelledby="saldo-result" className="mt-8 space-y-6" data-testid="saldo-result">
          <div className="border border-line bg-white p-6">
            <h2 id="saldo-result" className="text-sm uppercase tracking-wide text-muted">
              {t("saldo.result", { last4: card.last4 })}
            </h2>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
              <dt>{t("saldo.balance")}</dt>
              <dd className="font-display text-3xl" data-testid="saldo-balance">
                {formatMoney(money(card.availableCents), locale)}
              </dd>
              <dt>{t("saldo.validUntil")}</dt>
              <dd data-testid="saldo-valid-until">{date(card.validUntil)}</dd>
            </dl>
            {card.expired ? (
              <p className="mt-4 text-sale">{t("saldo.expired", { date: date(card.validUntil) })}</p>
            ) : null}
            {card.blocked ? <p className="mt-4 text-sale">{t("saldo.blocked")}</p> : null}
          </div>
          <p className="flex flex-wrap gap-6">
            <Link to={to("saldo-checker")} reloadDocument className={textLink}>
              {t("saldo.another")}
            </Link>
            <Link to={to("giftcard")} className={textLink}>
              {t("saldo.buy")}
            </Link>
          </p>
        </section>
      ) : (
        <>
          <p className="mt-2 mb-8 text-muted">{t("saldo.intro")}</p>
          <Form method="post" reloadDocument {...shop.formProps} className="space-y-6">
            <FormErrorSummary form={shop} labels={labels} />
            <InputField
              meta={shop.fields.number}
              label={labels.number}
              inputMode="numeric"
              autoComplete="off"
              placeholder="6037 0000 0000 0000 000"
            />
            <InputField
              meta={shop.fields.pin}
              label={labels.pin}
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              className="max-w-40"
            />
            <Captcha error={shop.fields.captcha.errors?.[0] ?? undefined} />
            <button type="submit" className={`${primaryButton} w-full`} aria-disabled={sending || undefined}>
              {sending ? t("saldo.pending") : t("saldo.submit")}
            </button>
          </Form>
        </>
      )}
    </main>
  );
}
