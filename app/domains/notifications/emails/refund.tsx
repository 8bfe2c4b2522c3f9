import { Button, Text } from "@react-email/components";
import { formatMoney, money } from "../../../platform/money";
import type { EmailProps } from "../templates.server";
import { buttonStyle, EmailLayout } from "./layout";

export interface RefundEmailData {
  number: string;
  amountCents: number;
  orderUrl: string;
}

/** Sent when staff refund (part of) an order: how much, and that it comes back the way it was paid. */
export function OrderRefundedEmail({ t, locale, lang, data }: EmailProps<RefundEmailData>) {
  const amount = formatMoney(money(data.amountCents), locale);
  return (
    <EmailLayout t={t} lang={lang} preview={t("refunds:email.preview", { number: data.number, amount })}>
      <Text>{t("refunds:email.body", { number: data.number, amount })}</Text>
      <Text>{t("refunds:email.timing")}</Text>
      <Button href={data.orderUrl} style={buttonStyle}>
        {t("orders:email.viewOrder")}
      </Button>
    </EmailLayout>
  );
}
