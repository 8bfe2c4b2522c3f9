import { env } from "../../../platform/env.server";
import { isRefusal } from "../../../platform/refusal";
import { type PaymentProvider, PaymentProviderError, type ProviderPayment } from "../provider.server";
import {
  createSandboxPayment,
  findSandboxPayment,
  refundSandboxPayment,
  type SandboxPayment,
  SIGNATURE_HEADER,
  validWebhookSignature,
} from "./psp.server";

/** The hosted page of a sandbox payment. */
export function sandboxCheckoutUrl(id: string): string {
  return `${env().BASE_URL}/sandbox-pay/${id}/`;
}

function view(payment: SandboxPayment): ProviderPayment {
  return {
    providerId: payment.id,
    status: payment.status,
    checkoutUrl: payment.status === "open" ? sandboxCheckoutUrl(payment.id) : null,
    expiresAt: payment.expiresAt,
    paidAt: payment.status === "paid" ? payment.decidedAt : null,
  };
}

/** The shop's adapter for the built-in sandbox PSP: direct calls instead of HTTP, same contract as Mollie. */
export const sandboxProvider: PaymentProvider = {
  name: "sandbox",

  async createPayment(request) {
    return view(await createSandboxPayment(request));
  },

  async getPayment(providerId) {
    const payment = await findSandboxPayment(providerId);
    if (!payment) throw new PaymentProviderError(`sandbox has no payment ${providerId}`, false);
    return view(payment);
  },

  async refund(providerId, refund) {
    let refunded: Awaited<ReturnType<typeof refundSandboxPayment>>;
    try {
      refunded = await refundSandboxPayment(providerId, refund);
    } catch (error) {
      throw new PaymentProviderError("sandbox refund failed", true, { cause: error });
    }
    // The PSP said no, as an outside provider's API answers an error: the shop's call failed for good.
    if (isRefusal(refunded))
      throw new PaymentProviderError(
        `sandbox refused the refund of ${providerId}: ${refunded.messageKey}`,
        false,
      );
    return { providerRefundId: refunded.id };
  },

  async verifyWebhook(request) {
    const body = await request.text();
    if (!validWebhookSignature(body, request.headers.get(SIGNATURE_HEADER))) return null;
    try {
      const parsed = JSON.parse(body) as { id?: unknown };
      return typeof parsed.id === "string" && parsed.id.length <= 64 ? { providerId: parsed.id } : null;
    } catch {
      return null;
    }
  },
};
