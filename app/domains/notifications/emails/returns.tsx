import { Button, Hr, Img, Link, Section, Text } from "@react-email/components";
import { formatMoney, money } from "../../../platform/money";
import type { EmailProps } from "../templates.server";
import { buttonStyle, EmailLayout } from "./layout";

/** What the return e-mails show of a return (the returns domain's view fits it). */
export interface ReturnEmailData {
  ret: {
    number: string;
    orderNumber: string;
    method: "drop-off" | "label" | "exchange";
    lines: ReturnEmailLine[];
    feeCents: number;
  };
  /** The QR code of the return's number, as a PNG data URL. */
  qrDataUrl: string;
  /** The printable label (PDF); null for an exchange, which goes back by QR code. */
  labelUrl?: string | null;
  returnUrl: string;
}

interface ReturnEmailLine {
  name: string;
  size: string;
  colour: string;
  quantity: number;
  reason: string;
  outcome?: string;
  rejectReason?: string | null;
  /** The size sent in exchange. */
  exchangeSize?: string | null;
}

/** The inspection's outcome: what was refunded (and how much to the wallet), and the lines not accepted. */
export interface ReturnDecisionData {
  ret: { number: string; orderNumber: string; lines: ReturnEmailLine[] };
  amountCents: number;
  walletCents: number;
  returnUrl: string;
}

export interface WithdrawalEmailData {
  ret: { number: string; orderNumber: string; lines: { name: string; size: string; quantity: number }[] };
  statement: { name: string; email: string; orderNumber: string; orderedOn: string; confirmedAt: string };
  returnUrl: string;
}

const muted = { color: "#6b625a", fontSize: 13, margin: "2px 0" };

function Lines({
  t,
  lines,
}: {
  t: EmailProps<unknown>["t"];
  lines: { name: string; size: string; quantity: number }[];
}) {
  return (
    <Section>
      {lines.map((line) => (
        <Text key={`${line.name}-${line.size}`} style={{ margin: "4px 0" }}>
          {t("returns:email.line", { quantity: line.quantity, name: line.name, size: line.size })}
        </Text>
      ))}
    </Section>
  );
}

/** Sent when a return is requested: the QR code to show at a service point (or the label), and what goes back. */
export function ReturnRequestedEmail({ t, locale, lang, data }: EmailProps<ReturnEmailData>) {
  const { ret } = data;
  return (
    <EmailLayout t={t} lang={lang} preview={t("returns:email.requested.preview", { number: ret.number })}>
      <Text>{t("returns:email.requested.body", { number: ret.number, order: ret.orderNumber })}</Text>
      <Text>{t(`returns:email.requested.how.${ret.method}`)}</Text>
      <Section style={{ textAlign: "center" }}>
        <Img src={data.qrDataUrl} width="200" height="200" alt={t("returns:qrAlt", { number: ret.number })} />
        <Text style={{ fontFamily: "monospace", fontSize: 18, letterSpacing: 2 }}>{ret.number}</Text>
      </Section>
      <Hr />
      <Lines t={t} lines={ret.lines} />
      {ret.feeCents > 0 ? (
        <Text style={muted}>
          {t("returns:email.fee", { amount: formatMoney(money(ret.feeCents), locale) })}
        </Text>
      ) : null}
      {data.labelUrl ? (
        <Text>
          <Link href={data.labelUrl}>{t("returns:email.requested.label")}</Link>
        </Text>
      ) : null}
      <Button href={data.returnUrl} style={buttonStyle}>
        {t("returns:email.view")}
      </Button>
    </EmailLayout>
  );
}

/** Sent when staff scanned the parcel in: the refund follows within 14 days. */
export function ReturnReceivedEmail({ t, lang, data }: EmailProps<ReturnEmailData>) {
  return (
    <EmailLayout t={t} lang={lang} preview={t("returns:email.received.preview", { number: data.ret.number })}>
      <Text>
        {t("returns:email.received.body", { number: data.ret.number, order: data.ret.orderNumber })}
      </Text>
      <Lines t={t} lines={data.ret.lines} />
      {data.ret.lines
        .filter((line) => line.exchangeSize)
        .map((line) => (
          <Text key={`${line.name}-${line.exchangeSize}`}>
            {t("returns:email.received.exchange", { size: line.exchangeSize, name: line.name })}
          </Text>
        ))}
      <Button href={data.returnUrl} style={buttonStyle}>
        {t("returns:email.view")}
      </Button>
    </EmailLayout>
  );
}

function RejectedLines({ t, lines }: { t: EmailProps<unknown>["t"]; lines: ReturnEmailLine[] }) {
  return (
    <Section>
      {lines
        .filter((line) => line.outcome === "rejected")
        .map((line) => (
          <Text key={`${line.name}-${line.size}`} style={{ margin: "4px 0" }}>
            {t("returns:email.refunded.rejectedLine", {
              quantity: line.quantity,
              name: line.name,
              size: line.size,
              reason: line.rejectReason ?? "",
            })}
          </Text>
        ))}
    </Section>
  );
}

/** Sent when the refund of an inspected return is made: the amount, the wallet's part, and any line not accepted. */
export function ReturnRefundedEmail({ t, locale, lang, data }: EmailProps<ReturnDecisionData>) {
  const amount = formatMoney(money(data.amountCents), locale);
  const { ret } = data;
  return (
    <EmailLayout
      t={t}
      lang={lang}
      preview={t("returns:email.refunded.preview", { number: ret.number, amount })}
    >
      <Text>{t("returns:email.refunded.body", { number: ret.number, order: ret.orderNumber, amount })}</Text>
      {data.walletCents > 0 ? (
        <Text>
          {t("returns:email.refunded.wallet", { amount: formatMoney(money(data.walletCents), locale) })}
        </Text>
      ) : null}
      {ret.lines.some((line) => line.outcome === "rejected") ? (
        <>
          <Text>{t("returns:email.refunded.rejectedIntro")}</Text>
          <RejectedLines t={t} lines={ret.lines} />
        </>
      ) : null}
      <Button href={data.returnUrl} style={buttonStyle}>
        {t("returns:email.view")}
      </Button>
    </EmailLayout>
  );
}

/** Sent when no line of a return was accepted: each line's reason, and where to turn. */
export function ReturnRejectedEmail({ t, lang, data }: EmailProps<ReturnDecisionData>) {
  const { ret } = data;
  return (
    <EmailLayout t={t} lang={lang} preview={t("returns:email.rejected.preview", { number: ret.number })}>
      <Text>{t("returns:email.rejected.body", { number: ret.number, order: ret.orderNumber })}</Text>
      <RejectedLines t={t} lines={ret.lines} />
      <Text>{t("returns:email.rejected.next")}</Text>
      <Button href={data.returnUrl} style={buttonStyle}>
        {t("returns:email.view")}
      </Button>
    </EmailLayout>
  );
}

/** The receipt of a withdrawal (EU 2023/2673): its content, and the date and time it was confirmed. */
export function WithdrawalReceiptEmail({ t, lang, data }: EmailProps<WithdrawalEmailData>) {
  const { statement } = data;
  const at = new Intl.DateTimeFormat(lang, {
    dateStyle: "long",
    timeStyle: "long",
    timeZone: "Europe/Amsterdam",
  }).format(new Date(statement.confirmedAt));
  const orderedOn = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "Europe/Amsterdam" }).format(
    new Date(statement.orderedOn),
  );
  return (
    <EmailLayout
      t={t}
      lang={lang}
      preview={t("returns:email.withdrawal.preview", { order: statement.orderNumber })}
    >
      <Text>{t("returns:email.withdrawal.body", { at })}</Text>
      <Section style={{ borderLeft: "3px solid #d8d0c8", paddingLeft: 12 }}>
        <Text>{t("returns:withdrawal.statement", { order: statement.orderNumber, date: orderedOn })}</Text>
        <Text style={muted}>{t("returns:withdrawal.name", { name: statement.name })}</Text>
        <Text style={muted}>{t("returns:withdrawal.email", { email: statement.email })}</Text>
        <Text style={muted}>{t("returns:withdrawal.confirmedAt", { at })}</Text>
      </Section>
      <Lines t={t} lines={data.ret.lines} />
      <Text>{t("returns:email.withdrawal.next", { number: data.ret.number })}</Text>
      <Button href={data.returnUrl} style={buttonStyle}>
        {t("returns:email.view")}
      </Button>
    </EmailLayout>
  );
}
