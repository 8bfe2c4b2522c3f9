import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { codeFacets, parseListingQuery } from "../../domains/catalog/listing-query";
import { searchListing, suggest } from "../../domains/search/search.server";
import { httpErrors } from "../../platform/http/api-error";
import type { AppEnv } from "../../platform/http/middleware.server";
import { defaultLocale, locales } from "../../platform/i18n/locales";
import { OneOrMany } from "./catalog.server";

const Locale = z.enum(locales).default(defaultLocale).openapi({ description: "The shop locale searched" });
const Q = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .openapi({ description: "What the shopper typed; the last word matches as a prefix", example: "jurk" });
const ImageVariant = z.object({ url: z.string(), width: z.number(), height: z.number() });
const ImageSet = z
  .object({
    original: ImageVariant,
    w200: ImageVariant,
    w400: ImageVariant,
    w600: ImageVariant,
    w900: ImageVariant,
    w1000: ImageVariant,
  })
  .openapi("ImageSet");
const Correction = z.object({ from: z.string(), to: z.array(z.string()) }).openapi("SearchCorrection", {
  description: "A word that matched nothing, and the words searched instead",
});
const CategorySuggestion = z
  .object({ id: z.number().int(), name: z.string(), slug: z.string() })
  .openapi("CategorySuggestion");
const FacetValue = z.object({ value: z.string(), count: z.number().int() });
const ProductCard = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    brand: z.string(),
    colour: z.string(),
    priceCents: z.number().int(),
    originalPriceCents: z.number().int().nullable(),
    lowestPrice30dCents: z.number().int().nullable(),
    image: ImageSet.nullable(),
    stock: z.number().int(),
    appOnly: z.boolean(),
    comingSoon: z.boolean(),
  })
  .openapi("ProductCard");

const SearchResults = z
  .object({
    products: z.array(ProductCard),
    total: z.number().int(),
    page: z.number().int(),
    pageCount: z.number().int(),
    facets: z.object({
      ...Object.fromEntries(codeFacets.map((facet) => [facet, z.array(FacetValue)])),
      discount: z.number().int(),
      price: z.object({ minCents: z.number().int(), maxCents: z.number().int() }).nullable(),
    }),
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
        image: ImageSet.nullable(),
      }),
    ),
    categories: z.array(CategorySuggestion),
    corrections: z.array(Correction),
  })
  .openapi("SearchSuggestions");

const ApiErrorSchema = z
  .object({
    message: z.string(),
    messageTranslationKey: z.string(),
    statusCode: z.number().int(),
    details: z.record(z.string(), z.unknown()),
  })
  .openapi("ApiError");
const badRequest = {
  description: "Invalid parameters; `details.fields` names each one",
  content: { "application/json": { schema: ApiErrorSchema } },
};

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
      locale: Locale,
      ...Object.fromEntries(codeFacets.map((facet) => [facet, OneOrMany.optional()])),
      price_min: z.string().optional().openapi({ description: "Whole euros" }),
      price_max: z.string().optional().openapi({ description: "Whole euros" }),
      discount: z.string().optional().openapi({ description: "1 for discounted products only" }),
      sort: z
        .string()
        .optional()
        .openapi({ description: "relevance, position, wishlisted, newest, price_asc, price_desc" }),
      page: z.string().optional(),
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
  request: { query: z.object({ q: Q, locale: Locale }) },
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
    const problems = Object.entries(parseListingQuery(params).problems);
    if (problems.length > 0)
      throw httpErrors.badRequest({
        target: "query",
        fields: Object.fromEntries(problems.map(([name, message]) => [name, [message]])),
      });
    const page = await searchListing(locale, params);
    if (!page.listing || !page.outcome)
      throw httpErrors.badRequest({ target: "query", fields: { q: ["required"] } });
    if (page.query.page > page.listing.pageCount)
      throw httpErrors.badRequest({
        target: "query",
        fields: { page: [`at most ${page.listing.pageCount}`] },
      });
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
