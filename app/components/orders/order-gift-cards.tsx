import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { SuccessMessage } from "~/components/account/status";
import { card, secondaryButton } from "~/components/account/styles";
import { EmailField, FormErrorSummary, InputField } from "~/components/forms/conform-fields";
import { GiftCardDispatchSchema } from "~/domains/gift-cards/validation";
import { useShopForm } from "~/platform/forms/use-shop-form";
import { formatMoney, money } from "~/platform/money";
import { useRouting } from "~/routing/use-routing";
import { useOrderDate } from "./order-detail";

/** A gift card an order sold, as the order pages pass it (dates as ISO strings). */
export interface OrderGiftCardView {
  id: number;
  kind: "egift" | "physical";
  amountCents: number;
  toName: string;
  recipientEmail: string | null;
  dispatchDate: string | null;
  status: "ordered" | "issued" | "sent" | "canceled";
  sentAt: string | null;
  changeable: boolean;
}

/** What the order page's action answers for one card's form. */
export interface GiftCardChangeReply {
  purchaseId: number;
  result: SubmissionResult<string[]>;
  saved?: { email: string; date: string };
}

/**
 * The gift cards an order sold, on the buyer's order pages (the customer's order page, a guest's
 * confirmation page): where and when each e-gift card goes, and, until it is sent, a form to change the
 * recipient's e-mail address or the date (docs/decisions/0049).
 */
export function OrderGiftCards({
  cards,
  reply,
}: {
  cards: OrderGiftCardView[];
  reply?: GiftCardChangeReply | null;
}) {
  const { t } = useTranslation("giftcard");
  const { locale } = useRouting();
  const date = useOrderDate();
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby="order-gift-cards" className={`${card} mt-8`} data-testid="order-gift-cards">
      <h2 id="order-gift-cards" className="font-display text-2xl">
        {t("change.heading")}
      </h2>
      <ul className="mt-4 space-y-6">
        {cards.map((gift) => (
          <li key={gift.id} className="border-t border-line pt-4" data-testid={`order-gift-card-${gift.id}`}>
            <p className="font-medium">
              {formatMoney(money(gift.amountCents), locale)} · {t("buy.previewTo", { name: gift.toName })}
            </p>
            <p className="text-sm text-muted">
              {gift.kind === "physical"
                ? t("change.physical")
                : gift.status === "canceled"
                  ? t("change.canceled")
                  : gift.status === "sent" && gift.sentAt
                    ? `${t("change.sendsOn", { email: gift.recipientEmail, date: date(gift.dispatchDate ?? gift.sentAt) })} · ${t("change.sent", { date: date(gift.sentAt) })}`
                    : `${t("change.sendsOn", { email: gift.recipientEmail, date: date(gift.dispatchDate ?? "") })} · ${t("change.pending")}`}
            </p>
            {gift.changeable ? (
              <ChangeForm gift={gift} reply={reply?.purchaseId === gift.id ? reply : undefined} />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ChangeForm({ gift, reply }: { gift: OrderGiftCardView; reply?: GiftCardChangeReply }) {
  const { t } = useTranslation("giftcard");
  const navigation = useNavigation();
  const date = useOrderDate();
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("purchaseId") === String(gift.id);
  const shop = useShopForm({
    schema: GiftCardDispatchSchema,
    id: `gift-card-${gift.id}`,
    lastResult: reply?.result,
    pending,
    defaultValue: {
      purchaseId: String(gift.id),
      recipientEmail: gift.recipientEmail ?? "",
      dispatchDate: gift.dispatchDate ?? "",
    },
  });
  const { fields } = shop;
  const labels = { recipientEmail: t("buy.recipientEmail"), dispatchDate: t("buy.dispatchDate") };
  return (
    <Form
      method="post"
      {...shop.formProps}
      aria-label={t("change.title")}
      className="mt-4 space-y-4"
      preventScrollReset
    >
      <input type="hidden" name="intent" value="gift-card" />
      <input type="hidden" name="purchaseId" value={gift.id} />
      {reply?.saved ? (
        <SuccessMessage>
          {t("change.saved", { email: reply.saved.email, date: date(reply.saved.date) })}
        </SuccessMessage>
      ) : null}
      <FormErrorSummary form={shop} labels={labels} />
      <div className="grid gap-4 tablet:grid-cols-2">
        <EmailField form={shop} meta={fields.recipientEmail} label={labels.recipientEmail} />
        <InputField
          meta={fields.dispatchDate}
          label={labels.dispatchDate}
          type="date"
          description={t("buy.dispatchHelp")}
        />
      </div>
      <button type="submit" className={secondaryButton} aria-disabled={pending || undefined}>
        {t("change.submit")}
      </button>
    </Form>
  );
}
