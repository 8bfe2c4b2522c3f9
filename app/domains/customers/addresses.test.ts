import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredCustomer } from "../../../tests/support/customers";
import { freshDatabase } from "../../../tests/support/database";
import { amsterdamAddress } from "../../../tests/support/factories";
import type { Connection } from "../../platform/db/db.server";
import { parseShopForm } from "../../platform/forms/submission";
import { addressesOf, createAddress, deleteAddress, updateAddress } from "./customers.server";
import { AddressSchema } from "./validation";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
});
afterAll(() => connection.close());

/** Conform's submission, read loosely: the messages per field, or the parsed value. */
const loose = (submission: unknown) =>
  submission as { status?: string; error?: Record<string, string[] | null>; value?: Record<string, unknown> };
const register = registeredCustomer;

describe("address book", () => {
  it("keeps one default billing and shipping address, the first by itself", async () => {
    const { userId } = await register("book@example.nl");
    const first = await createAddress(userId, amsterdamAddress);
    expect(first).toMatchObject({ isDefaultBilling: true, isDefaultShipping: true });
    const second = await createAddress(userId, {
      ...amsterdamAddress,
      street: "Rokin",
      isDefaultShipping: true,
    });
    const book = await addressesOf(userId);
    expect(book.find((a) => a.id === first.id)).toMatchObject({
      isDefaultBilling: true,
      isDefaultShipping: false,
    });
    expect(book.find((a) => a.id === second.id)).toMatchObject({
      isDefaultBilling: false,
      isDefaultShipping: true,
    });
  });

  it("never changes or deletes another customer's address", async () => {
    const { userId: owner } = await register("owner@example.nl");
    const { userId: other } = await register("other@example.nl");
    const mine = await createAddress(owner, amsterdamAddress);
    expect(await updateAddress(other, mine.id, { ...amsterdamAddress, street: "Stolen" })).toBeNull();
    expect(await deleteAddress(other, mine.id)).toBe(false);
    expect((await addressesOf(owner))[0]?.street).toBe("Damrak");
    expect(await deleteAddress(owner, mine.id)).toBe(true);
  });

  it("applies SPEC §5: postal code per country, overseas areas refused, digits-only house numbers", () => {
    const check = (values: Record<string, string>) =>
      loose(
        parseShopForm(
          new URLSearchParams({
            firstName: "A",
            lastName: "B",
            street: "S",
            city: "C",
            houseNumber: "1",
            country: "NL",
            postalCode: "1012 LG",
            ...values,
          }),
          AddressSchema,
        ),
      );
    expect(check({}).status).toBe("success");
    expect(check({ postalCode: "1012lg" }).value?.postalCode).toBe("1012 LG");
    expect(check({ postalCode: "12345" }).error?.postalCode?.[0]).toContain("forms:validation.postalCode");
    expect(check({ country: "FR", postalCode: "97110" }).error?.postalCode).toEqual([
      "forms:validation.postalCodeNoDelivery",
    ]);
    expect(check({ country: "ES", postalCode: "35001" }).error?.postalCode).toEqual([
      "forms:validation.postalCodeNoDelivery",
    ]);
    expect(check({ houseNumber: "12a" }).error?.houseNumber).toEqual(["forms:validation.houseNumberLetters"]);
    expect(check({ street: "" }).error?.street).toEqual([
      expect.stringContaining("forms:validation.required"),
    ]);
  });
});
