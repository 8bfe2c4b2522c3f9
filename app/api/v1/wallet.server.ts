import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { walletOf } from "../../domains/wallet/wallet.server";
import { requireCustomer } from "../../platform/auth/guards.server";
import type { AppEnv } from "../../platform/http/middleware.server";
import { serverI18n } from "../../platform/i18n/resources.server";
import { errorResponse, LocaleQuery } from "./schemas";

/** The signed-in customer's wallet for the app: balance and ledger with readable reasons. */

const WalletSchema = z
  .object({
    balanceCents: z.number().int(),
    entries: z.array(
      z.object({
        id: z.number().int(),
        amountCents: z.number().int().openapi({ description: "Credit > 0, spent < 0" }),
        kind: z.enum(["refund", "marketplace", "referral", "goodwill", "order", "release", "payout"]),
        reason: z.string().openapi({ description: "The kind in the shopper's language" }),
        reference: z.string().nullable().openapi({ description: "Order or return number" }),
        note: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  })
  .openapi("Wallet");

const wallet = createRoute({
  method: "get",
  path: "/v1/wallet",
  tags: ["Wallet"],
  summary: "The signed-in customer's wallet credit and its ledger (newest first)",
  request: {
    query: z.object({ locale: LocaleQuery, limit: z.coerce.number().int().min(0).max(200).default(50) }),
  },
  responses: {
    200: { description: "Balance and ledger", content: { "application/json": { schema: WalletSchema } } },
    401: errorResponse("Sign in first"),
  },
});

export function registerWalletRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(wallet, async (c) => {
    const visitor = await requireCustomer(c.req.raw);
    const { locale, limit } = c.req.valid("query");
    c.header("cache-control", "private, no-store");
    const { t } = serverI18n(locale);
    const found = await walletOf(visitor.id, { limit });
    return c.json(
      {
        balanceCents: found.balanceCents,
        entries: found.entries.map((e) => ({
          ...e,
          reason: t(`account:wallet.kinds.${e.kind}`) as string,
          createdAt: e.createdAt.toISOString(),
        })),
      },
      200,
    );
  });
}
