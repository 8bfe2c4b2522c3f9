import { env } from "../../../platform/env.server";
import { type PaymentProvider, PaymentProviderError, type ProviderPayment } from "../provider.server";
import {
  createSandboxPayment,
  findSandboxPayment,
  refundSandboxPayment,
  type SandboxPayment,
  SandboxRefundRefused,
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

  async createPayment(db, request) {
    return view(await createSandboxPayment(db, request));
  },

  async getPayment(db, providerId) {
    const payment = await findSandboxPayment(db, providerId);
    if (!payment) throw new PaymentProviderError(`sandbox has no payment ${providerId}`, false);
    return view(payment);
  },

  async refund(db, providerId, refund) {
    try {
      const { id } = await refundSandboxPayment(db, providerId, refund);
      return { providerRefundId: id };
    } catch (error) {
      if (error instanceof SandboxRefundRefused) throw new PaymentProviderError(error.message, false);
      throw new PaymentProviderError("sandbox refund failed", true, { cause: error });
    }
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
