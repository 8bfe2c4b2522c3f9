import { render } from "@react-email/render";
import type { TFunction } from "i18next";
import type { ComponentType } from "react";
import { createElement } from "react";
import { intlLocales, type Locale } from "../../platform/i18n/locales";
import { serverI18n } from "../../platform/i18n/resources.server";
import {
  GiftCardEmail,
  type GiftCardEmailData,
  type GiftCardReceiptData,
  GiftCardReceiptEmail,
} from "./emails/gift-cards";
import {
  type FeedbackPrizeData,
  FeedbackPrizeEmail,
  type NewsletterConfirmData,
  NewsletterConfirmEmail,
  type NewsletterWelcomeData,
  NewsletterWelcomeEmail,
  type ReferralInvitationData,
  ReferralInvitationEmail,
  type ReferralRewardData,
  ReferralRewardEmail,
  type StudentCodeData,
  StudentCodeEmail,
  type StudentVerificationData,
  StudentVerificationEmail,
} from "./emails/marketing";
import { type MarketplaceNoticeData, MarketplaceNoticeEmail } from "./emails/marketplace";
import {
  type MarketplaceTransactionData,
  MarketplaceTransactionEmail,
} from "./emails/marketplace-transactions";
import {
  OrderCanceledEmail,
  OrderConfirmationEmail,
  type OrderEmailData,
  OrderShippedEmail,
} from "./emails/orders";
import { type PasswordResetData, PasswordResetEmail } from "./emails/password-reset";
import { type PayoutAccountChangedData, PayoutAccountChangedEmail } from "./emails/payouts";
import { OrderRefundedEmail, type RefundEmailData } from "./emails/refund";
import {
  type ReturnDecisionData,
  type ReturnEmailData,
  ReturnReceivedEmail,
  ReturnRefundedEmail,
  ReturnRejectedEmail,
  ReturnRequestedEmail,
  type WithdrawalEmailData,
  WithdrawalReceiptEmail,
} from "./emails/returns";
import {
  type ContactReceivedData,
  ContactReceivedEmail,
  type ServiceReplyData,
  ServiceReplyEmail,
} from "./emails/service";
import { BackInStockEmail, StockAlertConfirmationEmail, type StockAlertData } from "./emails/stock-alerts";
import { type ConfirmAddressData, ConfirmEmailReminder, WelcomeEmail } from "./emails/welcome";

export interface EmailProps<T> {
  t: TFunction;
  /** The shop's locale of the e-mail (money: `formatMoney`), and its BCP 47 tag (`lang`, dates). */
  locale: Locale;
  lang: string;
  data: T;
  /** Set for a marketing e-mail: the layout shows the unsubscribe link. */
  unsubscribeUrl?: string;
}

interface EmailTemplate<T> {
  subjectKey: string;
  /** Values for the subject's placeholders (an order number). */
  subjectValues?: (data: T) => Record<string, string>;
  component: ComponentType<EmailProps<T>>;
}

/** Every e-mail the shop sends, by name, with the data it needs. */
export const emailTemplates = {
  welcome: {
    subjectKey: "email:welcome.subject",
    component: WelcomeEmail,
  } satisfies EmailTemplate<ConfirmAddressData>,
  confirmEmail: {
    subjectKey: "email:confirmEmail.subject",
    component: ConfirmEmailReminder,
  } satisfies EmailTemplate<ConfirmAddressData>,
  passwordReset: {
    subjectKey: "email:passwordReset.subject",
    component: PasswordResetEmail,
  } satisfies EmailTemplate<PasswordResetData>,
  payoutAccountChanged: {
    subjectKey: "payouts:email.accountChanged.subject",
    component: PayoutAccountChangedEmail,
  } satisfies EmailTemplate<PayoutAccountChangedData>,
  stockAlertConfirmation: {
    subjectKey: "email:stockAlertConfirmation.subject",
    component: StockAlertConfirmationEmail,
  } satisfies EmailTemplate<StockAlertData>,
  backInStock: {
    subjectKey: "email:backInStock.subject",
    component: BackInStockEmail,
  } satisfies EmailTemplate<StockAlertData>,
  referralInvitation: {
    subjectKey: "marketing:email.invitation.subject",
    subjectValues: (data) => ({ name: data.referrerName }),
    component: ReferralInvitationEmail,
  } satisfies EmailTemplate<ReferralInvitationData>,
  referralReward: {
    subjectKey: "marketing:email.reward.subject",
    subjectValues: (data) => ({ friend: data.friendFirstName }),
    component: ReferralRewardEmail,
  } satisfies EmailTemplate<ReferralRewardData>,
  newsletterConfirm: {
    subjectKey: "marketing:email.newsletterConfirm.subject",
    component: NewsletterConfirmEmail,
  } satisfies EmailTemplate<NewsletterConfirmData>,
  newsletterWelcome: {
    subjectKey: "marketing:email.newsletterWelcome.subject",
    subjectValues: (data) => ({ percent: String(data.percent) }),
    component: NewsletterWelcomeEmail,
  } satisfies EmailTemplate<NewsletterWelcomeData>,
  feedbackPrize: {
    subjectKey: "marketing:email.feedbackPrize.subject",
    component: FeedbackPrizeEmail,
  } satisfies EmailTemplate<FeedbackPrizeData>,
  studentVerification: {
    subjectKey: "marketing:email.studentVerification.subject",
    component: StudentVerificationEmail,
  } satisfies EmailTemplate<StudentVerificationData>,
  studentCode: {
    subjectKey: "marketing:email.studentCode.subject",
    component: StudentCodeEmail,
  } satisfies EmailTemplate<StudentCodeData>,
  orderConfirmation: {
    subjectKey: "orders:email.confirmation.subject",
    subjectValues: (data) => ({ number: data.order.number }),
    component: OrderConfirmationEmail,
  } satisfies EmailTemplate<OrderEmailData>,
  orderShipped: {
    subjectKey: "orders:email.shipped.subject",
    subjectValues: (data) => ({ number: data.order.number }),
    component: OrderShippedEmail,
  } satisfies EmailTemplate<OrderEmailData>,
  orderCanceled: {
    subjectKey: "orders:email.canceled.subject",
    subjectValues: (data) => ({ number: data.order.number }),
    component: OrderCanceledEmail,
  } satisfies EmailTemplate<OrderEmailData>,
  orderRefunded: {
    subjectKey: "refunds:email.subject",
    subjectValues: (data) => ({ number: data.number }),
    component: OrderRefundedEmail,
  } satisfies EmailTemplate<RefundEmailData>,
  contactReceived: {
    subjectKey: "email:contactReceived.subject",
    subjectValues: (data) => ({ reference: data.reference }),
    component: ContactReceivedEmail,
  } satisfies EmailTemplate<ContactReceivedData>,
  serviceReply: {
    subjectKey: "email:serviceReply.subject",
    subjectValues: (data) => ({ reference: data.reference }),
    component: ServiceReplyEmail,
  } satisfies EmailTemplate<ServiceReplyData>,
  returnRequested: {
    subjectKey: "returns:email.requested.subject",
    subjectValues: (data) => ({ number: data.ret.number }),
    component: ReturnRequestedEmail,
  } satisfies EmailTemplate<ReturnEmailData>,
  returnReceived: {
    subjectKey: "returns:email.received.subject",
    subjectValues: (data) => ({ number: data.ret.number }),
    component: ReturnReceivedEmail,
  } satisfies EmailTemplate<ReturnEmailData>,
  returnRefunded: {
    subjectKey: "returns:email.refunded.subject",
    subjectValues: (data) => ({ number: data.ret.number }),
    component: ReturnRefundedEmail,
  } satisfies EmailTemplate<ReturnDecisionData>,
  returnRejected: {
    subjectKey: "returns:email.rejected.subject",
    subjectValues: (data) => ({ number: data.ret.number }),
    component: ReturnRejectedEmail,
  } satisfies EmailTemplate<ReturnDecisionData>,
  giftCard: {
    subjectKey: "giftcard:email.card.subject",
    subjectValues: (data) => ({ from: data.fromName }),
    component: GiftCardEmail,
  } satisfies EmailTemplate<GiftCardEmailData>,
  giftCardReceipt: {
    subjectKey: "giftcard:email.receipt.subject",
    subjectValues: (data) => ({ number: data.number }),
    component: GiftCardReceiptEmail,
  } satisfies EmailTemplate<GiftCardReceiptData>,
  withdrawalReceipt: {
    subjectKey: "returns:email.withdrawal.subject",
    subjectValues: (data) => ({ order: data.statement.orderNumber }),
    component: WithdrawalReceiptEmail,
  } satisfies EmailTemplate<WithdrawalEmailData>,
  marketplacePriceDrop: {
    subjectKey: "marketplace:email.priceDrop.subject",
    subjectValues: (data) => data.values,
    component: MarketplaceNoticeEmail,
  } satisfies EmailTemplate<MarketplaceNoticeData>,
  marketplaceMessageWaiting: {
    subjectKey: "marketplace:email.messageWaiting.subject",
    subjectValues: (data) => data.values,
    component: MarketplaceNoticeEmail,
  } satisfies EmailTemplate<MarketplaceNoticeData>,
  marketplaceStatement: {
    subjectKey: "marketplace:email.statement.subject",
    subjectValues: (data) => data.values,
    component: MarketplaceNoticeEmail,
  } satisfies EmailTemplate<MarketplaceNoticeData>,
  marketplaceTransaction: {
    subjectKey: "trade:email.subject",
    subjectValues: (data) => data.values,
    component: MarketplaceTransactionEmail,
  } satisfies EmailTemplate<MarketplaceTransactionData>,
  marketplaceAppealDecided: {
    subjectKey: "marketplace:email.appealDecided.subject",
    subjectValues: (data) => data.values,
    component: MarketplaceNoticeEmail,
  } satisfies EmailTemplate<MarketplaceNoticeData>,
};
export type EmailTemplateName = keyof typeof emailTemplates;
export type EmailData<N extends EmailTemplateName> =
  (typeof emailTemplates)[N] extends EmailTemplate<infer T> ? T : never;

/** Every SMS the shop sends: one translated text with its interpolation values. */
export const smsTemplates = {
  earlyAccessTicket: "email:sms.earlyAccessTicket",
  backInStock: "email:sms.backInStock",
} as const;
export type SmsTemplateName = keyof typeof smsTemplates;

export async function renderEmail<N extends EmailTemplateName>(
  name: N,
  locale: Locale,
  data: EmailData<N>,
  options: { unsubscribeUrl?: string } = {},
) {
  const t = serverI18n(locale).t;
  const template = emailTemplates[name] as unknown as EmailTemplate<EmailData<N>>;
  const element = createElement(template.component, {
    t,
    locale,
    lang: intlLocales[locale],
    data,
    unsubscribeUrl: options.unsubscribeUrl,
  });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: t(template.subjectKey, template.subjectValues?.(data) ?? {}), html, text };
}

export function renderSms(name: SmsTemplateName, locale: Locale, values: Record<string, string>): string {
  return serverI18n(locale).t(smsTemplates[name], values);
}
