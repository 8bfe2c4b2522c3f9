import type { SubmissionResult } from "@conform-to/react";
import { FlaskConical, Lock, Smartphone } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useActionData, useNavigation } from "react-router";
import { FormErrorSummary, InputField, useFieldError } from "~/components/forms/conform-fields";
import { FieldError, fieldIds, RequiredMark } from "~/components/forms/field";
import { labelClass, linkClass } from "~/components/forms/styles";
import {
  browserSupportsApplePay,
  idealIssuers,
  type PaymentMethod,
  paymentMethodInfo,
} from "~/domains/payments/methods";
import type { PaymentStatus } from "~/domains/payments/transitions";
import {
  cardFormSchema,
  fashionchequeFormSchema,
  idealFormSchema,
  sandboxTestData,
} from "~/domains/payments/validation";
import { useShopForm } from "~/platform/forms/use-shop-form";
import { intlLocales, type Locale } from "~/platform/i18n/locales";
import { formatMoney } from "~/platform/money";

export interface SandboxPageData {
  checkout: {
    id: string;
    amountCents: number;
    description: string;
    method: PaymentMethod;
    issuer: string | null;
    locale: Locale;
    status: PaymentStatus;
    expiresAt: string;
    returnUrl: string;
    pageUrl: string;
    qrSvg: string | null;
  };
  /** Opened from the Bancontact QR code or app link: the "app" confirms. */
  viaApp: boolean;
  title: string;
}

export interface SandboxReply {
  result: SubmissionResult<string[]>;
}

const primaryButton =
  "inline-flex min-h-12 w-full items-center justify-center gap-2 bg-ink px-6 text-sm font-medium uppercase tracking-[0.14em] text-paper transition-colors hover:bg-accent aria-disabled:opacity-70";
const secondaryButton =
  "inline-flex min-h-11 items-center justify-center border border-line bg-white px-4 text-sm text-ink transition-colors hover:border-ink";

/**
 * The sandbox PSP's hosted payment page (PRODUCT.md "Payments"): clearly a test page, in the shopper's
 * language, with the chosen method's own step and the outcomes a real provider can give.
 */
export function SandboxPaymentPage({ checkout, viaApp }: SandboxPageData) {
  const { t } = useTranslation("payments");
  const amount = formatMoney({ amount: checkout.amountCents, currency: "EUR" }, checkout.locale);
  const until = new Intl.DateTimeFormat(intlLocales[checkout.locale], {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Europe/Amsterdam",
  }).format(new Date(checkout.expiresAt));
  const method = paymentMethodInfo[checkout.method];

  return (
    <div className="min-h-screen bg-sand">
      <header className="border-b-2 border-dashed border-accent bg-paper">
        <div className="mx-auto flex max-w-xl items-start gap-3 px-4 py-3">
          <FlaskConical
            aria-hidden="true"
            className="mt-0.5 size-5 shrink-0 text-accent"
            strokeWidth={1.75}
          />
          <p className="text-sm">
            <strong className="me-2 inline-block bg-accent px-1.5 py-0.5 text-xs font-semibold uppercase tracking-[0.14em] text-paper">
              {t("sandbox.banner")}
            </strong>
            <span className="text-muted">{t("sandbox.bannerDetail")}</span>
          </p>
        </div>
      </header>

      <main id="main" className="mx-auto max-w-xl px-4 py-8 desktop:py-12">
        <section aria-labelledby="sandbox-amount" className="border border-line bg-white">
          <div className="border-b border-line px-5 py-5 desktop:px-8">
            <p className="text-xs uppercase tracking-[0.14em] text-muted">
              {t("sandbox.paymentTo", { shop: t("common:shop.name") })}
            </p>
            <h1 id="sandbox-amount" className="mt-2 font-display text-4xl">
              <span className="sr-only">{t("sandbox.amount")}: </span>
              {amount}
            </h1>
            <p className="mt-1 text-sm text-muted">{checkout.description}</p>
          </div>

          <div className="px-5 py-6 desktop:px-8">
            <div className="mb-5 flex items-center justify-between gap-4">
              <h2 className="text-lg font-medium">{t(method.labelKey)}</h2>
              <span className="border border-line px-2 py-1 text-[11px] font-semibold tracking-wide">
                {method.mark}
              </span>
            </div>
            {checkout.status === "open" ? (
              <MethodStep checkout={checkout} amount={amount} viaApp={viaApp} />
            ) : (
              <Decided status={checkout.status} returnUrl={checkout.returnUrl} />
            )}
          </div>
        </section>

        {checkout.status === "open" ? <Outcomes /> : null}

        <p className="mt-6 flex items-center justify-center gap-2 text-xs text-muted">
          <Lock aria-hidden="true" className="size-3.5" />
          {t("sandbox.expires", { time: until })}
        </p>
      </main>
    </div>
  );
}

function Decided({ status, returnUrl }: { status: PaymentStatus; returnUrl: string }) {
  const { t } = useTranslation("payments");
  return (
    <div className="space-y-4">
      <p role="status">{t(`sandbox.done.${status}`)}</p>
      <a href={returnUrl} className={primaryButton}>
        {t("sandbox.done.back")}
      </a>
    </div>
  );
}

function usePending() {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
}

function PayButton({ children }: { children: ReactNode }) {
  const { t } = useTranslation("payments");
  const pending = usePending();
  return (
    <button
      type="submit"
      name="intent"
      value="approve"
      aria-disabled={pending || undefined}
      className={primaryButton}
    >
      {pending ? t("sandbox.processing") : children}
    </button>
  );
}

function TestData({ children }: { children: ReactNode }) {
  const { t } = useTranslation("payments");
  return (
    <p className="border-s-2 border-accent bg-paper px-3 py-2 text-sm">
      <span className="font-medium">{t("sandbox.testData")}: </span>
      <span className="text-muted">{children}</span>
    </p>
  );
}

function MethodStep({
  checkout,
  amount,
  viaApp,
}: {
  checkout: SandboxPageData["checkout"];
  amount: string;
  viaApp: boolean;
}) {
  switch (checkout.method) {
    case "card":
      return <CardForm amount={amount} />;
    case "ideal":
      return <IdealForm amount={amount} issuer={checkout.issuer} />;
    case "bancontact":
      return (
        <BancontactStep amount={amount} qrSvg={checkout.qrSvg} pageUrl={checkout.pageUrl} viaApp={viaApp} />
      );
    case "applepay":
      return <ApplePayStep />;
    case "fashioncheque":
      return <FashionchequeForm amount={amount} />;
    case "klarna":
    case "afterpay":
    case "billink":
      return <PayLaterStep amount={amount} method={checkout.method} />;
  }
}

function useReply() {
  return (useActionData() as SandboxReply | undefined)?.result;
}

function CardForm({ amount }: { amount: string }) {
  const { t } = useTranslation("payments");
  const pending = usePending();
  const form = useShopForm({ schema: cardFormSchema, id: "sandbox-card", lastResult: useReply(), pending });
  const { fields } = form;
  const labels = {
    holder: t("sandbox.card.holder"),
    cardNumber: t("sandbox.card.number"),
    month: t("sandbox.card.month"),
    year: t("sandbox.card.year"),
    cvc: t("sandbox.card.cvc"),
  };
  return (
    <Form method="post" {...form.formProps} className="space-y-5">
      <FormErrorSummary form={form} labels={labels} />
      <InputField meta={fields.holder} label={labels.holder} autoComplete="cc-name" />
      <InputField
        meta={fields.cardNumber}
        label={labels.cardNumber}
        autoComplete="cc-number"
        inputMode="numeric"
        spellCheck={false}
      />
      <fieldset>
        <legend className={`${labelClass} pb-1.5`}>{t("sandbox.card.expiry")}</legend>
        <div className="grid grid-cols-2 gap-4">
          <InputField
            meta={fields.month}
            label={labels.month}
            autoComplete="cc-exp-month"
            inputMode="numeric"
            placeholder="MM"
          />
          <InputField
            meta={fields.year}
            label={labels.year}
            autoComplete="cc-exp-year"
            inputMode="numeric"
            placeholder="YYYY"
          />
        </div>
      </fieldset>
      <InputField
        meta={fields.cvc}
        label={labels.cvc}
        description={t("sandbox.card.cvcHelp")}
        autoComplete="cc-csc"
        inputMode="numeric"
        className="max-w-48"
      />
      <TestData>{t("sandbox.card.test", { number: sandboxTestData.card })}</TestData>
      <PayButton>{t("sandbox.pay", { amount })}</PayButton>
    </Form>
  );
}

function IdealForm({ amount, issuer }: { amount: string; issuer: string | null }) {
  const { t } = useTranslation("payments");
  const pending = usePending();
  const form = useShopForm({
    schema: idealFormSchema,
    id: "sandbox-ideal",
    lastResult: useReply(),
    pending,
    defaultValue: issuer ? { issuer } : undefined,
  });
  const meta = form.fields.issuer;
  const label = t("sandbox.ideal.bank");
  const error = useFieldError(meta, label);
  const { errorId } = fieldIds(meta.id);
  return (
    <Form method="post" {...form.formProps} className="space-y-5">
      <p className="text-sm text-muted">{t("sandbox.ideal.intro")}</p>
      <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
        <legend className={`${labelClass} pb-2`}>
          {label}
          <RequiredMark />
        </legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {idealIssuers.map((bank) => (
            <label
              key={bank.id}
              className="flex min-h-11 cursor-pointer items-center gap-3 border border-line bg-white px-3 text-sm transition-colors hover:border-muted has-checked:border-ink has-checked:bg-sand"
            >
              <input
                type="radio"
                name={meta.name}
                value={bank.id}
                defaultChecked={meta.initialValue === bank.id}
                required
                className="size-4 accent-ink"
              />
              {bank.name}
            </label>
          ))}
        </div>
        <FieldError id={errorId} error={error} />
      </fieldset>
      <PayButton>{t("sandbox.pay", { amount })}</PayButton>
    </Form>
  );
}

function BancontactStep({
  amount,
  qrSvg,
  pageUrl,
  viaApp,
}: {
  amount: string;
  qrSvg: string | null;
  pageUrl: string;
  viaApp: boolean;
}) {
  const { t } = useTranslation("payments");
  if (viaApp) {
    return (
      <Form method="post" className="space-y-5">
        <p>{t("sandbox.bancontact.inApp", { amount })}</p>
        <PayButton>{t("sandbox.bancontact.confirm")}</PayButton>
      </Form>
    );
  }
  return (
    <div className="space-y-5">
      {/* Desktop: a QR code for the phone; phone: straight into the app. */}
      <div className="hidden desktop:block">
        <p className="text-sm text-muted">{t("sandbox.bancontact.scan")}</p>
        {qrSvg ? (
          <div
            role="img"
            aria-label={t("sandbox.bancontact.qr", { amount })}
            className="mx-auto mt-4 size-52 border border-line bg-white p-3 [&_svg]:size-full"
            // The SVG is made on the server by `qrcode` from the payment's own URL, nothing a visitor sent.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: server-generated QR markup
            dangerouslySetInnerHTML={{ __html: qrSvg }}
          />
        ) : null}
      </div>
      <a href={`${pageUrl}?via=app`} className={`${primaryButton} desktop:hidden`}>
        <Smartphone aria-hidden="true" className="size-4" />
        {t("sandbox.bancontact.openApp")}
      </a>
      {/* A tester at a desktop without a phone at hand plays the app here. */}
      <p className="hidden text-center desktop:block">
        <a href={`${pageUrl}?via=app`} className={linkClass}>
          {t("sandbox.bancontact.noPhone")}
        </a>
      </p>
    </div>
  );
}

function ApplePayStep() {
  const { t } = useTranslation("payments");
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => setSupported(browserSupportsApplePay()), []);
  if (supported === null) return <p className="text-sm text-muted">{t("sandbox.applepay.checking")}</p>;
  if (!supported)
    return (
      <Form method="post" noValidate className="space-y-5">
        <p role="status">{t("sandbox.applepay.unsupported")}</p>
        <button type="submit" name="intent" value="cancel" className={primaryButton}>
          {t("sandbox.applepay.otherMethod")}
        </button>
      </Form>
    );
  return (
    <Form method="post">
      <PayButton>{t("sandbox.applepay.pay")}</PayButton>
    </Form>
  );
}

function PayLaterStep({ amount, method }: { amount: string; method: PaymentMethod }) {
  const { t } = useTranslation("payments");
  return (
    <Form method="post" className="space-y-5">
      <p>{t("sandbox.payLater.intro", { provider: paymentMethodInfo[method].mark, amount })}</p>
      <PayButton>{t("sandbox.payLater.approve")}</PayButton>
    </Form>
  );
}

function FashionchequeForm({ amount }: { amount: string }) {
  const { t } = useTranslation("payments");
  const pending = usePending();
  const form = useShopForm({
    schema: fashionchequeFormSchema,
    id: "sandbox-fashioncheque",
    lastResult: useReply(),
    pending,
  });
  const labels = { cardNumber: t("sandbox.fashioncheque.number"), pin: t("sandbox.fashioncheque.pin") };
  return (
    <Form method="post" {...form.formProps} className="space-y-5">
      <FormErrorSummary form={form} labels={labels} />
      <InputField
        meta={form.fields.cardNumber}
        label={labels.cardNumber}
        description={t("sandbox.fashioncheque.numberHelp")}
        inputMode="numeric"
        autoComplete="off"
      />
      <InputField
        meta={form.fields.pin}
        label={labels.pin}
        inputMode="numeric"
        autoComplete="off"
        className="max-w-48"
      />
      <TestData>
        {t("sandbox.fashioncheque.test", {
          number: sandboxTestData.fashioncheque,
          pin: sandboxTestData.fashionchequePin,
        })}
      </TestData>
      <PayButton>{t("sandbox.pay", { amount })}</PayButton>
    </Form>
  );
}

/** The outcomes a tester can force, without filling in anything. */
function Outcomes() {
  const { t } = useTranslation("payments");
  const pending = usePending();
  return (
    <section
      aria-labelledby="sandbox-outcomes"
      className="mt-6 border border-dashed border-muted px-5 py-5 desktop:px-8"
    >
      <h2 id="sandbox-outcomes" className="text-sm font-medium">
        {t("sandbox.outcome.title")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("sandbox.outcome.intro")}</p>
      <Form method="post" noValidate className="mt-4 flex flex-wrap gap-2">
        {(["decline", "cancel", "expire"] as const).map((intent) => (
          <button
            key={intent}
            type="submit"
            name="intent"
            value={intent}
            aria-disabled={pending || undefined}
            className={secondaryButton}
          >
            {t(`sandbox.outcome.${intent}`)}
          </button>
        ))}
      </Form>
    </section>
  );
}
