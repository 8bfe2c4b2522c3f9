import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { FormErrorSummary, InputField, SelectField, SwitchField } from "~/components/forms/conform-fields";
import type { Address } from "~/domains/customers/customers.server";
import { AddressSchema } from "~/domains/customers/validation";
import { useShopForm } from "~/platform/forms/use-shop-form";
import { countries, isCountry, postalCodeExamples } from "~/platform/forms/validators";
import { usePageHref } from "~/routing/use-routing";
import { primaryButton, textLink } from "./styles";

type Editable = Omit<Address, "id" | "userId" | "createdAt" | "updatedAt">;

/** New and edit address (SPEC §3 Address, §5 rules): the same schema checks it here and on the server. */
export function AddressForm({
  address,
  lastResult,
}: {
  address?: Editable;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation("account");
  const { t: tf } = useTranslation("forms");
  const to = usePageHref();
  const pending = useNavigation().state === "submitting";
  const shop = useShopForm({
    schema: AddressSchema,
    id: "address",
    lastResult,
    pending,
    defaultValue: address
      ? {
          firstName: address.firstName,
          lastName: address.lastName,
          country: address.country,
          postalCode: address.postalCode,
          houseNumber: address.houseNumber,
          addition: address.addition ?? "",
          street: address.street,
          city: address.city,
          region: address.region ?? "",
          phone: address.phone ?? "",
          isDefaultBilling: address.isDefaultBilling ? "on" : "",
          isDefaultShipping: address.isDefaultShipping ? "on" : "",
        }
      : { country: "NL" },
  });
  const { fields } = shop;
  const labels = {
    firstName: t("labels.firstName"),
    lastName: t("labels.lastName"),
    country: tf("labels.country"),
    postalCode: tf("labels.postalCode"),
    houseNumber: tf("labels.houseNumber"),
    addition: tf("labels.houseNumberAddition"),
    street: t("labels.street"),
    city: t("labels.city"),
    region: t("labels.region"),
    phone: tf("labels.phone"),
  };
  const country = fields.country.value;
  const example = postalCodeExamples[isCountry(country) ? country : "NL"];
  return (
    <Form method="post" {...shop.formProps} className="max-w-2xl space-y-5">
      <FormErrorSummary form={shop} labels={labels} />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField meta={fields.firstName} label={labels.firstName} autoComplete="given-name" />
        <InputField meta={fields.lastName} label={labels.lastName} autoComplete="family-name" />
      </div>
      <SelectField
        meta={fields.country}
        label={labels.country}
        placeholder={tf("countries.choose")}
        autoComplete="country"
      >
        {countries.map((code) => (
          <option key={code} value={code}>
            {tf(`countries.${code}`)}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-5 sm:grid-cols-3">
        <InputField
          meta={fields.postalCode}
          label={labels.postalCode}
          autoComplete="postal-code"
          autoCapitalize="characters"
          description={t("addresses.postalCodeHelp", { example })}
        />
        <InputField
          meta={fields.houseNumber}
          label={labels.houseNumber}
          inputMode="numeric"
          description={t("addresses.houseNumberHelp")}
        />
        <InputField meta={fields.addition} label={labels.addition} />
      </div>
      <InputField meta={fields.street} label={labels.street} autoComplete="address-line1" />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField meta={fields.city} label={labels.city} autoComplete="address-level2" />
        <InputField meta={fields.region} label={labels.region} autoComplete="address-level1" />
      </div>
      <InputField
        meta={fields.phone}
        label={labels.phone}
        type="tel"
        autoComplete="tel"
        description={t("addresses.phoneHelp")}
      />
      <div>
        <SwitchField meta={fields.isDefaultShipping} label={t("labels.defaultShipping")} />
        <SwitchField meta={fields.isDefaultBilling} label={t("labels.defaultBilling")} />
      </div>
      <div className="flex flex-wrap items-center gap-6 pt-2">
        <button type="submit" className={primaryButton} aria-disabled={pending || undefined}>
          {pending ? t("addresses.saving") : t("addresses.save")}
        </button>
        <Link to={to("address-book")} className={`${textLink} text-sm`}>
          {t("addresses.back")}
        </Link>
      </div>
    </Form>
  );
}
