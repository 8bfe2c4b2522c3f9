import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  listingCategories,
  listingColourCodes,
  listingConditions,
  listingSizes,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  sellerTypes,
  storeCountries,
  storeGridTypes,
} from "../../domains/marketplace/attributes";
import { availableTransitions, type ListingTransition } from "../../domains/marketplace/listings/states";
import {
  addListingPhotos,
  arrangeListingPhoto,
  changeListingState,
  myListings,
  openStore,
  ownListing,
  resellDraft,
  type Store,
  type StorePicture,
  saveListing,
  saveTraderDetails,
  sellListing,
  setStorePicture,
  storeOfUser,
  storePictures,
  updateStore,
} from "../../domains/marketplace/marketplace.server";
import {
  ListingSchema,
  photoActions,
  StoreSchema,
  StoreSettingsSchema,
  TraderSchema,
} from "../../domains/marketplace/validation";
import { requireCustomer } from "../../platform/auth/guards.server";
import { httpErrors } from "../../platform/http/api-error";
import type { AppEnv } from "../../platform/http/middleware.server";
import { refuse } from "../../platform/refusal";
import { accepted } from "../errors.server";
import { parseBody } from "./account.server";
import {
  errorResponse,
  IdParam,
  ImageSetSchema,
  invalidResponse as invalid,
  jsonBody as json,
  LocaleQuery,
  jsonAnswer as ok,
  LocaleOnlyQuery as Query,
  unauthorisedResponse as unauthorised,
} from "./schemas";

/**
 * Selling from the app (issue 17): the customer's own store (open, settings, trader details, picture and
 * banner) and listings (draft, edit, photos, publish, close, mark sold, "resell this"). The same domain
 * commands and form schemas as the sell and "my marketplace" pages; photos travel as multipart/form-data
 * through the listing photos' pipeline (photos only, 15 MB each, 20 per listing, EXIF stripped). Someone
 * else's listing is a 404, like a missing one. Signed in by the session cookie or a Bearer token.
 */

const tags = ["Marketplace selling"];
const notFound = errorResponse("No such listing of this customer's store");
const noStore = errorResponse("The customer has no store (`marketplace:errors.noStore`)");
const SELLER_TRANSITIONS: ListingTransition[] = ["publish", "close", "reopen", "mark-sold"];

/** The largest multipart body per upload: every photo at its limit, and room for the form's parts. */
const PHOTOS_BODY_BYTES = (MAX_PHOTOS + 1) * MAX_PHOTO_BYTES;
const PICTURE_BODY_BYTES = 2 * MAX_PHOTO_BYTES;
const PHOTO_UPLOADS = /\/v1\/marketplace\/me\/listings\/[^/]+\/photos$/;
const PICTURE_UPLOADS = /\/v1\/marketplace\/me\/store\/(image|banner)$/;

/**
 * The body limit of an upload path (above the API's 1 MB), or null: a photo over 15 MB must reach the
 * domain to be refused with its translated message, a body past every photo's limit is a 413.
 */
export function uploadBodyLimit(path: string): number | null {
  if (PHOTO_UPLOADS.test(path)) return PHOTOS_BODY_BYTES;
  if (PICTURE_UPLOADS.test(path)) return PICTURE_BODY_BYTES;
  return null;
}

type Plain<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Plain<U>[]
    : T extends object
      ? { [K in keyof T]: Plain<T[K]> }
      : T;
/** A domain value as its JSON (dates as ISO strings), typed as such. */
export function plain<T>(value: T): Plain<T> {
  return JSON.parse(JSON.stringify(value)) as Plain<T>;
}

export async function me(c: Context<AppEnv>) {
  c.header("cache-control", "private, no-store");
  return requireCustomer(c.req.raw);
}

/** The files of a multipart field; a body that is not multipart/form-data is a 400. */
export async function uploadedFiles(c: Context<AppEnv>, field: string): Promise<File[]> {
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw httpErrors.badRequest({ target: "form", fields: { [field]: ["multipart/form-data expected"] } });
  }
  return form.getAll(field).filter((entry): entry is File => entry instanceof File);
}

const multipart = (field: string, description: string, many: boolean) => ({
  required: true,
  content: {
    "multipart/form-data": {
      schema: {
        type: "object" as const,
        required: [field],
        properties: {
          [field]: many
            ? { type: "array" as const, items: { type: "string" as const, format: "binary" }, description }
            : { type: "string" as const, format: "binary", description },
        },
      },
    },
  },
});

const Trader = z.object({
  legalName: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  tradeRegister: z.string(),
  certifiedAt: z.string(),
});
const OwnStoreSchema = z
  .object({
    handle: z.string(),
    name: z.string(),
    bio: z.string(),
    country: z.string(),
    language: z.string(),
    gridType: z.string(),
    isClosed: z.boolean(),
    closedUntil: z.string().nullable(),
    bannerColour: z.string(),
    labels: z.array(z.string()),
    views: z.number().int(),
    followers: z.number().int(),
    banned: z.boolean(),
    restricted: z.boolean(),
    image: ImageSetSchema.nullable(),
    banner: ImageSetSchema.nullable(),
    sellerType: z.string(),
    trader: Trader.nullable(),
    createdAt: z.string(),
  })
  .openapi("MarketplaceOwnStore");

const StoreOpenIn = z
  .object({
    name: z.string().max(200),
    handle: z.string().max(200).openapi({ description: "3–30 of a–z, 0–9 and -; never changes" }),
    bio: z.string().max(5000).optional(),
    country: z.enum(storeCountries),
    gridType: z.enum(storeGridTypes).optional(),
    sellerType: z.enum(sellerTypes).optional(),
  })
  .openapi("MarketplaceStoreOpen", {
    description: "The store is in the `locale` of the query: its listings are written in that language",
  });
const StoreSettingsIn = z
  .object({
    name: z.string().max(200),
    bio: z.string().max(5000).optional(),
    gridType: z.enum(storeGridTypes).optional(),
    isClosed: z.boolean().optional().openapi({ description: "Closed for holidays" }),
    closedUntil: z.string().max(10).optional().openapi({ description: "The return date, YYYY-MM-DD" }),
  })
  .openapi("MarketplaceStoreSettings");
const TraderIn = z
  .object({
    legalName: z.string().max(500),
    address: z.string().max(500),
    phone: z.string().max(100),
    email: z.string().max(500),
    tradeRegister: z.string().max(100),
    certify: z.boolean().openapi({ description: "Offers only products that comply with EU law" }),
  })
  .openapi("MarketplaceTraderDetails");

const listingFields = {
  title: z.string().max(500),
  description: z.string().max(5000).optional(),
  category: z.enum(listingCategories),
  size: z.enum(listingSizes),
  colour: z.enum(listingColourCodes),
  brand: z.string().max(500),
  condition: z.enum(listingConditions),
  material: z.string().max(500).optional(),
  price: z
    .union([z.string().max(20), z.number()])
    .openapi({ description: "Euros as typed: 12.50, “12,50” or 12", example: "12.50" }),
};
const ListingIn = z.object(listingFields).openapi("MarketplaceListingInput");
const ListingCreateIn = z
  .object({
    ...listingFields,
    publish: z
      .boolean()
      .optional()
      .openapi({ description: "Publish at once (needs 2 photos: only with a resold product's photo)" }),
    order: z.string().max(40).optional().openapi({ description: "Resell: the delivered order's number" }),
    product: z.number().int().positive().max(2_147_483_647).optional().openapi({
      description: "Resell: the product of that order's line; pre-fills its photo and “bought new here”",
    }),
  })
  .openapi("MarketplaceListingCreate");

const OwnListingSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    category: z.string(),
    size: z.string(),
    colour: z.string(),
    brand: z.string(),
    condition: z.string(),
    material: z.string(),
    priceCents: z.number().int(),
    originalPriceCents: z.number().int().nullable(),
    photos: z.array(ImageSetSchema),
    state: z.string(),
    boughtProductId: z.number().int().nullable(),
    transitions: z.array(z.string()).openapi({ description: "What the seller may do with it now" }),
  })
  .openapi("MarketplaceOwnListing");
const MyListingSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    priceCents: z.number().int(),
    state: z.string(),
    photo: ImageSetSchema.nullable(),
    views: z.number().int(),
    favourites: z.number().int(),
    conversations: z.number().int(),
    openOffers: z.number().int(),
    updatedAt: z.string(),
  })
  .openapi("MarketplaceMyListing");
const Saved = z
  .object({ id: z.number().int(), state: z.string(), priceDropped: z.boolean().optional() })
  .openapi("MarketplaceListingSaved");
const Photos = z.object({ photos: z.array(ImageSetSchema) }).openapi("MarketplaceListingPhotos");
const ResellSchema = z
  .object({
    productId: z.number().int(),
    orderNumber: z.string(),
    title: z.string(),
    brand: z.string(),
    size: z.string(),
    colour: z.string(),
    material: z.string(),
    photo: ImageSetSchema.nullable(),
  })
  .openapi("MarketplaceResellDraft");

const routes = {
  store: createRoute({
    method: "get",
    path: "/v1/marketplace/me/store",
    tags,
    summary: "The customer's own store, with its private settings",
    responses: { 200: ok("The store", OwnStoreSchema), 401: unauthorised, 404: noStore },
  }),
  openStore: createRoute({
    method: "post",
    path: "/v1/marketplace/me/store",
    tags,
    summary: "Open a store (one per customer)",
    request: { query: Query, body: json(StoreOpenIn) },
    responses: {
      201: ok("Opened", OwnStoreSchema),
      400: invalid,
      401: unauthorised,
      409: errorResponse("A store already, or the handle is taken (`details.field`: handle)"),
    },
  }),
  updateStore: createRoute({
    method: "put",
    path: "/v1/marketplace/me/store",
    tags,
    summary: "Save the store settings: name, bio, grid type, closed for holidays with a return date",
    request: { query: Query, body: json(StoreSettingsIn) },
    responses: {
      200: ok("Saved", OwnStoreSchema),
      400: invalid,
      401: unauthorised,
      403: errorResponse("The store is banned"),
      404: noStore,
    },
  }),
  trader: createRoute({
    method: "put",
    path: "/v1/marketplace/me/store/trader",
    tags,
    summary: "A business seller's trader details (DSA art. 30), shown on the store",
    request: { query: Query, body: json(TraderIn) },
    responses: {
      200: ok("Saved; the store sells as a business", OwnStoreSchema),
      400: invalid,
      401: unauthorised,
      403: errorResponse("The store is banned"),
      404: noStore,
    },
  }),
  listings: createRoute({
    method: "get",
    path: "/v1/marketplace/me/listings",
    tags,
    summary: "The customer's listings with their views, favourites, conversations and waiting offers",
    responses: {
      200: ok("Newest change first", z.object({ listings: z.array(MyListingSchema) })),
      401: unauthorised,
    },
  }),
  create: createRoute({
    method: "post",
    path: "/v1/marketplace/me/listings",
    tags,
    summary: "Create a listing, as a draft (add photos, then publish) or published",
    request: { query: Query, body: json(ListingCreateIn) },
    responses: {
      201: ok("Created", Saved),
      400: invalid,
      401: unauthorised,
      403: errorResponse("No store, or the store is banned or restricted"),
      409: errorResponse("Trader details missing, or too few photos to publish"),
    },
  }),
  listing: createRoute({
    method: "get",
    path: "/v1/marketplace/me/listings/{id}",
    tags,
    summary: "One of the customer's listings, as the edit form shows it",
    request: { params: IdParam },
    responses: { 200: ok("The listing", OwnListingSchema), 401: unauthorised, 404: notFound },
  }),
  update: createRoute({
    method: "put",
    path: "/v1/marketplace/me/listings/{id}",
    tags,
    summary: "Edit a listing's text, attributes and price (a lower price is a price drop)",
    request: { query: Query, params: IdParam, body: json(ListingIn) },
    responses: {
      200: ok("Saved", Saved),
      400: invalid,
      401: unauthorised,
      404: notFound,
      409: errorResponse("Not editable in its state"),
    },
  }),
  photos: createRoute({
    method: "post",
    path: "/v1/marketplace/me/listings/{id}/photos",
    tags,
    summary: "Upload photos to a listing (multipart, field `photos`, repeated)",
    description:
      `JPEG, PNG, WebP, AVIF or HEIC, at least 400 px wide, each up to ${MAX_PHOTO_BYTES / 1024 / 1024} MB, ` +
      `at most ${MAX_PHOTOS} per listing. Stored without metadata (EXIF location) as WebP at 200–1000 px.`,
    request: {
      query: Query,
      params: IdParam,
      body: multipart("photos", "The photo files, in order", true),
    },
    responses: {
      201: ok("Every photo of the listing, in order", Photos),
      400: errorResponse(
        "Not a photo, too large, too small or too many (translated, `details.field`: photos)",
      ),
      401: unauthorised,
      404: notFound,
      409: errorResponse("Not editable in its state"),
      413: errorResponse("The whole body is past every photo's limit"),
    },
  }),
  photo: createRoute({
    method: "post",
    path: "/v1/marketplace/me/listings/{id}/photos/{index}",
    tags,
    summary: "Move a photo one place, turn it a quarter, or remove it",
    request: {
      query: Query,
      params: IdParam.extend({
        index: z.coerce.number().int().min(0).max(2_147_483_647).openapi({ description: "From 0" }),
      }),
      body: json(z.object({ action: z.enum(photoActions) }).openapi("MarketplacePhotoAction")),
    },
    responses: {
      200: ok("Every photo of the listing, in order", Photos),
      400: errorResponse("No such photo, or a published listing would keep fewer than 2"),
      401: unauthorised,
      404: notFound,
      409: errorResponse("Not editable in its state"),
    },
  }),
  transition: createRoute({
    method: "post",
    path: "/v1/marketplace/me/listings/{id}/transitions",
    tags,
    summary: "Publish, close, reopen or mark a listing sold",
    request: {
      query: Query,
      params: IdParam,
      body: json(
        z
          .object({ transition: z.enum(SELLER_TRANSITIONS as [ListingTransition, ...ListingTransition[]]) })
          .openapi("MarketplaceListingTransition"),
      ),
    },
    responses: {
      200: ok("The listing's new state", Saved),
      401: unauthorised,
      403: errorResponse("The store is banned or restricted"),
      404: notFound,
      409: errorResponse("The state table refuses it, or too few photos to publish"),
    },
  }),
  resell: createRoute({
    method: "get",
    path: "/v1/marketplace/me/resell",
    tags,
    summary: "“Resell this”: a new listing's fields from a line of the customer's delivered order",
    request: {
      query: z.object({
        order: z.string().min(1).max(40),
        product: z.coerce.number().int().positive().max(2_147_483_647),
        locale: LocaleQuery,
      }),
    },
    responses: {
      200: ok("The pre-filled fields; create the listing with `order` and `product`", ResellSchema),
      401: unauthorised,
      404: errorResponse("Not a delivered line of this customer's order"),
    },
  }),
};

const picture = (kind: StorePicture, method: "put" | "delete") =>
  createRoute({
    method,
    path: `/v1/marketplace/me/store/${kind}`,
    tags,
    summary:
      method === "put"
        ? `Upload the store's ${kind === "image" ? "picture" : "banner"} (multipart, field \`photo\`)`
        : `Remove the store's ${kind === "image" ? "picture" : "banner"}`,
    description:
      method === "put"
        ? `A photo (JPEG, PNG, WebP, AVIF or HEIC) at least 400 px wide and up to ${MAX_PHOTO_BYTES / 1024 / 1024} MB; stored without metadata as WebP at 200–1000 px.`
        : undefined,
    request:
      method === "put"
        ? { query: Query, body: multipart("photo", "The photo file", false) }
        : { query: Query },
    responses: {
      200: ok("The store", OwnStoreSchema),
      ...(method === "put"
        ? {
            400: errorResponse("Not a photo, too large or too small (translated, `details.field`: photos)"),
            413: errorResponse("The body is far past the photo's limit"),
          }
        : {}),
      401: unauthorised,
      403: errorResponse("The store is banned"),
      404: noStore,
    },
  });

/** The store as its owner sees it: without the row's ids. */
function ownStore(store: Store) {
  const { id: _id, userId: _user, ...rest } = store;
  return plain(rest);
}

export function registerMarketplaceSellingRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(routes.store, async (c) => {
    const visitor = await me(c);
    const store = accepted(
      c,
      (await storeOfUser(visitor.id)) ?? refuse.notFound("marketplace:errors.noStore"),
      "en",
    );
    return c.json(ownStore(store), 200);
  });
  api.openapi(routes.openStore, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    const input = parseBody(StoreSchema, c.req.valid("json"), locale);
    return c.json(ownStore(accepted(c, await openStore(visitor.id, input, locale), locale)), 201);
  });
  api.openapi(routes.updateStore, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    const input = parseBody(StoreSettingsSchema, c.req.valid("json"), locale);
    return c.json(ownStore(accepted(c, await updateStore(visitor.id, input), locale)), 200);
  });
  api.openapi(routes.trader, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    const input = parseBody(TraderSchema, c.req.valid("json"), locale);
    return c.json(ownStore(accepted(c, await saveTraderDetails(visitor.id, input), locale)), 200);
  });
  for (const kind of storePictures) {
    api.openapi(picture(kind, "put"), async (c) => {
      const visitor = await me(c);
      const { locale } = c.req.valid("query");
      const [file] = await uploadedFiles(c, "photo");
      if (!file) accepted(c, refuse.invalid("marketplace:errors.noPhotoSent", undefined, "photos"), locale);
      const saved = accepted(c, await setStorePicture(visitor.id, kind, file as File), locale);
      return c.json(ownStore(saved), 200);
    });
    api.openapi(picture(kind, "delete"), async (c) => {
      const visitor = await me(c);
      const { locale } = c.req.valid("query");
      return c.json(ownStore(accepted(c, await setStorePicture(visitor.id, kind, null), locale)), 200);
    });
  }

  api.openapi(routes.listings, async (c) => {
    const visitor = await me(c);
    return c.json({ listings: plain(await myListings(visitor.id)) }, 200);
  });
  api.openapi(routes.create, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    const body = c.req.valid("json");
    const input = parseBody(ListingSchema, body, locale);
    const store = await storeOfUser(visitor.id);
    const resell =
      store && body.order && body.product
        ? await resellDraft(visitor.id, body.order, body.product, store.language)
        : null;
    const created = await sellListing(visitor.id, input, [], body.publish ? "publish" : "draft", {
      boughtProductId: resell?.productId ?? null,
      resellPhoto: resell?.photo ?? null,
    });
    return c.json(accepted(c, created, locale), 201);
  });
  api.openapi(routes.listing, async (c) => {
    const visitor = await me(c);
    const listing = accepted(
      c,
      (await ownListing(visitor.id, c.req.valid("param").id)) ??
        refuse.notFound("marketplace:errors.notFound"),
      "en",
    );
    const transitions = availableTransitions(listing.state, "provider").filter((tr) =>
      SELLER_TRANSITIONS.includes(tr),
    );
    return c.json({ ...plain(listing), transitions }, 200);
  });
  api.openapi(routes.update, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    const input = parseBody(ListingSchema, c.req.valid("json"), locale);
    const saved = await saveListing(visitor.id, c.req.valid("param").id, input, [], "draft");
    return c.json(accepted(c, saved, locale), 200);
  });
  api.openapi(routes.photos, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    const id = c.req.valid("param").id;
    const files = await uploadedFiles(c, "photos");
    return c.json(accepted(c, await addListingPhotos(visitor.id, id, files), locale), 201);
  });
  api.openapi(routes.photo, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    const { id, index } = c.req.valid("param");
    const outcome = await arrangeListingPhoto(visitor.id, id, index, c.req.valid("json").action);
    return c.json(accepted(c, outcome, locale), 200);
  });
  api.openapi(routes.transition, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    const outcome = await changeListingState(
      visitor.id,
      c.req.valid("param").id,
      c.req.valid("json").transition,
    );
    return c.json(accepted(c, outcome, locale), 200);
  });
  api.openapi(routes.resell, async (c) => {
    const visitor = await me(c);
    const { order, product, locale } = c.req.valid("query");
    const store = await storeOfUser(visitor.id);
    const draft = await resellDraft(visitor.id, order, product, store?.language ?? locale);
    return c.json(plain(accepted(c, draft ?? refuse.notFound("marketplace:errors.notFound"), locale)), 200);
  });
}
