import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { card, primaryButton } from "~/components/account/styles";
import { type NewsletterReply, NewsletterSignup } from "~/components/marketing/newsletter-signup";
import {
  confirmNewsletter,
  subscribeNewsletter,
  unsubscribeNewsletter,
} from "~/domains/marketing/marketing.server";
import { NEWSLETTER_PERCENT, NewsletterSchema } from "~/domains/marketing/validation";
import { parseSubmission } from "~/platform/forms/submission";
import { requestContext } from "~/platform/http/context";
import { serverI18n, translator } from "~/platform/i18n/resources.server";
import { logger } from "~/platform/logging/logger.server";
import { isRefusal } from "~/platform/refusal";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import type { Route } from "./+types/newsletter";

export const middleware = pageMiddleware("newsletter");
export const handle = { i18n: ["marketing", "forms"] };
export const headers = personalPage;

/**
 * `?confirm=` (the double opt-in link) confirms and shows the welcome code; `?unsubscribe=` (the link in a
 * marketing e-mail) asks for one click, so a mail scanner opening the link unsubscribes nobody.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  const t = serverI18n(locale).t;
  const params = new URL(request.url).searchParams;
  const confirm = params.get("confirm");
  const confirmed = confirm ? await confirmNewsletter(confirm, { ip: context.get(requestContext).ip }) : null;
  return {
    title: t("marketing:newsletter.title"),
    confirmation: !confirmed
      ? null
      : isRefusal(confirmed)
        ? { code: null, error: t(confirmed.messageKey, confirmed.values) as string }
        : { code: confirmed.code, error: null },
    unsubscribeToken: params.get("unsubscribe"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = context.get(routingContext);
  const t = serverI18n(locale).t;
  const ip = context.get(requestContext).ip;
  const form = await request.formData();
  const reply = (state: NewsletterReply["state"], message: string, status = 200) =>
    data(
      {
        intent: form.get("intent") === "unsubscribe" ? "unsubscribe" : "subscribe",
        state,
        message,
      } as NewsletterReply,
      {
        status,
      },
    );
  try {
    if (form.get("intent") === "unsubscribe") {
      const done = await unsubscribeNewsletter(String(form.get("token") ?? ""), { ip });
      if (isRefusal(done)) return reply("invalid", t(done.messageKey, done.values) as string, 404);
      return reply("unsubscribed", t("marketing:newsletter.unsubscribed", { email: done.email }) as string);
    }
    const parsed = parseSubmission(form, NewsletterSchema, { t: translator(locale) });
    if (parsed.status === "error") {
      const error = parsed.result.error?.email?.[0] ?? (t("common:newsletter.failure") as string);
      return reply("invalid", error, 400);
    }
    const outcome = await subscribeNewsletter(parsed.value.email, {
      locale,
      ip,
      source: parsed.value.source,
    });
    if (isRefusal(outcome)) {
      const already = outcome.messageKey.endsWith("alreadySubscribed");
      return reply(
        already ? "already" : "failure",
        t(outcome.messageKey, outcome.values) as string,
        already ? 409 : 429,
      );
    }
    return reply("pending", t("common:newsletter.sent", { email: parsed.value.email }) as string);
  } catch (error) {
    logger.error({ err: error }, "newsletter sign-up failed");
    return reply("failure", t("common:newsletter.failure") as string, 503);
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title);
}

export default function NewsletterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("marketing");
  const { confirmation, unsubscribeToken } = loaderData;
  const reply = actionData as NewsletterReply | undefined;
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-10 desktop:py-16">
      <h1 className="font-display text-4xl">{t("newsletter.title")}</h1>
      <p className="mt-2 mb-8 text-muted">{t("newsletter.intro", { percent: NEWSLETTER_PERCENT })}</p>
      {confirmation?.code ? (
        <section className={`${card} mb-10 text-center`} aria-labelledby="newsletter-code">
          <h2 id="newsletter-code" className="font-display text-2xl">
            {t("newsletter.codeTitle", { percent: NEWSLETTER_PERCENT })}
          </h2>
          <p
            data-testid="newsletter-code"
            className="mt-4 inline-block border border-dashed border-ink px-4 py-3 font-mono text-xl tracking-widest"
          >
            {confirmation.code}
          </p>
          <p className="mt-4 text-sm text-muted">{t("newsletter.codeHelp")}</p>
        </section>
      ) : confirmation && !confirmation.error ? (
        <p role="status" className={`${card} mb-8`}>
          {t("newsletter.confirmedAgain")}
        </p>
      ) : null}
      {confirmation?.error ? (
        <p role="alert" className="mb-8 border border-sale bg-white p-4 text-sm">
          {confirmation.error}
        </p>
      ) : null}
      {reply ? (
        <p
          role={reply.state === "pending" || reply.state === "unsubscribed" ? "status" : "alert"}
          className={`${card} mb-8 text-sm`}
        >
          {reply.message}
        </p>
      ) : null}
      {unsubscribeToken && reply?.state !== "unsubscribed" ? (
        <Form method="post" reloadDocument className={`${card} mb-10 space-y-4`}>
          <h2 className="font-display text-2xl">{t("newsletter.unsubscribeTitle")}</h2>
          <p className="text-sm">{t("newsletter.unsubscribeText")}</p>
          <input type="hidden" name="intent" value="unsubscribe" />
          <input type="hidden" name="token" value={unsubscribeToken} />
          <button type="submit" className={primaryButton}>
            {t("newsletter.unsubscribe")}
          </button>
        </Form>
      ) : null}
      {confirmation?.code || unsubscribeToken ? null : <NewsletterSignup source="footer" />}
    </main>
  );
}
