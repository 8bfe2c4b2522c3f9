import { z } from "@hono/zod-openapi";
import { HIGHLIGHT_PRIORITY } from "../../domains/catalog/highlight-codes";
import { codeFacets, parseListingQuery } from "../../domains/catalog/listing-query";
import { httpErrors } from "../../platform/http/api-error";
import { defaultLocale, locales } from "../../platform/i18n/locales";

/** The OpenAPI shapes several endpoints share: one definition each, so the document has one of each. */

export const ApiErrorSchema = z
  .object({
    message: z.string(),
    messageTranslationKey: z.string(),
    statusCode: z.number().int(),
    details: z.record(z.string(), z.unknown()),
  })
  .openapi("ApiError");

/** A response in the Api error shape. */
export const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ApiErrorSchema } },
});

export const LocaleQuery = z
  .enum(locales)
  .default(defaultLocale)
  .openapi({ description: "Language of names, slugs and messages" });

/** `?locale=` alone, the query of most account and marketplace operations. */
export const LocaleOnlyQuery = z.object({ locale: LocaleQuery });
/** A numeric id in the path (a PostgreSQL `integer`). */
export const IdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const unauthorisedResponse = errorResponse("Not signed in (`errors.signInRequired`)");
export const invalidResponse = errorResponse(
  "Invalid input, with a translated message per field in `details.fields`",
);
/** A required JSON request body of this schema. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { "application/json": { schema } },
  required: true,
});
/** A JSON answer of this schema. */
export const jsonAnswer = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { "application/json": { schema } },
});

const ImageVariant = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export const ImageSetSchema = z
  .object({
    original: ImageVariant,
    w200: ImageVariant,
    w400: ImageVariant,
    w600: ImageVariant,
    w900: ImageVariant,
    w1000: ImageVariant,
  })
  .openapi("ImageSet", { description: "WebP variants by width, and the original" });

export const ProductCardSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    brand: z.string(),
    colour: z.string(),
    priceCents: z.number().int(),
    originalPriceCents: z.number().int().nullable(),
    lowestPrice30dCents: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "EU Omnibus: lowest price of the 30 days before the current price" }),
    image: ImageSetSchema.nullable(),
    stock: z.number().int(),
    fewLeft: z.boolean().openapi({ description: "In stock at or below the “Only n left” threshold" }),
    appOnly: z.boolean(),
    comingSoon: z.boolean(),
    highlights: z
      .array(z.object({ code: z.enum(HIGHLIGHT_PRIORITY), count: z.number().int().optional() }))
      .optional(),
  })
  .openapi("ProductCard");

const FacetValues = z.array(z.object({ value: z.string(), count: z.number().int() }));

/** A page of products with the facet counts of a category or a search. */
export const listingShape = {
  products: z.array(ProductCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  facets: z.object({
    ...(Object.fromEntries(codeFacets.map((facet) => [facet, FacetValues])) as Record<
      (typeof codeFacets)[number],
      typeof FacetValues
    >),
    discount: z.number().int(),
    price: z.object({ minCents: z.number().int(), maxCents: z.number().int() }).nullable(),
  }),
};

/** A facet takes several values: repeated (`size=m&size=l`) or comma-separated (`size=m,l`). */
const OneOrMany = z.union([z.string(), z.array(z.string())]);

/** The listing parameters, for the documentation; `refuseBadListingParameters` reads and checks them. */
export function listingParameters(sorts: string) {
  return {
    ...Object.fromEntries(
      codeFacets.map((facet) => [
        facet,
        OneOrMany.optional().openapi({ description: `${facet} codes, repeated or comma-separated` }),
      ]),
    ),
    price_min: z.string().optional().openapi({ description: "Whole euros" }),
    price_max: z.string().optional().openapi({ description: "Whole euros" }),
    discount: z.string().optional().openapi({ description: "1: discounted products only" }),
    sort: z.string().optional().openapi({ description: sorts }),
    page: z.string().optional().openapi({ description: "1 to 500; 48 products per page" }),
  };
}

/** A 400 with a message per field for listing parameters the page would quietly ignore. */
export function refuseBadListingParameters(params: URLSearchParams): void {
  const problems = Object.entries(parseListingQuery(params).problems);
  if (problems.length > 0)
    throw httpErrors.badRequest({
      target: "query",
      fields: Object.fromEntries(problems.map(([name, message]) => [name, [message]])),
    });
}

/** A page beyond the last is a 400 in the API (the site answers 404). */
export function refusePageBeyond(page: number, pageCount: number): void {
  if (page > pageCount)
    throw httpErrors.badRequest({ target: "query", fields: { page: [`at most ${pageCount}`] } });
}
