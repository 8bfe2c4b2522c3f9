import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../../tests/support/database";
import { newCustomer, listingPhoto as photo } from "../../../../tests/support/factories";
import { accepted } from "../../../../tests/support/refusals";
import type { Connection } from "../../../platform/db/db.server";
import { isRefusal } from "../../../platform/refusal";
import { outboxMessages } from "../../notifications/tables.server";
import { createListing } from "../listings/commands.server";
import {
  acceptedOffer,
  answerOffer,
  conversationAbout,
  conversationFor,
  conversationsOf,
  makeOffer,
  openStore,
  sendMessage,
} from "../marketplace.server";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
}, 120_000);
afterAll(() => connection.close());

const key = (value: unknown) => (isRefusal(value) ? value.messageKey : null);

async function customer(): Promise<string> {
  return (await newCustomer({ firstName: "Lotte", lastName: "Smit", locale: "nl" })).id;
}

async function listing(price = 5000) {
  const seller = await customer();
  accepted(
    await openStore(
      seller,
      { name: "Kast", handle: `c-${seller.slice(0, 8)}`, country: "NL", gridType: "grid" },
      "nl",
    ),
  );
  const { id } = accepted(
    await createListing(
      seller,
      {
        title: "Trenchcoat",
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
  return { seller, listingId: id };
}

const mailsTo = async (userId: string) =>
  connection.db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.template, "marketplaceMessageWaiting"),
        eq(outboxMessages.recipient, `${userId}@example.nl`),
      ),
    );

describe("conversations", () => {
  it("only its two parties read or write a conversation", async () => {
    const { seller, listingId } = await listing();
    const buyer = await customer();
    const stranger = await customer();
    const { id } = accepted(await conversationAbout(buyer, listingId));
    accepted(await sendMessage(buyer, id, "Is it still available?"));
    expect(await conversationFor(stranger, id)).toBeNull();
    expect(key(await sendMessage(stranger, id, "hello"))).toBe("marketplace:errors.conversationNotFound");
    expect((await conversationFor(seller, id))?.lines.map((l) => l.body)).toEqual(["Is it still available?"]);
    expect((await conversationsOf(stranger)).length).toBe(0);
    expect((await conversationsOf(seller)).map((c) => [c.id, c.role])).toEqual([[id, "provider"]]);
    expect(key(await conversationAbout(seller, listingId))).toBe("marketplace:errors.ownListing");
  });

  it("masks contact details and e-mails once while a message waits unread", async () => {
    const { seller, listingId } = await listing();
    const buyer = await customer();
    const { id } = accepted(await conversationAbout(buyer, listingId));
    const sent = accepted(await sendMessage(buyer, id, "Mail me: lotte@gmail.com or 06 12345678"));
    expect(sent.masked.sort()).toEqual(["email", "phone"]);
    accepted(await sendMessage(buyer, id, "Second message"));
    expect(await mailsTo(seller)).toHaveLength(1);
    const read = await conversationFor(seller, id);
    expect(read?.lines[0]?.body).toBe("Mail me: ••• or •••");
    accepted(await sendMessage(buyer, id, "After you read"));
    expect(await mailsTo(seller)).toHaveLength(2);
  });

  it("limits how fast one customer sends", async () => {
    const { listingId } = await listing();
    const buyer = await customer();
    const { id } = accepted(await conversationAbout(buyer, listingId));
    for (let i = 0; i < 8; i++) accepted(await sendMessage(buyer, id, `message ${i}`));
    expect(key(await sendMessage(buyer, id, "one too many"))).toBe("marketplace:errors.tooManyMessages");
  });
});

describe("offers", () => {
  it("offer, counter, accept: the accepted price holds 24 hours for that buyer only", async () => {
    const { seller, listingId } = await listing(5000);
    const buyer = await customer();
    const other = await customer();
    const now = new Date();
    expect(key(await makeOffer(buyer, listingId, 2999, now))).toBe("marketplace:errors.offerTooLow");
    expect(key(await makeOffer(buyer, listingId, 5000, now))).toBe("marketplace:errors.offerNotBelowPrice");
    const { offerId } = accepted(await makeOffer(buyer, listingId, 3500, now));
    expect(key(await answerOffer(buyer, offerId, "accept", undefined, now))).toBe(
      "marketplace:errors.notYourOffer",
    );
    expect(key(await answerOffer(other, offerId, "accept", undefined, now))).toBe(
      "marketplace:errors.offerNotFound",
    );
    expect(key(await answerOffer(seller, offerId, "counter", 3400, now))).toBe(
      "marketplace:errors.counterNotAbove",
    );
    const { counterOfferId } = accepted(await answerOffer(seller, offerId, "counter", 4200, now));
    expect(key(await makeOffer(buyer, listingId, 3600, now))).toBe("marketplace:errors.answerCounterFirst");
    expect(key(await answerOffer(seller, counterOfferId!, "accept", undefined, now))).toBe(
      "marketplace:errors.notYourOffer",
    );
    expect(accepted(await answerOffer(buyer, counterOfferId!, "accept", undefined, now)).state).toBe(
      "accepted",
    );
    const held = await acceptedOffer(buyer, listingId, now);
    expect(held?.amountCents).toBe(4200);
    expect(held!.holdsUntil.getTime() - now.getTime()).toBe(24 * 3_600_000);
    expect(await acceptedOffer(other, listingId, now)).toBeNull();
    expect(await acceptedOffer(buyer, listingId, new Date(now.getTime() + 25 * 3_600_000))).toBeNull();
    const seen = await conversationFor(buyer, (await conversationsOf(buyer))[0]!.id, now);
    expect(seen?.lines.map((l) => l.kind)).toEqual(["offer", "counter", "accepted"]);
    expect(seen?.accepted?.amountCents).toBe(4200);
  });

  it("an offer not answered within 48 hours expires", async () => {
    const { seller, listingId } = await listing(5000);
    const buyer = await customer();
    const now = new Date();
    const { offerId } = accepted(await makeOffer(buyer, listingId, 4000, now));
    const later = new Date(now.getTime() + 48 * 3_600_000 + 1);
    expect(key(await answerOffer(seller, offerId, "accept", undefined, later))).toBe(
      "marketplace:errors.offerExpired",
    );
    // A new offer can be made once the old one lapsed.
    accepted(await makeOffer(buyer, listingId, 4100, later));
  });
});
