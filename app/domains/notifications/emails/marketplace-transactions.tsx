import { Button, Text } from "@react-email/components";
import type { EmailProps } from "../templates.server";
import { buttonStyle, EmailLayout } from "./layout";

/** A marketplace transaction moved: what happened, for this side (`role`), and what they do next. */
export interface MarketplaceTransactionData {
  /** The transition taken (a key of the process table). */
  transition: string;
  role: "customer" | "provider";
  name: string;
  /** number, title, total, earnings, tracking: already formatted. */
  values: Record<string, string>;
  url: string;
}

export function MarketplaceTransactionEmail({ t, lang, data }: EmailProps<MarketplaceTransactionData>) {
  const key = `trade:email.${data.transition}.${data.role}`;
  return (
    <EmailLayout t={t} lang={lang} preview={t(key, data.values)}>
      <Text>{t("email:layout.greeting", { name: data.name })}</Text>
      <Text>{t(key, data.values)}</Text>
      <Button href={data.url} style={buttonStyle}>
        {t("trade:email.cta")}
      </Button>
    </EmailLayout>
  );
}
