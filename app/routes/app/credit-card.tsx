import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { type SandboxPageData, SandboxPaymentPage } from "~/components/payments/sandbox-payment-page";
import { sandboxCheckout } from "~/domains/payments/payments.server";
import { serverI18n } from "~/platform/i18n/resources.server";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { sandboxDecision } from "../sandbox/sandbox-decision.server";
import type { Route } from "./+types/credit-card";

export const handle = { i18n: ["payments", "forms"] };
export const headers = personalPage;

/**
 * `/app/credit-card/?payment={id}`: the card form of the payment provider's hosted page inside the app
 * layout, for the native shell's webview (the app opens it instead of the provider's full page). Only card
 * payments; without a payment it says where the view comes from. The decision goes to the same handler
 * as the hosted page, and the shopper returns to the shop's return page from there.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  const { t } = serverI18n(locale);
  const id = new URL(request.url).searchParams.get("payment");
  if (!id) return { checkout: null, title: t("payments:inApp.title") };
  const checkout = await sandboxCheckout(id);
  if (checkout?.method !== "card") throw data(null, { status: 404 });
  return {
    checkout: { ...checkout, expiresAt: checkout.expiresAt.toISOString() },
    viaApp: true,
    title: t("payments:sandbox.pageTitle"),
  } satisfies SandboxPageData & { title: string };
}

export function action({ request }: Route.ActionArgs) {
  const id = new URL(request.url).searchParams.get("payment");
  if (!id) throw data(null, { status: 404 });
  return sandboxDecision(id, request);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex, nofollow" }]);
}

export default function AppCreditCard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("payments");
  if (!loaderData.checkout)
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-10">
        <h1 className="font-display text-3xl">{loaderData.title}</h1>
        <p className="mt-3 text-muted">{t("inApp.intro")}</p>
      </main>
    );
  return <SandboxPaymentPage {...(loaderData as SandboxPageData)} />;
}
