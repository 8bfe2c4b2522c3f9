import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import type { Connection } from "../../platform/db/db.server";
import { isRefusal, refuse } from "../../platform/refusal";
import { createAccount } from "../customers/customers.server";
import { bookWalletEntry, walletOf } from "./wallet.server";

let connection: Connection;
let userId: string;
beforeAll(async () => {
  connection = await freshDatabase();
  ({ id: userId } = await createAccount({
    email: "wallet@example.nl",
    password: "a-good-password",
    firstName: "Wim",
    lastName: "Wallet",
    locale: "nl",
  }));
});
afterAll(() => connection.close());

describe("wallet", () => {
  it("starts empty", async () => {
    expect(await walletOf(userId)).toEqual({ balanceCents: 0, entries: [] });
  });

  it("books credits once per idempotency key and never goes below 0", async () => {
    const credit = { userId, amountCents: 1500, kind: "goodwill" as const, idempotencyKey: "goodwill-1" };
    expect(await bookWalletEntry(credit)).toEqual({ balanceCents: 1500, duplicate: false });
    expect(await bookWalletEntry(credit)).toEqual({ balanceCents: 1500, duplicate: true });
    expect(
      await bookWalletEntry({ userId, amountCents: -1600, kind: "order", idempotencyKey: "order-1" }),
    ).toEqual(refuse.conflict("account:wallet.insufficient"));
    // Two spends at once: only one of them fits in the balance.
    const spends = await Promise.all(
      ["a", "b"].map((key) =>
        bookWalletEntry({ userId, amountCents: -1000, kind: "order", idempotencyKey: `order-${key}` }),
      ),
    );
    expect(spends.filter((s) => !isRefusal(s))).toHaveLength(1);
    const wallet = await walletOf(userId);
    expect(wallet.balanceCents).toBe(500);
    expect(wallet.entries.map((e) => e.amountCents)).toEqual([-1000, 1500]);
  });
});
