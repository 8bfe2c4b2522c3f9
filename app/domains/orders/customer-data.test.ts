import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDatabase } from "../../../tests/support/database";
import { newCustomer, orderableSize, placedOrder } from "../../../tests/support/factories";
import type { Connection } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { newGuestToken } from "../../platform/http/guest-token.server";
import { refuse } from "../../platform/refusal";
import { authThrottle } from "../../platform/throttle/tables.server";
import type { CartRef } from "../cart/cart.server";
import { exportCustomerData } from "../customers/customers.server";
import {
  anonymiseOrdersOf,
  lookUpGuestOrder,
  orderForGuest,
  ordersOfCustomer,
  toOrderView,
  trackAndTraceUrl,
} from "./orders.server";
import { orderAddresses, orders } from "./tables.server";
import { GuestOrderLookupSchema } from "./validation";

/** The customer's rights over their orders: export, anonymisation on deletion, and the guest lookup. */
describe("orders and the customer's data", () => {
  let connection: Connection;
  let variantId: number;

  beforeAll(async () => {
    connection = await seededDatabase({ products: 4, seed: 5, now: new Date("2026-06-01T10:00:00Z") });
    variantId = (await orderableSize()).id;
  }, 180_000);
  afterAll(() => connection.close());

  const placed = (cart: CartRef, email: string, customerId: string | null = null) =>
    placedOrder({
      variantId,
      cart,
      email,
      customerId,
      address: { firstName: "Noor", lastName: "Bakker", phone: "0612345678" },
    });

  it("exports the customer's own orders with their lines and addresses, and no one else's", async () => {
    const noor = (await newCustomer({ firstName: "Noor", lastName: "Bakker", email: "noor@example.nl" })).id;
    const mine = await placed({ userId: noor }, "noor@example.nl", noor);
    const other = await placed({ token: newGuestToken() }, "other@example.nl");
    const exported = await exportCustomerData(noor);
    expect(exported!.orders.map((o) => o.number)).toEqual([mine]);
    expect(exported!.orders[0]).toMatchObject({
      status: "pending",
      shippingAddress: { street: "Rue de Rivoli", city: "Paris" },
      lines: [expect.objectContaining({ variantId, quantity: 1 })],
    });
    expect(exported!.orders[0]).not.toHaveProperty("paymentId");
    expect(JSON.stringify(exported)).not.toContain(other);
  });

  it("keeps a deleted customer's orders but removes what names them", async () => {
    const sem = (await newCustomer({ email: "sem@example.nl" })).id;
    const number = await placed({ userId: sem }, "sem@example.nl", sem);
    const kept = await placed({ token: newGuestToken() }, "kept@example.nl");
    await transaction((tx) => anonymiseOrdersOf(sem, { tx }));

    const [row] = await connection.db.select().from(orders).where(eq(orders.number, number));
    expect(row).toMatchObject({ userId: null, totalCents: expect.any(Number) });
    expect(row!.email).toMatch(/^anonymised-\d+@anonymised\.invalid$/);
    const [address] = await connection.db
      .select()
      .from(orderAddresses)
      .where(eq(orderAddresses.orderId, row!.id));
    expect(address).toMatchObject({
      firstName: "",
      lastName: "",
      street: "",
      houseNumber: "",
      postalCode: "",
      phone: null,
      city: "Paris",
      country: "FR",
    });
    expect(await ordersOfCustomer(sem)).toEqual([]);
    expect(await orderForGuest(number, "sem@example.nl")).toBeNull();
    // Somebody else's order is untouched.
    expect(await orderForGuest(kept, "kept@example.nl")).toMatchObject({
      shippingAddress: { street: "Rue de Rivoli" },
    });
  });

  it("finds a guest's order only with the right e-mail, with one answer for both mistakes", async () => {
    await connection.db.delete(authThrottle);
    const number = await placed({ token: newGuestToken() }, "guest@example.nl");
    const ip = { ip: "198.51.100.7" };
    expect(await lookUpGuestOrder({ number, email: "GUEST@example.nl" }, ip)).toMatchObject({ number });
    const wrongEmail = await lookUpGuestOrder({ number, email: "someone@example.nl" }, ip);
    const noSuchOrder = await lookUpGuestOrder({ number: "100000001", email: "guest@example.nl" }, ip);
    expect(wrongEmail).toEqual(refuse.notFound("myorders:lookup.notFound"));
    expect(noSuchOrder).toEqual(wrongEmail);
  });

  it("throttles guessing the e-mail of one order, and many lookups from one IP", async () => {
    await connection.db.delete(authThrottle);
    const number = await placed({ token: newGuestToken() }, "target@example.nl");
    for (let i = 0; i < 5; i++)
      expect(
        await lookUpGuestOrder({ number, email: `guess${i}@example.nl` }, { ip: `203.0.113.${i}` }),
      ).toMatchObject({ messageKey: "myorders:lookup.notFound" });
    // Even the right e-mail from a fresh IP waits now: the number is locked for a while.
    expect(
      await lookUpGuestOrder({ number, email: "target@example.nl" }, { ip: "203.0.113.99" }),
    ).toMatchObject({
      kind: "too-many",
      messageKey: "account:throttled",
      values: { retryAfterSeconds: expect.any(Number) },
    });

    await connection.db.delete(authThrottle);
    const ip = { ip: "192.0.2.1" };
    for (let i = 0; i < 20; i++)
      await lookUpGuestOrder({ number: String(200_000_000 + i), email: "x@example.nl" }, ip);
    expect(await lookUpGuestOrder({ number, email: "target@example.nl" }, ip)).toMatchObject({
      messageKey: "account:throttled",
    });
  });

  it("validates the lookup form: nine digits and an e-mail address", () => {
    expect(GuestOrderLookupSchema.safeParse({ number: " 123456789 ", email: "a@b.nl" }).success).toBe(true);
    expect(GuestOrderLookupSchema.safeParse({ number: "12345", email: "a@b.nl" }).success).toBe(false);
    expect(GuestOrderLookupSchema.safeParse({ number: "123456789", email: "nope" }).success).toBe(false);
  });

  it("links a shipped order to the carrier's tracking page", async () => {
    expect(trackAndTraceUrl("PostNL", "3SABC123", "3511 AB", "NL")).toBe(
      "https://jouw.postnl.nl/track-and-trace/3SABC123-NL-3511AB",
    );
    const number = await placed({ token: newGuestToken() }, "track@example.nl");
    const order = (await orderForGuest(number, "track@example.nl"))!;
    expect(toOrderView(order).trackUrl).toBeNull();
    expect(toOrderView({ ...order, trackAndTrace: "3SXYZ" }).trackUrl).toBe(
      "https://www.laposte.fr/outils/suivre-vos-envois?code=3SXYZ",
    );
    expect(toOrderView(order)).not.toHaveProperty("email");
  });
});
