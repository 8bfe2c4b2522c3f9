import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { z as zod } from "zod";
import {
  addressesOf,
  addressOf,
  changePassword,
  confirmEmail,
  createAddress,
  customerProfile,
  deleteAddress,
  deleteCustomerAccount,
  exportCustomerData,
  registerCustomer,
  requestPasswordReset,
  resetPassword,
  signIn,
  signOut,
  updateAddress,
  updateDetails,
  updatePreferences,
} from "../../domains/customers/customers.server";
import {
  AddressSchema,
  ChangePasswordSchema,
  DeleteAccountSchema,
  DetailsSchema,
  ForgotPasswordSchema,
  LoginSchema,
  PreferencesSchema,
  RegisterSchema,
  ResetPasswordSchema,
} from "../../domains/customers/validation";
import { ORDER_NUMBER } from "../../domains/orders/numbers";
import {
  orderForCustomer,
  orderStatuses,
  ordersOfCustomer,
  toOrderView,
} from "../../domains/orders/orders.server";
import { walletOf } from "../../domains/wallet/wallet.server";
import { requireCustomer } from "../../platform/auth/guards.server";
import { captchaChallenge } from "../../platform/captcha/captcha.server";
import { translateMessage } from "../../platform/forms/messages";
import { parseShopForm } from "../../platform/forms/submission";
import { countries } from "../../platform/forms/validators";
import { httpErrors } from "../../platform/http/api-error";
import { clientIp } from "../../platform/http/client-ip.server";
import type { AppEnv } from "../../platform/http/middleware.server";
import type { Locale } from "../../platform/i18n/locales";
import { translator } from "../../platform/i18n/resources.server";
import { accepted } from "../errors.server";
import { errorResponse, LocaleQuery } from "./schemas";

/**
 * The account API for the app (SPEC §3 Account and Address): the same domain calls and form schemas as
 * the account pages. Signed in by the session cookie, or by `Authorization: Bearer <token>` with the token
 * that login and register answer. Messages come in the `locale` of the query.
 */

const json = <T extends zod.ZodType>(schema: T) => ({
  content: { "application/json": { schema } },
  required: true,
});
const ok = <T extends zod.ZodType>(description: string, schema: T) => ({
  description,
  content: { "application/json": { schema } },
});
const signedOut = errorResponse("Not signed in (`errors.signInRequired`)");
const invalid = errorResponse("Invalid input, with a translated message per field in `details.fields`");
const query = { query: z.object({ locale: LocaleQuery }) };
const idParam = z.object({ id: z.coerce.number().int().positive() });

const Account = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable().openapi({ description: "E.164" }),
    birthDate: z.string().nullable().openapi({ description: "ISO date" }),
    gender: z.string().nullable().openapi({ description: "female or male" }),
    newsletter: z.boolean(),
    phoneUpdates: z.boolean(),
    locale: z.string(),
    blocked: z.boolean().openapi({ description: "A blocked customer cannot order (SPEC §6)" }),
  })
  .openapi("Account");

const AddressOut = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    street: z.string(),
    houseNumber: z.string(),
    addition: z.string().nullable(),
    postalCode: z.string(),
    city: z.string(),
    region: z.string().nullable(),
    country: z.string(),
    phone: z.string().nullable(),
    isDefaultBilling: z.boolean(),
    isDefaultShipping: z.boolean(),
  })
  .openapi("Address");

const AddressIn = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    country: z.enum(countries),
    postalCode: z.string(),
    houseNumber: z.string().openapi({ description: "Digits only; letters go in `addition`" }),
    addition: z.string().optional(),
    street: z.string(),
    city: z.string(),
    region: z.string().optional(),
    phone: z.string().optional(),
    isDefaultBilling: z.boolean().optional(),
    isDefaultShipping: z.boolean().optional(),
  })
  .openapi("AddressInput");

const Session = z
  .object({
    token: z.string().openapi({ description: "Send as `Authorization: Bearer <token>`" }),
    account: Account,
  })
  .openapi("Session");

const Message = z.object({ message: z.string() }).openapi("Message");

/**
 * Parses a JSON body with a form's own schema (the app gets exactly the page's rules), answering a 400
 * with translated messages per field.
 */
export function parseBody<S extends zod.ZodType>(
  schema: S,
  body: Record<string, unknown>,
  locale: Locale,
): zod.output<S> {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null || value === false) continue;
    form.set(name, value === true ? "on" : String(value));
  }
  const parsed = parseShopForm(form, schema);
  if (parsed.status === "success") return parsed.value as zod.output<S>;
  const t = translator(locale);
  const fields: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(parsed.error ?? {}))
    if (messages?.length) fields[name] = messages.map((m) => translateMessage(t, m));
  throw httpErrors.badRequest({ target: "json", fields });
}

function passCookies(c: Context<AppEnv>, cookies: string[]) {
  for (const cookie of cookies) c.header("set-cookie", cookie, { append: true });
}

async function me(c: Context<AppEnv>) {
  c.header("cache-control", "private, no-store");
  return requireCustomer(c.req.raw);
}

async function accountOf(userId: string) {
  const profile = await customerProfile(userId);
  if (!profile) throw httpErrors.notFound();
  const { createdAt: _created, ...account } = profile;
  return account;
}

const toAddress = ({
  userId: _u,
  createdAt: _c,
  updatedAt: _up,
  ...address
}: Awaited<ReturnType<typeof addressesOf>>[number]) => address;

const tags = ["Account"];
const routes = {
  captcha: createRoute({
    method: "get",
    path: "/v1/captcha",
    tags,
    summary: "A signed ALTCHA proof-of-work challenge for register and forgot password",
    description: "Solve it (altcha-lib) and send the base64 payload as `captcha`.",
    responses: { 200: ok("The challenge", z.object({}).passthrough().openapi("CaptchaChallenge")) },
  }),
  register: createRoute({
    method: "post",
    path: "/v1/account/register",
    tags,
    summary: "Create a customer account; it signs in once the e-mailed link confirmed the address",
    request: {
      ...query,
      body: json(
        z
          .object({
            firstName: z.string(),
            lastName: z.string(),
            email: z.string(),
            password: z.string().openapi({ description: "8 to 128 characters" }),
            confirmPassword: z.string(),
            birthDate: z.string().optional(),
            gender: z.enum(["female", "male"]).optional(),
            newsletter: z.boolean().optional(),
            captcha: z.string().openapi({ description: "The solved challenge of GET /v1/captcha" }),
          })
          .openapi("RegisterRequest"),
      ),
    },
    responses: {
      201: ok(
        "Registered, not signed in: the welcome e-mail with the confirmation link is on its way",
        z.object({ email: z.string(), message: z.string() }).openapi("Registered"),
      ),
      400: invalid,
      409: errorResponse(
        "Existing account for the e-mail: log in or reset password (`account:register.exists`)",
      ),
      429: errorResponse("Too many attempts from this address"),
    },
  }),
  login: createRoute({
    method: "post",
    path: "/v1/account/login",
    tags,
    summary: "Sign in with e-mail and password",
    description: "Throttled per account and per IP: after too many failures, 429 with `Retry-After`.",
    request: {
      ...query,
      body: json(z.object({ email: z.string(), password: z.string() }).openapi("LoginRequest")),
    },
    responses: {
      200: ok("Signed in", Session),
      400: invalid,
      401: errorResponse("E-mail and password do not match (`account:login.invalid`)"),
      403: errorResponse(
        "Right password, e-mail address not confirmed yet: a new link was e-mailed (`account:login.unconfirmed`)",
      ),
      429: errorResponse("Too many attempts (`account:throttled`)"),
    },
  }),
  logout: createRoute({
    method: "post",
    path: "/v1/account/logout",
    tags,
    summary: "End this session",
    responses: { 204: { description: "Signed out" } },
  }),
  forgotPassword: createRoute({
    method: "post",
    path: "/v1/account/forgot-password",
    tags,
    summary: "E-mail a reset link, if the e-mail has an account",
    description: "Always the same answer, whether the e-mail is known or not.",
    request: {
      ...query,
      body: json(z.object({ email: z.string(), captcha: z.string() }).openapi("ForgotPasswordRequest")),
    },
    responses: {
      202: ok("The spec's answer", Message),
      400: invalid,
      429: errorResponse("Too many attempts"),
    },
  }),
  resetPassword: createRoute({
    method: "post",
    path: "/v1/account/reset-password",
    tags,
    summary: "Set a new password with the e-mailed token (single use, one hour); ends every session",
    request: {
      ...query,
      body: json(
        z
          .object({ token: z.string(), password: z.string(), confirmPassword: z.string() })
          .openapi("ResetPasswordRequest"),
      ),
    },
    responses: { 204: { description: "Changed" }, 400: invalid },
  }),
  confirmEmail: createRoute({
    method: "post",
    path: "/v1/account/confirm-email",
    tags,
    summary:
      "Confirm a new account's e-mail address with the token of the e-mailed link (single use, 48 hours)",
    request: {
      ...query,
      body: json(z.object({ token: z.string() }).openapi("ConfirmEmailRequest")),
    },
    responses: {
      200: ok("Confirmed: sign in with POST /v1/account/login", z.object({ email: z.string() })),
      400: errorResponse("Used, expired or unknown token (`account:confirm.invalid`)"),
    },
  }),
  get: createRoute({
    method: "get",
    path: "/v1/account",
    tags,
    summary: "The signed-in customer",
    responses: { 200: ok("The account", Account), 401: signedOut },
  }),
  details: createRoute({
    method: "put",
    path: "/v1/account/details",
    tags,
    summary: "Update names, phone, date of birth and gender",
    request: {
      ...query,
      body: json(
        z
          .object({
            firstName: z.string(),
            lastName: z.string(),
            phone: z.string().optional(),
            birthDate: z.string().optional(),
            gender: z.enum(["female", "male"]).optional(),
          })
          .openapi("DetailsRequest"),
      ),
    },
    responses: { 200: ok("The account", Account), 400: invalid, 401: signedOut },
  }),
  preferences: createRoute({
    method: "put",
    path: "/v1/account/preferences",
    tags,
    summary: "Newsletter and phone-updates flags",
    request: {
      ...query,
      body: json(
        z.object({ newsletter: z.boolean(), phoneUpdates: z.boolean() }).openapi("PreferencesRequest"),
      ),
    },
    responses: { 200: ok("The account", Account), 400: invalid, 401: signedOut },
  }),
  password: createRoute({
    method: "post",
    path: "/v1/account/password",
    tags,
    summary: "Change the password; other sessions end, this one gets a new token",
    request: {
      ...query,
      body: json(
        z
          .object({ currentPassword: z.string(), password: z.string(), confirmPassword: z.string() })
          .openapi("ChangePasswordRequest"),
      ),
    },
    responses: {
      200: ok("Changed", z.object({ token: z.string().nullable() })),
      400: invalid,
      401: signedOut,
      403: errorResponse("The current password is wrong (`account:password.wrongCurrent`)"),
    },
  }),
  export: createRoute({
    method: "get",
    path: "/v1/account/export",
    tags,
    summary: "Download my data: everything the shop holds on the customer, as JSON",
    responses: { 200: ok("The data", z.object({}).passthrough().openapi("AccountExport")), 401: signedOut },
  }),
  delete: createRoute({
    method: "delete",
    path: "/v1/account",
    tags,
    summary: "Delete my account (orders are kept, anonymised)",
    request: { ...query, body: json(z.object({ password: z.string() }).openapi("DeleteAccountRequest")) },
    responses: {
      204: { description: "Deleted and signed out" },
      400: invalid,
      401: signedOut,
      403: errorResponse("The password is wrong (`account:password.wrongCurrent`)"),
    },
  }),
  addresses: createRoute({
    method: "get",
    path: "/v1/account/addresses",
    tags,
    summary: "The address book",
    responses: { 200: ok("Addresses, defaults first", z.array(AddressOut)), 401: signedOut },
  }),
  address: createRoute({
    method: "get",
    path: "/v1/account/addresses/{id}",
    tags,
    summary: "One address of the book",
    request: { params: idParam },
    responses: { 200: ok("The address", AddressOut), 401: signedOut, 404: errorResponse("Not in this book") },
  }),
  createAddress: createRoute({
    method: "post",
    path: "/v1/account/addresses",
    tags,
    summary: "Add an address (SPEC §5 address rules); the first is the default for billing and shipping",
    request: { ...query, body: json(AddressIn) },
    responses: { 201: ok("Added", AddressOut), 400: invalid, 401: signedOut },
  }),
  updateAddress: createRoute({
    method: "put",
    path: "/v1/account/addresses/{id}",
    tags,
    summary: "Change an address",
    request: { ...query, params: idParam, body: json(AddressIn) },
    responses: {
      200: ok("Changed", AddressOut),
      400: invalid,
      401: signedOut,
      404: errorResponse("Not in this book"),
    },
  }),
  deleteAddress: createRoute({
    method: "delete",
    path: "/v1/account/addresses/{id}",
    tags,
    summary: "Delete an address",
    request: { params: idParam },
    responses: { 204: { description: "Deleted" }, 401: signedOut, 404: errorResponse("Not in this book") },
  }),
  wallet: createRoute({
    method: "get",
    path: "/v1/account/wallet",
    tags,
    summary: "Wallet balance and ledger, newest first",
    responses: {
      200: ok(
        "The wallet",
        z
          .object({
            balanceCents: z.number().int(),
            entries: z.array(
              z.object({
                id: z.number().int(),
                amountCents: z.number().int(),
                kind: z.string(),
                reference: z.string().nullable(),
                createdAt: z.string(),
              }),
            ),
          })
          .openapi("Wallet"),
      ),
      401: signedOut,
    },
  }),
  orders: createRoute({
    method: "get",
    path: "/v1/account/orders",
    tags,
    summary: "The customer's orders, newest first",
    responses: {
      200: ok(
        "Orders",
        z.array(
          z
            .object({
              number: z.string().openapi({ example: "482913075" }),
              status: z.enum(orderStatuses),
              createdAt: z.string(),
              totalCents: z.number().int(),
              itemCount: z.number().int(),
              trackAndTrace: z.string().nullable(),
            })
            .openapi("AccountOrderSummary"),
        ),
      ),
      401: signedOut,
    },
  }),
  order: createRoute({
    method: "get",
    path: "/v1/account/orders/{number}",
    tags,
    summary: "One of the customer's orders",
    description:
      "Status, lines, totals with discount code, shipping, donation and VAT, delivery and billing address, payment method, and the carrier's track & trace link once shipped. Another customer's number answers 404.",
    request: { params: z.object({ number: z.string().regex(ORDER_NUMBER) }) },
    responses: {
      200: ok(
        "The order",
        z.record(z.string(), z.unknown()).openapi("AccountOrder", {
          description:
            "Number, status, createdAt, lines, totals, shipping, shippingAddress, billingAddress, paymentMethod, trackAndTrace, trackUrl",
        }),
      ),
      401: signedOut,
      404: errorResponse("Not one of your orders"),
    },
  }),
};

export function registerAccountRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(routes.captcha, async (c) => {
    c.header("cache-control", "no-store");
    return c.json((await captchaChallenge()) as unknown as Record<string, never>, 200);
  });

  api.openapi(routes.register, async (c) => {
    const { locale } = c.req.valid("query");
    const input = parseBody(RegisterSchema, c.req.valid("json"), locale);
    const registered = accepted(
      c,
      await registerCustomer(input, { locale, ip: clientIp(c), headers: c.req.raw.headers }),
      locale,
    );
    return c.json({ email: registered.email, message: translator(locale)("account:login.registered") }, 201);
  });

  api.openapi(routes.login, async (c) => {
    const { locale } = c.req.valid("query");
    const input = parseBody(LoginSchema, c.req.valid("json"), locale);
    const signedIn = accepted(
      c,
      await signIn(input, { locale, ip: clientIp(c), headers: c.req.raw.headers }),
      locale,
    );
    passCookies(c, signedIn.setCookies);
    c.header("cache-control", "no-store");
    return c.json({ token: signedIn.token, account: await accountOf(signedIn.userId) }, 200);
  });

  api.openapi(routes.logout, async (c) => {
    passCookies(c, await signOut(c.req.raw.headers));
    return c.body(null, 204);
  });

  api.openapi(routes.forgotPassword, async (c) => {
    const { locale } = c.req.valid("query");
    const input = parseBody(ForgotPasswordSchema, c.req.valid("json"), locale);
    accepted(c, await requestPasswordReset(input, { locale, ip: clientIp(c) }), locale);
    return c.json({ message: translator(locale)("account:forgot.success") }, 202);
  });

  api.openapi(routes.resetPassword, async (c) => {
    const { locale } = c.req.valid("query");
    const input = parseBody(ResetPasswordSchema, c.req.valid("json"), locale);
    accepted(c, await resetPassword(input), locale);
    return c.body(null, 204);
  });

  api.openapi(routes.confirmEmail, async (c) => {
    const { locale } = c.req.valid("query");
    const confirmed = accepted(c, await confirmEmail(c.req.valid("json").token), locale);
    return c.json({ email: confirmed.email }, 200);
  });

  api.openapi(routes.get, async (c) => c.json(await accountOf((await me(c)).id), 200));

  api.openapi(routes.details, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    await updateDetails(visitor.id, parseBody(DetailsSchema, c.req.valid("json"), locale));
    return c.json(await accountOf(visitor.id), 200);
  });

  api.openapi(routes.preferences, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    await updatePreferences(visitor.id, parseBody(PreferencesSchema, c.req.valid("json"), locale));
    return c.json(await accountOf(visitor.id), 200);
  });

  api.openapi(routes.password, async (c) => {
    await me(c);
    const { locale } = c.req.valid("query");
    const input = parseBody(ChangePasswordSchema, c.req.valid("json"), locale);
    const changed = accepted(c, await changePassword(c.req.raw.headers, input), locale);
    passCookies(c, changed.setCookies);
    return c.json({ token: changed.token }, 200);
  });

  api.openapi(routes.export, async (c) => {
    const visitor = await me(c);
    const data = await exportCustomerData(visitor.id);
    if (!data) throw httpErrors.notFound();
    c.header(
      "content-disposition",
      `attachment; filename="loom-and-label-my-data-${data.exportedAt.slice(0, 10)}.json"`,
    );
    return c.json(data as unknown as Record<string, never>, 200);
  });

  api.openapi(routes.delete, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    const { password } = parseBody(DeleteAccountSchema, c.req.valid("json"), locale);
    accepted(c, await deleteCustomerAccount(c.req.raw.headers, visitor.id, password), locale);
    passCookies(c, await signOut(c.req.raw.headers));
    return c.body(null, 204);
  });

  api.openapi(routes.addresses, async (c) => {
    const visitor = await me(c);
    return c.json((await addressesOf(visitor.id)).map(toAddress), 200);
  });

  api.openapi(routes.address, async (c) => {
    const visitor = await me(c);
    const address = await addressOf(visitor.id, c.req.valid("param").id);
    if (!address) throw httpErrors.notFound();
    return c.json(toAddress(address), 200);
  });

  api.openapi(routes.createAddress, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    const address = await createAddress(visitor.id, parseBody(AddressSchema, c.req.valid("json"), locale));
    return c.json(toAddress(address), 201);
  });

  api.openapi(routes.updateAddress, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    const input = parseBody(AddressSchema, c.req.valid("json"), locale);
    const address = await updateAddress(visitor.id, c.req.valid("param").id, input);
    if (!address) throw httpErrors.notFound();
    return c.json(toAddress(address), 200);
  });

  api.openapi(routes.deleteAddress, async (c) => {
    const visitor = await me(c);
    if (!(await deleteAddress(visitor.id, c.req.valid("param").id))) throw httpErrors.notFound();
    return c.body(null, 204);
  });

  api.openapi(routes.orders, async (c) => {
    const visitor = await me(c);
    return c.json(await ordersOfCustomer(visitor.id), 200);
  });

  api.openapi(routes.order, async (c) => {
    const visitor = await me(c);
    const order = await orderForCustomer(visitor.id, c.req.valid("param").number);
    if (!order) throw httpErrors.notFound();
    return c.json(toOrderView(order) as unknown as Record<string, unknown>, 200);
  });

  api.openapi(routes.wallet, async (c) => {
    const visitor = await me(c);
    const wallet = await walletOf(visitor.id);
    return c.json(
      { ...wallet, entries: wallet.entries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })) },
      200,
    );
  });
}

/**
 * better-auth endpoints reachable over HTTP: the session, sign-out and the admin plugin's reading ones
 * (which check staff roles themselves). Sign-up, sign-in, password reset and profile changes go through
 * the endpoints above, where the captcha, throttling and the shop's validation apply (docs/decisions/0018).
 * The admin plugin's writes (set-role, impersonate, set-user-password, remove-user, ban…) stay closed:
 * the back office changes staff through the staff domain, which keeps the last admin, ends the member's
 * sessions and writes the audit log (docs/security.md).
 */
export function authPathIsPublic(path: string, method = "GET"): boolean {
  const rest = path.replace(/^\/api\/auth/, "");
  if (rest.startsWith("/admin/")) return method === "GET";
  return rest === "/get-session" || rest === "/sign-out";
}
