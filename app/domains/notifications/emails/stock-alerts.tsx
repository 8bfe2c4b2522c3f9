import { Button, Text } from "@react-email/components";
import type { EmailProps } from "../templates.server";
import { buttonStyle, EmailLayout } from "./layout";

export interface StockAlertData {
  productName: string;
  size: string;
  productUrl: string;
}

/** Sent when a shopper signs up for a sold-out size. */
export function StockAlertConfirmationEmail({ t, lang, data }: EmailProps<StockAlertData>) {
  return (
    <EmailLayout t={t} lang={lang} preview={t("email:stockAlertConfirmation.preview")}>
      <Text>{t("email:stockAlertConfirmation.body", { product: data.productName, size: data.size })}</Text>
      <Text>{t("email:stockAlertConfirmation.once")}</Text>
      <Button href={data.productUrl} style={buttonStyle}>
        {t("email:stockAlertConfirmation.cta")}
      </Button>
    </EmailLayout>
  );
}

/** Sent once, when the size is back in stock; the alert then ends. */
export function BackInStockEmail({ t, lang, data }: EmailProps<StockAlertData>) {
  return (
    <EmailLayout t={t} lang={lang} preview={t("email:backInStock.preview", { product: data.productName })}>
      <Text>{t("email:backInStock.body", { product: data.productName, size: data.size })}</Text>
      <Button href={data.productUrl} style={buttonStyle}>
        {t("email:backInStock.cta")}
      </Button>
    </EmailLayout>
  );
}
