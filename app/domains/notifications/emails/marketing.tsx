import { Button, Text } from "@react-email/components";
import { formatMoney, money } from "../../../platform/money";
import type { EmailProps } from "../templates.server";
import { buttonStyle, EmailLayout } from "./layout";

const codeStyle = {
  fontFamily: "monospace",
  fontSize: "22px",
  letterSpacing: "2px",
  padding: "12px 16px",
  border: "1px dashed #1a1a1a",
  display: "inline-block",
} as const;

export interface ReferralInvitationData {
  friendFirstName: string;
  referrerName: string;
  message: string | null;
  code: string;
  percent: number;
  validDays: number;
  shopUrl: string;
}

/** To the invited friend: who invited them, their note, and the personal welcome code. */
export function ReferralInvitationEmail({ t, lang, data }: EmailProps<ReferralInvitationData>) {
  return (
    <EmailLayout
      t={t}
      lang={lang}
      preview={t("marketing:email.invitation.preview", { name: data.referrerName, percent: data.percent })}
    >
      <Text>{t("email:layout.greeting", { name: data.friendFirstName })}</Text>
      <Text>{t("marketing:email.invitation.body", { name: data.referrerName, percent: data.percent })}</Text>
      {data.message ? <Text style={{ fontStyle: "italic" }}>“{data.message}”</Text> : null}
      <Text style={codeStyle}>{data.code}</Text>
      <Text>{t("marketing:email.invitation.terms", { days: data.validDays })}</Text>
      <Button href={data.shopUrl} style={buttonStyle}>
        {t("marketing:email.invitation.cta")}
      </Button>
    </EmailLayout>
  );
}

export interface ReferralRewardData {
  name: string;
  friendFirstName: string;
  amountCents: number;
  /** A referrer without an account gets a code instead of wallet credit. */
  code: string | null;
  shopUrl: string;
}

export function ReferralRewardEmail({ t, lang, locale, data }: EmailProps<ReferralRewardData>) {
  const amount = formatMoney(money(data.amountCents), locale);
  return (
    <EmailLayout t={t} lang={lang} preview={t("marketing:email.reward.preview", { amount })}>
      <Text>{t("email:layout.greeting", { name: data.name })}</Text>
      <Text>{t("marketing:email.reward.body", { friend: data.friendFirstName, amount })}</Text>
      {data.code ? (
        <>
          <Text>{t("marketing:email.reward.code")}</Text>
          <Text style={codeStyle}>{data.code}</Text>
        </>
      ) : (
        <Text>{t("marketing:email.reward.wallet")}</Text>
      )}
      <Button href={data.shopUrl} style={buttonStyle}>
        {t("marketing:email.reward.cta")}
      </Button>
    </EmailLayout>
  );
}

export interface StudentVerificationData {
  confirmUrl: string;
  validHours: number;
}

export function StudentVerificationEmail({ t, lang, data }: EmailProps<StudentVerificationData>) {
  return (
    <EmailLayout t={t} lang={lang} preview={t("marketing:email.studentVerification.preview")}>
      <Text>{t("marketing:email.studentVerification.body")}</Text>
      <Button href={data.confirmUrl} style={buttonStyle}>
        {t("marketing:email.studentVerification.cta")}
      </Button>
      <Text>{t("marketing:email.studentVerification.validity", { hours: data.validHours })}</Text>
    </EmailLayout>
  );
}

export interface StudentCodeData {
  code: string;
  percent: number;
  /** ISO date, the last day the code works. */
  validUntil: string;
}

export function StudentCodeEmail({ t, lang, data }: EmailProps<StudentCodeData>) {
  const until = new Intl.DateTimeFormat(lang, { dateStyle: "long" }).format(
    new Date(`${data.validUntil}T12:00:00Z`),
  );
  return (
    <EmailLayout
      t={t}
      lang={lang}
      preview={t("marketing:email.studentCode.preview", { percent: data.percent })}
    >
      <Text>{t("marketing:email.studentCode.body", { percent: data.percent })}</Text>
      <Text style={codeStyle}>{data.code}</Text>
      <Text>{t("marketing:email.studentCode.terms", { date: until })}</Text>
    </EmailLayout>
  );
}

export interface NewsletterConfirmData {
  confirmUrl: string;
  validHours: number;
  percent: number;
}

/** Double opt-in: the link that proves the subscriber reads this mailbox. */
export function NewsletterConfirmEmail({ t, lang, data }: EmailProps<NewsletterConfirmData>) {
  return (
    <EmailLayout t={t} lang={lang} preview={t("marketing:email.newsletterConfirm.preview")}>
      <Text>{t("marketing:email.newsletterConfirm.body", { percent: data.percent })}</Text>
      <Button href={data.confirmUrl} style={buttonStyle}>
        {t("marketing:email.newsletterConfirm.cta")}
      </Button>
      <Text>{t("marketing:email.newsletterConfirm.validity", { hours: data.validHours })}</Text>
      <Text style={{ fontSize: 12 }}>{t("marketing:email.newsletterConfirm.ignore")}</Text>
    </EmailLayout>
  );
}

export interface NewsletterWelcomeData {
  code: string;
  percent: number;
  validDays: number;
  shopUrl: string;
}

/** The first marketing e-mail: the subscriber's personal first-order code, with the unsubscribe link. */
export function NewsletterWelcomeEmail({ t, lang, data, unsubscribeUrl }: EmailProps<NewsletterWelcomeData>) {
  return (
    <EmailLayout
      t={t}
      lang={lang}
      preview={t("marketing:email.newsletterWelcome.preview", { percent: data.percent })}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Text>{t("marketing:email.newsletterWelcome.body", { percent: data.percent })}</Text>
      <Text style={codeStyle}>{data.code}</Text>
      <Text>{t("marketing:email.newsletterWelcome.terms", { days: data.validDays })}</Text>
      <Button href={data.shopUrl} style={buttonStyle}>
        {t("marketing:email.newsletterWelcome.cta")}
      </Button>
    </EmailLayout>
  );
}

export interface FeedbackPrizeData {
  month: string;
  amountCents: number;
  /** Credited to the winner's wallet; else they are asked to make an account to receive it. */
  inWallet: boolean;
  shopUrl: string;
}

/** To the winner of the monthly feedback draw. */
export function FeedbackPrizeEmail({ t, lang, locale, data }: EmailProps<FeedbackPrizeData>) {
  const amount = formatMoney(money(data.amountCents), locale);
  return (
    <EmailLayout t={t} lang={lang} preview={t("marketing:email.feedbackPrize.preview", { amount })}>
      <Text>{t("marketing:email.feedbackPrize.body", { amount, month: data.month })}</Text>
      <Text>
        {data.inWallet
          ? t("marketing:email.feedbackPrize.wallet", { amount })
          : t("marketing:email.feedbackPrize.noAccount", { amount })}
      </Text>
      <Button href={data.shopUrl} style={buttonStyle}>
        {data.inWallet
          ? t("marketing:email.feedbackPrize.ctaWallet")
          : t("marketing:email.feedbackPrize.ctaRegister")}
      </Button>
    </EmailLayout>
  );
}
