import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { checkGiftCardBalance } from "../../domains/gift-cards/gift-cards.server";
import { BalanceCheckSchema } from "../../domains/gift-cards/validation";
import { translateMessage } from "../../platform/forms/messages";
import { parseShopForm } from "../../platform/forms/submission";
import { httpErrors } from "../../platform/http/api-error";
import { clientIp } from "../../platform/http/client-ip.server";
import type { AppEnv } from "../../platform/http/middleware.server";
import { translator } from "../../platform/i18n/resources.server";
import { accepted } from "../errors.server";
import { errorResponse, LocaleQuery } from "./schemas";

/** The gift-card API for the app: the balance checker's domain call and form schema, as `/saldo-checker/`. */

const GiftCardBalance = z
  .object({
    last4: z.string(),
    balanceCents: z.number().int().openapi({ description: "What can be spent now (0 once expired)" }),
    validUntil: z.string().openapi({ description: "ISO date-time" }),
    expired: z.boolean(),
    blocked: z.boolean(),
  })
  .openapi("GiftCardBalance");

const routes = {
  balance: createRoute({
    method: "post",
    path: "/v1/gift-cards/balance",
    tags: ["Gift cards"],
    summary: "Balance and valid-until of a gift card (number + PIN)",
    description:
      "Needs a solved captcha (GET /v1/captcha). No such card, a wrong PIN and a locked card (5 wrong PINs, an hour) give the same 400.",
    request: {
      query: z.object({ locale: LocaleQuery }),
      body: {
        content: {
          "application/json": {
            schema: z
              .object({ number: z.string(), pin: z.string(), captcha: z.string() })
              .openapi("GiftCardBalanceRequest"),
          },
        },
        required: true,
      },
    },
    responses: {
      200: { description: "The card", content: { "application/json": { schema: GiftCardBalance } } },
      400: errorResponse("Invalid input, or not recognised (`giftcard:errors.notRecognised`)"),
      429: errorResponse("Too many checks from this address or for this card"),
    },
  }),
};

export function registerGiftCardRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(routes.balance, async (c) => {
    const { locale } = c.req.valid("query");
    c.header("cache-control", "private, no-store");
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(c.req.valid("json"))) form.set(name, String(value));
    const parsed = parseShopForm(form, BalanceCheckSchema);
    if (parsed.status !== "success") {
      const t = translator(locale);
      const fields: Record<string, string[]> = {};
      for (const [name, messages] of Object.entries(parsed.error ?? {}))
        if (messages?.length) fields[name] = messages.map((m) => translateMessage(t, m));
      throw httpErrors.badRequest({ target: "json", fields });
    }
    const card = accepted(c, await checkGiftCardBalance(parsed.value, { ip: clientIp(c) }), locale);
    return c.json(
      {
        last4: card.last4,
        balanceCents: card.expired ? 0 : card.availableCents,
        validUntil: card.validUntil.toISOString(),
        expired: card.expired,
        blocked: card.status === "blocked",
      },
      200,
    );
  });
}
