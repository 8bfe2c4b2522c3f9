import { data, redirectDocument } from "react-router";
import {
  type SandboxPageData,
  SandboxPaymentPage,
  type SandboxReply,
} from "~/components/payments/sandbox-payment-page";
import {
  decideSandboxCheckout,
  type SandboxDecision,
  sandboxCheckout,
} from "~/domains/payments/payments.server";
import {
  cardFormSchema,
  type DecisionIntent,
  decisionIntents,
  fashionchequeFormSchema,
  idealFormSchema,
} from "~/domains/payments/validation";
import { db } from "~/platform/db/db.server";
import { parseSubmission } from "~/platform/forms/submission";
import { serverI18n } from "~/platform/i18n/resources.server";
import { pageMeta } from "~/routing/meta";
import type { Route } from "./+types/sandbox-pay";

export const handle = { i18n: ["payments", "forms"] };

export async function loader({ params, request }: Route.LoaderArgs): Promise<SandboxPageData> {
  const checkout = await sandboxCheckout(db(), params.paymentId);
  if (!checkout) throw data(null, { status: 404 });
  return {
    checkout: { ...checkout, expiresAt: checkout.expiresAt.toISOString() },
    viaApp: new URL(request.url).searchParams.get("via") === "app",
    title: serverI18n(checkout.locale).t("payments:sandbox.pageTitle"),
  };
}

const decisions: Record<DecisionIntent, SandboxDecision> = {
  approve: "paid",
  decline: "failed",
  cancel: "canceled",
  expire: "expired",
};

/**
 * The shopper's decision, also without JavaScript. Approving checks the method's form on the server
 * (card, iDEAL bank, Fashioncheque); the other outcomes need nothing. Then back to the shop.
 */
export async function action({ params, request }: Route.ActionArgs) {
  const checkout = await sandboxCheckout(db(), params.paymentId);
  if (!checkout) throw data(null, { status: 404 });
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!decisionIntents.includes(intent as DecisionIntent)) throw data(null, { status: 400 });
  const { t } = serverI18n(checkout.locale);
  const translate = (key: string, values: Record<string, unknown> = {}) => t(key, values) as string;

  let details: Record<string, string> = {};
  if (intent === "approve") {
    const schema =
      checkout.method === "card"
        ? cardFormSchema
        : checkout.method === "ideal"
          ? idealFormSchema
          : checkout.method === "fashioncheque"
            ? fashionchequeFormSchema
            : null;
    if (schema) {
      const parsed = parseSubmission(formData, schema, { t: translate });
      if (parsed.status === "error") return { result: parsed.result } satisfies SandboxReply;
      const value = parsed.value as Record<string, string>;
      details = value.issuer
        ? { issuer: value.issuer }
        : { last4: value.cardNumber?.slice(-4) ?? "", ...(value.holder ? { holder: value.holder } : {}) };
    }
  }
  const decided = await decideSandboxCheckout(
    db(),
    checkout.id,
    decisions[intent as DecisionIntent],
    details,
  );
  if (!decided) throw data(null, { status: 404 });
  return redirectDocument(decided.returnUrl);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex, nofollow" }]);
}

export default function SandboxPayRoute({ loaderData }: Route.ComponentProps) {
  return <SandboxPaymentPage {...loaderData} />;
}
