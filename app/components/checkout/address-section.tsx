import { MapPin } from "lucide-react";
import { useTranslation } from "react-i18next";
import { InputField, SelectField } from "~/components/forms/conform-fields";
import { countries } from "~/platform/forms/validators";
import { secondaryButtonClass } from "./choice";
import { Section } from "./section";
import type { CheckoutFormState } from "./use-checkout-form";

/** The delivery address, with the NL postcode lookup that fills the street and town in. */
export function AddressSection({ checkout }: { checkout: CheckoutFormState }) {
  const { t } = useTranslation(["checkout", "forms"]);
  const { form, view, lookup, latest, busyIntent, update } = checkout;
  const { fields } = form;
  return (
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
                  {lookup.missing.length > 0 ? t("checkout:address.missing") : t("checkout:address.found")}
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
        <InputField meta={fields.city} label={t("checkout:address.city")} autoComplete="address-level2" />
        <InputField
          meta={fields.phone}
          type="tel"
          label={t("forms:labels.phone")}
          autoComplete="tel"
          description={t("checkout:address.phoneHelp")}
        />
      </div>
    </Section>
  );
}
