import { getConnInfo } from "@hono/node-server/conninfo";
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HIGHLIGHT_PRIORITY } from "../../domains/catalog/highlight-codes";
import { acceptViewBeacon, highlightTrace } from "../../domains/highlights/highlights.server";
import { ApiError, type ApiErrorBody, httpErrors } from "../../platform/http/api-error";
import type { AppEnv } from "../../platform/http/middleware.server";
import { sendApiError } from "../errors.server";
import { errorResponse } from "./schemas";

const ViewEventSchema = z
  .object({
    type: z.literal("view").openapi({ description: "Only product views come from browsers" }),
    productId: z.number().int().positive().max(2_147_483_647),
  })
  .strict()
  .openapi("ViewEvent");

const EventAcceptedSchema = z
  .object({
    counted: z.boolean().openapi({ description: "False for a repeat view that is not counted again" }),
  })
  .openapi("EventAccepted");

const HighlightSchema = z
  .object({
    code: z.enum(HIGHLIGHT_PRIORITY),
    count: z.number().int().optional().openapi({ description: "The number the label shows, if any" }),
    evidence: z
      .record(z.string(), z.number())
      .openapi({ description: "The numbers that made the label true, with the thresholds they met" }),
  })
  .openapi("Highlight");

const HourlyCountsSchema = z
  .object({
    hour: z.string().openapi({ description: "Start of the UTC hour" }),
    views: z.number().int(),
    cartAdds: z.number().int(),
    unitsSold: z.number().int(),
    wishlistAdds: z.number().int(),
  })
  .openapi("HourlyCounts");

const HighlightTraceSchema = z
  .object({
    productId: z.number().int(),
    computedAt: z.string().nullable(),
    labels: z.array(HighlightSchema),
    facts: z
      .record(z.string(), z.unknown())
      .nullable()
      .openapi({ description: "The facts the labels were computed from (null when the product has none)" }),
    thresholds: z.record(z.string(), z.record(z.string(), z.number())),
    hourly: z.array(HourlyCountsSchema).openapi({ description: "The raw counters of the last 30 days" }),
  })
  .openapi("ProductHighlights");

const postEvent = createRoute({
  method: "post",
  path: "/v1/events",
  summary: "Report a product-page view (the browser's beacon)",
  description:
    "Counted in the product's hourly counters within seconds. A repeat view of the same product by the same client within 30 minutes is accepted but not counted; more than 30 events a minute from one client are refused.",
  request: { body: { required: true, content: { "application/json": { schema: ViewEventSchema } } } },
  responses: {
    202: { description: "Accepted", content: { "application/json": { schema: EventAcceptedSchema } } },
    400: errorResponse("Not a valid event"),
    429: errorResponse("Too many events from this client"),
  },
});

const getHighlights = createRoute({
  method: "get",
  path: "/v1/products/{id}/highlights",
  summary: "A product's highlight labels with their evidence and the counters behind them",
  request: {
    params: z.object({
      id: z.coerce
        .number()
        .int()
        .positive()
        .max(2_147_483_647)
        .openapi({ param: { name: "id", in: "path" }, example: 1 }),
    }),
  },
  responses: {
    200: {
      description: "The labels, facts, thresholds and hourly counts",
      content: { "application/json": { schema: HighlightTraceSchema } },
    },
    400: errorResponse("Not a product id"),
    404: errorResponse("No such product"),
  },
});

const PRIVATE_ADDRESS =
  /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$|fc|fd|::ffff:(127|10|192\.168)\.)/i;

/**
 * The client's address: the socket's, or, when the socket is a proxy on a private address, the entry that
 * proxy appended to X-Forwarded-For (the last one: earlier entries are whatever the client sent).
 */
export function clientAddress(c: Context<AppEnv>): string {
  let remote: string | undefined;
  try {
    remote = getConnInfo(c).remote.address;
  } catch {
    remote = undefined;
  }
  const forwarded = c.req
    .header("x-forwarded-for")
    ?.split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (forwarded?.length && (!remote || PRIVATE_ADDRESS.test(remote))) return forwarded.at(-1) as string;
  return remote ?? "unknown";
}

const tooManyEvents = () =>
  new ApiError(429, "errors.tooManyRequests", "Too many requests, try again in a minute.", {
    retryAfterSeconds: 60,
  });

export function registerHighlightRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(postEvent, (c) => {
    const { productId } = c.req.valid("json");
    const decision = acceptViewBeacon(clientAddress(c), productId);
    c.header("cache-control", "no-store");
    if (decision === "limited") {
      return c.json(tooManyEvents().toJSON() as ApiErrorBody, 429, { "retry-after": "60" });
    }
    return c.json({ counted: decision === "count" }, 202);
  });

  api.openapi(getHighlights, async (c) => {
    const { id } = c.req.valid("param");
    const trace = await highlightTrace(id);
    if (!trace) return sendApiError(c, httpErrors.notFound()) as never;
    c.header("cache-control", "public, max-age=60");
    return c.json(
      {
        ...trace,
        labels: trace.labels.map((label) => ({
          ...label,
          evidence: label.evidence as unknown as Record<string, number>,
        })),
        computedAt: trace.computedAt?.toISOString() ?? null,
        hourly: trace.hourly.map((h) => ({ ...h, hour: h.hour.toISOString() })),
      },
      200,
    );
  });
}
