import { Heart } from "lucide-react";
import { useTranslation } from "react-i18next";
import { DONATION_OPTIONS } from "~/domains/pricing/donation";
import { ChoiceGroup, useMoney } from "./choice";
import { Section } from "./section";
import type { CheckoutFormState } from "./use-checkout-form";

/** The donation: none, or one of the amounts the shop matches. */
export function DonationSection({ checkout }: { checkout: CheckoutFormState }) {
  const { t } = useTranslation("checkout");
  const euros = useMoney();
  return (
    <Section id="donation" title={t("checkout:sections.donation")} icon={<Heart size={18} />}>
      <ChoiceGroup
        name="donationCents"
        legend={t("checkout:donation.legend")}
        legendClassName="mb-1 text-sm font-medium"
        description={t("checkout:donation.help")}
        columns={3}
        defaultValue={checkout.value("donationCents") ?? "0"}
        onChange={() => checkout.update()}
        options={DONATION_OPTIONS.map((cents) => ({
          value: String(cents),
          label:
            cents === 0
              ? t("checkout:donation.none")
              : t("checkout:donation.amount", { amount: euros(cents) }),
        }))}
      />
    </Section>
  );
}
