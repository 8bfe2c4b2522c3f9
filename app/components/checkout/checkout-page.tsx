import { ShoppingBag } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormErrorSummary } from "~/components/forms/conform-fields";
import { linkClass } from "~/components/forms/styles";
import { Notification } from "~/components/ui/notification";
import { usePageHref } from "~/routing/use-routing";
import { AddressSection } from "./address-section";
import { primaryButtonClass } from "./choice";
import { ContactSection } from "./contact-section";
import { DeliverySection } from "./delivery-section";
import { DiscountSection } from "./discount-section";
import { DonationSection } from "./donation-section";
import { GiftCardSection } from "./gift-card-section";
import { PaymentSection } from "./payment-section";
import { SummarySection } from "./summary-section";
import type { CheckoutActionData, CheckoutLoaderData } from "./types";
import { useCheckoutForm } from "./use-checkout-form";

export type { CheckoutActionData, CheckoutLoaderData } from "./types";

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
 * VAT. The form's state is `useCheckoutForm`'s; each section is its own component.
 */
export function CheckoutPage({
  data,
  actionData,
}: {
  data: CheckoutLoaderData;
  actionData?: CheckoutActionData;
}) {
  const { t } = useTranslation(["checkout", "forms"]);
  const to = usePageHref();
  const checkout = useCheckoutForm(data, actionData);
  const { form, view, latest } = checkout;

  if (view.lines.length + view.giftCardLines.length === 0) return <EmptyBag />;

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
        ref={checkout.formRef}
        method="post"
        {...form.formProps}
        onSubmit={checkout.onSubmit}
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
          <ContactSection checkout={checkout} customer={data.customer} />
          <AddressSection checkout={checkout} />
          <DeliverySection checkout={checkout} />
          <DiscountSection checkout={checkout} />
          <DonationSection checkout={checkout} />
          <GiftCardSection checkout={checkout} />
          {/* Gift cards and wallet credit that pay everything need no payment step. */}
          {view.totals.amountDueCents > 0 ? <PaymentSection checkout={checkout} /> : null}
        </div>

        <SummarySection checkout={checkout} />
      </form>
    </main>
  );
}
