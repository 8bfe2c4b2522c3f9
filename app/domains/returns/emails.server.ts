// The customer's e-mails about a return, written to the outbox in the transaction of the change they report.
import type { Transaction } from "../../platform/db/db.server";
import { env } from "../../platform/env.server";
import { href } from "../../routing/urls";
import { queueEmail } from "../notifications/notifications.server";
import { returnLabelUrl } from "./label.server";
import { type ReturnDetail, returnByNumber, returnQrDataUrl } from "./views.server";

type ReturnEmail =
  | "returnRequested"
  | "returnReceived"
  | "returnRefunded"
  | "returnRejected"
  | "withdrawalReceipt";

/** Where the customer reads a return: their account's returns, or the returns page for a guest. */
function returnPageUrl(r: ReturnDetail): string {
  const page = href(r.userId ? "customer-returns" : "returns", {}, r.locale, env().I18N_STRATEGY);
  return `${env().BASE_URL}${page}`;
}

export async function queueReturnEmail(
  tx: Transaction,
  number: string,
  template: ReturnEmail,
  refund: { amountCents: number; walletCents: number } = { amountCents: 0, walletCents: 0 },
): Promise<void> {
  const r = (await returnByNumber(number, { tx }))!;
  const returnUrl = returnPageUrl(r);
  const ret = {
    number: r.number,
    orderNumber: r.orderNumber,
    method: r.method,
    feeCents: r.feeCents,
    lines: r.lines.map((l) => ({
      name: l.name,
      size: l.size,
      colour: l.colour,
      quantity: l.quantity,
      reason: l.reason,
      outcome: l.outcome,
      rejectReason: l.rejectReason,
      exchangeSize: l.exchange?.size ?? null,
    })),
  };
  const to = { to: r.email, locale: r.locale };
  switch (template) {
    case "withdrawalReceipt":
      await queueEmail({ ...to, template, data: { ret, statement: r.statement!, returnUrl } }, { tx });
      return;
    case "returnRefunded":
    case "returnRejected":
      await queueEmail({ ...to, template, data: { ret, returnUrl, ...refund } }, { tx });
      return;
    default:
      await queueEmail(
        {
          ...to,
          template,
          data: {
            ret,
            qrDataUrl: await returnQrDataUrl(r.number),
            labelUrl: r.method === "exchange" ? null : returnLabelUrl(r.number, r.locale),
            returnUrl,
          },
        },
        { tx },
      );
  }
}
