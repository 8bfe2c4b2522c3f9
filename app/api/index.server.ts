import { createRequire } from "node:module";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { methodNotAllowed } from "hono/method-not-allowed";
import { auth } from "../platform/auth/auth.server";
import { httpErrors } from "../platform/http/api-error";
import type { AppEnv } from "../platform/http/middleware.server";
import { handleApiError, sendApiError, validationHook } from "./errors.server";
import { registerSystemRoutes } from "./system.server";
import { authPathIsPublic, registerAccountRoutes } from "./v1/account.server";
import { registerAdminRoutes } from "./v1/admin.server";
import { registerCartRoutes } from "./v1/cart.server";
import { registerCatalogRoutes } from "./v1/catalog.server";
import { registerCheckoutRoutes } from "./v1/checkout.server";
import { registerConsentRoutes } from "./v1/consent.server";
import { registerContentRoutes } from "./v1/content.server";
import { registerEngagementRoutes } from "./v1/engagement.server";
import { registerGiftCardRoutes } from "./v1/gift-cards.server";
import { registerHighlightRoutes } from "./v1/highlights.server";
import { registerMarketplaceRoutes } from "./v1/marketplace.server";
import { registerMarketplaceConversationRoutes } from "./v1/marketplace-conversations.server";
import { registerMarketplaceDisputeRoutes } from "./v1/marketplace-disputes.server";
import { registerMarketplacePayoutRoutes } from "./v1/marketplace-payouts.server";
import { registerMarketplaceSellingRoutes, uploadBodyLimit } from "./v1/marketplace-selling.server";
import { registerMarketplaceSocialRoutes } from "./v1/marketplace-social.server";
import { registerMarketplaceTransactionRoutes } from "./v1/marketplace-transactions.server";
import { registerNewsletterRoutes } from "./v1/newsletter.server";
import { registerPaymentRoutes } from "./v1/payments.server";
import { registerProductRoutes } from "./v1/products.server";
import { registerRecommendationRoutes } from "./v1/recommendations.server";
import { registerReturnRoutes } from "./v1/returns.server";
import { registerSearchRoutes } from "./v1/search.server";
import { registerVisitorRoutes } from "./v1/visitor.server";
import { registerWalletRoutes } from "./v1/wallet.server";
import { registerWishlistRoutes } from "./v1/wishlist.server";

export const API_BODY_LIMIT_BYTES = 1024 * 1024;

const swaggerDist = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

const docsPage = (nonce = "") => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shop API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="docs"></div>
<script nonce="${nonce}" src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script nonce="${nonce}" src="/api/docs/init.js"></script></body></html>`;
const docsInit = `window.ui = SwaggerUIBundle({ url: "/api/v1/openapi.json", dom_id: "#docs" });`;

/** Everything under `/api`: the versioned JSON API, its OpenAPI document and docs, health and readiness. */
export function createApi() {
  const api = new OpenAPIHono<AppEnv>({ strict: false, defaultHook: validationHook });

  api.use(
    methodNotAllowed({
      app: api,
      onMethodNotAllowed: (c, allowed) =>
        sendApiError(c, httpErrors.methodNotAllowed(allowed), { Allow: allowed.join(", ") }),
    }),
  );
  const limitOf = (maxSize: number) =>
    bodyLimit({ maxSize, onError: (c) => sendApiError(c, httpErrors.payloadTooLarge(maxSize)) });
  const jsonLimit = limitOf(API_BODY_LIMIT_BYTES);
  const uploadLimits = new Map<number, ReturnType<typeof limitOf>>();
  // Photo uploads (multipart) get room for their photos; everything else stays at 1 MB.
  api.use((c, next) => {
    const upload = uploadBodyLimit(c.req.path);
    if (upload === null) return jsonLimit(c, next);
    if (!uploadLimits.has(upload)) uploadLimits.set(upload, limitOf(upload));
    return uploadLimits.get(upload)!(c, next);
  });

  registerSystemRoutes(api);
  registerVisitorRoutes(api);
  registerConsentRoutes(api);
  registerCatalogRoutes(api);
  registerHighlightRoutes(api);
  registerProductRoutes(api);
  registerMarketplaceRoutes(api);
  registerMarketplaceSocialRoutes(api);
  registerMarketplaceSellingRoutes(api);
  registerMarketplaceConversationRoutes(api);
  registerMarketplaceTransactionRoutes(api);
  registerMarketplacePayoutRoutes(api);
  registerMarketplaceDisputeRoutes(api);
  registerSearchRoutes(api);
  registerCartRoutes(api);
  registerCheckoutRoutes(api);
  registerWishlistRoutes(api);
  registerPaymentRoutes(api);
  registerAccountRoutes(api);
  registerGiftCardRoutes(api);
  registerReturnRoutes(api);
  registerContentRoutes(api);
  registerNewsletterRoutes(api);
  registerEngagementRoutes(api);
  registerRecommendationRoutes(api);
  registerWalletRoutes(api);
  registerAdminRoutes(api);
  api.on(["GET", "POST"], "/auth/*", (c): Response | Promise<Response> =>
    authPathIsPublic(c.req.path, c.req.method)
      ? auth.handler(c.req.raw)
      : (sendApiError(c, httpErrors.notFound()) as Response),
  );

  api.doc31("/v1/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Loom & Label shop API",
      version: "1",
      description: "The JSON API of the shop, used by the app. Errors use the Api error shape.",
    },
  });
  // The docs page loads Swagger UI from the installed package: no outside host, and it passes our CSP.
  api.get("/docs", (c) => c.html(docsPage(c.get("secureHeadersNonce"))));
  api.get("/docs/init.js", (c) => c.body(docsInit, 200, { "content-type": "text/javascript" }));
  api.use(
    "/docs/assets/*",
    serveStatic({
      root: path.relative(process.cwd(), swaggerDist),
      rewriteRequestPath: (p) => p.replace(/^\/api\/docs\/assets/, ""),
    }),
  );

  api.notFound((c) => sendApiError(c, httpErrors.notFound()));
  api.onError(handleApiError);
  return api;
}
