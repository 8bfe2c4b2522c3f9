import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { ApiError } from "../platform/http/api-error";
import type { AppEnv } from "../platform/http/middleware.server";
import { photoSetsPending } from "../platform/media/product-photos.server";
import { readiness } from "../platform/readiness.server";
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
  /** Demo photo sets still being drawn (their URLs answer a placeholder): benchmarks wait for 0. */
  photosPending: z.number(),
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
    const state = await readiness();
    if (state.ready)
      return c.json(
        {
          status: "ready" as const,
          database: state.database,
          migrations: state.migrations,
          photosPending: photoSetsPending(),
        },
        200,
      );
    const error =
      state.because === "warming-up"
        ? new ApiError(503, "errors.notReady", "Still warming up.", { warming: state.warming })
        : state.because === "migrations"
          ? new ApiError(503, "errors.notReady", "Migrations are not current.", {
              migrations: state.migrations,
            })
          : new ApiError(503, "errors.notReady", "The database is not reachable.");
    return sendApiError(c, error) as never;
  });
}
