import { Gift } from "lucide-react";
import { useTranslation } from "react-i18next";
import { TextInput } from "~/components/forms/controls";
import { Field } from "~/components/forms/field";
import { linkClass } from "~/components/forms/styles";
import { formatMoney, money } from "~/platform/money";
import { useRouting } from "~/routing/use-routing";
import { secondaryButtonClass } from "./choice";
import { Section } from "./section";
import type { CheckoutFormState } from "./use-checkout-form";

/**
 * Gift cards (number + PIN; each shows what it pays and can be removed) and, for a signed-in customer,
 * "use my wallet credit" up to its maximum usable amount (docs/decisions/0039).
 */
export function GiftCardSection({ checkout }: { checkout: CheckoutFormState }) {
  const { t } = useTranslation("checkout");
  const { locale } = useRouting();
  const euros = (cents: number) => formatMoney(money(cents), locale);
  const { view, latest, fieldError } = checkout;
  const { payment } = view;
  const fresh = latest?.intent === "gift-card" && !latest.notice;
  return (
    <Section id="gift-cards" title={t("checkout:giftCards.title")} icon={<Gift size={18} />}>
      {payment.giftCards.length > 0 ? (
        <ul className="mb-4 space-y-2" aria-label={t("checkout:giftCards.title")}>
          {payment.giftCards.map((card) => (
            <li
              key={card.cardId}
              data-gift-card={card.last4}
              className="flex flex-wrap items-center justify-between gap-3 border border-line bg-paper px-4 py-3"
            >
              <p className="text-sm">
                <span className="font-medium">{t("checkout:giftCards.card", { last4: card.last4 })}</span>{" "}
                <span className="text-muted">
                  {card.usable
                    ? t("checkout:giftCards.covers", {
                        amount: euros(card.amountCents),
                        available: euros(card.availableCents),
                      })
                    : t("checkout:giftCards.unusable")}
                </span>
              </p>
              <button
                type="submit"
                name="intent"
                value={`remove-gift-card:${card.cardId}`}
                formNoValidate
                className={linkClass}
                aria-label={t("checkout:giftCards.removeCard", { last4: card.last4 })}
              >
                {t("checkout:giftCards.remove")}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t("checkout:giftCards.add")}</legend>
        <div className="flex flex-wrap items-start gap-3">
          <Field
            id="gift-card-number"
            label={t("checkout:giftCards.number")}
            className="min-w-56 flex-1"
            error={fieldError("giftCardNumber")}
          >
            {(control) => (
              <TextInput
                name="giftCardNumber"
                key={`n-${latest?.notice ?? ""}`}
                defaultValue={fresh ? (latest?.values.giftCardNumber ?? "") : ""}
                inputMode="numeric"
                autoComplete="off"
                {...control}
              />
            )}
          </Field>
          <Field
            id="gift-card-pin"
            label={t("checkout:giftCards.pin")}
            className="w-32"
            error={fieldError("giftCardPin")}
          >
            {(control) => (
              <TextInput
                name="giftCardPin"
                key={`p-${latest?.notice ?? ""}`}
                inputMode="numeric"
                autoComplete="off"
                {...control}
              />
            )}
          </Field>
          <button
            type="submit"
            name="intent"
            value="gift-card"
            formNoValidate
            className={`${secondaryButtonClass} mt-6`}
          >
            {t("checkout:giftCards.submit")}
          </button>
        </div>
      </fieldset>
      {payment.wallet && payment.wallet.balanceCents > 0 ? (
        <label className="mt-4 flex min-h-11 cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            name="useWallet"
            value="on"
            defaultChecked={payment.wallet.on}
            onChange={() => checkout.update()}
            className="mt-1 size-4 accent-ink"
            aria-describedby="wallet-help"
          />
          <span>
            <span className="block text-sm font-medium">{t("checkout:giftCards.wallet")}</span>
            <span id="wallet-help" className="block text-sm text-muted">
              {t("checkout:giftCards.walletHelp", {
                balance: euros(payment.wallet.balanceCents),
                max: euros(payment.wallet.maxUsableCents),
              })}
            </span>
          </span>
        </label>
      ) : null}
      {payment.problem ? (
        <p role="alert" className="mt-3 text-sm text-sale">
          {t(payment.problem.messageKey, payment.problem.values ?? {})}
        </p>
      ) : null}
      {view.totals.amountDueCents === 0 && view.totals.totalCents > 0 ? (
        <p className="mt-3 text-sm text-success" data-testid="paid-in-full">
          {t("checkout:giftCards.paidInFull")}
        </p>
      ) : null}
    </Section>
  );
}
