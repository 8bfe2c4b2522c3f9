import { Button, Text } from "@react-email/components";
import type { EmailProps } from "../templates.server";
import { buttonStyle, EmailLayout } from "./layout";

/**
 * The payout account of a marketplace seller was set or changed (decision 0046): sent to the address on
 * the account, so a change the seller did not make is noticed before money goes out.
 */
export interface PayoutAccountChangedData {
  name: string;
  /** The account before (masked), or null when this is the first one. */
  oldIban: string | null;
  newIban: string;
  holderName: string;
  url: string;
}

export function PayoutAccountChangedEmail({ t, lang, data }: EmailProps<PayoutAccountChangedData>) {
  const values = { old: data.oldIban ?? "", iban: data.newIban, holder: data.holderName };
  return (
    <EmailLayout t={t} lang={lang} preview={t("payouts:email.accountChanged.preview", values)}>
      <Text>{t("email:layout.greeting", { name: data.name })}</Text>
      <Text>
        {data.oldIban
          ? t("payouts:email.accountChanged.changed", values)
          : t("payouts:email.accountChanged.set", values)}
      </Text>
      <Text>{t("payouts:email.accountChanged.notYou")}</Text>
      <Button href={data.url} style={buttonStyle}>
        {t("payouts:email.accountChanged.cta")}
      </Button>
    </EmailLayout>
  );
}
