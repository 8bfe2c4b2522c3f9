import { inflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import type { Connection } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { isRefusal } from "../../platform/refusal";
import {
  giftCardsOfOrder,
  issueOrderGiftCards,
  printPhysicalGiftCard,
  recordGiftCardPurchases,
} from "./gift-cards.server";
import { unseal } from "./secrets.server";
import { giftCardPurchases } from "./tables.server";

// The printed card of a gift card sold by post: the warehouse packs it with the order (issue 15).
let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
});
afterAll(() => connection.close());

let orderSeq = 640_000_000;

async function sold(kind: "physical" | "egift", options: { paid?: boolean; message?: string } = {}) {
  const orderReference = String(++orderSeq);
  await transaction(async (tx) => {
    await recordGiftCardPurchases(
      {
        orderReference,
        buyerEmail: "koper@example.nl",
        locale: "nl",
        cards: [
          {
            kind,
            amountCents: 75_00,
            toName: "Rosa",
            fromName: "Gea",
            message: options.message ?? null,
            recipientEmail: kind === "egift" ? "rosa@example.nl" : null,
            dispatchDate: kind === "egift" ? "2099-01-01" : null,
          },
        ],
      },
      { tx },
    );
    if (options.paid !== false)
      await issueOrderGiftCards({ orderReference, orderUrl: "https://shop.test/o" }, { tx });
  });
  const [purchase] = await giftCardsOfOrder(orderReference);
  return { orderReference, purchaseId: purchase!.id };
}

/** The text drawn on the PDF's pages: pdf-lib writes standard-font text as hex strings in deflated streams. */
function drawnText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString("latin1");
  let text = "";
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let body: string;
    try {
      body = inflateSync(Buffer.from(match[1]!, "latin1")).toString("latin1");
    } catch {
      body = match[1]!;
    }
    for (const hex of body.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g))
      text += `${Buffer.from(hex[1]!, "hex").toString("latin1")}\n`;
  }
  return text;
}

describe("printing a gift card sold by post", () => {
  it("draws the number in groups, the PIN, the amount and the names in the buyer's language", async () => {
    const { purchaseId, orderReference } = await sold("physical", { message: "Veel plezier 🎉 ermee!" });
    const printed = await printPhysicalGiftCard(purchaseId);
    if (isRefusal(printed)) throw new Error(printed.messageKey);
    expect(Buffer.from(printed.pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    expect(printed.orderReference).toBe(orderReference);
    const [row] = await connection.db
      .select()
      .from(giftCardPurchases)
      .where(eq(giftCardPurchases.id, purchaseId));
    const [number, pin] = unseal(row!.sealed!).split(":") as [string, string];
    const text = drawnText(printed.pdf);
    expect(text).toContain(number.replace(/(\d{4})(?=\d)/g, "$1 "));
    expect(text).toContain(pin);
    expect(text).toContain("75,00");
    expect(text).toContain("Rosa");
    // What the font cannot print becomes "?" instead of failing the whole card.
    expect(text).toContain("Veel plezier ? ermee!");
    // The card stays printable (a torn carrier is printed again).
    expect(isRefusal(await printPhysicalGiftCard(purchaseId))).toBe(false);
  });

  it("refuses an e-gift card, a card of an unpaid order and an unknown purchase", async () => {
    const egift = await sold("egift");
    const unpaid = await sold("physical", { paid: false });
    for (const id of [egift.purchaseId, unpaid.purchaseId, 999_999]) {
      const refused = await printPhysicalGiftCard(id);
      expect(isRefusal(refused) && refused.kind).toBe("not-found");
    }
  });
});
