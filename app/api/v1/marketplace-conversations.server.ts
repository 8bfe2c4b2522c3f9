import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import {
  answerOffer,
  appealDecision,
  conversationAbout,
  conversationFor,
  conversationsOf,
  decisionsFor,
  makeOffer,
  reportContent,
  sendMessage,
} from "../../domains/marketplace/marketplace.server";
import { reportReasons, reportTargets } from "../../domains/marketplace/moderation/rules";
import { AppealSchema, MessageSchema, OfferSchema, ReportSchema } from "../../domains/marketplace/validation";
import { checkSession } from "../../platform/auth/session.server";
import type { AppEnv } from "../../platform/http/middleware.server";
import { refuse } from "../../platform/refusal";
import { accepted } from "../errors.server";
import { parseBody } from "./account.server";
import { me, plain } from "./marketplace-selling.server";
import {
  errorResponse,
  IdParam,
  ImageSetSchema,
  invalidResponse as invalid,
  jsonBody as json,
  jsonAnswer as ok,
  LocaleOnlyQuery as Query,
  unauthorisedResponse as unauthorised,
} from "./schemas";

/**
 * Conversations, offers and notices for the app (issue 17): the same domain commands and form schemas as
 * the conversation page and the notice form. Only the buyer and the store's owner read a conversation
 * (anyone else gets 404, as if it did not exist); messages are masked as on the page (e-mail addresses,
 * phone numbers, IBANs and payment links). The owner reads the statements of reasons about their content
 * and appeals them.
 */

const tags = ["Marketplace conversations"];
const notParty = errorResponse("No such conversation of this customer");
const limited = errorResponse("Too many messages; `retry-after` says when to try again");

const Party = z.enum(["customer", "provider"]);
const ConversationSummarySchema = z
  .object({
    id: z.number().int(),
    listingId: z.number().int(),
    listingTitle: z.string(),
    photo: ImageSetSchema.nullable(),
    role: Party.openapi({ description: "customer: buying; provider: selling" }),
    otherName: z.string(),
    lastMessageAt: z.string(),
    unread: z.boolean(),
  })
  .openapi("MarketplaceConversationSummary");
const OfferSchemaOut = z.object({
  id: z.number().int(),
  amountCents: z.number().int(),
  madeBy: Party,
  state: z.string(),
  answerBy: z.string(),
  holdsUntil: z.string().nullable(),
});
const ConversationSchema = z
  .object({
    id: z.number().int(),
    role: Party,
    otherName: z.string(),
    listing: z.object({
      id: z.number().int(),
      title: z.string(),
      priceCents: z.number().int(),
      state: z.string(),
      photo: ImageSetSchema.nullable(),
    }),
    lines: z.array(
      z.object({
        id: z.number().int(),
        mine: z.boolean(),
        kind: z.string().openapi({ description: "text, offer, counter, accepted, declined, withdrawn…" }),
        body: z.string(),
        masked: z.boolean().openapi({ description: "Contact details were masked in it" }),
        removed: z.boolean(),
        createdAt: z.string(),
        offer: OfferSchemaOut.nullable(),
      }),
    ),
    pending: z
      .object({
        id: z.number().int(),
        amountCents: z.number().int(),
        answerBy: z.string(),
        madeBy: Party,
        toAnswer: z.boolean(),
      })
      .nullable()
      .openapi({ description: "The offer waiting for an answer, and whether the caller answers it" }),
    accepted: z
      .object({ amountCents: z.number().int(), holdsUntil: z.string() })
      .nullable()
      .openapi({ description: "An accepted price holding for the buyer (checkout starts from it)" }),
  })
  .openapi("MarketplaceConversation");

const AmountIn = z.union([z.string().max(20), z.number()]).openapi({
  description: "Euros as typed: 20, 20.50 or “20,50”",
  example: "20",
});
const DecisionOut = z
  .object({
    id: z.number().int(),
    targetKind: z.enum(reportTargets),
    targetId: z.number().int(),
    label: z.string(),
    action: z.string(),
    ground: z.string(),
    statement: z.string().openapi({ description: "The statement of reasons (DSA art. 17)" }),
    createdAt: z.string(),
    appealState: z.string().nullable(),
    appealText: z.string().nullable(),
    canAppeal: z.boolean(),
  })
  .openapi("MarketplaceDecision");

const routes = {
  list: createRoute({
    method: "get",
    path: "/v1/marketplace/me/conversations",
    tags,
    summary: "The customer's conversations, buying and selling, latest first",
    responses: {
      200: ok("The conversations", z.object({ conversations: z.array(ConversationSummarySchema) })),
      401: unauthorised,
    },
  }),
  read: createRoute({
    method: "get",
    path: "/v1/marketplace/me/conversations/{id}",
    tags,
    summary: "One conversation with its messages and offers (marks it read)",
    request: { params: IdParam },
    responses: { 200: ok("The conversation", ConversationSchema), 401: unauthorised, 404: notParty },
  }),
  open: createRoute({
    method: "post",
    path: "/v1/marketplace/listings/{id}/conversation",
    tags,
    summary: "Open (or find) the buyer's conversation with the seller about a listing for sale",
    request: { query: Query, params: IdParam },
    responses: {
      200: ok("The conversation's id", z.object({ id: z.number().int() })),
      401: unauthorised,
      404: errorResponse("No such listing for sale"),
      409: errorResponse("One's own listing"),
    },
  }),
  message: createRoute({
    method: "post",
    path: "/v1/marketplace/me/conversations/{id}/messages",
    tags,
    summary: "Send a message; contact details and payment links are masked",
    request: {
      query: Query,
      params: IdParam,
      body: json(z.object({ body: z.string().max(5000) }).openapi("MarketplaceMessageInput")),
    },
    responses: {
      201: ok(
        "Sent",
        z.object({
          id: z.number().int(),
          masked: z
            .array(z.string())
            .openapi({ description: "The kinds masked: email, phone, iban, link (warn the sender)" }),
        }),
      ),
      400: invalid,
      401: unauthorised,
      403: errorResponse("The sender is banned or restricted"),
      404: notParty,
      429: limited,
    },
  }),
  offer: createRoute({
    method: "post",
    path: "/v1/marketplace/me/conversations/{id}/offers",
    tags,
    summary: "The buyer offers a price (at least 60 % of the asking price, below it), answered within 48 h",
    request: {
      query: Query,
      params: IdParam,
      body: json(z.object({ amount: AmountIn }).openapi("MarketplaceOfferInput")),
    },
    responses: {
      201: ok("Offered", z.object({ conversationId: z.number().int(), offerId: z.number().int() })),
      400: invalid,
      401: unauthorised,
      404: notParty,
      409: errorResponse("Not for sale, one's own listing, or a counter waits for an answer"),
      429: limited,
    },
  }),
  answer: createRoute({
    method: "post",
    path: "/v1/marketplace/offers/{id}/answer",
    tags,
    summary: "Accept, decline or counter the other side's offer, or withdraw one's own",
    description: "An accepted price holds 24 h for the buyer; a counter is a new offer the other way.",
    request: {
      query: Query,
      params: IdParam,
      body: json(
        z
          .object({
            answer: z.enum(["accept", "decline", "counter", "withdraw"]),
            amount: AmountIn.optional().openapi({ description: "The counter, in euros" }),
          })
          .openapi("MarketplaceOfferAnswer"),
      ),
    },
    responses: {
      200: ok("Answered", z.object({ state: z.string(), counterOfferId: z.number().int().optional() })),
      400: invalid,
      401: unauthorised,
      404: errorResponse("No such offer in a conversation of this customer"),
      409: errorResponse("Not the one to answer, expired, already answered, or not for sale"),
      429: limited,
    },
  }),
  report: createRoute({
    method: "post",
    path: "/v1/marketplace/reports",
    tags,
    summary: "Report a listing, a store or a message (a notice, DSA art. 16); signed in or not",
    request: {
      query: Query,
      body: json(
        z
          .object({
            targetKind: z.enum(reportTargets),
            targetId: z.number().int().positive().max(2_147_483_647),
            reason: z.enum(reportReasons),
            details: z.string().max(5000).optional(),
            url: z.string().max(1000).optional(),
            email: z.string().max(500),
            goodFaith: z
              .boolean()
              .openapi({ description: "The notice is accurate and complete, in good faith" }),
          })
          .openapi("MarketplaceReport"),
      ),
    },
    responses: {
      201: ok("Received; an operator decides", z.object({ id: z.number().int() })),
      400: invalid,
      404: errorResponse("What is reported is gone"),
      409: errorResponse("One's own content"),
      429: errorResponse("Too many notices"),
    },
  }),
  decisions: createRoute({
    method: "get",
    path: "/v1/marketplace/me/decisions",
    tags,
    summary: "The statements of reasons about the customer's content, newest first",
    responses: {
      200: ok("The decisions", z.object({ decisions: z.array(DecisionOut) })),
      401: unauthorised,
    },
  }),
  appeal: createRoute({
    method: "post",
    path: "/v1/marketplace/me/decisions/{id}/appeal",
    tags,
    summary: "Appeal a decision (once, within six months)",
    request: {
      query: Query,
      params: IdParam,
      body: json(z.object({ text: z.string().max(5000) }).openapi("MarketplaceAppeal")),
    },
    responses: {
      201: ok("Appealed", z.object({ id: z.number().int() })),
      400: invalid,
      401: unauthorised,
      404: errorResponse("No such decision about this customer's content"),
      409: errorResponse("Appealed already, or too late"),
    },
  }),
};

export function registerMarketplaceConversationRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(routes.list, async (c) => {
    const visitor = await me(c);
    return c.json({ conversations: plain(await conversationsOf(visitor.id)) }, 200);
  });
  api.openapi(routes.read, async (c) => {
    const visitor = await me(c);
    const conversation = await conversationFor(visitor.id, c.req.valid("param").id);
    return c.json(
      plain(accepted(c, conversation ?? refuse.notFound("marketplace:errors.conversationNotFound"), "en")),
      200,
    );
  });
  api.openapi(routes.open, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    return c.json(accepted(c, await conversationAbout(visitor.id, c.req.valid("param").id), locale), 200);
  });
  api.openapi(routes.message, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    const { body } = parseBody(MessageSchema, c.req.valid("json"), locale);
    const sent = await sendMessage(visitor.id, c.req.valid("param").id, body);
    return c.json(accepted(c, sent, locale), 201);
  });
  api.openapi(routes.offer, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    const { amount } = parseBody(OfferSchema, c.req.valid("json"), locale);
    const conversation = await conversationFor(visitor.id, c.req.valid("param").id);
    if (!conversation) accepted(c, refuse.notFound("marketplace:errors.conversationNotFound"), locale);
    if (conversation!.role !== "customer")
      accepted(c, refuse.conflict("marketplace:errors.ownListing"), locale);
    const made = await makeOffer(visitor.id, conversation!.listing.id, amount);
    return c.json(accepted(c, made, locale), 201);
  });
  api.openapi(routes.answer, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    const body = c.req.valid("json");
    const counter =
      body.answer === "counter"
        ? parseBody(OfferSchema, { amount: body.amount ?? "" }, locale).amount
        : undefined;
    const answered = await answerOffer(visitor.id, c.req.valid("param").id, body.answer, counter);
    return c.json(accepted(c, answered, locale), 200);
  });
  api.openapi(routes.report, async (c) => {
    const { locale } = c.req.valid("query");
    const { visitor } = await checkSession(c.req.raw);
    c.header("cache-control", "no-store");
    const input = parseBody(ReportSchema, c.req.valid("json"), locale);
    return c.json(accepted(c, await reportContent(input, visitor?.id ?? null), locale), 201);
  });
  api.openapi(routes.decisions, async (c) => {
    const visitor = await me(c);
    return c.json({ decisions: plain(await decisionsFor(visitor.id)) }, 200);
  });
  api.openapi(routes.appeal, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    const { decision, text } = parseBody(
      AppealSchema,
      { decision: c.req.valid("param").id, text: c.req.valid("json").text },
      locale,
    );
    return c.json(accepted(c, await appealDecision(visitor.id, decision, text), locale), 201);
  });
}
