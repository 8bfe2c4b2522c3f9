import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { readConsentCookie } from "../../domains/marketing/consent";
import { recommendations, recordRecommendationView } from "../../domains/marketing/marketing.server";
import type { AppEnv } from "../../platform/http/middleware.server";
import { errorResponse, LocaleQuery, ProductCardSchema } from "./schemas";

/**
 * "You may also like" for the product page, the cart and the app: the per-visitor request that keeps
 * personal data out of cached HTML. Personal suggestions only with the personalisation consent.
 */

const RecommendedCard = ProductCardSchema.omit({ image: true })
  .extend({
    image: z
      .object({ src: z.string(), srcSet: z.string(), width: z.number().int(), height: z.number().int() })
      .nullable(),
  })
  .openapi("RecommendedProductCard");

const ProductIds = z
  .string()
  .regex(/^\d{1,9}(,\d{1,9}){0,49}$/)
  .openapi({ description: "Comma-separated product ids (the product shown, or the cart's products)" });

const routes = {
  list: createRoute({
    method: "get",
    path: "/v1/recommendations",
    tags: ["Recommendations"],
    summary: "“You may also like” for products",
    description:
      "With the personalisation consent (the consent cookie, or `personalised=true` from the app after its own consent screen): neighbours by co-views and co-purchases, topped up by the same categories' best sellers. Without it only those best sellers. Never cached by shared caches.",
    request: {
      query: z.object({
        products: ProductIds,
        locale: LocaleQuery,
        personalised: z.enum(["true", "false"]).optional(),
      }),
    },
    responses: {
      200: {
        description: "Up to 8 products, sold-out ones left out",
        content: {
          "application/json": {
            schema: z
              .object({ personalised: z.boolean(), products: z.array(RecommendedCard) })
              .openapi("Recommendations"),
          },
        },
      },
      400: errorResponse("Invalid product ids"),
    },
  }),
  view: createRoute({
    method: "post",
    path: "/v1/recommendations/views",
    tags: ["Recommendations"],
    summary: "Count a product view for co-views (only with the personalisation consent; ignored without)",
    request: {
      body: {
        required: true,
        content: {
          "application/json": {
            schema: z
              .object({
                productId: z.number().int().positive(),
                session: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
                personalised: z.boolean().optional(),
              })
              .openapi("RecommendationView"),
          },
        },
      },
    },
    responses: { 204: { description: "Counted, or ignored without consent" } },
  }),
};

function consents(cookie: string | undefined, claimed: boolean | undefined): boolean {
  const stored = readConsentCookie(cookie ?? "");
  return stored ? stored.personalisation : claimed === true;
}

export function registerRecommendationRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(routes.list, async (c) => {
    const { products, locale, personalised } = c.req.valid("query");
    c.header("cache-control", "private, no-store");
    const ids = [...new Set(products.split(",").map(Number))];
    const result = await recommendations(locale, ids, {
      personalised: consents(c.req.header("cookie"), personalised === "true"),
    });
    return c.json(
      result as z.infer<(typeof routes.list.responses)[200]["content"]["application/json"]["schema"]>,
      200,
    );
  });
  api.openapi(routes.view, async (c) => {
    const { productId, session, personalised } = c.req.valid("json");
    if (consents(c.req.header("cookie"), personalised)) await recordRecommendationView(session, productId);
    return c.body(null, 204);
  });
}
