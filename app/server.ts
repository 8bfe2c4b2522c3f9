import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import { RouterContextProvider } from "react-router";
import { createHonoServer } from "react-router-hono-server/node";
import { createApi } from "./api/index.server";
import { jobs } from "./jobs.server";
import { env } from "./platform/env.server";
import { requestContext } from "./platform/http/context";
import { type AppEnv, immutableAssets, requestLog, securityHeaders } from "./platform/http/middleware.server";
import { localeOfRequest } from "./platform/i18n/request-locale";
import { logger } from "./platform/logging/logger.server";
import { type Platform, startPlatform } from "./platform/start.server";
import { seedOnFirstStart } from "./seed/first-start.server";

const config = env();
const dev = config.NODE_ENV !== "production";

// Vite re-evaluates this module on every change in development: open the database only once.
const shared = globalThis as typeof globalThis & { __shopPlatform?: Promise<Platform> };
shared.__shopPlatform ??= startPlatform({ jobs, prepare: seedOnFirstStart });
const platform = await shared.__shopPlatform;

export default await createHonoServer<AppEnv>({
  defaultLogger: false,
  beforeAll(app) {
    app.use(requestId());
    app.use(requestLog);
    app.use(securityHeaders({ dev }));
    app.use(compress());
    app.use("/assets/*", immutableAssets);
  },
  configure(app) {
    app.route("/api", createApi());
    app.use(
      "/media/*",
      serveStatic({
        root: path.relative(process.cwd(), config.DATA_DIR),
        onFound: (_p, c) => {
          c.header("cache-control", "public, max-age=86400");
        },
      }),
    );
  },
  getLoadContext(c) {
    const context = new RouterContextProvider();
    context.set(requestContext, {
      requestId: c.get("requestId"),
      nonce: c.get("secureHeadersNonce"),
      locale: localeOfRequest(new URL(c.req.url).pathname, c.req.header("cookie")),
    });
    return context;
  },
  listeningListener(info) {
    logger.info(
      `Shop on ${config.BASE_URL.replace(`:${config.PORT}`, `:${info.port}`)} · database: ${platform.connection.label} · demo logins: customer demo@loomandlabel.test / demo-shopper-2026, staff admin@loomandlabel.test / demo-admin-2026`,
    );
  },
  onServe(server) {
    if (dev) return;
    const shutdown = (signal: string) => {
      logger.info({ signal }, "shutting down: no new requests, draining jobs");
      server.close();
      platform
        .stop()
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
