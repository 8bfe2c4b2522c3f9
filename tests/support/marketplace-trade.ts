import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createListing } from "../../app/domains/marketplace/listings/commands.server";
import { openStore } from "../../app/domains/marketplace/marketplace.server";
import { marketplaceListings } from "../../app/domains/marketplace/tables.server";
import type { EnquireInput } from "../../app/domains/marketplace/transactions/buying.server";
import { marketplaceTransactions } from "../../app/domains/marketplace/transactions/tables.server";
import { enquire } from "../../app/domains/marketplace/transactions/transactions.server";
import {
  decideSandboxCheckout,
  paymentById,
  type SandboxDecision,
  syncPayment,
} from "../../app/domains/payments/payments.server";
import { user } from "../../app/platform/auth/tables.server";
import type { Connection } from "../../app/platform/db/db.server";
import { listingPhoto as photo } from "./factories";
import { accepted } from "./refusals";

/** Marketplace buying in tests: people, a store with published listings, a purchase and its payment. */
export function tradeFixtures(connection: () => Connection) {
  async function person(name = "Lotte"): Promise<string> {
    const id = randomUUID();
    await connection()
      .db.insert(user)
      .values({
        id,
        name,
        email: `${id}@example.nl`,
        firstName: name,
        lastName: "Smit",
        locale: "nl",
      });
    return id;
  }

  async function storeWith(prices: number[]) {
    const seller = await person("Sanne");
    accepted(
      await openStore(
        seller,
        { name: "Kast", handle: `s-${seller.slice(0, 8)}`, country: "NL", gridType: "grid" },
        "nl",
      ),
    );
    const listingIds: number[] = [];
    for (const [i, price] of prices.entries()) {
      const { id } = accepted(
        await createListing(
          seller,
          {
            title: `Jas ${i + 1}`,
            category: "outerwear",
            size: "M",
            colour: "camel",
            brand: "Noord",
            condition: "good",
            price,
          },
          [photo(1), photo(2)],
          { publish: true },
        ),
      );
      listingIds.push(id);
    }
    return { seller, listingIds };
  }

  function buyInput(listingIds: number[], over: Partial<EnquireInput> = {}): EnquireInput {
    return {
      listingIds,
      delivery: "home",
      address: {
        name: "Anna de Boer",
        street: "Dam",
        houseNumber: "1",
        postalCode: "1012 JS",
        city: "Amsterdam",
        country: "NL",
      },
      method: "ideal",
      locale: "nl",
      idempotencyKey: randomUUID(),
      ...over,
    };
  }

  async function buy(buyer: string, listingIds: number[], options: { now?: Date } = {}) {
    return accepted(await enquire(buyer, buyInput(listingIds), options));
  }

  async function row(id: number) {
    return (
      await connection().db.select().from(marketplaceTransactions).where(eq(marketplaceTransactions.id, id))
    )[0]!;
  }

  async function listingState(id: number) {
    return (
      await connection()
        .db.select({ state: marketplaceListings.state })
        .from(marketplaceListings)
        .where(eq(marketplaceListings.id, id))
    )[0]!.state;
  }

  /** The buyer decides on the sandbox PSP's page; the return page's sync applies it, as a webhook would. */
  async function pay(transactionId: number, decision: SandboxDecision = "paid") {
    const payment = (await paymentById((await row(transactionId)).paymentId!))!;
    await decideSandboxCheckout(payment.providerId!, decision);
    await syncPayment(payment.id);
  }

  return { person, storeWith, buyInput, buy, row, listingState, pay };
}
