import { Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Notification } from "~/components/ui/notification";
import { headingClass, primaryButtonClass, sectionClass, useMoney } from "./choice";
import { OrderSummary, type SummaryLine } from "./order-summary";
import type { CheckoutFormState } from "./use-checkout-form";

/** The summary beside the form: the lines, the totals with VAT, and the order button. */
export function SummarySection({ checkout }: { checkout: CheckoutFormState }) {
  const { t } = useTranslation(["checkout", "orders"]);
  const euros = useMoney();
  const { view, latest, updating, placing, redirecting, offered } = checkout;
  return (
    <aside aria-labelledby="summary-heading" className={`${sectionClass} desktop:sticky desktop:top-6`}>
      <h2 id="summary-heading" className={headingClass}>
        {t("checkout:sections.summary")}
      </h2>
      <OrderSummary
        busy={updating}
        lines={view.lines
          .map(
            (line): SummaryLine => ({
              key: line.lineId,
              name: line.name,
              slug: line.slug,
              size: line.size,
              colour: line.colour,
              imageUrl: line.imageUrl,
              quantity: line.quantity,
              unitPriceCents: line.unitPriceCents,
              problem: line.error ? t(line.error.messageKey, line.error.values ?? {}) : null,
            }),
          )
          .concat(
            view.giftCardLines.map(
              (card): SummaryLine => ({
                key: `gift-${card.id}`,
                name: t(`cart:giftCard.${card.kind}`),
                slug: "",
                size: "",
                colour: "",
                imageUrl: null,
                quantity: 1,
                unitPriceCents: card.amountCents,
                problem: null,
                detail: t("cart:giftCard.toFrom", { to: card.toName, from: card.fromName }),
              }),
            ),
          )}
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
              aria-disabled={placing || redirecting || !view.canOrder || offered.length === 0 || undefined}
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
  );
}
