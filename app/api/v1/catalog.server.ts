import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { categoryListing, categoryTree } from "../../domains/catalog/catalog.server";
import { codeFacets, parseListingQuery } from "../../domains/catalog/listing-query";
import { httpErrors } from "../../platform/http/api-error";
import type { AppEnv } from "../../platform/http/middleware.server";
import { locales } from "../../platform/i18n/locales";
import { ApiErrorSchema } from "../system.server";

const LocaleQuery = z.enum(locales).default("en").openapi({ description: "Language of names and slugs" });

type CategoryNodeShape = { id: number; name: string; slug: string; children: CategoryNodeShape[] };
const CategoryNodeSchema: z.ZodType<CategoryNodeShape> = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    children: z.array(z.lazy(() => CategoryNodeSchema)),
  })
  .openapi("CategoryNode");

const ImageSetSchema = z
  .object({
    original: z.object({ url: z.string(), width: z.number(), height: z.number() }),
  })
  .passthrough()
  .openapi("ImageSet", { description: "original, w200, w400, w600, w900, w1000 (WebP)" });

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
    appOnly: z.boolean(),
    comingSoon: z.boolean(),
  })
  .openapi("ProductCard");

const FacetValuesSchema = z.array(z.object({ value: z.string(), count: z.number().int() }));
export const ListingSchema = z
  .object({
    products: z.array(ProductCardSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageCount: z.number().int(),
    facets: z.object({
      category: FacetValuesSchema,
      size: FacetValuesSchema,
      colour: FacetValuesSchema,
      brand: FacetValuesSchema,
      length: FacetValuesSchema,
      fit: FacetValuesSchema,
      fabric: FacetValuesSchema,
      discount: z.number().int(),
      price: z.object({ minCents: z.number().int(), maxCents: z.number().int() }).nullable(),
    }),
  })
  .openapi("Listing");

/** A facet takes several values: repeated (`size=m&size=l`) or comma-separated (`size=m,l`). */
export const OneOrMany = z.union([z.string(), z.array(z.string())]);

/** The listing parameters, for the documentation; they are read (and refused) by `parseListingQuery`. */
export const listingParameters = {
  ...Object.fromEntries(
    codeFacets.map((facet) => [
      facet,
      OneOrMany.optional().openapi({ description: `${facet} codes, repeated or comma-separated` }),
    ]),
  ),
  price_min: z.string().optional().openapi({ description: "Whole euros" }),
  price_max: z.string().optional().openapi({ description: "Whole euros" }),
  discount: z.string().optional().openapi({ description: "1: discounted products only" }),
  sort: z.string().optional().openapi({ description: "position, wishlisted, newest, price_asc, price_desc" }),
  page: z.string().optional().openapi({ description: "1 to 500; 48 products per page" }),
};

const badRequest = {
  400: { description: "Bad parameters", content: { "application/json": { schema: ApiErrorSchema } } },
};
const notFound = {
  404: { description: "Unknown category", content: { "application/json": { schema: ApiErrorSchema } } },
};

const tree = createRoute({
  method: "get",
  path: "/v1/categories",
  summary: "The category tree",
  request: { query: z.object({ locale: LocaleQuery }) },
  responses: {
    200: {
      description: "Active categories, nested",
      content: { "application/json": { schema: z.object({ categories: z.array(CategoryNodeSchema) }) } },
    },
    ...badRequest,
  },
});

const listing = (path: string, summary: string, withSlug: boolean) =>
  createRoute({
    method: "get",
    path,
    summary,
    description:
      "48 products per page with exact facet counts. Counts are disjunctive: a facet's own selection does not shrink its own counts.",
    request: {
      ...(withSlug ? { params: z.object({ slug: z.string() }) } : {}),
      query: z.object({ locale: LocaleQuery, ...listingParameters }),
    },
    responses: {
      200: { description: "A page of products", content: { "application/json": { schema: ListingSchema } } },
      ...badRequest,
      ...notFound,
    },
  });

const publicCache = "public, max-age=60, stale-while-revalidate=300";

export function registerCatalogRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(tree, async (c) => {
    const { locale } = c.req.valid("query");
    c.header("cache-control", publicCache);
    return c.json({ categories: await categoryTree(locale) }, 200);
  });

  api.openapi(listing("/v1/products", "Products of the whole catalogue", false), async (c) => {
    c.header("cache-control", publicCache);
    return c.json(await listingOf(c.req.url, undefined), 200);
  });
  api.openapi(listing("/v1/categories/{slug}/products", "Products of a category", true), async (c) => {
    c.header("cache-control", publicCache);
    return c.json(await listingOf(c.req.url, c.req.param("slug")), 200);
  });
}

/** A listing from the request's parameters; bad parameters are a 400, an unknown category a 404. */
async function listingOf(requestUrl: string, slug: string | undefined) {
  const url = new URL(requestUrl);
  const { problems } = parseListingQuery(url.searchParams);
  if (Object.keys(problems).length > 0) throw httpErrors.badRequest({ fields: problems });
  const locale = LocaleQuery.parse(url.searchParams.get("locale") ?? undefined);
  const result = await categoryListing(locale, slug, url.searchParams);
  if (!result) throw httpErrors.notFound();
  if (result.query.page > result.listing.pageCount)
    throw httpErrors.badRequest({ fields: { page: `at most ${result.listing.pageCount}` } });
  return result.listing;
}
