// The buyer's change of an e-gift card (recipient e-mail, dispatch date) from an order page: the
// customer's order page and a guest's confirmation page share it; each has checked the order is the
// visitor's before calling (docs/decisions/0049).
import { data } from "react-router";
import type { GiftCardChangeReply, OrderGiftCardView } from "~/components/orders/order-gift-cards";
import { changeGiftCardDispatch, giftCardsOfOrder } from "~/domains/gift-cards/gift-cards.server";
import { GiftCardDispatchSchema } from "~/domains/gift-cards/validation";
import { parseSubmission } from "~/platform/forms/submission";
import type { Locale } from "~/platform/i18n/locales";
import { translator } from "~/platform/i18n/resources.server";
import { isRefusal, refusalStatus } from "~/platform/refusal";

/** The order's gift cards for its page, dates as ISO strings. */
export async function orderGiftCardsView(orderReference: string): Promise<OrderGiftCardView[]> {
  return (await giftCardsOfOrder(orderReference)).map((gift) => ({
    ...gift,
    sentAt: gift.sentAt?.toISOString() ?? null,
  }));
}

/** Parses the form, changes the card, answers the form's reply (400/404/409 with translated messages). */
export async function changeOrderGiftCard(orderReference: string, form: FormData, locale: Locale) {
  const parsed = parseSubmission(form, GiftCardDispatchSchema, { t: translator(locale) });
  const purchaseId = Number(form.get("purchaseId")) || 0;
  if (parsed.status === "error")
    return data({ purchaseId, result: parsed.result } satisfies GiftCardChangeReply, { status: 400 });
  const changed = await changeGiftCardDispatch({
    orderReference,
    purchaseId: parsed.value.purchaseId,
    recipientEmail: parsed.value.recipientEmail,
    dispatchDate: parsed.value.dispatchDate,
  });
  if (isRefusal(changed))
    return data({ purchaseId, result: parsed.reply({ refusal: changed }) } satisfies GiftCardChangeReply, {
      status: refusalStatus[changed.kind],
    });
  return data({
    purchaseId,
    result: parsed.reply(),
    saved: { email: changed.recipientEmail, date: changed.dispatchDate },
  } satisfies GiftCardChangeReply);
}
