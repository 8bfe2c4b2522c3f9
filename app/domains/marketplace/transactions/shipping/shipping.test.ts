import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../../../tests/support/database";
import { tradeFixtures } from "../../../../../tests/support/marketplace-trade";
import { accepted } from "../../../../../tests/support/refusals";
import type { Connection } from "../../../../platform/db/db.server";
import { isRefusal } from "../../../../platform/refusal";
import { handleCarrierWebhook, moveSandboxParcel, moveTransaction, printLabel } from "../transactions.server";
import { CARRIER_SIGNATURE_HEADER } from "./carrier.server";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
}, 120_000);
afterAll(() => connection.close());

const { person, storeWith, buy, row, pay } = tradeFixtures(() => connection);

describe("shipping with the sandbox carrier", () => {
  it("prints one prepaid label, and the carrier's signed 'delivered' takes the delivered transition once", async () => {
    const { seller, listingIds } = await storeWith([22_00]);
    const buyer = await person();
    const { transactionId: id } = await buy(buyer, listingIds);
    // Not before payment, never for the buyer.
    expect(isRefusal(await printLabel(id, seller, "nl"))).toBe(true);
    await pay(id);
    expect(isRefusal(await printLabel(id, buyer, "nl"))).toBe(true);
    const label = accepted(await printLabel(id, seller, "nl"));
    expect(Buffer.from(label.pdf).subarray(0, 5).toString()).toBe("%PDF-");
    expect(accepted(await printLabel(id, seller, "fr")).trackingCode).toBe(label.trackingCode);
    accepted(
      await moveTransaction(
        id,
        "send-item",
        { role: "provider", userId: seller },
        { trackingCode: label.trackingCode },
      ),
    );

    // A forged webhook is refused and changes nothing.
    const forged = new Request("http://shop/webhooks/carrier/sandbox", {
      method: "POST",
      headers: { [CARRIER_SIGNATURE_HEADER]: "0".repeat(64) },
      body: JSON.stringify({ trackingCode: label.trackingCode, status: "delivered" }),
    });
    expect((await handleCarrierWebhook(forged)).status).toBe(401);
    expect((await row(id)).state).toBe("item-sent");

    // The sandbox carrier's button posts its signed webhooks (in transit, delivered), twice.
    const post = async (_url: string, init: RequestInit) =>
      handleCarrierWebhook(new Request("http://shop/webhooks/carrier/sandbox", init));
    await moveSandboxParcel(label.trackingCode, "delivered", post);
    await moveSandboxParcel(label.trackingCode, "delivered", post);
    const delivered = await row(id);
    expect(delivered.state).toBe("delivered");
  });
});
