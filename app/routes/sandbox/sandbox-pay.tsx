import { data } from "react-router";
import { type SandboxPageData, SandboxPaymentPage } from "~/components/payments/sandbox-payment-page";
import { sandboxCheckout } from "~/domains/payments/payments.server";
import { serverI18n } from "~/platform/i18n/resources.server";
import { pageMeta } from "~/routing/meta";
import type { Route } from "./+types/sandbox-pay";
import { sandboxDecision } from "./sandbox-decision.server";

export const handle = { i18n: ["payments", "forms"] };

export async function loader({ params, request }: Route.LoaderArgs): Promise<SandboxPageData> {
  const checkout = await sandboxCheckout(params.paymentId);
  if (!checkout) throw data(null, { status: 404 });
  return {
    checkout: { ...checkout, expiresAt: checkout.expiresAt.toISOString() },
    viaApp: new URL(request.url).searchParams.get("via") === "app",
    title: serverI18n(checkout.locale).t("payments:sandbox.pageTitle"),
  };
}

/** The shopper's decision, also without JavaScript (see `sandboxDecision`). */
export function action({ params, request }: Route.ActionArgs) {
  return sandboxDecision(params.paymentId, request);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex, nofollow" }]);
}

export default function SandboxPayRoute({ loaderData }: Route.ComponentProps) {
  return <SandboxPaymentPage {...loaderData} />;
}
