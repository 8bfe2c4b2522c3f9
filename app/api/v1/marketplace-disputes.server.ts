import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  disputeOf,
  disputePhoto,
  openDispute,
  postDisputeMessage,
  transactionFor,
} from "../../domains/marketplace/transactions/transactions.server";
import { MAX_DISPUTE_PHOTOS } from "../../domains/marketplace/transactions/validation";
import { requireCustomer } from "../../platform/auth/guards.server";
import type { AppEnv } from "../../platform/http/middleware.server";
import { refuse } from "../../platform/refusal";
import { accepted } from "../errors.server";
import { errorResponse, IdParam, LocaleOnlyQuery as Query } from "./schemas";

/**
 * A purchase's dispute for the app (decision 0047): the buyer opens it with a reason and 1–5 photos,
 * either side writes in its conversation, and both read it. The marketplace status codes: 400 invalid
 * input (no photo, not a photo, no reason), 401 not signed in, 404 not a party (or no dispute), 409 a move
 * the process table refuses (not delivered, the 2-day window over, not the buyer) or a dispute that ended.
 * Deciding is support's, in the back office; the provider accepts the refund with the transitions
 * operation (`refund-after-dispute`).
 */

const tags = ["Marketplace disputes"];
const unauthorised = errorResponse("Not signed in");
const notFound = errorResponse("Not a transaction of this customer, or no dispute");

export const DisputeSchema = z
  .object({
    reason: z.string(),
    openedAt: z.string(),
    photos: z.array(
      z.object({
        n: z.number().int().openapi({ description: "Read at …/dispute/photos/{n}" }),
        width: z.number().int(),
        height: z.number().int(),
      }),
    ),
    messages: z.array(
      z.object({
        id: z.number().int(),
        author: z.enum(["customer", "provider", "operator"]),
        body: z.string(),
        at: z.string(),
      }),
    ),
    open: z.boolean(),
    outcome: z
      .object({ transition: z.string(), note: z.string().nullable(), at: z.string() })
      .nullable()
      .openapi({ description: "How the dispute ended: the transition and support's statement" }),
  })
  .openapi("MarketplaceDispute");

const OpenBody = z
  .object({
    reason: z.string().min(1).max(2000),
    photos: z
      .array(z.string().min(1).max(1_000_000))
      .min(1)
      .max(MAX_DISPUTE_PHOTOS)
      .openapi({ description: "1–5 photos, base64 (JPEG, PNG, WebP, AVIF, HEIF); the whole body ≤ 1 MB" }),
  })
  .openapi("MarketplaceDisputeOpen");

const MessageBody = z.object({ body: z.string().min(1).max(2000) }).openapi("MarketplaceDisputeMessage");

const routes = {
  read: createRoute({
    method: "get",
    path: "/v1/marketplace/transactions/{id}/dispute",
    tags,
    summary: "The purchase's dispute: reason, photos, the conversation, how it ended",
    request: { params: IdParam },
    responses: {
      200: { description: "The dispute", content: { "application/json": { schema: DisputeSchema } } },
      401: unauthorised,
      404: notFound,
    },
  }),
  open: createRoute({
    method: "post",
    path: "/v1/marketplace/transactions/{id}/dispute",
    tags,
    summary: "The buyer reports a problem within 2 days of delivery, with a reason and 1–5 photos",
    request: {
      query: Query,
      params: IdParam,
      body: { content: { "application/json": { schema: OpenBody } }, required: true },
    },
    responses: {
      201: { description: "Opened", content: { "application/json": { schema: DisputeSchema } } },
      400: errorResponse("No reason, no photo, too many, or not a photo"),
      401: unauthorised,
      404: notFound,
      409: errorResponse(
        "The process table refuses (trade:refused.*): not delivered, too late, not the buyer",
      ),
    },
  }),
  message: createRoute({
    method: "post",
    path: "/v1/marketplace/transactions/{id}/dispute/messages",
    tags,
    summary: "A message in the dispute's conversation, e-mailed to the other side",
    request: {
      query: Query,
      params: IdParam,
      body: { content: { "application/json": { schema: MessageBody } }, required: true },
    },
    responses: {
      201: { description: "Posted", content: { "application/json": { schema: DisputeSchema } } },
      400: errorResponse("Empty message"),
      401: unauthorised,
      404: notFound,
      409: errorResponse("The dispute ended (trade:dispute.closed)"),
    },
  }),
  photo: createRoute({
    method: "get",
    path: "/v1/marketplace/transactions/{id}/dispute/photos/{photo}",
    tags,
    summary: "One of the dispute's photos (WebP), for the buyer and the provider",
    request: {
      params: IdParam.extend({
        photo: z.coerce
          .number()
          .int()
          .min(0)
          .max(2_147_483_647)
          .openapi({ description: "The photo's place, 0 to 4" }),
      }),
    },
    responses: {
      200: { description: "The photo", content: { "image/webp": { schema: z.string() } } },
      401: unauthorised,
      404: notFound,
    },
  }),
};

async function me(c: Context<AppEnv>) {
  c.header("cache-control", "private, no-store");
  return requireCustomer(c.req.raw);
}

function decoded(photos: readonly string[]): Blob[] {
  return photos.map((base64) => new Blob([Buffer.from(base64.replace(/^data:[^,]*,/, ""), "base64")]));
}

export function registerMarketplaceDisputeRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(routes.read, async (c) => {
    const visitor = await me(c);
    const id = c.req.valid("param").id;
    const detail = await transactionFor(visitor.id, id);
    return c.json(accepted(c, detail?.dispute ?? refuse.notFound(), "en"), 200);
  });
  api.openapi(routes.open, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    const id = c.req.valid("param").id;
    const body = c.req.valid("json");
    accepted(
      c,
      await openDispute(visitor.id, id, { reason: body.reason, photos: decoded(body.photos) }),
      locale,
    );
    return c.json((await disputeOf(id))!, 201);
  });
  api.openapi(routes.message, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    const id = c.req.valid("param").id;
    const detail = await transactionFor(visitor.id, id);
    if (!detail) accepted(c, refuse.notFound(), locale);
    accepted(
      c,
      await postDisputeMessage({ author: detail!.side, userId: visitor.id }, id, c.req.valid("json").body),
      locale,
    );
    return c.json((await disputeOf(id))!, 201);
  });
  api.openapi(routes.photo, async (c) => {
    const visitor = await me(c);
    const { id, photo } = c.req.valid("param");
    const bytes = accepted(
      c,
      (await disputePhoto(id, photo, { userId: visitor.id })) ?? refuse.notFound(),
      "en",
    );
    return new Response(new Uint8Array(bytes), {
      status: 200,
      headers: { "content-type": "image/webp", "cache-control": "private, max-age=3600" },
    }) as never;
  });
}
