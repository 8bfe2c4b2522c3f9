import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { connection } from "../platform/db/db.server";
import { migrationStatus } from "../platform/db/migrate.server";
import { ApiError } from "../platform/http/api-error";
import type { AppEnv } from "../platform/http/middleware.server";
import { logger } from "../platform/logging/logger.server";
import { warmingUp } from "../platform/readiness.server";
import { sendApiError } from "./errors.server";
import { ApiErrorSchema } from "./v1/schemas";

const health = createRoute({
  method: "get",
  path: "/health",
  summary: "Liveness: the process answers",
  responses: {
    200: {
      description: "Alive",
      content: {
        "application/json": { schema: z.object({ status: z.literal("ok"), uptimeSeconds: z.number() }) },
      },
    },
  },
});

const ReadySchema = z.object({
  status: z.literal("ready"),
  database: z.string(),
  migrations: z.object({ expected: z.number(), applied: z.number(), current: z.boolean() }),
});

const ready = createRoute({
  method: "get",
  path: "/ready",
  summary: "Readiness: the database answers and every migration is applied",
  responses: {
    200: { description: "Ready to serve", content: { "application/json": { schema: ReadySchema } } },
    503: { description: "Not ready", content: { "application/json": { schema: ApiErrorSchema } } },
  },
});

export function registerSystemRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(health, (c) =>
    c.json({ status: "ok" as const, uptimeSeconds: Math.round(process.uptime()) }, 200),
  );

  api.openapi(ready, async (c) => {
    try {
      const conn = connection();
      await conn.db.execute(sql`select 1`);
      const migrations = await migrationStatus(conn);
      const warming = warmingUp();
      if (warming.length > 0) {
        return sendApiError(
          c,
          new ApiError(503, "errors.notReady", "Still warming up.", { warming }),
        ) as never;
      }
      if (!migrations.current) {
        return sendApiError(
          c,
          new ApiError(503, "errors.notReady", "Migrations are not current.", { migrations }),
        ) as never;
      }
      return c.json({ status: "ready" as const, database: conn.label, migrations }, 200);
    } catch (error) {
      logger.error({ err: error }, "readiness check failed");
      return sendApiError(c, new ApiError(503, "errors.notReady", "The database is not reachable.")) as never;
    }
  });
}
