import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { categoryListing, categoryTree } from "../../domains/catalog/catalog.server";
import { httpErrors } from "../../platform/http/api-error";
import type { AppEnv } from "../../platform/http/middleware.server";
import {
  errorResponse,
  LocaleQuery,
  listingParameters,
  listingShape,
  refuseBadListingParameters,
  refusePageBeyond,
} from "./schemas";

type CategoryNodeShape = { id: number; name: string; slug: string; children: CategoryNodeShape[] };
const CategoryNodeSchema: z.ZodType<CategoryNodeShape> = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    children: z.array(z.lazy(() => CategoryNodeSchema)),
  })
  .openapi("CategoryNode");

const ListingSchema = z.object(listingShape).openapi("Listing");

const badRequest = { 400: errorResponse("Bad parameters; `details.fields` names each one") };
const notFound = { 404: errorResponse("Unknown category") };

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
      query: z.object({
        locale: LocaleQuery,
        ...listingParameters("position, wishlisted, newest, price_asc, price_desc"),
      }),
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
  refuseBadListingParameters(url.searchParams);
  const locale = LocaleQuery.parse(url.searchParams.get("locale") ?? undefined);
  const result = await categoryListing(locale, slug, url.searchParams);
  if (!result) throw httpErrors.notFound();
  refusePageBeyond(result.query.page, result.listing.pageCount);
  return result.listing;
}
