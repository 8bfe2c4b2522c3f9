// STAND-IN until the payments branch is merged: the contract's signatures (docs: /work/briefs/contracts.md)
// with a provider that approves nothing by itself. The merge replaces this whole file with the real domain.
import { randomUUID } from "node:crypto";
import type { Queryable, Transaction } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import type { Locale } from "../../platform/i18n/locales";

export type PaymentMethod =
  | "card"
  | "ideal"
  | "bancontact"
  | "klarna"
  | "afterpay"
  | "billink"
  | "applepay"
  | "fashioncheque";

export type PaymentStatus = "open" | "paid" | "failed" | "canceled" | "expired";

export interface PaymentRecord {
  id: string;
  purpose: "order";
  reference: string;
  status: PaymentStatus;
  amountCents: number;
  method: PaymentMethod;
}

export async function availablePaymentMethods(input: {
  country: "NL" | "BE" | "FR" | "ES";
  amountCents: number;
}): Promise<PaymentMethod[]> {
  const local = input.country === "NL" ? ["ideal"] : input.country === "BE" ? ["bancontact"] : [];
  return [...local, "card", "klarna", "applepay"] as PaymentMethod[];
}

const payments = new Map<string, PaymentRecord & { key: string }>();

export async function createPayment(
  _db: Queryable,
  input: {
    purpose: "order";
    reference: string;
    amountCents: number;
    method: PaymentMethod;
    locale: Locale;
    description: string;
    returnUrl: string;
    idempotencyKey: string;
    issuer?: string;
  },
): Promise<{ paymentId: string; checkoutUrl: string }> {
  const existing = [...payments.values()].find((p) => p.key === input.idempotencyKey);
  const id = existing?.id ?? `pay_${randomUUID()}`;
  if (!existing)
    payments.set(id, {
      id,
      key: input.idempotencyKey,
      purpose: "order",
      reference: input.reference,
      status: "open",
      amountCents: input.amountCents,
      method: input.method,
    });
  return { paymentId: id, checkoutUrl: input.returnUrl };
}

type Listener = (tx: Transaction, payment: PaymentRecord) => Promise<void>;
const listeners: Listener[] = [];

export function onPaymentStatus(_purpose: "order", listener: Listener): void {
  listeners.push(listener);
}

/** Stand-in only: what a webhook would do. */
export async function settlePayment(db: Queryable, paymentId: string, status: PaymentStatus): Promise<void> {
  const payment = payments.get(paymentId);
  if (!payment || payment.status !== "open") return;
  payment.status = status;
  await transaction(
    async (tx) => {
      for (const listener of listeners) await listener(tx, payment);
    },
    { on: db },
  );
}

export async function syncPayment(_db: Queryable, _paymentId: string): Promise<void> {}
