import type { SubmissionResult } from "@conform-to/react";
import { Heart, Lock, MapPin, ShoppingBag, Tag, Truck } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { EmailField, FormErrorSummary, InputField, SelectField } from "~/components/forms/conform-fields";
import { TextInput } from "~/components/forms/controls";
import { Field } from "~/components/forms/field";
import { linkClass } from "~/components/forms/styles";
import { Notification } from "~/components/ui/notification";
import type { CheckoutView } from "~/domains/checkout/checkout.server";
import { type CheckoutIntent, CheckoutSchema } from "~/domains/checkout/validation";
import { paymentMethodInfo } from "~/domains/payments/methods";
import { translateMessage } from "~/platform/forms/messages";
import { useShopForm } from "~/platform/forms/use-shop-form";
import { countries } from "~/platform/forms/validators";
import { intlLocales } from "~/platform/i18n/locales";
import { usePageHref, useRouting } from "~/routing/use-routing";
import {
  ChoiceGroup,
  headingClass,
  primaryButtonClass,
  secondaryButtonClass,
  sectionClass,
  useMoney,
} from "./choice";
import { OrderSummary } from "./order-summary";

export interface CheckoutActionData {
  intent: CheckoutIntent;
  /** What was posted, shown again when the page is rendered anew (no JavaScript). */
  values: Record<string, string>;
  view: CheckoutView;
  /** The order form's validation (`place`). */
  result?: SubmissionResult<string[]>;
  /** Translated messages of fields the server refused. */
  fieldErrors?: Record<string, string[]>;
  lookup?:
    | { status: "found"; missing: ("street" | "city" | "postalCode" | "houseNumber" | "country")[] }
    | { status: "not-found" }
    | { status: "unavailable" };
  /** A translated confirmation (a code applied, replaced or removed). */
  notice?: string;
  /** A translated refusal of the whole order. */
  error?: string;
}

export interface CheckoutLoaderData {
  view: CheckoutView;
  /** The form as it was (after a cancelled payment), else empty. */
  defaults: Record<string, string>;
  idempotencyKey: string;
  customer: { email: string; firstName: string; lastName: string } | null;
  paymentCancelled: boolean;
  title: string;
}

function Section({
  id,
  title,
  icon,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={sectionClass}>
      <h2 id={`${id}-heading`} className={`${headingClass} flex items-center gap-3`}>
        <span aria-hidden="true" className="text-muted">
          {icon}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

function EmptyBag() {
  const { t } = useTranslation("checkout");
  const to = usePageHref();
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center gap-5 px-6 py-20 text-center">
      <ShoppingBag aria-hidden="true" className="size-10 text-muted" strokeWidth={1.25} />
      <h1 className="font-display text-3xl">{t("emptyBag.title")}</h1>
      <p className="text-muted">{t("emptyBag.text")}</p>
      <Link to={to("home")} className={`${primaryButtonClass} max-w-xs`}>
        {t("emptyBag.cta")}
      </Link>
    </main>
  );
}

/**
 * The checkout as one form (checkout layout): contact, address with the NL postcode lookup, delivery with
 * a moment or a service point, one discount code, the donation, the payment method and the summary with
 * VAT. Every button posts the whole form, so all of it works without JavaScript; with JavaScript the same
 * requests go through a fetcher, the totals follow every choice, and only the order button validates.
 */
export function CheckoutPage({
  data,
  actionData,
}: {
  data: CheckoutLoaderData;
  actionData?: CheckoutActionData;
}) {
  const { t } = useTranslation(["checkout", "forms", "orders", "payments"]);
  const { locale } = useRouting();
  const to = usePageHref();
  const euros = useMoney();
  const fetcher = useFetcher<CheckoutActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  const latest = fetcher.data ?? actionData;
  const view = latest?.view ?? data.view;
  const posted = actionData?.values ?? data.defaults;
  const serverErrors = latest?.fieldErrors ?? {};

  const busyIntent =
    fetcher.state !== "idle" ? (fetcher.formData?.get("intent") as CheckoutIntent | null) : null;
  const placing = busyIntent === "place" && fetcher.state === "submitting";
  const redirecting = busyIntent === "place" && fetcher.state === "loading";
  const updating = busyIntent !== null && busyIntent !== "place";

  const lastResult = actionData
    ? (actionData.result ?? { initialValue: actionData.values, error: actionData.fieldErrors })
    : fetcher.data?.intent === "place"
      ? (fetcher.data.result ?? { initialValue: fetcher.data.values, error: fetcher.data.fieldErrors })
      : undefined;

  const form = useShopForm({
    id: "checkout",
    schema: CheckoutSchema,
    lastResult,
    pending: placing || redirecting,
    defaultValue: {
      email: data.customer?.email ?? "",
      firstName: data.customer?.firstName ?? "",
      lastName: data.customer?.lastName ?? "",
      donationCents: "0",
      ...data.defaults,
      country: view.country,
      idempotencyKey: data.idempotencyKey,
    },
    onValidSubmit(event) {
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      fetcher.submit(new FormData(event.currentTarget, submitter), { method: "post" });
    },
  });
  const { fields } = form;

  // The lookup fills the street and town in; what it left empty stays for the shopper to type.
  const lookup = latest?.intent === "lookup" ? latest.lookup : undefined;
  const filled =
    fetcher.data?.intent === "lookup" && fetcher.data.lookup?.status === "found" ? fetcher.data : null;
  const { setValue } = form;
  const applied = useRef<unknown>(null);
  useEffect(() => {
    if (!filled || applied.current === filled) return;
    applied.current = filled;
    setValue("street", filled.values.street ?? "");
    setValue("city", filled.values.city ?? "");
    setValue("postalCode", filled.values.postalCode ?? "");
  }, [filled, setValue]);

  const [applePay, setApplePay] = useState(false);
  useEffect(() => setApplePay(typeof window !== "undefined" && "ApplePaySession" in window), []);

  const [methodId, setMethodId] = useState<string | null>(posted.methodId ?? view.methodId);
  useEffect(() => setMethodId(view.methodId), [view.methodId]);
  const method = view.methods.find((m) => m.id === methodId) ?? null;

  /** Recalculates the totals for the choices so far (JavaScript only; without it, the buttons do). */
  const update = (intent: CheckoutIntent = "update") => {
    const element = formRef.current;
    if (!element) return;
    const body = new FormData(element);
    body.set("intent", intent);
    fetcher.submit(body, { method: "post" });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    // Conform validates through submit events of its own; those, and the order button, are its to handle.
    if (submitter?.name !== "intent" || submitter.value === "place") {
      form.formProps.onSubmit(event);
      return;
    }
    event.preventDefault();
    fetcher.submit(new FormData(event.currentTarget, submitter), { method: "post" });
  };

  if (view.lines.length === 0) return <EmptyBag />;

  /** A choice's message: the server's (already translated) or the browser's check. */
  const fieldError = (name: string, label = "") => {
    const client = form.field(name)?.errors?.[0];
    return serverErrors[name]?.[0] ?? (client ? translateMessage(t, client, { label }) : undefined);
  };
  const value = (name: string) => posted[name];
  const dateFormat = new Intl.DateTimeFormat(intlLocales[locale], {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  });
  const day = (iso: string) => dateFormat.format(new Date(`${iso}T12:00:00Z`));
  const shortDate = new Intl.DateTimeFormat(intlLocales[locale], {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
  const shortDay = (iso: string) => shortDate.format(new Date(`${iso}T12:00:00Z`));
  const offered = view.paymentMethods.filter((m) => !paymentMethodInfo[m].needsApplePay || applePay);

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 pt-8 pb-16 desktop:px-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <h1 className="font-display text-3xl desktop:text-4xl">{t("checkout:title")}</h1>
        <Link to={to("cart")} className={linkClass}>
          {t("checkout:backToBag")}
        </Link>
      </div>

      {data.paymentCancelled && !latest ? (
        <Notification tone="error" className="mb-6">
          {t("checkout:errors.paymentCancelled")}
        </Notification>
      ) : null}

      <form
        ref={formRef}
        method="post"
        {...form.formProps}
        onSubmit={onSubmit}
        className="grid items-start gap-6 desktop:grid-cols-[minmax(0,1fr)_24rem] desktop:gap-10"
      >
        {/* Enter in a field recalculates; only the order button places the order. */}
        <button
          type="submit"
          name="intent"
          value="update"
          tabIndex={-1}
          aria-hidden="true"
          className="sr-only"
        >
          {t("checkout:update")}
        </button>
        <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />

        <div className="space-y-6">
          <FormErrorSummary
            form={form}
            labels={{
              email: t("forms:labels.email"),
              firstName: t("checkout:address.firstName"),
              lastName: t("checkout:address.lastName"),
              country: t("forms:labels.country"),
              postalCode: t("forms:labels.postalCode"),
              houseNumber: t("forms:labels.houseNumber"),
              addition: t("forms:labels.houseNumberAddition"),
              street: t("checkout:address.street"),
              city: t("checkout:address.city"),
              phone: t("forms:labels.phone"),
              methodId: t("checkout:sections.delivery"),
              paymentMethod: t("checkout:sections.payment"),
            }}
          />

          <Section id="contact" title={t("checkout:sections.contact")} icon={<Lock size={18} />}>
            {data.customer ? (
              <>
                <input type="hidden" name="email" value={data.customer.email} />
                <p className="text-sm">{t("checkout:contact.signedInAs", { email: data.customer.email })}</p>
              </>
            ) : (
              <>
                <EmailField
                  form={form}
                  meta={fields.email}
                  label={t("forms:labels.email")}
                  description={t("checkout:contact.emailHelp")}
                />
                <p className="mt-3 text-sm text-muted">
                  {t("checkout:contact.haveAccount")}{" "}
                  <Link
                    to={`${to("login")}?redirect=${encodeURIComponent(to("checkout"))}`}
                    className="text-ink underline underline-offset-4 hover:text-accent"
                  >
                    {t("checkout:contact.login")}
                  </Link>
                </p>
              </>
            )}
          </Section>

          <Section id="address" title={t("checkout:sections.address")} icon={<MapPin size={18} />}>
            <div className="grid gap-4 sm:grid-cols-2">
              <InputField
                meta={fields.firstName}
                label={t("checkout:address.firstName")}
                autoComplete="given-name"
              />
              <InputField
                meta={fields.lastName}
                label={t("checkout:address.lastName")}
                autoComplete="family-name"
              />
              <SelectField
                meta={fields.country}
                label={t("forms:labels.country")}
                autoComplete="country"
                className="sm:col-span-2"
                onChange={() => update()}
              >
                {countries.map((country) => (
                  <option key={country} value={country}>
                    {t(`forms:countries.${country}`)}
                  </option>
                ))}
              </SelectField>
              <InputField
                meta={fields.postalCode}
                label={t("forms:labels.postalCode")}
                autoComplete="postal-code"
                description={view.country === "NL" ? t("checkout:address.lookupHelp") : undefined}
              />
              <div className="grid grid-cols-2 items-end gap-4">
                <InputField
                  meta={fields.houseNumber}
                  label={t("forms:labels.houseNumber")}
                  inputMode="numeric"
                  autoComplete="off"
                />
                <InputField
                  meta={fields.addition}
                  label={t("forms:labels.houseNumberAddition")}
                  autoComplete="off"
                />
              </div>
              {view.country === "NL" ? (
                <div className="sm:col-span-2">
                  <button
                    type="submit"
                    name="intent"
                    value="lookup"
                    formNoValidate
                    aria-disabled={busyIntent === "lookup" || undefined}
                    className={secondaryButtonClass}
                  >
                    {busyIntent === "lookup" ? t("checkout:address.lookingUp") : t("checkout:address.lookup")}
                  </button>
                  <div aria-live="polite" className="mt-2 text-sm">
                    {lookup?.status === "found" ? (
                      <p className="text-success">
                        {lookup.missing.length > 0
                          ? t("checkout:address.missing")
                          : t("checkout:address.found")}
                      </p>
                    ) : lookup?.status === "not-found" ? (
                      <p className="text-sale">{t("checkout:address.notFound")}</p>
                    ) : lookup?.status === "unavailable" ? (
                      <p className="text-sale">{t("checkout:address.unavailable")}</p>
                    ) : latest?.intent === "lookup" && latest.fieldErrors ? (
                      <p className="text-sale">{Object.values(latest.fieldErrors)[0]?.[0]}</p>
                    ) : null}
                  </div>
                </div>
              ) : null}
              <InputField
                meta={fields.street}
                label={t("checkout:address.street")}
                autoComplete="address-line1"
                className="sm:col-span-2"
              />
              <InputField
                meta={fields.city}
                label={t("checkout:address.city")}
                autoComplete="address-level2"
              />
              <InputField
                meta={fields.phone}
                type="tel"
                label={t("forms:labels.phone")}
                autoComplete="tel"
                description={t("checkout:address.phoneHelp")}
              />
            </div>
          </Section>

          <Section id="delivery" title={t("checkout:sections.delivery")} icon={<Truck size={18} />}>
            <p className="mb-4 text-sm text-success">
              {view.promise.shipsToday
                ? t("checkout:delivery.shipsToday", { time: "23:00" })
                : t("checkout:delivery.shipsTomorrow")}{" "}
              <span className="text-muted">
                {t("checkout:delivery.expected", { date: day(view.promise.deliveryDate) })}
              </span>
            </p>
            <ChoiceGroup
              key={view.country}
              name="methodId"
              legend={t("checkout:delivery.legend")}
              defaultValue={methodId}
              error={fieldError("methodId", t("checkout:sections.delivery"))}
              onChange={(id) => {
                setMethodId(id);
                update();
              }}
              options={view.methods.map((m) => ({
                value: m.id,
                label: m.type === "home" ? t("checkout:delivery.home") : t("checkout:delivery.servicePoint"),
                detail: t("checkout:delivery.by", { carrier: m.carrier }),
                aside:
                  m.priceCents === 0 || view.totals.subtotalCents >= view.freeFromCents
                    ? t("checkout:delivery.free")
                    : euros(m.priceCents),
              }))}
            />
            {method?.type === "home" && view.moments.length > 0 ? (
              <div className="mt-6">
                <ChoiceGroup
                  key={`${view.country}-moments`}
                  name="momentId"
                  legend={t("checkout:delivery.momentLegend")}
                  legendClassName="mb-3 text-xs font-medium tracking-[0.12em] uppercase"
                  columns={2}
                  defaultValue={value("momentId") ?? view.moments[0]?.id}
                  error={fieldError("momentId")}
                  options={view.moments.map((m) => ({
                    value: m.id,
                    label: shortDay(m.date),
                    detail: t(`checkout:delivery.window.${m.window}`, { from: m.from, to: m.to }),
                  }))}
                />
              </div>
            ) : null}
            {method?.type === "service-point" ? (
              <div className="mt-6 space-y-4">
                <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
                  <Field id="point-search" label={t("checkout:delivery.pointSearchLabel")} className="flex-1">
                    {(control) => (
                      <TextInput
                        key={view.pointSearch ?? ""}
                        name="pointSearch"
                        defaultValue={view.pointSearch ?? value("postalCode") ?? ""}
                        autoComplete="postal-code"
                        {...control}
                      />
                    )}
                  </Field>
                  <button
                    type="submit"
                    name="intent"
                    value="points"
                    formNoValidate
                    className={secondaryButtonClass}
                  >
                    {t("checkout:delivery.pointSearch")}
                  </button>
                </div>
                {view.servicePoints && view.servicePoints.length === 0 ? (
                  <p className="text-sm text-sale">
                    {t("checkout:delivery.noPoints", { postalCode: view.pointSearch ?? "" })}
                  </p>
                ) : null}
                {view.servicePoints && view.servicePoints.length > 0 ? (
                  <ChoiceGroup
                    key={view.pointSearch ?? ""}
                    name="servicePointId"
                    legend={t("checkout:delivery.pointsLegend")}
                    legendClassName="mb-3 text-xs font-medium tracking-[0.12em] uppercase"
                    defaultValue={value("servicePointId")}
                    error={fieldError("servicePointId")}
                    options={view.servicePoints.map((p) => ({
                      value: p.id,
                      label: p.name,
                      detail: `${p.street} ${p.houseNumber}, ${p.postalCode} ${p.city} · ${t(
                        "checkout:delivery.hours",
                        {
                          days: t(`checkout:delivery.days.${p.days}`),
                          opens: p.opens,
                          closes: p.closes,
                        },
                      )}`,
                      aside: p.carrier,
                    }))}
                  />
                ) : fieldError("servicePointId") ? (
                  <p className="text-sm text-sale">{fieldError("servicePointId")}</p>
                ) : null}
              </div>
            ) : null}
          </Section>

          <Section id="discount" title={t("checkout:sections.discount")} icon={<Tag size={18} />}>
            {view.discount ? (
              <div className="mb-4 flex flex-wrap items-center justify-between gap-3 border border-line bg-paper px-4 py-3">
                <p className="text-sm">
                  <span className="font-medium tracking-[0.08em]">{view.discount.code}</span>
                  {view.discount.error ? (
                    <span className="block text-sale">
                      {t(view.discount.error.messageKey, moneyValues(view.discount.error.values, euros))}
                    </span>
                  ) : null}
                </p>
                <button type="submit" name="intent" value="remove-code" formNoValidate className={linkClass}>
                  {t("checkout:discount.remove")}
                </button>
              </div>
            ) : null}
            <div className="flex items-start gap-3">
              <Field
                id="discount-code"
                label={t("checkout:discount.label")}
                className="flex-1"
                error={fieldError("code")}
              >
                {(control) => (
                  <TextInput
                    name="code"
                    key={latest?.notice ?? ""}
                    defaultValue={
                      latest?.intent === "code" && !latest.notice ? (latest.values.code ?? "") : ""
                    }
                    autoComplete="off"
                    autoCapitalize="characters"
                    {...control}
                  />
                )}
              </Field>
              <button
                type="submit"
                name="intent"
                value="code"
                formNoValidate
                className={`${secondaryButtonClass} mt-6`}
              >
                {t("checkout:discount.apply")}
              </button>
            </div>
            <div role="status" className="mt-2 text-sm text-success">
              {latest?.notice ?? null}
            </div>
          </Section>

          <Section id="donation" title={t("checkout:sections.donation")} icon={<Heart size={18} />}>
            <ChoiceGroup
              name="donationCents"
              legend={t("checkout:donation.legend")}
              legendClassName="mb-1 text-sm font-medium"
              description={t("checkout:donation.help")}
              columns={3}
              defaultValue={value("donationCents") ?? "0"}
              onChange={() => update()}
              options={[
                { value: "0", label: t("checkout:donation.none") },
                { value: "200", label: t("checkout:donation.amount", { amount: euros(200) }) },
                { value: "500", label: t("checkout:donation.amount", { amount: euros(500) }) },
              ]}
            />
          </Section>

          <Section id="payment" title={t("checkout:sections.payment")} icon={<Lock size={18} />}>
            {offered.length === 0 ? (
              <Notification tone="error">
                {t("checkout:errors.noPaymentMethods")}{" "}
                <Link to={to("customer-service")} className="underline underline-offset-4">
                  {t("checkout:errors.contactService")}
                </Link>
              </Notification>
            ) : (
              <ChoiceGroup
                name="paymentMethod"
                legend={t("checkout:payment.legend")}
                description={t("checkout:payment.redirect")}
                defaultValue={value("paymentMethod") ?? (offered.length === 1 ? offered[0] : undefined)}
                error={fieldError("paymentMethod", t("checkout:sections.payment"))}
                options={offered.map((m) => ({
                  value: m,
                  label: t(`payments:${paymentMethodInfo[m].labelKey}`),
                  detail: t(`payments:${paymentMethodInfo[m].descriptionKey}`),
                  aside: (
                    <span className="hidden text-xs tracking-[0.08em] text-muted uppercase sm:inline">
                      {paymentMethodInfo[m].mark}
                    </span>
                  ),
                }))}
              />
            )}
          </Section>
        </div>

        <aside aria-labelledby="summary-heading" className={`${sectionClass} desktop:sticky desktop:top-6`}>
          <h2 id="summary-heading" className={headingClass}>
            {t("checkout:sections.summary")}
          </h2>
          <OrderSummary
            busy={updating}
            lines={view.lines.map((line) => ({
              key: line.lineId,
              name: line.name,
              slug: line.slug,
              size: line.size,
              colour: line.colour,
              imageUrl: line.imageUrl,
              quantity: line.quantity,
              unitPriceCents: line.unitPriceCents,
              problem: line.error ? t(line.error.messageKey, line.error.values ?? {}) : null,
            }))}
            totals={{
              ...view.totals,
              discountCode: view.discount?.code,
              shippingChosen: view.methodId !== null,
            }}
            footer={
              <div className="mt-6 space-y-3">
                {view.totals.toFreeShippingCents ? (
                  <p className="text-xs text-muted">
                    {t("checkout:summary.toFree", { amount: euros(view.totals.toFreeShippingCents) })}
                  </p>
                ) : null}
                <p aria-live="polite" className="min-h-5 text-xs text-muted">
                  {updating ? t("checkout:initializing") : ""}
                </p>
                {!view.canOrder ? (
                  <Notification tone="warning">{t("checkout:errors.fixBag")}</Notification>
                ) : null}
                <div aria-live="assertive">
                  {latest?.error ? (
                    <Notification tone="error" className="mb-3">
                      {latest.error}
                    </Notification>
                  ) : null}
                </div>
                <button
                  type="submit"
                  name="intent"
                  value="place"
                  aria-disabled={
                    placing || redirecting || !view.canOrder || offered.length === 0 || undefined
                  }
                  className={primaryButtonClass}
                >
                  <Lock aria-hidden="true" size={16} />
                  {redirecting
                    ? t("checkout:processing")
                    : placing
                      ? t("checkout:placing")
                      : t("checkout:placeOrder")}
                </button>
                <p className="text-xs text-muted">{t("checkout:terms")}</p>
              </div>
            }
          />
        </aside>
      </form>
    </main>
  );
}

function moneyValues(values: Record<string, string | number> | undefined, euros: (cents: number) => string) {
  const { amountCents, ...rest } = values ?? {};
  return typeof amountCents === "number" ? { ...rest, amount: euros(amountCents) } : rest;
}
