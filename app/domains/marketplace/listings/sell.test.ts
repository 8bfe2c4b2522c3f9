import { readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../../tests/support/database";
import { newCustomer } from "../../../../tests/support/factories";
import { accepted } from "../../../../tests/support/refusals";
import type { Connection } from "../../../platform/db/db.server";
import { env } from "../../../platform/env.server";
import { locales } from "../../../platform/i18n/locales";
import { serverI18n } from "../../../platform/i18n/resources.server";
import { isRefusal, type Refusal } from "../../../platform/refusal";
import { outboxMessages } from "../../notifications/tables.server";
import {
  arrangeListingPhoto,
  browseListings,
  changeListingState,
  isDelivered,
  openStore,
  ownListing,
  saveListing,
  saveTraderDetails,
  sellListing,
} from "../marketplace.server";
import { marketplaceFavourites, marketplaceListings, marketplaceStores } from "../tables.server";
import type { ListingInput } from "../validation";
import { parseBrowseQuery } from "./query";

let connection: Connection;
let jpeg: Buffer;
beforeAll(async () => {
  connection = await freshDatabase();
  // A phone photo with a GPS position in its EXIF, wider than it is tall before its orientation is applied.
  jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#a4262c" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Pocket 12" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "52/1 22/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "4/1 53/1 0/1",
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  const meta = await sharp(jpeg).metadata();
  if (meta.orientation !== 6 || !meta.exif?.includes(Buffer.from("PhoneMaker")))
    throw new Error("fixture lost its EXIF");
}, 120_000);
afterAll(() => connection.close());

const photoFile = (name = "dress.jpg") => new File([new Uint8Array(jpeg)], name, { type: "image/jpeg" });

async function customer(): Promise<string> {
  return (await newCustomer({ firstName: "Fleur", lastName: "Jansen" })).id;
}

async function seller(sellerType: "private" | "business" = "private") {
  const userId = await customer();
  const handle = `s-${userId.slice(0, 8)}`;
  accepted(
    await openStore(userId, { name: "Kast", handle, country: "NL", gridType: "grid", sellerType }, "nl"),
  );
  return userId;
}

const item = (overrides: Partial<ListingInput> = {}): ListingInput => ({
  title: "Rode wikkeljurk",
  description: "Een keer gedragen.",
  category: "dresses",
  size: "S",
  colour: "red",
  brand: "Zeewind",
  condition: "like-new",
  material: "viscose",
  price: 3200,
  ...overrides,
});

function refusalKey(value: unknown): string | null {
  return isRefusal(value) ? (value as Refusal).messageKey : null;
}

describe("photos", () => {
  it("stores every width as WebP without EXIF, upright", async () => {
    const userId = await seller();
    const created = accepted(await sellListing(userId, item(), [photoFile(), photoFile()], "publish"));
    const listing = (await ownListing(userId, created.id))!;
    expect(listing.photos).toHaveLength(2);
    const set = listing.photos[0]!;
    expect([set.w200.width, set.w400.width, set.w600.width, set.w900.width]).toEqual([200, 400, 600, 600]);
    // Orientation 6 turned the 900×600 picture upright: 600 wide, 900 high.
    expect(set.original).toMatchObject({ width: 600, height: 900 });
    for (const variant of [set.original, set.w200, set.w600]) {
      const file = await readFile(path.join(env().DATA_DIR, variant.url));
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
      expect(file.includes(Buffer.from("PhoneMaker"))).toBe(false);
    }
  });

  it("refuses non-images, files over 15 MB and more than 20 photos, with messages in every locale", async () => {
    const userId = await seller();
    const text = new File(["just text"], "notes.txt", { type: "text/plain" });
    expect(refusalKey(await sellListing(userId, item(), [photoFile(), text], "draft"))).toBe(
      "marketplace:errors.notAPhoto",
    );
    const big = new File([new Uint8Array(15 * 1024 * 1024 + 1)], "huge.jpg", { type: "image/jpeg" });
    expect(refusalKey(await sellListing(userId, item(), [big], "draft"))).toBe(
      "marketplace:errors.photoTooLarge",
    );
    const many = Array.from({ length: 21 }, (_, i) => photoFile(`p${i}.jpg`));
    expect(refusalKey(await sellListing(userId, item(), many, "draft"))).toBe(
      "marketplace:errors.tooManyPhotos",
    );
    for (const key of ["notAPhoto", "photoTooLarge", "tooManyPhotos", "tooFewPhotos"]) {
      for (const locale of locales) {
        const text = serverI18n(locale).t(`marketplace:errors.${key}`, {
          name: "x.jpg",
          count: 20,
          megabytes: 15,
        });
        expect(text).not.toContain("errors.");
      }
    }
    // Nothing was listed by the refused attempts.
    const rows = await connection.db
      .select({ id: marketplaceListings.id })
      .from(marketplaceListings)
      .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceListings.storeId))
      .where(eq(marketplaceStores.userId, userId));
    expect(rows.length).toBe(0);
  });

  it("reorders, turns and removes photos; a published listing keeps two", async () => {
    const userId = await seller();
    const { id } = accepted(
      await sellListing(
        userId,
        item(),
        [photoFile("a.jpg"), photoFile("b.jpg"), photoFile("c.jpg")],
        "publish",
      ),
    );
    const before = (await ownListing(userId, id))!.photos;
    const moved = accepted(await arrangeListingPhoto(userId, id, 2, "earlier"));
    expect(moved.photos.map((p) => p.original.url)).toEqual([
      before[0]!.original.url,
      before[2]!.original.url,
      before[1]!.original.url,
    ]);
    const turned = accepted(await arrangeListingPhoto(userId, id, 0, "rotate-right"));
    expect(turned.photos[0]!.original).toMatchObject({ width: 900, height: 600 });
    accepted(await arrangeListingPhoto(userId, id, 0, "remove"));
    expect(refusalKey(await arrangeListingPhoto(userId, id, 0, "remove"))).toBe(
      "marketplace:errors.tooFewPhotos",
    );
  });
});

describe("selling", () => {
  it("a published listing is found at once, and a sold or closed one is gone at once", async () => {
    const userId = await seller();
    const started = Date.now();
    const { id } = accepted(
      await sellListing(userId, item({ brand: "Quokkabrand" }), [photoFile(), photoFile()], "publish"),
    );
    const found = await browseListings(parseBrowseQuery(new URLSearchParams("q=quokkabrand")));
    expect(found.cards.map((c) => c.id)).toContain(id);
    expect(Date.now() - started).toBeLessThan(2000);
    accepted(await changeListingState(userId, id, "close"));
    expect((await browseListings(parseBrowseQuery(new URLSearchParams("q=quokkabrand")))).total).toBe(0);
    accepted(await changeListingState(userId, id, "reopen"));
    accepted(await changeListingState(userId, id, "mark-sold"));
    expect((await browseListings(parseBrowseQuery(new URLSearchParams("q=quokkabrand")))).total).toBe(0);
  });

  it("a draft needs no photos but publishing it needs two", async () => {
    const userId = await seller();
    const { id, state } = accepted(await sellListing(userId, item(), [], "draft"));
    expect(state).toBe("draft");
    expect(refusalKey(await saveListing(userId, id, item(), [], "publish"))).toBe(
      "marketplace:errors.tooFewPhotos",
    );
    const published = accepted(await saveListing(userId, id, item(), [photoFile(), photoFile()], "publish"));
    expect(published.state).toBe("published");
  });

  it("a business seller lists only after giving trader details", async () => {
    const userId = await seller("business");
    expect(refusalKey(await sellListing(userId, item(), [], "draft"))).toBe(
      "marketplace:errors.traderDetailsMissing",
    );
    accepted(
      await saveTraderDetails(userId, {
        legalName: "Kast BV",
        address: "Herengracht 1, 1015 BA Amsterdam",
        phone: "+31201234567",
        email: "info@kast.nl",
        tradeRegister: "12345678",
        certify: true,
      }),
    );
    expect(accepted(await sellListing(userId, item(), [], "draft")).state).toBe("draft");
  });

  it("a price drop keeps the original price and e-mails everyone who favourited it", async () => {
    const userId = await seller();
    const fan = await customer();
    const { id } = accepted(
      await sellListing(userId, item({ price: 4000 }), [photoFile(), photoFile()], "publish"),
    );
    await connection.db.insert(marketplaceFavourites).values({ userId: fan, listingId: id });
    const dropped = accepted(await saveListing(userId, id, item({ price: 3000 }), [], "draft"));
    expect(dropped.priceDropped).toBe(true);
    const [row] = await connection.db
      .select({ price: marketplaceListings.priceCents, original: marketplaceListings.originalPriceCents })
      .from(marketplaceListings)
      .where(eq(marketplaceListings.id, id));
    expect(row).toEqual({ price: 3000, original: 4000 });
    const mails = await connection.db
      .select({ to: outboxMessages.recipient })
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.template, "marketplacePriceDrop"),
          eq(outboxMessages.recipient, `${fan}@example.nl`),
        ),
      );
    expect(mails).toHaveLength(1);
  });
});

describe("access", () => {
  it("nobody edits, arranges or closes someone else's listing (it is not found for them)", async () => {
    const owner = await seller();
    const other = await seller();
    const { id } = accepted(await sellListing(owner, item(), [photoFile(), photoFile()], "publish"));
    expect(await ownListing(other, id)).toBeNull();
    expect(refusalKey(await saveListing(other, id, item({ price: 100 }), [], "draft"))).toBe(
      "marketplace:errors.notFound",
    );
    expect(refusalKey(await arrangeListingPhoto(other, id, 0, "remove"))).toBe("marketplace:errors.notFound");
    expect(refusalKey(await changeListingState(other, id, "close"))).toBe("marketplace:errors.notFound");
    expect((await ownListing(owner, id))?.state).toBe("published");
  });
});

describe("resell this", () => {
  it("counts a shipped order as delivered after its transit days", () => {
    const shipped = { status: "complete", history: [{ to: "complete", at: "2026-01-01T10:00:00Z" }] };
    expect(isDelivered(shipped, new Date("2026-01-02T10:00:00Z"))).toBe(false);
    expect(isDelivered(shipped, new Date("2026-01-05T10:00:00Z"))).toBe(true);
    expect(isDelivered({ ...shipped, status: "processing" }, new Date("2026-02-01"))).toBe(false);
  });
});
