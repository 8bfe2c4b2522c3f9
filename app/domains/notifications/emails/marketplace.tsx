import { Button, Section, Text } from "@react-email/components";
import type { EmailProps } from "../templates.server";
import { buttonStyle, EmailLayout } from "./layout";

/**
 * The marketplace's e-mails share one shape: a greeting, one or two translated lines, an optional quote
 * (a message, a statement of reasons) and a button. `kind` picks the texts under `marketplace:email.*`.
 */
export interface MarketplaceNoticeData {
  kind: "priceDrop" | "messageWaiting" | "statement" | "appealDecided";
  name: string;
  /** Interpolation values of the texts (already formatted: prices, titles, dates). */
  values: Record<string, string>;
  quote?: string;
  url: string;
}

const quoteStyle = {
  borderLeft: "3px solid #d9d4cc",
  paddingLeft: "12px",
  color: "#555",
  whiteSpace: "pre-wrap" as const,
};

export function MarketplaceNoticeEmail({ t, lang, data }: EmailProps<MarketplaceNoticeData>) {
  const key = `marketplace:email.${data.kind}`;
  return (
    <EmailLayout t={t} lang={lang} preview={t(`${key}.preview`, data.values)}>
      <Text>{t("email:layout.greeting", { name: data.name })}</Text>
      <Text>{t(`${key}.body`, data.values)}</Text>
      {data.quote ? (
        <Section style={quoteStyle}>
          <Text>{data.quote}</Text>
        </Section>
      ) : null}
      <Button href={data.url} style={buttonStyle}>
        {t(`${key}.cta`)}
      </Button>
    </EmailLayout>
  );
}
