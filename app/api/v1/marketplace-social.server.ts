import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  acceptMarketplaceEvent,
  favouriteCards,
  followedFeed,
  followedStores,
  setFavourite,
  setFollowing,
  socialState,
} from "../../domains/marketplace/marketplace.server";
import { requireCustomer } from "../../platform/auth/guards.server";
import { checkSession } from "../../platform/auth/session.server";
import { ApiError } from "../../platform/http/api-error";
import type { AppEnv } from "../../platform/http/middleware.server";
import { accepted } from "../errors.server";
import { clientAddress } from "./highlights.server";
import { ListingCardSchema } from "./marketplace.server";
import { errorResponse, LocaleOnlyQuery as Query } from "./schemas";

/**
 * The marketplace's social side for the app and the pages' buttons: favourites, follows, the followed
 * stores' feed and the view/share beacon. Signed in by the session cookie or a Bearer token.
 */

const SocialSchema = z
  .object({
    signedIn: z.boolean(),
    favourites: z.array(z.number().int()).openapi({ description: "Favourited listing ids" }),
    following: z.array(z.string()).openapi({ description: "Handles of followed stores" }),
  })
  .openapi("MarketplaceSocial");

const ListingParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const HandleParam = z.object({ handle: z.string().min(3).max(30) });
const FavouriteSchema = z
  .object({ favourited: z.boolean(), wishlistCount: z.number().int() })
  .openapi("MarketplaceFavouriteChange");
const FollowSchema = z
  .object({ following: z.boolean(), followers: z.number().int() })
  .openapi("MarketplaceFollowChange");
const unauthorised = errorResponse("Not signed in");

const social = createRoute({
  method: "get",
  path: "/v1/marketplace/me/social",
  summary: "What the visitor favourited and follows (the pressed hearts and follow buttons)",
  description: "Empty lists for a visitor who is not signed in.",
  responses: { 200: { description: "The state", content: { "application/json": { schema: SocialSchema } } } },
});

const favourite = (method: "put" | "delete") =>
  createRoute({
    method,
    path: "/v1/marketplace/favourites/{id}",
    summary: method === "put" ? "Favourite a listing" : "Un-favourite a listing",
    request: { params: ListingParam, query: Query },
    responses: {
      200: { description: "Done", content: { "application/json": { schema: FavouriteSchema } } },
      401: unauthorised,
      404: errorResponse("No such public listing"),
      409: errorResponse("One's own listing"),
    },
  });

const follow = (method: "put" | "delete") =>
  createRoute({
    method,
    path: "/v1/marketplace/follows/{handle}",
    summary: method === "put" ? "Follow a store" : "Unfollow a store",
    request: { params: HandleParam, query: Query },
    responses: {
      200: { description: "Done", content: { "application/json": { schema: FollowSchema } } },
      401: unauthorised,
      404: errorResponse("No such store"),
      409: errorResponse("One's own store"),
    },
  });

const feed = createRoute({
  method: "get",
  path: "/v1/marketplace/me/feed",
  summary: "New listings from the stores the customer follows (the social feed)",
  request: {
    query: z.object({
      before: z.coerce
        .number()
        .int()
        .positive()
        .optional()
        .openapi({ description: "The last id of the previous page" }),
    }),
  },
  responses: {
    200: {
      description: "Newest first",
      content: {
        "application/json": {
          schema: z.object({
            stores: z.array(
              z.object({
                handle: z.string(),
                name: z.string(),
                bannerColour: z.string(),
                image: z.string().nullable(),
                fresh: z.number().int(),
              }),
            ),
            listings: z.array(ListingCardSchema),
          }),
        },
      },
    },
    401: unauthorised,
  },
});

const favourites = createRoute({
  method: "get",
  path: "/v1/marketplace/me/favourites",
  summary: "The customer's favourite listings",
  responses: {
    200: {
      description: "Most recently favourited first",
      content: { "application/json": { schema: z.object({ listings: z.array(ListingCardSchema) }) } },
    },
    401: unauthorised,
  },
});

const EventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("view"), listingId: z.number().int().positive().max(2_147_483_647) }),
  z.object({ type: z.literal("share"), listingId: z.number().int().positive().max(2_147_483_647) }),
  z.object({ type: z.literal("store-view"), storeHandle: z.string().min(3).max(30) }),
]);
const events = createRoute({
  method: "post",
  path: "/v1/marketplace/events",
  summary: "A listing view, a listing share or a store view, sent by the page after load",
  description: "Counted once per client and thing per half hour; too many from one client answer 429.",
  request: { body: { content: { "application/json": { schema: EventSchema } }, required: true } },
  responses: {
    202: {
      description: "Received",
      content: { "application/json": { schema: z.object({ counted: z.boolean() }) } },
    },
    429: errorResponse("Too many events"),
  },
});

async function me(c: Context<AppEnv>) {
  c.header("cache-control", "private, no-store");
  return requireCustomer(c.req.raw);
}

export function registerMarketplaceSocialRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(social, async (c) => {
    const { visitor, setCookies } = await checkSession(c.req.raw);
    for (const cookie of setCookies) c.header("set-cookie", cookie, { append: true });
    c.header("cache-control", "private, no-store");
    if (!visitor) return c.json({ signedIn: false, favourites: [], following: [] }, 200);
    return c.json({ signedIn: true, ...(await socialState(visitor.id)) }, 200);
  });
  for (const method of ["put", "delete"] as const) {
    api.openapi(favourite(method), async (c) => {
      const visitor = await me(c);
      const { locale } = c.req.valid("query");
      const outcome = await setFavourite(visitor.id, c.req.valid("param").id, method === "put");
      return c.json(accepted(c, outcome, locale), 200);
    });
    api.openapi(follow(method), async (c) => {
      const visitor = await me(c);
      const { locale } = c.req.valid("query");
      const outcome = await setFollowing(visitor.id, c.req.valid("param").handle, method === "put");
      return c.json(accepted(c, outcome, locale), 200);
    });
  }
  api.openapi(feed, async (c) => {
    const visitor = await me(c);
    const { before } = c.req.valid("query");
    const [stores, listings] = await Promise.all([
      followedStores(visitor.id),
      followedFeed(visitor.id, { before }),
    ]);
    return c.json({ stores, listings }, 200);
  });
  api.openapi(favourites, async (c) => {
    const visitor = await me(c);
    return c.json({ listings: await favouriteCards(visitor.id) }, 200);
  });
  api.openapi(events, (c) => {
    const decision = acceptMarketplaceEvent(clientAddress(c), c.req.valid("json"));
    c.header("cache-control", "no-store");
    if (decision === "limited")
      throw new ApiError(429, "errors.tooManyRequests", "Too many requests, try again in a minute.", {
        retryAfterSeconds: 60,
      });
    return c.json({ counted: decision === "count" }, 202);
  });
}
