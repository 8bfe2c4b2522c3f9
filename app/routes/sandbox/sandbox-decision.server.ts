import { data, redirectDocument } from "react-router";
import type { SandboxReply } from "~/components/payments/sandbox-payment-page";
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
import { parseSubmission } from "~/platform/forms/submission";
import { translator } from "~/platform/i18n/resources.server";

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
export async function sandboxDecision(paymentId: string, request: Request) {
  const checkout = await sandboxCheckout(paymentId);
  if (!checkout) throw data(null, { status: 404 });
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!decisionIntents.includes(intent as DecisionIntent)) throw data(null, { status: 400 });

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
      const parsed = parseSubmission(formData, schema, { t: translator(checkout.locale) });
      if (parsed.status === "error") return { result: parsed.result } satisfies SandboxReply;
      const value = parsed.value as Record<string, string>;
      details = value.issuer
        ? { issuer: value.issuer }
        : { last4: value.cardNumber?.slice(-4) ?? "", ...(value.holder ? { holder: value.holder } : {}) };
    }
  }
  const decided = await decideSandboxCheckout(checkout.id, decisions[intent as DecisionIntent], details);
  if (!decided) throw data(null, { status: 404 });
  return redirectDocument(decided.returnUrl);
}
