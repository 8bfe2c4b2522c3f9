import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { entryShelves } from "../../domains/catalog/catalog.server";
import {
  type EntryView,
  earlyAccessCampaigns,
  isEarlyAccessUnlocked,
  liveEntries,
  liveHome,
  publishedEntry,
} from "../../domains/content/content.server";
import { EARLY_ACCESS_COOKIE } from "../../domains/content/schedule";
import {
  ContactSchema,
  faq,
  serviceAvailability,
  submitContactForm,
  ticketReference,
} from "../../domains/service/service.server";
import { contactTopics } from "../../domains/service/validation";
import { checkSession } from "../../platform/auth/session.server";
import { translateMessage } from "../../platform/forms/messages";
import { parseShopForm } from "../../platform/forms/submission";
import { httpErrors } from "../../platform/http/api-error";
import { clientIp } from "../../platform/http/client-ip.server";
import type { AppEnv } from "../../platform/http/middleware.server";
import type { Locale } from "../../platform/i18n/locales";
import { translator } from "../../platform/i18n/resources.server";
import { accepted } from "../errors.server";
import { errorResponse, LocaleQuery } from "./schemas";

/**
 * Content and customer service for the app (issue 20): the same entries, blocks and visibility rules as
 * the pages (published, inside the window; a campaign's early window only for an unlocked visitor), the
 * FAQ, opening hours and the contact form (channel `app`).
 */

const shareable = "public, max-age=0, s-maxage=10, stale-while-revalidate=60";

const BlockSchema = z.object({ type: z.string() }).catchall(z.unknown()).openapi("ContentBlock", {
  description:
    "A typed block: hero, text, image, shelf, listing, tiles, countdown, faq or video (fields as in app/domains/content/blocks.ts). Text is plain, never HTML.",
});
const ShelfCard = z
  .object({ id: z.number().int(), name: z.string(), slug: z.string(), priceCents: z.number().int() })
  .catchall(z.unknown())
  .openapi("ContentShelfCard", { description: "A product card as the shop's pages show it" });

const EntrySchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(["page", "campaign", "home"]),
    slug: z.string(),
    title: z.string(),
    summary: z.string().nullable(),
    slugs: z.record(z.string(), z.string()).openapi({ description: "The entry's slug per locale" }),
    onlineFrom: z.string().nullable(),
    onlineUntil: z.string().nullable(),
    earlyAccess: z
      .object({ unlocked: z.boolean() })
      .nullable()
      .openapi({ description: "Set in a campaign's early window; locked: no blocks until onlineFrom" }),
    blocks: z.array(BlockSchema),
    shelves: z
      .array(z.array(ShelfCard))
      .openapi({ description: "Per block: the products of a shelf or selection, empty for other blocks" }),
  })
  .openapi("ContentEntry");

const EntrySummary = z
  .object({
    slug: z.string(),
    title: z.string(),
    summary: z.string().nullable(),
    onlineFrom: z.string().nullable(),
    onlineUntil: z.string().nullable(),
    earlyAccessFrom: z.string().nullable(),
  })
  .openapi("ContentEntrySummary");

const iso = (date: Date | null) => date?.toISOString() ?? null;
const summary = (e: EntryView) => ({
  slug: e.slug,
  title: e.title,
  summary: e.summary ?? null,
  onlineFrom: iso(e.onlineFrom),
  onlineUntil: iso(e.onlineUntil),
  earlyAccessFrom: iso(e.earlyAccessFrom),
});

function cookie(c: Context<AppEnv>, name: string): string | null {
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(c.req.header("cookie") ?? "");
  return match ? decodeURIComponent(match[1] as string) : null;
}

async function entryBody(c: Context<AppEnv>, entry: EntryView, locale: Locale) {
  let earlyAccess: { unlocked: boolean } | null = null;
  if (entry.phase === "early") {
    const { visitor } = await checkSession(c.req.raw);
    const unlocked = await isEarlyAccessUnlocked(
      { customerId: visitor?.id ?? null, ticket: cookie(c, EARLY_ACCESS_COOKIE) },
      entry,
    );
    earlyAccess = { unlocked };
    c.header("cache-control", "private, no-store");
  } else c.header("cache-control", shareable);
  const blocks = earlyAccess && !earlyAccess.unlocked ? [] : entry.blocks;
  return {
    id: entry.id,
    kind: entry.kind,
    slug: entry.slug,
    title: entry.title,
    summary: entry.summary ?? null,
    slugs: entry.slugs as Record<string, string>,
    onlineFrom: iso(entry.onlineFrom),
    onlineUntil: iso(entry.onlineUntil),
    earlyAccess,
    blocks: blocks as z.infer<typeof BlockSchema>[],
    shelves: (await entryShelves(locale, blocks)) as unknown as z.infer<typeof ShelfCard>[][],
  };
}

const entryResponses = {
  200: { description: "The entry", content: { "application/json": { schema: EntrySchema } } },
  404: errorResponse("Unknown, not published, or outside its window"),
};

const FaqTopic = z
  .object({ topic: z.string(), items: z.array(z.object({ q: z.string(), a: z.string() })) })
  .openapi("FaqTopic");

const routes = {
  page: createRoute({
    method: "get",
    path: "/v1/content/pages/{slug}",
    tags: ["Content"],
    summary: "A content page by its slug in the locale",
    request: { params: z.object({ slug: z.string() }), query: z.object({ locale: LocaleQuery }) },
    responses: entryResponses,
  }),
  campaigns: createRoute({
    method: "get",
    path: "/v1/content/campaigns",
    tags: ["Content"],
    summary: "The live campaigns, newest window first",
    request: { query: z.object({ locale: LocaleQuery }) },
    responses: {
      200: {
        description: "Live campaigns",
        content: { "application/json": { schema: z.object({ campaigns: z.array(EntrySummary) }) } },
      },
    },
  }),
  campaign: createRoute({
    method: "get",
    path: "/v1/content/campaigns/{slug}",
    tags: ["Content"],
    summary: "A campaign by its slug (in its early window: blocks only for an unlocked visitor)",
    request: { params: z.object({ slug: z.string() }), query: z.object({ locale: LocaleQuery }) },
    responses: entryResponses,
  }),
  earlyAccess: createRoute({
    method: "get",
    path: "/v1/content/early-access",
    tags: ["Content"],
    summary: "Campaigns with an early-access window still ahead or open",
    request: { query: z.object({ locale: LocaleQuery }) },
    responses: {
      200: {
        description: "Campaigns offering early access",
        content: { "application/json": { schema: z.object({ campaigns: z.array(EntrySummary) }) } },
      },
    },
  }),
  home: createRoute({
    method: "get",
    path: "/v1/content/home",
    tags: ["Content"],
    summary: "The home page's slots (the live home entry)",
    request: { query: z.object({ locale: LocaleQuery }) },
    responses: {
      200: entryResponses[200],
      404: errorResponse("No home entry is live (the shop shows its built-in slots)"),
    },
  }),
  faq: createRoute({
    method: "get",
    path: "/v1/service/faq",
    tags: ["Customer service"],
    summary: "The FAQ by topic, narrowed by a search (every word, accents and case ignored)",
    request: { query: z.object({ locale: LocaleQuery, q: z.string().max(100).optional() }) },
    responses: {
      200: {
        description: "Topics with their questions",
        content: { "application/json": { schema: z.object({ topics: z.array(FaqTopic) }) } },
      },
    },
  }),
  hours: createRoute({
    method: "get",
    path: "/v1/service/hours",
    tags: ["Customer service"],
    summary: "Opening hours, open now (Amsterdam time) and the promised reply time",
    responses: {
      200: {
        description: "Availability",
        content: {
          "application/json": {
            schema: z
              .object({
                schedule: z.array(
                  z.object({ days: z.string(), from: z.number().nullable(), until: z.number().nullable() }),
                ),
                openNow: z.boolean(),
                replyHours: z.number().int(),
              })
              .openapi("ServiceAvailability"),
          },
        },
      },
    },
  }),
  contact: createRoute({
    method: "post",
    path: "/v1/service/contact",
    tags: ["Customer service"],
    summary: "Send a contact message: it becomes a support ticket (channel app) with a confirmation e-mail",
    description:
      "Needs a solved captcha (GET /v1/captcha). An order number must be the signed-in customer's or placed with the given e-mail address. Photos are sent through the page's form.",
    request: {
      query: z.object({ locale: LocaleQuery }),
      body: {
        content: {
          "application/json": {
            schema: z
              .object({
                topic: z.enum(contactTopics),
                name: z.string(),
                email: z.string(),
                orderNumber: z.string().optional(),
                message: z.string(),
                captcha: z.string(),
              })
              .openapi("ContactRequest"),
          },
        },
        required: true,
      },
    },
    responses: {
      201: {
        description: "The ticket's reference and the promised reply time",
        content: {
          "application/json": {
            schema: z
              .object({ reference: z.string(), replyHours: z.number().int() })
              .openapi("ContactTicket"),
          },
        },
      },
      400: errorResponse("Invalid input, captcha, or an order that is not the shopper's"),
      429: errorResponse("Too many messages from this address"),
    },
  }),
};

export function registerContentRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(routes.page, async (c) => {
    const { locale } = c.req.valid("query");
    const entry = await publishedEntry("page", locale, c.req.valid("param").slug);
    if (!entry) throw httpErrors.notFound();
    return c.json(await entryBody(c, entry, locale), 200);
  });
  api.openapi(routes.campaigns, async (c) => {
    const { locale } = c.req.valid("query");
    c.header("cache-control", shareable);
    return c.json({ campaigns: (await liveEntries("campaign", locale)).map(summary) }, 200);
  });
  api.openapi(routes.campaign, async (c) => {
    const { locale } = c.req.valid("query");
    const entry = await publishedEntry("campaign", locale, c.req.valid("param").slug, new Date(), {
      early: true,
    });
    if (!entry) throw httpErrors.notFound();
    return c.json(await entryBody(c, entry, locale), 200);
  });
  api.openapi(routes.earlyAccess, async (c) => {
    const { locale } = c.req.valid("query");
    c.header("cache-control", shareable);
    return c.json({ campaigns: (await earlyAccessCampaigns(locale)).map(summary) }, 200);
  });
  api.openapi(routes.home, async (c) => {
    const { locale } = c.req.valid("query");
    const entry = await liveHome(locale);
    if (!entry) throw httpErrors.notFound();
    return c.json(await entryBody(c, entry, locale), 200);
  });
  api.openapi(routes.faq, (c) => {
    const { locale, q } = c.req.valid("query");
    c.header("cache-control", shareable);
    return c.json({ topics: faq(locale, q ?? "") }, 200);
  });
  api.openapi(routes.hours, async (c) => {
    c.header("cache-control", "public, max-age=60");
    return c.json(await serviceAvailability(), 200);
  });
  api.openapi(routes.contact, async (c) => {
    const { locale } = c.req.valid("query");
    c.header("cache-control", "private, no-store");
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(c.req.valid("json")))
      if (value !== undefined) form.set(name, String(value));
    const parsed = parseShopForm(form, ContactSchema);
    if (parsed.status !== "success") {
      const t = translator(locale);
      const fields: Record<string, string[]> = {};
      for (const [name, messages] of Object.entries(parsed.error ?? {}))
        if (messages?.length) fields[name] = messages.map((m) => translateMessage(t, m));
      throw httpErrors.badRequest({ target: "json", fields });
    }
    const { visitor } = await checkSession(c.req.raw);
    const ticket = accepted(
      c,
      await submitContactForm(parsed.value, {
        locale,
        ip: clientIp(c),
        channel: "app",
        customerId: visitor?.id,
      }),
      locale,
    );
    return c.json({ reference: ticketReference(ticket.id), replyHours: ticket.replyHours }, 201);
  });
}
