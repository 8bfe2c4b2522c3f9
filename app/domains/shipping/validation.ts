import { z } from "zod";
import * as rules from "../../platform/forms/rules";

/**
 * The address form (SPEC §5 / PRODUCT.md): the browser checks it for comfort and the server again for
 * truth. The postal code is checked against the chosen country (FR overseas and the Canary Islands, Ceuta
 * and Melilla are refused), the house number is digits only (letters go in the addition), and the phone
 * number is read in the chosen country and stored as E.164.
 */
export const addressFields = {
  firstName: rules.required({ max: 60, label: "checkout:address.firstName" }),
  lastName: rules.required({ max: 60, label: "checkout:address.lastName" }),
  country: rules.country({ label: "forms:labels.country" }),
  postalCode: rules.required({ max: 10, label: "forms:labels.postalCode" }),
  houseNumber: rules.houseNumber({ label: "forms:labels.houseNumber" }),
  addition: rules.optional(rules.houseNumberAddition({ label: "forms:labels.houseNumberAddition" })),
  street: rules.required({ max: 100, label: "checkout:address.street" }),
  city: rules.required({ max: 80, label: "checkout:address.city" }),
  phone: rules.optional(rules.required({ max: 30, label: "forms:labels.phone" })),
};

export const AddressSchema = z
  .object(addressFields)
  .check(rules.postalCodeOfCountry({ country: "country", postalCode: "postalCode" }))
  .check(rules.phoneOfCountry({ country: "country", phone: "phone" }));
export type Address = z.output<typeof AddressSchema>;

/** The NL postcode + house number lookup (the other fields are then filled in, or typed by hand). */
export const PostcodeLookupSchema = z.object({
  postalCode: rules.postalCode("NL", { label: "forms:labels.postalCode" }),
  houseNumber: rules.houseNumber({ label: "forms:labels.houseNumber" }),
  addition: rules.optional(rules.houseNumberAddition({ label: "forms:labels.houseNumberAddition" })),
});

/** Service points near a postal code. */
export const ServicePointSearchSchema = z
  .object({
    country: rules.country({ label: "forms:labels.country" }),
    postalCode: rules.required({ max: 10, label: "forms:labels.postalCode" }),
  })
  .check(rules.postalCodeOfCountry({ country: "country", postalCode: "postalCode" }));
