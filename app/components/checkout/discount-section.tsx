import { Tag } from "lucide-react";
import { useTranslation } from "react-i18next";
import { TextInput } from "~/components/forms/controls";
import { Field } from "~/components/forms/field";
import { linkClass } from "~/components/forms/styles";
import { secondaryButtonClass } from "./choice";
import { Section } from "./section";
import type { CheckoutFormState } from "./use-checkout-form";

/** The bag's one discount code: the active one (and why it does not apply), and a field for another. */
export function DiscountSection({ checkout }: { checkout: CheckoutFormState }) {
  const { t } = useTranslation("checkout");
  const { view, latest, fieldError } = checkout;
  return (
    <Section id="discount" title={t("checkout:sections.discount")} icon={<Tag size={18} />}>
      {view.discount ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3 border border-line bg-paper px-4 py-3">
          <p className="text-sm">
            <span className="font-medium tracking-[0.08em]">{view.discount.code}</span>
            {view.discount.error ? (
              <span className="block text-sale">
                {t(view.discount.error.messageKey, view.discount.error.values ?? {})}
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
              defaultValue={latest?.intent === "code" && !latest.notice ? (latest.values.code ?? "") : ""}
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
  );
}
