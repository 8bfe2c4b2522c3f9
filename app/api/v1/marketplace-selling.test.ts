import { readFile } from "node:fs/promises";
import path from "node:path";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieOf } from "../../../tests/support/customers";
import { freshDatabase } from "../../../tests/support/database";
import { accepted } from "../../../tests/support/refusals";
import { createAccount } from "../../domains/customers/customers.server";
import { decide, marketplaceHome } from "../../domains/marketplace/marketplace.server";
import { auth } from "../../platform/auth/auth.server";
import type { Connection } from "../../platform/db/db.server";
import { env } from "../../platform/env.server";
import { createApi } from "../index.server";

let connection: Connection;
const api = new Hono().route("/api", createApi());
let jpeg: Buffer;

async function account(email: string) {
  const { id } = await createAccount({
    email,
    password: "selling-password-1",
    firstName: email.split("@")[0] as string,
    lastName: "Api",
    locale: "en",
  });
  const { headers } = await auth.api.signInEmail({
    body: { email, password: "selling-password-1" },
    returnHeaders: true,
  });
  return { id, cookie: cookieOf(headers.getSetCookie()) };
}

type Who = { cookie: string } | null;
function call(who: Who, method: string, url: string, body?: unknown) {
  const headers = new Headers();
  if (who) headers.set("cookie", who.cookie);
  if (body !== undefined && !(body instanceof FormData)) headers.set("content-type", "application/json");
  return api.request(`/api/v1/marketplace${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
}
async function answer(response: Response) {
  return { status: response.status, body: await response.json() };
}
function photos(...files: Blob[]) {
  const form = new FormData();
  files.forEach((file, n) => {
    form.append("photos", file, `photo-${n}.jpg`);
  });
  return form;
}
const photo = () => new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" });

const listingBody = {
  title: "Wollen jas",
  description: "Warm en nauwelijks gedragen.",
  category: "outerwear",
  size: "M",
  colour: "camel",
  brand: "Atelier Brume",
  condition: "like-new",
  price: "45,00",
};

let seller: Awaited<ReturnType<typeof account>>;
let buyer: Awaited<ReturnType<typeof account>>;
let stranger: Awaited<ReturnType<typeof account>>;

beforeAll(async () => {
  connection = await freshDatabase();
  // A phone photo with a GPS position and the camera in its EXIF.
  jpeg = await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#b9864f" } })
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
    .toBuffer();
  if (!(await sharp(jpeg).metadata()).exif?.includes(Buffer.from("PhoneMaker")))
    throw new Error("fixture lost its EXIF");
  seller = await account("sanne@selling.test");
  buyer = await account("bram@selling.test");
  stranger = await account("eva@selling.test");
}, 120_000);
afterAll(() => connection.close());

describe("selling through the API", () => {
  let listingId: number;
  let buyerMessageId: number;

  it("opens a store with the form's rules, saves its settings, picture and banner", async () => {
    expect(
      (await call(null, "POST", "/me/store", { name: "Kast", handle: "kast-anon", country: "NL" })).status,
    ).toBe(401);
    const bad = await answer(
      await call(seller, "POST", "/me/store?locale=nl", { name: "", handle: "X!", country: "NL" }),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details.fields).sort()).toEqual(["handle", "name"]);
    const opened = await answer(
      await call(seller, "POST", "/me/store?locale=nl", {
        name: "Kast van Sanne",
        handle: "kast-sanne",
        country: "NL",
      }),
    );
    expect(opened).toMatchObject({ status: 201, body: { handle: "kast-sanne", language: "nl" } });
    expect(opened.body).not.toHaveProperty("userId");
    const again = await call(seller, "POST", "/me/store", {
      name: "Twee",
      handle: "twee-sanne",
      country: "NL",
    });
    expect(again.status).toBe(409);

    const closed = await answer(
      await call(seller, "PUT", "/me/store?locale=en", {
        name: "Sanne's closet",
        bio: "Vintage wool",
        gridType: "large",
        isClosed: true,
        closedUntil: "2099-01-15",
      }),
    );
    expect(closed.body).toMatchObject({
      name: "Sanne's closet",
      gridType: "large",
      isClosed: true,
      closedUntil: "2099-01-15",
    });
    const past = await answer(
      await call(seller, "PUT", "/me/store?locale=en", {
        name: "x",
        isClosed: true,
        closedUntil: "2001-01-01",
      }),
    );
    expect([past.status, past.body.details.field]).toEqual([400, "closedUntil"]);
    expect((await call(stranger, "PUT", "/me/store", { name: "Mine now" })).status).toBe(404);
    await call(seller, "PUT", "/me/store", { name: "Sanne's closet" });

    const banner = new FormData();
    banner.append("photo", photo(), "banner.jpg");
    const withBanner = await answer(await call(seller, "PUT", "/me/store/banner", banner));
    expect(withBanner.status).toBe(200);
    expect(withBanner.body.banner.w1000.url).toMatch(/^\/media\/marketplace\/p-/);
    const stored = await sharp(
      await readFile(path.join(env().DATA_DIR, withBanner.body.banner.original.url)),
    ).metadata();
    expect([stored.format, stored.exif]).toEqual(["webp", undefined]);
    const text = new FormData();
    text.append("photo", new Blob(["not a photo"], { type: "image/jpeg" }), "cv.pdf");
    const refused = await answer(await call(seller, "PUT", "/me/store/image?locale=fr", text));
    expect(refused).toMatchObject({
      status: 400,
      body: { messageTranslationKey: "marketplace:errors.notAPhoto" },
    });
    expect(refused.body.message).toContain("cv.pdf");
    expect(refused.body.message).not.toBe("marketplace:errors.notAPhoto");
    const image = new FormData();
    image.append("photo", photo(), "me.jpg");
    expect((await call(seller, "PUT", "/me/store/image", image)).status).toBe(200);
    const publicStore = await answer(await call(null, "GET", "/stores/kast-sanne"));
    expect(publicStore.body.store.banner.w1000.url).toBe(withBanner.body.banner.w1000.url);
    expect(publicStore.body.store.image.w200.url).toMatch(/^\/media\/marketplace\/p-/);
    // A photo may be 15 MB, so an upload path takes more than the API's 1 MB; a body far past it is a 413.
    const far = new FormData();
    far.append("photo", new Blob([new Uint8Array(31 * 1024 * 1024)], { type: "image/jpeg" }), "x.jpg");
    expect((await call(seller, "PUT", "/me/store/image", far)).status).toBe(413);
    const longBio = await call(seller, "PUT", "/me/store", { name: "x", bio: "x".repeat(1024 * 1024) });
    expect(longBio.status).toBe(413);
    const noStore = new FormData();
    noStore.append("photo", photo(), "me.jpg");
    expect((await call(stranger, "PUT", "/me/store/image", noStore)).status).toBe(404);
  });

  it("creates a draft, uploads photos without EXIF, refuses bad ones, arranges and publishes", async () => {
    const created = await answer(await call(seller, "POST", "/me/listings?locale=nl", listingBody));
    expect(created).toMatchObject({ status: 201, body: { state: "draft" } });
    listingId = created.body.id;
    const early = await answer(
      await call(seller, "POST", `/me/listings/${listingId}/transitions?locale=en`, {
        transition: "publish",
      }),
    );
    expect([early.status, early.body.messageTranslationKey]).toEqual([
      400,
      "marketplace:errors.tooFewPhotos",
    ]);

    const uploaded = await answer(
      await call(seller, "POST", `/me/listings/${listingId}/photos`, photos(photo(), photo())),
    );
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.photos).toHaveLength(2);
    for (const variant of Object.values(uploaded.body.photos[0]) as { url: string }[]) {
      const meta = await sharp(await readFile(path.join(env().DATA_DIR, variant.url))).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
    }

    const notImage = await answer(
      await call(
        seller,
        "POST",
        `/me/listings/${listingId}/photos?locale=es`,
        photos(new Blob(["%PDF-1.4"])),
      ),
    );
    expect(notImage).toMatchObject({
      status: 400,
      body: { messageTranslationKey: "marketplace:errors.notAPhoto", details: { field: "photos" } },
    });
    const huge = new Blob([new Uint8Array(15 * 1024 * 1024 + 1)], { type: "image/jpeg" });
    const tooLarge = await answer(
      await call(seller, "POST", `/me/listings/${listingId}/photos?locale=nl`, photos(huge)),
    );
    expect(tooLarge).toMatchObject({
      status: 400,
      body: { messageTranslationKey: "marketplace:errors.photoTooLarge" },
    });
    expect(tooLarge.body.message).toContain("15 MB");
    const many = Array.from({ length: 19 }, () => photo());
    const tooMany = await answer(
      await call(seller, "POST", `/me/listings/${listingId}/photos`, photos(...many)),
    );
    expect(tooMany).toMatchObject({
      status: 400,
      body: { messageTranslationKey: "marketplace:errors.tooManyPhotos" },
    });
    expect((await call(seller, "POST", `/me/listings/${listingId}/photos`, "{}")).status).toBe(400);
    const own = await answer(await call(seller, "GET", `/me/listings/${listingId}`));
    expect(own.body.photos).toHaveLength(2);

    const first = own.body.photos[0].w200.url;
    const moved = await answer(
      await call(seller, "POST", `/me/listings/${listingId}/photos/0`, { action: "later" }),
    );
    expect(moved.body.photos[1].w200.url).toBe(first);
    const turned = await answer(
      await call(seller, "POST", `/me/listings/${listingId}/photos/1`, { action: "rotate-right" }),
    );
    expect(turned.body.photos[1].original.width).toBeGreaterThan(turned.body.photos[1].original.height);

    const published = await answer(
      await call(seller, "POST", `/me/listings/${listingId}/transitions`, { transition: "publish" }),
    );
    expect(published).toMatchObject({ status: 200, body: { state: "published" } });
    const removeBelowTwo = await call(seller, "POST", `/me/listings/${listingId}/photos/0`, {
      action: "remove",
    });
    expect(removeBelowTwo.status).toBe(400);

    const edited = await answer(
      await call(seller, "PUT", `/me/listings/${listingId}`, { ...listingBody, price: 39 }),
    );
    expect(edited.body).toMatchObject({ state: "published", priceDropped: true });
    const mine = await answer(await call(seller, "GET", "/me/listings"));
    expect(mine.body.listings).toEqual([
      expect.objectContaining({ id: listingId, priceCents: 3900, views: 0, favourites: 0, conversations: 0 }),
    ]);
    // The store's own picture is its story bubble on the marketplace home.
    const { body: store } = await answer(await call(seller, "GET", "/me/store"));
    expect((await marketplaceHome()).stores).toEqual([
      expect.objectContaining({ handle: "kast-sanne", picture: store.image.w200.url }),
    ]);
    const search = await answer(await call(null, "GET", "/listings?q=jas"));
    expect(search.body.cards.map((card: { id: number }) => card.id)).toContain(listingId);
  });

  it("lets nobody else read, edit, upload to or change a listing", async () => {
    expect((await call(null, "GET", `/me/listings/${listingId}`)).status).toBe(401);
    expect((await call(null, "POST", `/me/listings/${listingId}/photos`, photos(photo()))).status).toBe(401);
    for (const who of [stranger, buyer]) {
      expect((await call(who, "GET", `/me/listings/${listingId}`)).status).toBe(404);
      expect((await call(who, "PUT", `/me/listings/${listingId}`, listingBody)).status).toBe(404);
      expect((await call(who, "POST", `/me/listings/${listingId}/photos`, photos(photo()))).status).toBe(404);
      expect(
        (await call(who, "POST", `/me/listings/${listingId}/photos/0`, { action: "remove" })).status,
      ).toBe(404);
      expect(
        (await call(who, "POST", `/me/listings/${listingId}/transitions`, { transition: "close" })).status,
      ).toBe(404);
    }
    expect((await answer(await call(stranger, "GET", "/me/listings"))).body.listings).toEqual([]);
    // "Resell this" pre-fills only from one's own delivered order.
    expect((await call(seller, "GET", "/me/resell?order=100000001&product=1")).status).toBe(404);
    expect((await answer(await call(seller, "GET", `/me/listings/${listingId}`))).body.state).toBe(
      "published",
    );
  });

  it("talks, offers, counters and accepts; masks contact details; only the two parties read it", async () => {
    expect((await call(seller, "POST", `/listings/${listingId}/conversation`)).status).toBe(409);
    const { body: opened } = await answer(await call(buyer, "POST", `/listings/${listingId}/conversation`));
    const id = opened.id as number;
    const sent = await answer(
      await call(buyer, "POST", `/me/conversations/${id}/messages`, {
        body: "Mail me at bram@example.nl or call 06 12345678",
      }),
    );
    expect(sent.status).toBe(201);
    expect(sent.body.masked.sort()).toEqual(["email", "phone"]);
    const low = await answer(
      await call(buyer, "POST", `/me/conversations/${id}/offers?locale=en`, { amount: "5" }),
    );
    expect(low.status).toBe(400);
    const offer = await answer(await call(buyer, "POST", `/me/conversations/${id}/offers`, { amount: "30" }));
    expect(offer.status).toBe(201);
    expect(
      (await call(buyer, "POST", `/offers/${offer.body.offerId}/answer`, { answer: "accept" })).status,
    ).toBe(409);
    expect(
      (await call(stranger, "POST", `/offers/${offer.body.offerId}/answer`, { answer: "accept" })).status,
    ).toBe(404);
    const countered = await answer(
      await call(seller, "POST", `/offers/${offer.body.offerId}/answer`, { answer: "counter", amount: "35" }),
    );
    expect(countered.body.state).toBe("countered");
    const acceptedOffer = await answer(
      await call(buyer, "POST", `/offers/${countered.body.counterOfferId}/answer`, { answer: "accept" }),
    );
    expect(acceptedOffer.body.state).toBe("accepted");

    const read = await answer(await call(buyer, "GET", `/me/conversations/${id}`));
    expect(read.body.accepted).toMatchObject({ amountCents: 3500 });
    expect(read.body.lines[0].body).not.toContain("bram@example.nl");
    expect(read.body.lines[0].masked).toBe(true);
    buyerMessageId = read.body.lines[0].id;
    const forSeller = await answer(await call(seller, "GET", "/me/conversations"));
    expect(forSeller.body.conversations).toEqual([expect.objectContaining({ id, role: "provider" })]);

    expect((await call(stranger, "GET", `/me/conversations/${id}`)).status).toBe(404);
    expect((await call(stranger, "POST", `/me/conversations/${id}/messages`, { body: "hi" })).status).toBe(
      404,
    );
    expect((await call(stranger, "POST", `/me/conversations/${id}/offers`, { amount: "30" })).status).toBe(
      404,
    );
    expect((await answer(await call(stranger, "GET", "/me/conversations"))).body.conversations).toEqual([]);
    expect((await call(null, "GET", `/me/conversations/${id}`)).status).toBe(401);
  });

  it("takes a notice from anyone; the owner reads the statement of reasons and appeals once", async () => {
    const notice = {
      targetKind: "listing",
      targetId: listingId,
      reason: "counterfeit",
      email: "eva@selling.test",
      goodFaith: true,
    };
    expect((await call(stranger, "POST", "/reports", { ...notice, goodFaith: false })).status).toBe(400);
    expect((await call(seller, "POST", "/reports", notice)).status).toBe(409);
    expect((await answer(await call(stranger, "POST", "/reports", notice))).status).toBe(201);
    expect((await call(null, "POST", "/reports", { ...notice, email: "anon@selling.test" })).status).toBe(
      201,
    );
    // A store and a message are reported the same way; the message by the other party only.
    const { body: store } = await answer(await call(null, "GET", "/stores/kast-sanne"));
    const aboutStore = { ...notice, targetKind: "store", targetId: store.store.id, reason: "fraud" };
    expect((await call(stranger, "POST", "/reports", aboutStore)).status).toBe(201);
    const aboutMessage = {
      ...notice,
      targetKind: "message",
      targetId: buyerMessageId,
      reason: "personal-data",
    };
    expect((await call(buyer, "POST", "/reports", aboutMessage)).status).toBe(409);
    expect((await call(seller, "POST", "/reports", aboutMessage)).status).toBe(201);
    expect((await call(seller, "POST", "/reports", { ...notice, targetId: 2_000_000 })).status).toBe(404);
    const { id } = accepted(
      await decide(
        {
          targetKind: "listing",
          targetId: listingId,
          action: "remove",
          ground: "Terms 4.2",
          statement: "Counterfeit logo.",
        },
        "ops@selling.test",
      ),
    );
    expect((await call(null, "GET", `/listings/${listingId}`)).status).toBe(404);
    const decisions = await answer(await call(seller, "GET", "/me/decisions"));
    expect(decisions.body.decisions).toEqual([
      expect.objectContaining({ id, action: "remove", statement: "Counterfeit logo.", canAppeal: true }),
    ]);
    expect((await answer(await call(stranger, "GET", "/me/decisions"))).body.decisions).toEqual([]);
    expect((await call(stranger, "POST", `/me/decisions/${id}/appeal`, { text: "Not mine" })).status).toBe(
      404,
    );
    expect((await call(seller, "POST", `/me/decisions/${id}/appeal`, { text: "" })).status).toBe(400);
    expect(
      (await call(seller, "POST", `/me/decisions/${id}/appeal`, { text: "It is genuine." })).status,
    ).toBe(201);
    expect((await call(seller, "POST", `/me/decisions/${id}/appeal`, { text: "Again" })).status).toBe(409);
  });
});
