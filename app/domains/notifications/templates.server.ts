import { render } from "@react-email/render";
import type { TFunction } from "i18next";
import type { ComponentType } from "react";
import { createElement } from "react";
import { intlLocales, type Locale } from "../../platform/i18n/locales";
import { serverI18n } from "../../platform/i18n/resources.server";
import {
  OrderCanceledEmail,
  OrderConfirmationEmail,
  type OrderEmailData,
  OrderShippedEmail,
} from "./emails/orders";
import { type PasswordResetData, PasswordResetEmail } from "./emails/password-reset";
import { OrderRefundedEmail, type RefundEmailData } from "./emails/refund";
import { BackInStockEmail, StockAlertConfirmationEmail, type StockAlertData } from "./emails/stock-alerts";
import { type ConfirmAddressData, ConfirmEmailReminder, WelcomeEmail } from "./emails/welcome";

export interface EmailProps<T> {
  t: TFunction;
  lang: string;
  data: T;
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
  stockAlertConfirmation: {
    subjectKey: "email:stockAlertConfirmation.subject",
    component: StockAlertConfirmationEmail,
  } satisfies EmailTemplate<StockAlertData>,
  backInStock: {
    subjectKey: "email:backInStock.subject",
    component: BackInStockEmail,
  } satisfies EmailTemplate<StockAlertData>,
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

export async function renderEmail<N extends EmailTemplateName>(name: N, locale: Locale, data: EmailData<N>) {
  const t = serverI18n(locale).t;
  const template = emailTemplates[name] as unknown as EmailTemplate<EmailData<N>>;
  const element = createElement(template.component, { t, lang: intlLocales[locale], data });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: t(template.subjectKey, template.subjectValues?.(data) ?? {}), html, text };
}

export function renderSms(name: SmsTemplateName, locale: Locale, values: Record<string, string>): string {
  return serverI18n(locale).t(smsTemplates[name], values);
}
