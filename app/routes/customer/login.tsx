import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { LoginForm } from "~/components/account/login-form";
import { secondaryButton } from "~/components/account/styles";
import { confirmEmail, signIn } from "~/domains/customers/customers.server";
import { LoginSchema, safeRedirect } from "~/domains/customers/validation";
import { parseSubmission } from "~/platform/forms/submission";
import { requestContext } from "~/platform/http/context";
import { serverI18n, translator } from "~/platform/i18n/resources.server";
import { isRefusal } from "~/platform/refusal";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { href } from "~/routing/urls";
import { usePageHref } from "~/routing/use-routing";
import type { Route } from "./+types/login";

export const middleware = pageMiddleware("login");
export const handle = { i18n: ["account", "forms"] };
export const headers = personalPage;

/**
 * The login page also receives the link of the welcome e-mail (`?confirm=`): opening it confirms the
 * address (docs/decisions/0024), so the customer logs in right here. `?registered=1` follows registering.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  const params = new URL(request.url).searchParams;
  const redirectTo = params.get("redirect") ?? "";
  const title = serverI18n(locale).t("account:login.title");
  const token = params.get("confirm");
  if (token !== null) {
    const confirmed = await confirmEmail(token);
    return isRefusal(confirmed)
      ? { redirectTo, title, notice: "invalid" as const }
      : { redirectTo, title, notice: "confirmed" as const, email: confirmed.email };
  }
  return { redirectTo, title, notice: params.has("registered") ? ("registered" as const) : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale, strategy } = context.get(routingContext);
  const parsed = parseSubmission(await request.formData(), LoginSchema, { t: translator(locale) });
  if (parsed.status === "error") return data({ result: parsed.result }, { status: 400 });
  const outcome = await signIn(parsed.value, {
    locale,
    ip: context.get(requestContext).ip,
    headers: request.headers,
  });
  if (isRefusal(outcome)) {
    const status = outcome.kind === "too-many" ? 429 : 400;
    return data({ result: parsed.reply({ refusal: outcome }) }, { status });
  }
  const target = safeRedirect(parsed.value.redirect, href("account", {}, locale, strategy));
  const response = redirect(target);
  for (const cookie of outcome.setCookies) response.headers.append("set-cookie", cookie);
  return response;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const to = usePageHref();
  return (
    <main
      id="main"
      className="mx-auto grid max-w-5xl gap-12 px-4 py-10 desktop:grid-cols-2 desktop:px-8 desktop:py-16"
    >
      <section aria-labelledby="login-title">
        <h1 id="login-title" className="font-display text-4xl">
          {t("login.title")}
        </h1>
        <p className="mt-2 mb-8 text-muted">{t("login.intro")}</p>
        {loaderData.notice === "invalid" ? (
          <p role="alert" className="mb-6 border border-sale bg-white p-4 text-sm">
            {t("confirm.invalid")}
          </p>
        ) : loaderData.notice ? (
          <p
            role="status"
            className={`mb-6 border bg-white p-4 text-sm ${loaderData.notice === "confirmed" ? "border-success" : "border-ink"}`}
          >
            {t(`login.${loaderData.notice}`)}
          </p>
        ) : null}
        <LoginForm
          id="login"
          redirectTo={loaderData.redirectTo}
          lastResult={actionData?.result}
          email={"email" in loaderData ? loaderData.email : undefined}
        />
      </section>
      <section
        aria-labelledby="register-title"
        className="border-t border-line pt-10 desktop:border-t-0 desktop:border-l desktop:pt-0 desktop:pl-12"
      >
        <h2 id="register-title" className="font-display text-3xl">
          {t("login.noAccount")}
        </h2>
        <p className="mt-2 mb-8 text-muted">{t("login.benefits")}</p>
        <Link to={to("register")} className={`${secondaryButton} w-full`}>
          {t("login.createAccount")}
        </Link>
      </section>
    </main>
  );
}
