import { randomUUID } from "node:crypto";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { primaryButton, secondaryButton } from "~/components/account/styles";
import { EmailField, FormErrorSummary, InputField } from "~/components/forms/conform-fields";
import { lookUpGuestOrder } from "~/domains/orders/orders.server";
import { type Requester, withdrawalDraft, withdrawFromOrder } from "~/domains/returns/returns.server";
import { WithdrawalSchema } from "~/domains/returns/validation";
import { checkSession } from "~/platform/auth/session.server";
import { parseSubmission } from "~/platform/forms/submission";
import { useShopForm } from "~/platform/forms/use-shop-form";
import { requestContext } from "~/platform/http/context";
import { intlLocales, type Locale } from "~/platform/i18n/locales";
import { serverI18n, translator } from "~/platform/i18n/resources.server";
import { isRefusal, type Refusal, refusalStatus } from "~/platform/refusal";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { usePageHref, useRouting } from "~/routing/use-routing";
import type { Route } from "./+types/withdrawal";

export const handle = { i18n: ["returns", "myorders", "forms"] };
export const headers = personalPage;

type Draft = Exclude<Awaited<ReturnType<typeof withdrawalDraft>>, { kind: string }>;

/**
 * The withdrawal function (EU 2023/2673): a signed-in customer comes from the order page with `?order=`
 * and sees the statement prefilled at once; a guest first names the order and its e-mail.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  const title = serverI18n(locale).t("returns:withdrawal.title");
  const number = new URL(request.url).searchParams.get("order");
  const { visitor } = await checkSession(request);
  if (!number || !visitor) return { title, draft: null as Draft | null, key: randomUUID() };
  const draft = await withdrawalDraft(number, { kind: "customer", userId: visitor.id });
  return { title, draft: isRefusal(draft) ? null : draft, key: randomUUID() };
}

/** Who asks: the signed-in owner, or a guest who proves the order's e-mail (throttled like the order lookup). */
async function requesterOf(
  request: Request,
  ip: string,
  value: { number: string; email?: string },
): Promise<Requester | Refusal> {
  const { visitor } = await checkSession(request);
  if (!value.email && visitor) return { kind: "customer", userId: visitor.id };
  const found = await lookUpGuestOrder({ number: value.number, email: value.email ?? "" }, { ip });
  if (isRefusal(found)) return found;
  return { kind: "guest", email: value.email! };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = context.get(routingContext);
  const form = await request.formData();
  const parsed = parseSubmission(form, WithdrawalSchema, { t: translator(locale) });
  if (parsed.status === "error")
    return data({ result: parsed.result, draft: null, done: null }, { status: 400 });
  const requester = await requesterOf(request, context.get(requestContext).ip, parsed.value);
  if (isRefusal(requester))
    return data(
      { result: parsed.reply({ refusal: requester }), draft: null, done: null },
      { status: refusalStatus[requester.kind] },
    );
  if (parsed.value.confirm !== "yes") {
    const draft = await withdrawalDraft(parsed.value.number, requester);
    if (isRefusal(draft))
      return data(
        { result: parsed.reply({ refusal: draft }), draft: null, done: null },
        { status: refusalStatus[draft.kind] },
      );
    return { result: parsed.reply(), draft, done: null, email: parsed.value.email ?? null };
  }
  const done = await withdrawFromOrder(
    { number: parsed.value.number, idempotencyKey: String(form.get("key") ?? randomUUID()) },
    requester,
  );
  if (isRefusal(done))
    return data(
      { result: parsed.reply({ refusal: done }), draft: null, done: null },
      { status: refusalStatus[done.kind] },
    );
  const draft = await withdrawalDraft(parsed.value.number, requester);
  return {
    result: parsed.reply(),
    draft: null,
    done: { ...done, email: isRefusal(draft) ? (parsed.value.email ?? "") : draft.statement.email },
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

function formatAt(iso: string, locale: Locale, withTime: boolean) {
  return new Intl.DateTimeFormat(intlLocales[locale], {
    dateStyle: "long",
    ...(withTime ? { timeStyle: "short" } : {}),
    timeZone: "Europe/Amsterdam",
  }).format(new Date(iso));
}

/** Step two: the prefilled statement and the separate "Confirm withdrawal" button. */
function Statement({
  draft,
  email,
  idempotencyKey,
}: {
  draft: Draft;
  email: string | null;
  idempotencyKey: string;
}) {
  const { t } = useTranslation("returns");
  const { locale } = useRouting();
  const to = usePageHref();
  const { statement } = draft;
  return (
    <section aria-labelledby="statement-title" className="space-y-6">
      <h2 id="statement-title" className="font-display text-2xl">
        {t("withdrawal.statementTitle")}
      </h2>
      <blockquote className="space-y-2 border-s-4 border-line bg-white p-5">
        <p>
          {t("withdrawal.statement", {
            order: statement.orderNumber,
            date: formatAt(statement.orderedOn, locale, false),
          })}
        </p>
        <ul className="text-sm">
          {draft.lines.map((line) => (
            <li key={`${line.name}-${line.size}`}>
              {line.quantity} × {line.name} ({line.size})
            </li>
          ))}
        </ul>
        <p className="text-sm text-muted">{t("withdrawal.name", { name: statement.name })}</p>
        <p className="text-sm text-muted">{t("withdrawal.email", { email: statement.email })}</p>
      </blockquote>
      <Form method="post" reloadDocument className="flex flex-wrap gap-3">
        <input type="hidden" name="number" value={statement.orderNumber} />
        {email ? <input type="hidden" name="email" value={email} /> : null}
        <input type="hidden" name="key" value={idempotencyKey} />
        <button type="submit" name="confirm" value="yes" className={primaryButton}>
          {t("withdrawal.confirm")}
        </button>
        <a href={to("home")} className={secondaryButton}>
          {t("withdrawal.back")}
        </a>
      </Form>
    </section>
  );
}

export default function WithdrawalPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["returns", "myorders", "forms"]);
  const { locale } = useRouting();
  const [sending, setSending] = useState(false);
  const shop = useShopForm({
    schema: WithdrawalSchema,
    id: "withdrawal",
    lastResult: actionData?.result,
    pending: sending,
    onValidSubmit: () => setSending(true),
  });
  const done = actionData?.done;
  const draft = actionData?.draft ?? loaderData.draft;
  const labels = { number: t("myorders:lookup.number"), email: t("forms:labels.email") };
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-10 desktop:py-16">
      <h1 className="font-display text-4xl">{done ? t("withdrawal.doneTitle") : t("withdrawal.title")}</h1>
      {done ? (
        <p role="status" className="mt-4">
          {t("withdrawal.doneBody", {
            at: formatAt(done.confirmedAt, locale, true),
            email: done.email,
            number: done.number,
          })}
        </p>
      ) : (
        <>
          <p className="mt-2 mb-8 text-muted">{t("withdrawal.intro")}</p>
          {draft ? (
            <Statement
              draft={draft}
              email={actionData && "email" in actionData ? (actionData.email ?? null) : null}
              idempotencyKey={loaderData.key}
            />
          ) : (
            <Form method="post" reloadDocument {...shop.formProps} className="space-y-6">
              <p>{t("withdrawal.lookupIntro")}</p>
              <FormErrorSummary form={shop} labels={labels} />
              <InputField
                meta={shop.fields.number}
                label={labels.number}
                inputMode="numeric"
                autoComplete="off"
                maxLength={9}
              />
              <EmailField form={shop} meta={shop.fields.email} label={labels.email} />
              <button
                type="submit"
                className={`${primaryButton} w-full`}
                aria-disabled={sending || undefined}
              >
                {t("withdrawal.find")}
              </button>
            </Form>
          )}
        </>
      )}
    </main>
  );
}
