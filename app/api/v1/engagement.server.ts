import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import {
  EarlyAccessRequestSchema,
  EarlyAccessUnlockSchema,
} from "../../domains/marketing/early-access-validation";
import {
  answerQuiz,
  earlyAccessCampaigns,
  giveFeedback,
  hasEarlyAccess,
  localizedQuiz,
  quizPersona,
  redeemEarlyAccess,
  requestEarlyAccess,
} from "../../domains/marketing/marketing.server";
import { FeedbackSchema } from "../../domains/marketing/validation";
import { checkSession } from "../../platform/auth/session.server";
import { translateMessage } from "../../platform/forms/messages";
import { parseShopForm } from "../../platform/forms/submission";
import { httpErrors } from "../../platform/http/api-error";
import { clientIp } from "../../platform/http/client-ip.server";
import { newGuestToken } from "../../platform/http/guest-token.server";
import type { AppEnv } from "../../platform/http/middleware.server";
import type { Locale } from "../../platform/i18n/locales";
import { serverI18n, translator } from "../../platform/i18n/resources.server";
import { accepted } from "../errors.server";
import { errorResponse, LocaleQuery } from "./schemas";

/**
 * The app's side of feedback, the quiz and early access: the pages' domain calls and form schemas. An
 * app keeps the early-access holder token it is given (the web keeps it in a cookie).
 */

const tags = ["Engagement"];

/** Parses a JSON body with a form's schema (as the page does), or throws the Api error with field messages. */
function parsed<S extends z.ZodType>(schema: S, body: Record<string, unknown>, locale: Locale): z.output<S> {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body))
    if (value !== undefined && value !== null && value !== false)
      form.set(name, value === true ? "on" : String(value));
  const result = parseShopForm(form, schema);
  if (result.status === "success") return result.value as z.output<S>;
  const t = translator(locale);
  const fields: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(result.error ?? {}))
    if (messages?.length) fields[name] = messages.map((m) => translateMessage(t, m));
  throw httpErrors.badRequest({ target: "json", fields });
}

const Phone = { country: z.enum(["NL", "BE", "FR", "ES"]), phone: z.string() };
const RecommendedCard = z
  .object({ id: z.number().int(), name: z.string(), slug: z.string(), priceCents: z.number().int() })
  .passthrough()
  .openapi("QuizProductCard");

const routes = {
  feedback: createRoute({
    method: "post",
    path: "/v1/feedback",
    tags,
    summary:
      "Give feedback (text, rating 1–5; an e-mail address with enterDraw enters the monthly €250 draw)",
    request: {
      query: z.object({ locale: LocaleQuery }),
      body: {
        required: true,
        content: {
          "application/json": {
            schema: z
              .object({
                text: z.string(),
                rating: z.number().int(),
                email: z.string().optional(),
                enterDraw: z.boolean().optional(),
              })
              .openapi("FeedbackRequest"),
          },
        },
      },
    },
    responses: {
      201: {
        description: "Stored",
        content: {
          "application/json": { schema: z.object({ enteredDraw: z.boolean() }).openapi("FeedbackStored") },
        },
      },
      400: errorResponse("Invalid input, with a message per field"),
      429: errorResponse("Too much feedback from this address"),
    },
  }),
  quiz: createRoute({
    method: "get",
    path: "/v1/quiz",
    tags,
    summary: "The style quiz's questions in a locale",
    request: { query: z.object({ locale: LocaleQuery }) },
    responses: {
      200: {
        description: "Questions with their options",
        content: {
          "application/json": {
            schema: z
              .object({
                questions: z.array(
                  z.object({
                    id: z.string(),
                    text: z.string(),
                    options: z.array(z.object({ id: z.string(), label: z.string() })),
                  }),
                ),
              })
              .openapi("Quiz"),
          },
        },
      },
    },
  }),
  answer: createRoute({
    method: "post",
    path: "/v1/quiz/answers",
    tags,
    summary: "Answer the quiz (question id → option id); answers the persona with its products",
    request: {
      query: z.object({ locale: LocaleQuery }),
      body: {
        required: true,
        content: {
          "application/json": {
            schema: z.object({ answers: z.record(z.string(), z.string()) }).openapi("QuizAnswers"),
          },
        },
      },
    },
    responses: {
      200: {
        description: "The persona (share `/app/bf-24-quiz/?persona=<id>`)",
        content: {
          "application/json": {
            schema: z
              .object({
                id: z.string(),
                name: z.string(),
                description: z.string(),
                products: z.array(RecommendedCard),
              })
              .openapi("QuizPersona"),
          },
        },
      },
      400: errorResponse("An unanswered question or an unknown option (`marketing:quiz.errors.unanswered`)"),
    },
  }),
  earlyRequest: createRoute({
    method: "post",
    path: "/v1/early-access/tickets",
    tags,
    summary: "Send a 6-digit early-access ticket by SMS to a NL, BE, FR or ES mobile number",
    request: {
      query: z.object({ locale: LocaleQuery, campaign: z.string().optional() }),
      body: {
        required: true,
        content: { "application/json": { schema: z.object(Phone).openapi("EarlyAccessTicketRequest") } },
      },
    },
    responses: {
      202: {
        description: "Sent",
        content: { "application/json": { schema: z.object({ phone: z.string() }) } },
      },
      400: errorResponse("Not a mobile number of NL, BE, FR or ES (`marketing:earlyAccess.errors.mobile`)"),
      404: errorResponse("No open early window for the campaign"),
      409: errorResponse("The number's ticket is already in use"),
      429: errorResponse("Too many tickets for this number or from this address"),
    },
  }),
  earlyUnlock: createRoute({
    method: "post",
    path: "/v1/early-access/unlock",
    tags,
    summary: "Redeem the ticket; answers the holder token to send as `holder` when asking for access",
    request: {
      query: z.object({ locale: LocaleQuery, campaign: z.string().optional() }),
      body: {
        required: true,
        content: {
          "application/json": {
            schema: z
              .object({ ...Phone, ticket: z.string(), holder: z.string().optional() })
              .openapi("EarlyAccessUnlock"),
          },
        },
      },
    },
    responses: {
      200: {
        description: "Unlocked for this holder",
        content: { "application/json": { schema: z.object({ campaign: z.string(), holder: z.string() }) } },
      },
      400: errorResponse("Wrong ticket (`marketing:earlyAccess.errors.ticket`)"),
      409: errorResponse("The ticket is held by someone else"),
    },
  }),
  earlyStatus: createRoute({
    method: "get",
    path: "/v1/early-access/{campaign}",
    tags,
    summary: "Whether the holder (token, or the signed-in account) may shop the campaign now",
    request: {
      params: z.object({ campaign: z.string() }),
      query: z.object({ holder: z.string().optional() }),
    },
    responses: {
      200: {
        description: "Access now",
        content: { "application/json": { schema: z.object({ access: z.boolean() }).openapi("EarlyAccess") } },
      },
    },
  }),
};

/** The campaign asked for (a content entry id), else the next with an early window; "" when there is none. */
async function campaignOr(wanted: string | undefined) {
  const campaigns = await earlyAccessCampaigns();
  return (campaigns.find((c) => c.campaign === wanted) ?? campaigns[0])?.campaign ?? "";
}

export function registerEngagementRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(routes.feedback, async (c) => {
    const { locale } = c.req.valid("query");
    const value = parsed(FeedbackSchema, c.req.valid("json"), locale);
    const { visitor } = await checkSession(c.req.raw);
    const stored = accepted(
      c,
      await giveFeedback(value, { locale, ip: clientIp(c), userId: visitor?.id }),
      locale,
    );
    return c.json({ enteredDraw: stored.enteredDraw }, 201);
  });
  api.openapi(routes.quiz, async (c) => {
    const { locale } = c.req.valid("query");
    c.header("cache-control", "public, max-age=60");
    return c.json({ questions: await localizedQuiz(locale) }, 200);
  });
  api.openapi(routes.answer, async (c) => {
    const { locale } = c.req.valid("query");
    const persona = await answerQuiz(c.req.valid("json").answers, locale);
    const result = persona ? await quizPersona(locale, persona) : null;
    if (!result)
      throw httpErrors.badRequest({
        target: "json",
        fields: { answers: [serverI18n(locale).t("marketing:quiz.errors.unanswered") as string] },
      });
    type Persona = z.infer<(typeof routes.answer.responses)[200]["content"]["application/json"]["schema"]>;
    return c.json(result as unknown as Persona, 200);
  });
  api.openapi(routes.earlyRequest, async (c) => {
    const { locale, campaign } = c.req.valid("query");
    const value = parsed(EarlyAccessRequestSchema, c.req.valid("json"), locale);
    const sent = accepted(
      c,
      await requestEarlyAccess(
        { phone: value.phone, campaign: await campaignOr(campaign) },
        { locale, ip: clientIp(c) },
      ),
      locale,
    );
    return c.json(sent, 202);
  });
  api.openapi(routes.earlyUnlock, async (c) => {
    const { locale, campaign } = c.req.valid("query");
    const body = c.req.valid("json");
    const value = parsed(EarlyAccessUnlockSchema, body, locale);
    const holder = body.holder && /^[A-Za-z0-9_-]{32}$/.test(body.holder) ? body.holder : newGuestToken();
    const { visitor } = await checkSession(c.req.raw);
    const done = accepted(
      c,
      await redeemEarlyAccess(
        { phone: value.phone, ticket: value.ticket, campaign: await campaignOr(campaign) },
        { token: holder, userId: visitor?.id, ip: clientIp(c) },
      ),
      locale,
    );
    return c.json({ campaign: done.campaign, holder }, 200);
  });
  api.openapi(routes.earlyStatus, async (c) => {
    const { campaign } = c.req.valid("param");
    const { holder } = c.req.valid("query");
    const { visitor } = await checkSession(c.req.raw);
    c.header("cache-control", "private, no-store");
    return c.json({ access: await hasEarlyAccess({ token: holder, userId: visitor?.id }, campaign) }, 200);
  });
}
