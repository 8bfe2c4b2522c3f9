import { Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Notification } from "~/components/ui/notification";
import { paymentMethodInfo } from "~/domains/payments/methods";
import { usePageHref } from "~/routing/use-routing";
import { ChoiceGroup } from "./choice";
import { Section } from "./section";
import type { CheckoutFormState } from "./use-checkout-form";

/** The payment method, from those offered for the country and amount. */
export function PaymentSection({ checkout }: { checkout: CheckoutFormState }) {
  const { t } = useTranslation(["checkout", "payments"]);
  const to = usePageHref();
  const { offered, value, fieldError } = checkout;
  return (
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
  );
}
