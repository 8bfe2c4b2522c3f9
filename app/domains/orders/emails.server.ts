// The customer's e-mails about an order, written to the outbox in the transaction of the change they report.
import type { Transaction } from "../../platform/db/db.server";
import { inTransaction } from "../../platform/db/transaction.server";
import { queueEmail } from "../notifications/notifications.server";
import { orderPageUrl } from "./links.server";
import { orderByNumber } from "./views.server";

type OrderEmail = "orderConfirmation" | "orderShipped" | "orderCanceled";

/** The confirmation (paid), shipped or canceled e-mail of an order, in the customer's language. */
export async function queueOrderEmail(tx: Transaction, number: string, template: OrderEmail): Promise<void> {
  const order = (await orderByNumber(number, { tx }))!;
  await queueEmail(
    { to: order.email, locale: order.locale, template, data: { order, orderUrl: orderPageUrl(order) } },
    { tx },
  );
}

/** Tells the customer, in their language, that money of this order is on its way back (the outbox). */
export async function queueRefundEmail(
  number: string,
  amountCents: number,
  options: { tx?: Transaction } = {},
): Promise<void> {
  await inTransaction(options.tx, async (tx) => {
    const order = await orderByNumber(number, { tx });
    if (!order) return;
    await queueEmail(
      {
        to: order.email,
        locale: order.locale,
        template: "orderRefunded",
        data: { number: order.number, amountCents, orderUrl: orderPageUrl(order) },
      },
      { tx },
    );
  });
}
