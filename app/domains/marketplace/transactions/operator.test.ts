import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../../tests/support/database";
import { tradeFixtures } from "../../../../tests/support/marketplace-trade";
import { accepted } from "../../../../tests/support/refusals";
import type { Connection } from "../../../platform/db/db.server";
import { isRefusal } from "../../../platform/refusal";
import { walletBalance } from "../../wallet/wallet.server";
import { moveTransaction, operatorTransactions, transactionFor } from "./transactions.server";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
}, 120_000);
afterAll(() => connection.close());

const { person, storeWith, buy, row, pay } = tradeFixtures(() => connection);

describe("the operator", () => {
  it("sees the dispute queue and decides a dispute for the buyer: refund in full, no earnings", async () => {
    const { seller, listingIds } = await storeWith([35_00]);
    const buyer = await person();
    const { transactionId: id } = await buy(buyer, listingIds);
    await pay(id);
    accepted(
      await moveTransaction(id, "send-item", { role: "provider", userId: seller }, { trackingCode: "OP-1" }),
    );
    accepted(await moveTransaction(id, "delivered", { role: "customer", userId: buyer }));
    accepted(
      await moveTransaction(
        id,
        "dispute-by-customer",
        { role: "customer", userId: buyer },
        { note: "Stained" },
      ),
    );
    expect((await operatorTransactions("dispute")).map((r) => r.id)).toContain(id);
    const seen = await transactionFor(null, id, { asOperator: true });
    expect(seen?.actions.sort()).toEqual([
      "dispute-resolved-by-operator",
      "refund-after-dispute-by-operator",
    ]);
    // A statement is required; the customer cannot take the operator's move.
    expect(
      isRefusal(await moveTransaction(id, "refund-after-dispute-by-operator", { role: "operator" })),
    ).toBe(true);
    expect(
      isRefusal(
        await moveTransaction(
          id,
          "refund-after-dispute-by-operator",
          { role: "customer", userId: buyer },
          { note: "x" },
        ),
      ),
    ).toBe(true);
    accepted(
      await moveTransaction(
        id,
        "refund-after-dispute-by-operator",
        { role: "operator", userId: null },
        { note: "Photos show the stain" },
      ),
    );
    const done = await row(id);
    expect([done.state, done.refundedCents, done.earnings]).toEqual([
      "refunded",
      done.totalCents,
      "reversed",
    ]);
    expect(await walletBalance(seller)).toBe(0);
  });
});
