import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { cartRefOf, cartSummary } from "../../domains/cart/cart.server";
import { wishlistProductIds, wishlistRefOf } from "../../domains/wishlist/wishlist.server";
import { checkSession } from "../../platform/auth/session.server";
import type { AppEnv } from "../../platform/http/middleware.server";

const VisitorSchema = z
  .object({
    signedIn: z.boolean(),
    firstName: z.string().nullable(),
    isStaff: z.boolean(),
    cartCount: z.number().int().min(0),
    wishlistCount: z.number().int().min(0),
    wishlist: z
      .array(z.number().int())
      .openapi({ description: "Wishlisted product ids: the pressed hearts on cards and product pages" }),
  })
  .openapi("Visitor");

const visitor = createRoute({
  method: "get",
  path: "/v1/visitor",
  summary: "The per-visitor bits of every page: signed-in state and badge counts",
  description: "Pages are the same for every visitor; this small request fills in what is personal.",
  responses: {
    200: { description: "The visitor", content: { "application/json": { schema: VisitorSchema } } },
  },
});

export function registerVisitorRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(visitor, async (c) => {
    const { visitor: v, setCookies } = await checkSession(c.req.raw);
    const cookies = c.req.header("cookie") ?? null;
    const [cart, wishlist] = await Promise.all([
      cartSummary(cartRefOf(v?.id, cookies)),
      wishlistProductIds(wishlistRefOf(v?.id, cookies)),
    ]);
    for (const cookie of setCookies) c.header("set-cookie", cookie, { append: true });
    c.header("cache-control", "private, no-store");
    return c.json(
      {
        signedIn: v !== null,
        firstName: v?.firstName ?? null,
        isStaff: v !== null && v.role !== "customer",
        cartCount: cart.count,
        wishlistCount: wishlist.length,
        wishlist,
      },
      200,
    );
  });
}
