import { type Context, Hono } from "hono";
import { requestId } from "hono/request-id";
import { RouterContextProvider } from "react-router";
import { createHonoServer } from "react-router-hono-server/node";
import { sendApiError } from "./api/errors.server";
import { createApi } from "./api/index.server";
import { createWebhooks } from "./api/webhooks.server";
import { flushProductEvents, warmCatalog } from "./domains/catalog/catalog.server";
import { liveEntries, onContentPublished, provideEarlyAccessCheck } from "./domains/content/content.server";
import { warmHighlights } from "./domains/highlights/highlights.server";
import { earlyAccessCheck } from "./domains/marketing/marketing.server";
import { flushMarketplaceEvents, warmMarketplace } from "./domains/marketplace/marketplace.server";
import { warmSearch } from "./domains/search/search.server";
import { jobs } from "./jobs.server";
import { env } from "./platform/env.server";
import { httpErrors } from "./platform/http/api-error";
import { channelDetection } from "./platform/http/channel.server";
import { clientIp } from "./platform/http/client-ip.server";
import { compressAnswers } from "./platform/http/compress.server";
import { requestContext } from "./platform/http/context";
import { deadline, lastResort } from "./platform/http/deadline.server";
import { localeRequestHandlers } from "./platform/http/locale-handlers.server";
import { microCache } from "./platform/http/micro-cache.server";
import {
  type AppEnv,
  immutableAssets,
  mayBePersonal,
  notPages,
  pageWritesAreForms,
  requestLog,
  secureCookies,
  securityHeaders,
} from "./platform/http/middleware.server";
import { sameOriginWrites } from "./platform/http/same-origin.server";
import { writeLimit } from "./platform/http/write-limit.server";
import { isLocale } from "./platform/i18n/locales";
import { logger } from "./platform/logging/logger.server";
import { mediaFiles } from "./platform/media/product-photos.server";
import { addWarmup } from "./platform/readiness.server";
import { type Platform, startPlatform } from "./platform/start.server";
import { localeRouting } from "./routing/locale-routing.server";
import { sandboxPayLocale } from "./routing/sandbox-pay.server";
import { localeSitemap, robotsTxt, sitemapIndex } from "./routing/sitemap.server";
import { demoAccounts } from "./seed/demo-accounts.server";
import { demoGiftCard } from "./seed/demo-gift-card";
import { seedOnFirstStart } from "./seed/first-start.server";

const config = env();
/** A request not done by then is answered with a 503 (docs/reliability.md). */
const REQUEST_DEADLINE_MS = 8_000;
const dev = config.NODE_ENV !== "production";

// Vite re-evaluates this module on every change in development: open the database only once.
const shared = globalThis as typeof globalThis & { __shopPlatform?: Promise<Platform> };
shared.__shopPlatform ??= startPlatform({
  jobs,
  prepare: seedOnFirstStart,
  beforeStop: [flushProductEvents, flushMarketplaceEvents],
}).then((started) => {
  // Labels from the first request on, not only after the first scheduled run.
  addWarmup("highlights", warmHighlights());
  return started;
});
const platform = await shared.__shopPlatform;
warmCatalog();
warmSearch();
warmMarketplace();

/** What every page's loaders and actions get: the request's id, CSP nonce, locale, channel and IP. */
function loadContext(c: Context<AppEnv>) {
  const context = new RouterContextProvider();
  context.set(requestContext, {
    requestId: c.get("requestId"),
    nonce: c.get("secureHeadersNonce"),
    locale: c.get("locale"),
    channel: c.get("channel"),
    ip: clientIp(c),
  });
  return context;
}

export default await createHonoServer<AppEnv>({
  // Not strict: `/api/ready` and `/api/ready/` are the same resource.
  app: new Hono<AppEnv>({ strict: false }),
  defaultLogger: false,
  // The build writes a zopfli `.gz` beside each script and stylesheet (vite.config.ts): sent as is, so the
  // compress middleware leaves them alone.
  serveStaticOptions: { clientAssets: { precompressed: true } },
  beforeAll(app) {
    app.onError(lastResort);
    app.use(requestId());
    app.use(requestLog);
    // Outside the deadline: a late request's handler still finishes after the 503 went out, and a
    // compression inside would then read the body of the answer being sent ("ReadableStream is locked").
    app.use(compressAnswers());
    // Every answer within 8 s, also when the database is slow or gone (docs/reliability.md); not in
    // development, where Vite's first compile of a page may take longer.
    if (!dev) app.use(deadline({ ms: REQUEST_DEADLINE_MS }));
    if (config.BASE_URL.startsWith("https:")) app.use(secureCookies);
    app.use("/assets/*", immutableAssets);
    app.use("/sw.js", async (c, next) => {
      await next();
      c.res.headers.set("cache-control", "no-cache");
    });
    app.use(localeRouting(config.I18N_STRATEGY));
    app.use(channelDetection);
    // Inside the locale layer (its redirects and cookie run on every request), outside the security
    // headers (a cached page keeps the CSP nonce of its own HTML).
    if (config.MICRO_CACHE === "on" && !dev)
      app.use(
        microCache({
          skip: notPages,
          personal: mayBePersonal,
          // Stale pages are re-rendered through the whole app, as a first visitor's request would be.
          revalidate: async (request) => app.fetch(request),
          // A published content entry shows on the next request (issue 20), not s-maxage later.
          forgetOn: (forget) => onContentPublished(forget),
        }),
      );
    app.use(securityHeaders({ dev }));
    // Cross-site request forgery and a flood guard on writes (docs/security.md); providers' webhooks are
    // the only outside posts.
    // RFC 8058's one-click unsubscribe is posted by mail providers, authorised by the token in its URL.
    const fromProviders = (p: string) => p.startsWith("/webhooks/") || p === "/api/v1/newsletter/unsubscribe";
    app.use(sameOriginWrites({ allowedOrigins: [config.BASE_URL], skip: fromProviders }));
    app.use(writeLimit({ limit: config.WRITE_RATE_LIMIT, ipOf: clientIp, skip: fromProviders }));
    app.use(pageWritesAreForms);
  },
  async configure(app) {
    // A campaign in its early window asks the engagement domain whether the visitor holds a ticket.
    provideEarlyAccessCheck(earlyAccessCheck);
    app.route("/api", createApi());
    // Unknown API paths answer in the Api error shape, never with the HTML 404 page.
    app.all("/api/*", (c) => sendApiError(c, httpErrors.notFound()));
    app.route("/webhooks", createWebhooks());
    app.use("/sandbox-pay/*", sandboxPayLocale);
    // Product photos still being drawn (a fresh shop's first minutes) answer with a placeholder.
    app.use("/media/*", mediaFiles(config.DATA_DIR));
    const xml = { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" };
    app.get("/robots.txt", (c) => c.text(robotsTxt(config.BASE_URL, config.I18N_STRATEGY)));
    app.get("/sitemap.xml", (c) => c.body(sitemapIndex(config.BASE_URL), 200, xml));
    app.get("/:locale/sitemap.xml", async (c, next) => {
      const locale = c.req.param("locale");
      if (!isLocale(locale)) return next();
      const [pages, campaigns] = await Promise.all([
        liveEntries("page", locale),
        liveEntries("campaign", locale),
      ]);
      const slugged = [
        ...pages.map((e) => ({ id: "content" as const, slugs: e.slugs })),
        ...campaigns.map((e) => ({ id: "campaigns" as const, slugs: e.slugs })),
      ];
      return c.body(localeSitemap(locale, config.BASE_URL, config.I18N_STRATEGY, slugged), 200, xml);
    });
    // react-router-hono-server makes React Router's request handler anew for every request (development
    // swaps the build under it), and each one flattens and ranks the whole route table (every page in
    // five locales) before its first use: about 1 ms of every page. Production has one build: one handler
    // per locale (decision 0055).
    if (!dev) {
      const handlerFor = localeRequestHandlers(await import("virtual:react-router/server-build"));
      app.use("*", (c) => handlerFor(c.req.path)(c.req.raw, loadContext(c)));
    }
  },
  getLoadContext: loadContext,
  listeningListener(info) {
    const logins = demoAccounts
      .filter((a) => a.role === undefined || a.role === "admin")
      .map((a) => `${a.role ?? "customer"} ${a.email} / ${a.password}`)
      .join(", ");
    logger.info(
      `Shop on ${config.BASE_URL.replace(`:${config.PORT}`, `:${info.port}`)} · database: ${platform.connection.label} · demo logins: ${logins} · demo gift card: ${demoGiftCard.number} / PIN ${demoGiftCard.pin}`,
    );
  },
  onServe(server) {
    if (dev) return;
    const shutdown = (signal: string) => {
      logger.info({ signal }, "shutting down: no new requests, flushing events, draining jobs");
      // Requests already accepted finish on an open database before the platform stops (a rolling restart
      // behind a load balancer loses none); idle keep-alive connections close at once, slow ones after 10 s.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const tooSlow = setTimeout(() => {
        if ("closeAllConnections" in server) server.closeAllConnections();
      }, 10_000);
      closed
        .then(() => clearTimeout(tooSlow))
        .then(() => platform.stop())
        .then(() => process.exit(0))
        .catch((error) => {
          logger.error({ err: error }, "unclean shutdown");
          process.exit(1);
        });
    };
    process.once("SIGTERM", () => shutdown("SIGTERM"));
    process.once("SIGINT", () => shutdown("SIGINT"));
  },
});
