import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  requestPayout,
  savePayoutAccount,
  sellerEarnings,
} from "../../domains/marketplace/payouts/payouts.server";
import { requireCustomer } from "../../platform/auth/guards.server";
import type { AppEnv } from "../../platform/http/middleware.server";
import { accepted } from "../errors.server";
import { errorResponse, LocaleOnlyQuery as Query } from "./schemas";

/**
 * A marketplace seller's earnings and payouts for the app (decision 0046): the balances, the verified
 * payout account (setting it takes the password again) and asking for a payout (idempotent).
 */

const tags = ["Marketplace payouts"];
const unauthorised = errorResponse("Not signed in");

const AccountSchema = z
  .object({
    iban: z.string(),
    ibanFormatted: z.string(),
    ibanMasked: z.string(),
    holderName: z.string(),
    verifiedAt: z.string(),
  })
  .openapi("PayoutAccount");

const PayoutSchema = z
  .object({
    id: z.number().int(),
    number: z.string(),
    amountCents: z.number().int(),
    ibanMasked: z.string(),
    state: z.enum(["requested", "batched"]).openapi({
      description: "requested: debited from the wallet; batched: in a SEPA file for the bank",
    }),
    createdAt: z.string(),
    batchedAt: z.string().nullable(),
  })
  .openapi("MarketplacePayout");

const EarningsSchema = z
  .object({
    pendingCents: z.number().int().openapi({ description: "Earnings of paid sales not completed yet" }),
    availableCents: z.number().int().openapi({ description: "What can be paid out now" }),
    minimumCents: z.number().int().openapi({ description: "The smallest payout (operator setting)" }),
    canRequest: z.boolean(),
    account: AccountSchema.nullable(),
    payouts: z.array(PayoutSchema),
    dac7: z
      .object({
        year: z.number().int(),
        sales: z.number().int(),
        considerationCents: z.number().int(),
        reportable: z.boolean(),
      })
      .openapi({ description: "This year's DAC7 counters: reportable from 30 sales or more than €2,000" }),
  })
  .openapi("MarketplaceEarnings");

const AccountBody = z
  .object({
    iban: z.string().min(1).max(42),
    holderName: z.string().min(1).max(70),
    password: z.string().min(1).max(200).openapi({ description: "The account's password, asked again" }),
  })
  .openapi("PayoutAccountRequest");

const PayoutBody = z
  .object({
    idempotencyKey: z.string().min(8).max(64),
    amountCents: z
      .number()
      .int()
      .positive()
      .max(100_000_000)
      .optional()
      .openapi({ description: "Part of the available amount; all of it when left out" }),
  })
  .openapi("PayoutRequest");

const routes = {
  earnings: createRoute({
    method: "get",
    path: "/v1/marketplace/payouts",
    tags,
    summary: "The seller's earnings (pending, available), payout account and payouts, newest first",
    responses: {
      200: {
        description: "Earnings and payouts",
        content: { "application/json": { schema: EarningsSchema } },
      },
      401: unauthorised,
    },
  }),
  account: createRoute({
    method: "put",
    path: "/v1/marketplace/payout-account",
    tags,
    summary: "Set or change the payout IBAN and account holder (password again; the seller is e-mailed)",
    request: {
      query: Query,
      body: { content: { "application/json": { schema: AccountBody } }, required: true },
    },
    responses: {
      200: { description: "Saved", content: { "application/json": { schema: AccountSchema } } },
      400: errorResponse("Not a valid SEPA IBAN (`payouts:errors.ibanInvalid`, `ibanNotSepa`) or no name"),
      401: unauthorised,
      403: errorResponse("The password is wrong (`account:password.wrongCurrent`)"),
    },
  }),
  request: createRoute({
    method: "post",
    path: "/v1/marketplace/payouts",
    tags,
    summary: "Ask for a payout of the available earnings to the payout account (idempotent per key)",
    request: {
      query: Query,
      body: { content: { "application/json": { schema: PayoutBody } }, required: true },
    },
    responses: {
      201: {
        description: "Requested (or the payout of this key, asked before)",
        content: { "application/json": { schema: PayoutSchema } },
      },
      400: errorResponse("Invalid input"),
      401: unauthorised,
      409: errorResponse("No payout account, below the minimum or more than available (`payouts:errors.*`)"),
    },
  }),
};

async function me(c: Context<AppEnv>) {
  c.header("cache-control", "private, no-store");
  return requireCustomer(c.req.raw);
}

export function registerMarketplacePayoutRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(routes.earnings, async (c) => {
    const visitor = await me(c);
    return c.json(await sellerEarnings(visitor.id), 200);
  });
  api.openapi(routes.account, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    const saved = accepted(
      c,
      await savePayoutAccount(c.req.raw.headers, visitor.id, c.req.valid("json")),
      locale,
    );
    return c.json({ ...saved, verifiedAt: saved.verifiedAt.toISOString() }, 200);
  });
  api.openapi(routes.request, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    const asked = accepted(c, await requestPayout(visitor.id, c.req.valid("json")), locale);
    return c.json(asked.payout, 201);
  });
}
