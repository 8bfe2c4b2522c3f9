import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { searchListing, suggest } from "../../domains/search/search.server";
import { httpErrors } from "../../platform/http/api-error";
import type { AppEnv } from "../../platform/http/middleware.server";
import {
  errorResponse,
  ImageSetSchema,
  LocaleQuery,
  listingParameters,
  listingShape,
  refuseBadListingParameters,
  refusePageBeyond,
} from "./schemas";

const Q = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .openapi({ description: "What the shopper typed; the last word matches as a prefix", example: "jurk" });
const Correction = z.object({ from: z.string(), to: z.array(z.string()) }).openapi("SearchCorrection", {
  description: "A word that matched nothing, and the words searched instead",
});
const CategorySuggestion = z
  .object({ id: z.number().int(), name: z.string(), slug: z.string() })
  .openapi("CategorySuggestion");
const SearchResults = z
  .object({
    ...listingShape,
    corrections: z.array(Correction),
    capped: z
      .boolean()
      .openapi({ description: "More than 10 000 products matched; the best 10 000 are listed" }),
    didYouMean: z.string().nullable(),
    categories: z.array(CategorySuggestion),
  })
  .openapi("SearchResults");

const Suggestions = z
  .object({
    products: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        slug: z.string(),
        priceCents: z.number().int(),
        originalPriceCents: z.number().int().nullable(),
        image: ImageSetSchema.nullable(),
      }),
    ),
    categories: z.array(CategorySuggestion),
    corrections: z.array(Correction),
  })
  .openapi("SearchSuggestions");

const badRequest = errorResponse("Invalid parameters; `details.fields` names each one");

const search = createRoute({
  method: "get",
  path: "/v1/search",
  summary: "Search products: ranked results with the catalogue's facets and sorts",
  description:
    "Full text in the locale's language (stemming, accents ignored), typo corrections, synonyms. Takes the " +
    "listing parameters of a category page; `sort` defaults to `relevance`.",
  request: {
    query: z.object({
      q: Q,
      locale: LocaleQuery,
      ...listingParameters("relevance (the default), position, wishlisted, newest, price_asc, price_desc"),
    }),
  },
  responses: {
    200: { description: "One page of results", content: { "application/json": { schema: SearchResults } } },
    400: badRequest,
  },
});

const suggestions = createRoute({
  method: "get",
  path: "/v1/search/suggestions",
  summary: "As-you-type suggestions: a few products and categories",
  request: { query: z.object({ q: Q, locale: LocaleQuery }) },
  responses: {
    200: { description: "Suggestions", content: { "application/json": { schema: Suggestions } } },
    400: badRequest,
  },
});

/** Public answers, the same for every visitor: shared caches may keep them a minute. */
const PUBLIC_CACHE = "public, max-age=60";

export function registerSearchRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(search, async (c) => {
    const { locale } = c.req.valid("query");
    const params = new URL(c.req.url).searchParams;
    refuseBadListingParameters(params);
    const page = await searchListing(locale, params);
    if (!page.listing || !page.outcome)
      throw httpErrors.badRequest({ target: "query", fields: { q: ["required"] } });
    refusePageBeyond(page.query.page, page.listing.pageCount);
    c.header("cache-control", PUBLIC_CACHE);
    return c.json(
      {
        ...page.listing,
        corrections: page.outcome.corrections,
        capped: page.outcome.capped,
        didYouMean: page.outcome.didYouMean,
        categories: page.categories,
      },
      200,
    );
  });

  api.openapi(suggestions, async (c) => {
    const { q, locale } = c.req.valid("query");
    c.header("cache-control", PUBLIC_CACHE);
    return c.json(await suggest(locale, q), 200);
  });
}
