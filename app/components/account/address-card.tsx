import { useTranslation } from "react-i18next";
import type { Address } from "~/domains/customers/customers.server";

/** An address as it is written on a parcel, in the shopper's language for the country. */
export function AddressLines({ address }: { address: Omit<Address, "userId" | "createdAt" | "updatedAt"> }) {
  const { t } = useTranslation("forms");
  return (
    <address className="text-sm leading-relaxed not-italic">
      {address.firstName} {address.lastName}
      <br />
      {address.street} {address.houseNumber}
      {address.addition ? ` ${address.addition}` : ""}
      <br />
      {address.postalCode} {address.city}
      {address.region ? `, ${address.region}` : ""}
      <br />
      {t(`countries.${address.country}`)}
      {address.phone ? (
        <>
          <br />
          {address.phone}
        </>
      ) : null}
    </address>
  );
}
