import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { parseBrowseQuery } from "../../domains/marketplace/listings/query";
import { browseListings, listingPage, storePage } from "../../domains/marketplace/marketplace.server";
import { httpErrors } from "../../platform/http/api-error";
import type { AppEnv } from "../../platform/http/middleware.server";
import { errorResponse, ImageSetSchema } from "./schemas";

const Responsive = z.object({ src: z.string(), srcSet: z.string(), width: z.number(), height: z.number() });
export const ListingCardSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    brand: z.string(),
    size: z.string(),
    condition: z.string(),
    priceCents: z.number().int(),
    originalPriceCents: z.number().int().nullable().openapi({ description: "The price before a price drop" }),
    image: Responsive.nullable(),
    state: z.string(),
    wishlistCount: z.number().int(),
    store: z.object({ handle: z.string(), name: z.string() }),
  })
  .openapi("MarketplaceListingCard");
const Facet = z.array(z.object({ value: z.string(), count: z.number().int() }));
const BrowseResults = z
  .object({
    cards: z.array(ListingCardSchema),
    total: z.number().int(),
    pageCount: z.number().int(),
    facets: z
      .object({ category: Facet, size: Facet, brand: Facet, colour: Facet, condition: Facet })
      .openapi({
        description: "Per facet, each value's count with every other filter applied (disjunctive)",
      }),
  })
  .openapi("MarketplaceBrowseResults");
const StoreSchema = z
  .object({
    id: z.number().int().openapi({ description: "For a notice about the store (`targetKind`: store)" }),
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
    createdAt: z.string(),
  })
  .openapi("MarketplaceStore");
const ListingSchema = z
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
    language: z.string(),
    photos: z.array(ImageSetSchema),
    state: z.string(),
    wishlistCount: z.number().int(),
    timesWatched: z.number().int(),
    publishedAt: z.string().nullable(),
  })
  .openapi("MarketplaceListing");

const browse = createRoute({
  method: "get",
  path: "/v1/marketplace/listings",
  summary: "Browse and search second-hand listings, with facet counts",
  description:
    "Published listings of stores in good standing. `q` matches words in any locale (a listing's category, " +
    "colour and condition are known by their names in all four); repeat `size`, `brand`, `colour`, `condition` " +
    "for several values; `min`/`max` are whole euros; `sort` is newest, price-asc, price-desc or favourites.",
  request: {
    query: z.object({
      q: z.string().max(100).optional(),
      category: z.string().optional(),
      size: z.union([z.string(), z.array(z.string())]).optional(),
      brand: z.union([z.string(), z.array(z.string())]).optional(),
      colour: z.union([z.string(), z.array(z.string())]).optional(),
      condition: z.union([z.string(), z.array(z.string())]).optional(),
      min: z.string().optional(),
      max: z.string().optional(),
      sort: z.string().optional(),
      page: z.string().optional(),
    }),
  },
  responses: {
    200: { description: "One page of listings", content: { "application/json": { schema: BrowseResults } } },
    404: errorResponse("The page is beyond the last one"),
  },
});

const listing = createRoute({
  method: "get",
  path: "/v1/marketplace/listings/{id}",
  summary: "A listing with its store, more from the store and similar items",
  request: { params: z.object({ id: z.coerce.number().int().positive() }) },
  responses: {
    200: {
      description: "The listing (published, reserved, closed or sold)",
      content: {
        "application/json": {
          schema: z.object({
            listing: ListingSchema,
            store: StoreSchema,
            moreFromStore: z.array(ListingCardSchema),
            similar: z.array(ListingCardSchema),
          }),
        },
      },
    },
    404: errorResponse("No such listing, or it is not public"),
  },
});

const store = createRoute({
  method: "get",
  path: "/v1/marketplace/stores/{handle}",
  summary: "A store and its listings for sale",
  request: { params: z.object({ handle: z.string().max(30) }) },
  responses: {
    200: {
      description: "The store",
      content: {
        "application/json": {
          schema: z.object({
            store: StoreSchema,
            listings: z.array(ListingCardSchema),
            count: z.number().int(),
          }),
        },
      },
    },
    404: errorResponse("No such store, or it is suspended"),
  },
});

const PUBLIC_CACHE = "public, max-age=60";

function publicStore<T extends { userId: string; banned: boolean; id: number; createdAt: Date }>(value: T) {
  const { userId: _user, banned: _banned, ...rest } = value;
  return { ...rest, createdAt: value.createdAt.toISOString() };
}

export function registerMarketplaceRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(browse, async (c) => {
    const params = new URL(c.req.url).searchParams;
    const query = parseBrowseQuery(params);
    const result = await browseListings(query);
    if (query.page > result.pageCount) throw httpErrors.notFound();
    c.header("cache-control", PUBLIC_CACHE);
    return c.json(result, 200);
  });

  api.openapi(listing, async (c) => {
    const page = await listingPage(c.req.valid("param").id);
    if (!page) throw httpErrors.notFound();
    const { createdAt: _created, storeId: _store, publishedAt, ...detail } = page.listing;
    c.header("cache-control", PUBLIC_CACHE);
    return c.json(
      {
        listing: { ...detail, publishedAt: publishedAt ? publishedAt.toISOString() : null },
        store: publicStore(page.store),
        moreFromStore: page.moreFromStore,
        similar: page.similar,
      },
      200,
    );
  });

  api.openapi(store, async (c) => {
    const page = await storePage(c.req.valid("param").handle);
    if (!page) throw httpErrors.notFound();
    c.header("cache-control", PUBLIC_CACHE);
    return c.json({ store: publicStore(page.store), listings: page.listings, count: page.count }, 200);
  });
}
