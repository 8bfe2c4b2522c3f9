import { randomUUID } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { AccountShell } from "~/components/account/account-shell";
import { SuccessMessage } from "~/components/account/status";
import { card, primaryButton, textLink } from "~/components/account/styles";
import { FormErrorSummary, InputField, PasswordField } from "~/components/forms/conform-fields";
import {
  requestPayout,
  savePayoutAccount,
  sellerEarnings,
} from "~/domains/marketplace/payouts/payouts.server";
import { PayoutAccountSchema, PayoutRequestSchema } from "~/domains/marketplace/payouts/validation";
import { requireCustomer } from "~/platform/auth/guards.server";
import { parseSubmission } from "~/platform/forms/submission";
import { useShopForm } from "~/platform/forms/use-shop-form";
import { serverI18n, translator } from "~/platform/i18n/resources.server";
import { formatMoney, money } from "~/platform/money";
import { isRefusal, refusalStatus } from "~/platform/refusal";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { usePageHref, useRouting } from "~/routing/use-routing";
import type { Route } from "./+types/marketplace-earnings";

export const middleware = pageMiddleware("my-marketplace-earnings");
export const handle = { i18n: ["payouts", "account", "forms"] };
export const headers = personalPage;

interface AccountReply {
  intent: "account";
  result: SubmissionResult<string[]>;
  saved?: boolean;
}
interface PayoutReply {
  intent: "payout";
  error?: string;
  paidCents?: number;
}

/** The seller's earnings (pending and available), their payout account and their payouts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = await requireCustomer(request);
  const { locale } = context.get(routingContext);
  return {
    earnings: await sellerEarnings(visitor.id),
    // One key per page view: a double submit of the same page asks once.
    idempotencyKey: randomUUID(),
    title: serverI18n(locale).t("payouts:page.title"),
  };
}

/** `account`: set or change the bank account (password again); `payout`: ask for the available amount. */
export async function action({ request, context }: Route.ActionArgs) {
  const visitor = await requireCustomer(request);
  const { locale } = context.get(routingContext);
  const t = translator(locale);
  const form = await request.formData();
  if (form.get("intent") === "account") {
    const parsed = parseSubmission(form, PayoutAccountSchema, { t });
    if (parsed.status === "error")
      return data({ intent: "account", result: parsed.result } satisfies AccountReply, { status: 400 });
    const saved = await savePayoutAccount(request.headers, visitor.id, parsed.value);
    if (isRefusal(saved))
      return data({ intent: "account", result: parsed.reply({ refusal: saved }) } satisfies AccountReply, {
        status: refusalStatus[saved.kind],
      });
    return {
      intent: "account",
      result: parsed.reply({ resetForm: true }),
      saved: true,
    } satisfies AccountReply;
  }
  if (form.get("intent") === "payout") {
    const parsed = PayoutRequestSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw data(null, { status: 400 });
    const outcome = await requestPayout(visitor.id, parsed.data);
    if (isRefusal(outcome))
      return data({ intent: "payout", error: t(outcome.messageKey, outcome.values) } satisfies PayoutReply, {
        status: refusalStatus[outcome.kind],
      });
    return { intent: "payout", paidCents: outcome.payout.amountCents } satisfies PayoutReply;
  }
  throw data(null, { status: 400 });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

function AccountForm({ reply, hasAccount }: { reply?: AccountReply; hasAccount: boolean }) {
  const { t } = useTranslation("payouts");
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "account";
  const shop = useShopForm({
    schema: PayoutAccountSchema,
    id: "payout-account",
    lastResult: reply?.result,
    pending,
  });
  const labels = {
    iban: t("account.iban"),
    holderName: t("account.holderName"),
    password: t("account.password"),
  };
  return (
    <Form method="post" {...shop.formProps} className="space-y-5" data-form="payout-account">
      <input type="hidden" name="intent" value="account" />
      <FormErrorSummary form={shop} labels={labels} />
      <InputField meta={shop.fields.iban} label={labels.iban} autoComplete="off" spellCheck={false} />
      <InputField meta={shop.fields.holderName} label={labels.holderName} autoComplete="name" />
      <PasswordField
        meta={shop.fields.password}
        label={labels.password}
        description={t("account.passwordHelp")}
      />
      <button type="submit" className={primaryButton} aria-disabled={pending || undefined}>
        {hasAccount ? t("account.change") : t("account.save")}
      </button>
    </Form>
  );
}

export default function EarningsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("payouts");
  const { locale } = useRouting();
  const to = usePageHref();
  const navigation = useNavigation();
  const { earnings, idempotencyKey } = loaderData;
  const price = (cents: number) => formatMoney(money(cents), locale);
  const when = (value: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(value));
  const reply = actionData as AccountReply | PayoutReply | undefined;
  const accountReply = reply?.intent === "account" ? reply : undefined;
  const payoutReply = reply?.intent === "payout" ? reply : undefined;
  const asking = navigation.state === "submitting" && navigation.formData?.get("intent") === "payout";
  return (
    <AccountShell title={loaderData.title}>
      <p className="mb-6 max-w-prose text-sm text-muted">{t("page.intro")}</p>
      <section aria-labelledby="balances" className="mb-8 grid gap-4 sm:grid-cols-2">
        <h2 id="balances" className="sr-only">
          {t("page.title")}
        </h2>
        <div className={card}>
          <p className="text-sm">{t("balance.pending")}</p>
          <p className="font-display text-3xl" data-testid="pending-earnings">
            {price(earnings.pendingCents)}
          </p>
          <p className="text-sm text-muted">{t("balance.pendingHelp")}</p>
        </div>
        <div className={card}>
          <p className="text-sm">{t("balance.available")}</p>
          <p className="font-display text-3xl" data-testid="available-earnings">
            {price(earnings.availableCents)}
          </p>
          <p className="text-sm text-muted">{t("balance.availableHelp")}</p>
          <p className="text-sm text-muted">
            {t("balance.minimum", { amount: price(earnings.minimumCents) })}
          </p>
        </div>
      </section>

      <section aria-labelledby="payout-request" className={`${card} mb-8`}>
        <h2 id="payout-request" className="mb-4 font-display text-2xl">
          {t("request.title")}
        </h2>
        {payoutReply?.paidCents ? (
          <SuccessMessage>{t("request.done", { amount: price(payoutReply.paidCents) })}</SuccessMessage>
        ) : null}
        {payoutReply?.error ? (
          <p role="alert" className="mb-4 border border-sale px-4 py-3 text-sm text-sale">
            {payoutReply.error}
          </p>
        ) : null}
        {earnings.canRequest ? (
          <Form method="post">
            <input type="hidden" name="intent" value="payout" />
            <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
            <button type="submit" className={primaryButton} aria-disabled={asking || undefined}>
              {t("request.submit", { amount: price(earnings.availableCents) })}
            </button>
          </Form>
        ) : (
          <p className="text-sm text-muted">
            {earnings.account
              ? t("request.belowMinimum", { minimum: price(earnings.minimumCents) })
              : t("request.needAccount")}
          </p>
        )}
      </section>

      <section aria-labelledby="payout-account-title" className={`${card} mb-8`}>
        <h2 id="payout-account-title" className="mb-4 font-display text-2xl">
          {t("account.title")}
        </h2>
        {accountReply?.saved ? <SuccessMessage>{t("account.saved")}</SuccessMessage> : null}
        <p className="mb-4 text-sm" data-testid="payout-account">
          {earnings.account
            ? t("account.current", {
                iban: earnings.account.ibanFormatted,
                holder: earnings.account.holderName,
              })
            : t("account.none")}
        </p>
        <AccountForm reply={accountReply} hasAccount={earnings.account !== null} />
      </section>

      <section aria-labelledby="payout-history" className="mb-8">
        <h2 id="payout-history" className="mb-3 text-lg font-semibold">
          {t("history.title")}
        </h2>
        {earnings.payouts.length === 0 ? (
          <p className="text-sm text-muted">{t("history.empty")}</p>
        ) : (
          <div className="overflow-x-auto border border-line bg-white">
            <table className="w-full text-sm" data-list="payouts">
              <thead>
                <tr className="text-start">
                  <th scope="col" className="p-3 text-start">
                    {t("history.number")}
                  </th>
                  <th scope="col" className="p-3 text-start">
                    {t("history.date")}
                  </th>
                  <th scope="col" className="p-3 text-start">
                    {t("history.account")}
                  </th>
                  <th scope="col" className="p-3 text-end">
                    {t("history.amount")}
                  </th>
                  <th scope="col" className="p-3 text-start">
                    {t("history.state")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {earnings.payouts.map((p) => (
                  <tr key={p.id}>
                    <td className="p-3">{p.number}</td>
                    <td className="p-3">{when(p.createdAt)}</td>
                    <td className="p-3">{p.ibanMasked}</td>
                    <td className="p-3 text-end">{price(p.amountCents)}</td>
                    <td className="p-3" data-state={p.state}>
                      {t(`state.${p.state}`)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="dac7" className="mb-8 text-sm" data-reportable={earnings.dac7.reportable}>
        <h2 id="dac7" className="mb-2 text-lg font-semibold">
          {t("dac7.title")}
        </h2>
        <p>
          {t("dac7.counters", {
            year: earnings.dac7.year,
            sales: earnings.dac7.sales,
            amount: price(earnings.dac7.considerationCents),
          })}
        </p>
        <p className="text-muted">
          {earnings.dac7.reportable
            ? t("dac7.reportable", { year: earnings.dac7.year })
            : t("dac7.notReportable")}
        </p>
      </section>
      <p className="text-sm">
        <Link to={to("my-marketplace-purchases")} className={textLink}>
          {t("page.sales")}
        </Link>
      </p>
    </AccountShell>
  );
}
