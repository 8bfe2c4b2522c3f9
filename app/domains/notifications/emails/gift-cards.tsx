import { Section, Text } from "@react-email/components";
import { formatMoney, money } from "../../../platform/money";
import type { EmailProps } from "../templates.server";
import { EmailLayout } from "./layout";

export interface GiftCardEmailData {
  amountCents: number;
  toName: string;
  fromName: string;
  message: string | null;
  /** The full number, grouped in fours, and the PIN: shown once, in this e-mail. */
  number: string;
  pin: string;
  /** ISO date. */
  validUntil: string;
  balanceUrl: string;
}

const grouped = (number: string) => number.replace(/(\d{4})(?=\d)/g, "$1 ");

/** The e-gift card itself: a designed card with the amount, names, message, number and PIN. */
export function GiftCardEmail({ t, locale, lang, data }: EmailProps<GiftCardEmailData>) {
  const amount = formatMoney(money(data.amountCents), locale);
  const validUntil = new Intl.DateTimeFormat(lang, { dateStyle: "long" }).format(new Date(data.validUntil));
  return (
    <EmailLayout
      t={t}
      lang={lang}
      preview={t("giftcard:email.card.preview", { from: data.fromName, amount })}
    >
      <Text>{t("giftcard:email.card.greeting", { name: data.toName, from: data.fromName })}</Text>
      <Section
        style={{
          backgroundColor: "#1f1b16",
          color: "#ffffff",
          padding: "28px 24px",
          borderRadius: 12,
          margin: "16px 0",
        }}
      >
        <Text
          style={{ color: "#ffffff", fontSize: 14, letterSpacing: 4, textTransform: "uppercase", margin: 0 }}
        >
          Loom &amp; Label · {t("giftcard:email.card.label")}
        </Text>
        <Text style={{ color: "#ffffff", fontSize: 40, margin: "16px 0" }} data-testid="giftcard-amount">
          {amount}
        </Text>
        <Text style={{ color: "#ffffff", fontSize: 14, margin: 0 }}>
          {t("giftcard:buy.previewTo", { name: data.toName })} ·{" "}
          {t("giftcard:buy.previewFrom", { name: data.fromName })}
        </Text>
      </Section>
      {data.message ? (
        <Text style={{ fontStyle: "italic", whiteSpace: "pre-line" }}>{data.message}</Text>
      ) : null}
      <Text>
        {t("giftcard:email.card.number")}:{" "}
        <strong data-testid="giftcard-number">{grouped(data.number)}</strong>
        <br />
        {t("giftcard:email.card.pin")}: <strong data-testid="giftcard-pin">{data.pin}</strong>
        <br />
        {t("giftcard:email.card.validUntil", { date: validUntil })}
      </Text>
      <Text>{t("giftcard:email.card.howTo")}</Text>
      <Text>
        {t("giftcard:email.card.balance")} {data.balanceUrl}
      </Text>
    </EmailLayout>
  );
}

export interface GiftCardReceiptData {
  number: string;
  cards: {
    kind: "egift" | "physical";
    amountCents: number;
    toName: string;
    last4: string;
    recipientEmail: string | null;
    dispatchDate: string | null;
  }[];
  orderUrl: string;
}

/** The buyer's receipt once the order is paid: which cards were issued, to whom, and when they go out. */
export function GiftCardReceiptEmail({ t, locale, lang, data }: EmailProps<GiftCardReceiptData>) {
  return (
    <EmailLayout t={t} lang={lang} preview={t("giftcard:email.receipt.preview", { number: data.number })}>
      <Text>{t("giftcard:email.receipt.body", { number: data.number })}</Text>
      {data.cards.map((card) => (
        <Text key={card.last4}>
          {formatMoney(money(card.amountCents), locale)} · {t(`giftcard:buy.kinds.${card.kind}`)} ·{" "}
          {t("giftcard:buy.previewTo", { name: card.toName })} · •••• {card.last4}
          {card.kind === "egift" && card.dispatchDate
            ? ` · ${t("giftcard:email.receipt.sendsOn", { email: card.recipientEmail, date: card.dispatchDate })}`
            : ` · ${t("giftcard:email.receipt.physical")}`}
        </Text>
      ))}
      <Text>{t("giftcard:email.receipt.change")}</Text>
      <Text>{data.orderUrl}</Text>
    </EmailLayout>
  );
}
