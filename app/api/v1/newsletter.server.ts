import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import {
  confirmNewsletter,
  subscribeNewsletter,
  unsubscribeNewsletter,
} from "../../domains/marketing/marketing.server";
import { NewsletterSchema } from "../../domains/marketing/validation";
import { translateMessage } from "../../platform/forms/messages";
import { parseShopForm } from "../../platform/forms/submission";
import { httpErrors } from "../../platform/http/api-error";
import { clientIp } from "../../platform/http/client-ip.server";
import type { AppEnv } from "../../platform/http/middleware.server";
import { translator } from "../../platform/i18n/resources.server";
import { accepted } from "../errors.server";
import { errorResponse, LocaleQuery } from "./schemas";

/** The newsletter for the app: the footer's sign-up, the e-mailed confirmation, and RFC 8058's one-click POST. */

const routes = {
  subscribe: createRoute({
    method: "post",
    path: "/v1/newsletter/subscriptions",
    tags: ["Newsletter"],
    summary: "Sign an address up (double opt-in: a confirmation link is e-mailed)",
    request: {
      query: z.object({ locale: LocaleQuery }),
      body: {
        content: {
          "application/json": {
            schema: z.object({ email: z.string() }).openapi("NewsletterSubscriptionRequest"),
          },
        },
        required: true,
      },
    },
    responses: {
      202: {
        description: "Waiting for the confirmation link",
        content: {
          "application/json": {
            schema: z.object({ status: z.enum(["pending", "subscribed"]) }).openapi("NewsletterSubscription"),
          },
        },
      },
      400: errorResponse("Not a valid e-mail address"),
      409: errorResponse("Already subscribed (`marketing:newsletter.errors.alreadySubscribed`)"),
      429: errorResponse("Too many sign-ups from this address or for this e-mail"),
    },
  }),
  confirm: createRoute({
    method: "post",
    path: "/v1/newsletter/confirmations",
    tags: ["Newsletter"],
    summary: "Confirm with the token of the e-mailed link; answers the personal 15 % first-order code",
    request: {
      query: z.object({ locale: LocaleQuery }),
      body: {
        content: {
          "application/json": { schema: z.object({ token: z.string() }).openapi("NewsletterConfirmation") },
        },
        required: true,
      },
    },
    responses: {
      200: {
        description: "Subscribed; `code` is null when the address had its welcome code before",
        content: {
          "application/json": {
            schema: z.object({ code: z.string().nullable() }).openapi("NewsletterConfirmed"),
          },
        },
      },
      404: errorResponse("Unknown or expired link"),
    },
  }),
  unsubscribe: createRoute({
    method: "post",
    path: "/v1/newsletter/unsubscribe",
    tags: ["Newsletter"],
    summary:
      "One-click unsubscribe (RFC 8058): the target of every marketing e-mail's List-Unsubscribe header",
    description:
      "Mail clients POST `List-Unsubscribe=One-Click` (form-encoded) without cookies; the token in the URL is all it needs. Idempotent.",
    request: { query: z.object({ token: z.string(), locale: LocaleQuery }) },
    responses: {
      200: {
        description: "Unsubscribed",
        content: {
          "application/json": { schema: z.object({ unsubscribed: z.literal(true) }).openapi("Unsubscribed") },
        },
      },
      404: errorResponse("Not a valid unsubscribe token"),
    },
  }),
};

export function registerNewsletterRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(routes.subscribe, async (c) => {
    const { locale } = c.req.valid("query");
    c.header("cache-control", "private, no-store");
    const parsed = parseShopForm(new URLSearchParams({ email: c.req.valid("json").email }), NewsletterSchema);
    if (parsed.status !== "success") {
      const t = translator(locale);
      const fields: Record<string, string[]> = {};
      for (const [name, messages] of Object.entries(parsed.error ?? {}))
        if (messages?.length) fields[name] = messages.map((m) => translateMessage(t, m));
      throw httpErrors.badRequest({ target: "json", fields });
    }
    const outcome = accepted(
      c,
      await subscribeNewsletter(parsed.value.email, { locale, ip: clientIp(c), source: "api" }),
      locale,
    );
    return c.json({ status: outcome.status }, 202);
  });
  api.openapi(routes.confirm, async (c) => {
    const { locale } = c.req.valid("query");
    c.header("cache-control", "private, no-store");
    const done = accepted(c, await confirmNewsletter(c.req.valid("json").token, { ip: clientIp(c) }), locale);
    return c.json({ code: done.code }, 200);
  });
  api.openapi(routes.unsubscribe, async (c) => {
    const { token, locale } = c.req.valid("query");
    accepted(c, await unsubscribeNewsletter(token, { ip: clientIp(c), source: "one-click" }), locale);
    return c.json({ unsubscribed: true as const }, 200);
  });
}
