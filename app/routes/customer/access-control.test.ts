import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { type MiddlewareFunction, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import { createApi } from "../../api/index.server";
import { createAccount, createAddress } from "../../domains/customers/customers.server";
import { addresses } from "../../domains/customers/tables.server";
import { orderAddresses, orderLines, orders } from "../../domains/orders/tables.server";
import { auth } from "../../platform/auth/auth.server";
import { user } from "../../platform/auth/tables.server";
import type { Connection } from "../../platform/db/db.server";
import { requestContext } from "../../platform/http/context";
import { globalMiddleware } from "../../routing/middleware.server";
import { pageMiddleware } from "../../routing/page-middleware.server";
import type { PageId } from "../../routing/pages";
import { demoAccounts, seedDemoAccounts } from "../../seed/demo-accounts.server";
import * as accountPage from "./account";
import * as accountEditPage from "./account-edit";
import * as addressBookPage from "./address-book";
import * as addressEditPage from "./address-edit";
import * as addressNewPage from "./address-new";
import * as orderPage from "./order";
import * as ordersPage from "./orders";
import * as walletPage from "./wallet";

/**
 * The access-control matrix of issue 6: every actor × every account page, page action and account API
 * endpoint. Nobody reaches anyone else's data; visitors reach nothing; a blocked customer reaches their
 * own account (but may not order, see guards.test.ts).
 */

const actors = ["visitor", "customerA", "customerB", "blocked", "admin", "support", "merchandiser"] as const;
type Actor = (typeof actors)[number];

let connection: Connection;
// Mounted where the server mounts it: guards answer in the API error shape under `/api/`.
const api = new Hono().route("/api", createApi());
const cookies: Partial<Record<Actor, string>> = {};
const tokens: Partial<Record<Actor, string>> = {};
const emails: Partial<Record<Actor, string>> = {};
const ids: Partial<Record<Actor, string>> = {};
const addressIds: Partial<Record<Actor, number>> = {};
const orderNumbers: Partial<Record<Actor, string>> = {};

/** An order row as checkout writes it (the matrix needs ownership, not a real purchase). */
async function insertOrder(userId: string, email: string, number: string) {
  const [order] = await connection.db
    .insert(orders)
    .values({
      number,
      email,
      userId,
      locale: "nl",
      channel: "web",
      country: "NL",
      subtotalCents: 5995,
      shippingCents: 0,
      totalCents: 5995,
      amountDueCents: 5995,
      vat: { lines: [], exemptCents: 0, vatCents: 0 },
      shippingMethod: "nl-home",
      carrier: "PostNL",
      deliveryType: "home",
      paymentMethod: "ideal",
      idempotencyKey: `matrix-${number}`,
      expiresAt: new Date(Date.now() + 30 * 60_000),
    })
    .returning({ id: orders.id });
  await connection.db.insert(orderLines).values({
    orderId: order!.id,
    position: 0,
    productId: 1,
    variantId: 1,
    sku: "SKU-1",
    size: "M",
    name: "Linen shirt",
    slug: "linen-shirt",
    colour: "white",
    quantity: 1,
    unitPriceCents: 5995,
    totalCents: 5995,
  });
  await connection.db.insert(orderAddresses).values({
    orderId: order!.id,
    kind: "shipping",
    ...address,
    street: `Street of order ${number}`,
  });
}

const address = {
  firstName: "Eva",
  lastName: "Smit",
  country: "NL" as const,
  postalCode: "3511 AB",
  houseNumber: "5",
  street: "Oudegracht",
  city: "Utrecht",
  isDefaultBilling: false,
  isDefaultShipping: false,
};

beforeAll(async () => {
  connection = await freshDatabase();
  await seedDemoAccounts();
  const people: [Actor, string, string][] = [
    ["customerA", "a@example.nl", "password-of-a"],
    ["customerB", "b@example.nl", "password-of-b"],
    ["blocked", "blocked@example.nl", "password-of-blocked"],
  ];
  for (const [actor, email, password] of people)
    await createAccount({ email, password, firstName: actor, lastName: "Test", locale: "nl" });
  await connection.db.update(user).set({ blocked: true }).where(eq(user.email, "blocked@example.nl"));
  const staff = Object.fromEntries(demoAccounts.filter((a) => a.role).map((a) => [a.role, a]));
  for (const actor of ["admin", "support", "merchandiser"] as const)
    people.push([actor, staff[actor]!.email, staff[actor]!.password]);
  for (const [actor, email, password] of people) {
    const { headers, response } = await auth.api.signInEmail({
      body: { email, password },
      returnHeaders: true,
    });
    cookies[actor] = headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    tokens[actor] = response.token;
    emails[actor] = email;
    ids[actor] = response.user.id;
    addressIds[actor] = (
      await createAddress(response.user.id, { ...address, street: `Street of ${actor}` })
    ).id;
    orderNumbers[actor] = String(100_000_000 + people.findIndex(([a]) => a === actor) * 1111);
    await insertOrder(response.user.id, email, orderNumbers[actor]!);
  }
});
afterAll(() => connection.close());

interface PageModule {
  loader: (args: never) => unknown;
  action?: (args: never) => unknown;
}

interface Outcome {
  status: number;
  location?: string;
  data?: unknown;
}

/** A page request as React Router runs it: global and page middleware, then the loader or action. */
async function runPage(
  page: PageId,
  module: PageModule,
  actor: Actor,
  options: { params?: Record<string, string>; form?: Record<string, string> } = {},
): Promise<Outcome> {
  const context = new RouterContextProvider();
  context.set(requestContext, { requestId: "matrix", locale: "en", channel: "web", ip: "203.0.113.5" });
  const headers: Record<string, string> = {};
  if (actor !== "visitor") headers.cookie = cookies[actor]!;
  const request = new Request("http://shop.test/en/customer/", {
    method: options.form ? "POST" : "GET",
    headers,
    body: options.form ? new URLSearchParams(options.form) : undefined,
  });
  const chain: MiddlewareFunction<Response>[] = [...globalMiddleware, ...pageMiddleware(page)];
  let data: unknown;
  const call = async (index: number): Promise<Response> => {
    const middleware = chain[index];
    if (!middleware) {
      const handler = options.form ? module.action! : module.loader;
      const result = await handler({ request, params: options.params ?? {}, context } as never);
      if (result instanceof Response) return result;
      data = (result as { data?: unknown; init?: { status?: number } })?.init
        ? (result as { data: unknown }).data
        : result;
      return new Response(null, { status: (result as { init?: { status?: number } })?.init?.status ?? 200 });
    }
    const result = await middleware(
      {
        request,
        params: options.params ?? {},
        context,
        unstable_pattern: "",
        url: new URL(request.url),
      } as never,
      () => call(index + 1),
    );
    return result instanceof Response ? result : call(index + 1);
  };
  try {
    const response = await call(0);
    return { status: response.status, location: response.headers.get("location") ?? undefined, data };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("location") ?? undefined };
    const error = thrown as { init?: { status?: number } };
    if (error.init?.status) return { status: error.init.status };
    throw thrown;
  }
}

const signedIn = actors.filter((a) => a !== "visitor");
const other = (actor: Actor): Actor => (actor === "customerA" ? "customerB" : "customerA");

describe("account pages", () => {
  const pages: [PageId, PageModule][] = [
    ["account", accountPage],
    ["account-edit", accountEditPage],
    ["address-book", addressBookPage],
    ["address-new", addressNewPage],
    ["wallet", walletPage],
    ["orders", ordersPage],
  ];

  it.each(pages)("%s sends visitors to the login page", async (page, module) => {
    const outcome = await runPage(page, module, "visitor");
    expect(outcome.status).toBe(302);
    expect(outcome.location).toMatch(/^\/en\/login\/\?redirect=/);
  });

  it.each(signedIn)("%s sees only their own data on every account page", async (actor) => {
    const overview = await runPage("account", accountPage, actor);
    expect(overview.status).toBe(200);
    expect((overview.data as { profile: { email: string } }).profile.email).toBe(emails[actor]);
    const edit = await runPage("account-edit", accountEditPage, actor);
    expect((edit.data as { profile: { id: string } }).profile.id).toBe(ids[actor]);
    const book = await runPage("address-book", addressBookPage, actor);
    expect((book.data as { addresses: { id: number }[] }).addresses.map((a) => a.id)).toEqual([
      addressIds[actor],
    ]);
    const wallet = await runPage("wallet", walletPage, actor);
    expect(wallet.status).toBe(200);
    const list = await runPage("orders", ordersPage, actor);
    expect((list.data as { orders: { number: string }[] }).orders.map((o) => o.number)).toEqual([
      orderNumbers[actor],
    ]);
  });

  it.each(signedIn)("%s opens their own order and gets 404 for anyone else's", async (actor) => {
    const own = await runPage("order", orderPage, actor, { params: { number: orderNumbers[actor]! } });
    expect(own.status).toBe(200);
    expect((own.data as { order: { number: string } }).order.number).toBe(orderNumbers[actor]);
    for (const owner of signedIn.filter((a) => a !== actor)) {
      const outcome = await runPage("order", orderPage, actor, { params: { number: orderNumbers[owner]! } });
      expect(outcome.status).toBe(404);
    }
    expect((await runPage("order", orderPage, actor, { params: { number: "999999999" } })).status).toBe(404);
  });

  it("sends visitors to the login page for an order, even with a real number", async () => {
    const outcome = await runPage("order", orderPage, "visitor", {
      params: { number: orderNumbers.customerA! },
    });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toMatch(/^\/en\/login\/\?redirect=/);
  });

  it.each(signedIn)("%s edits their own address and gets 404 for anyone else's", async (actor) => {
    const own = await runPage("address-edit", addressEditPage, actor, {
      params: { id: String(addressIds[actor]) },
    });
    expect(own.status).toBe(200);
    for (const owner of signedIn.filter((a) => a !== actor)) {
      const params = { id: String(addressIds[owner]) };
      expect((await runPage("address-edit", addressEditPage, actor, { params })).status).toBe(404);
      const posted = await runPage("address-edit", addressEditPage, actor, {
        params,
        form: { ...address, street: "Hijacked" } as unknown as Record<string, string>,
      });
      expect(posted.status).toBe(404);
    }
  });

  it.each(signedIn)("%s cannot delete anyone else's address from the address book", async (actor) => {
    const victim = other(actor);
    const outcome = await runPage("address-book", addressBookPage, actor, {
      form: { intent: "delete", id: String(addressIds[victim]) },
    });
    expect(outcome.status).toBe(404);
    const [row] = await connection.db.select().from(addresses).where(eq(addresses.id, addressIds[victim]!));
    expect(row?.street).toBe(`Street of ${victim}`);
  });

  it("lets visitors reach no address page, not even with a real id", async () => {
    const outcome = await runPage("address-edit", addressEditPage, "visitor", {
      params: { id: String(addressIds.customerA) },
    });
    expect(outcome.status).toBe(302);
  });
});

describe("account API", () => {
  const call = (
    actor: Actor,
    method: string,
    path: string,
    body?: unknown,
    via: "cookie" | "bearer" = "bearer",
  ) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (actor !== "visitor") {
      if (via === "cookie") headers.cookie = cookies[actor]!;
      else headers.authorization = `Bearer ${tokens[actor]}`;
    }
    return api.request(`/api${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  };

  const endpoints: [string, string, unknown?][] = [
    ["GET", "/v1/account"],
    ["PUT", "/v1/account/details", { firstName: "X", lastName: "Y" }],
    ["PUT", "/v1/account/preferences", { newsletter: true, phoneUpdates: false }],
    [
      "POST",
      "/v1/account/password",
      { currentPassword: "x", password: "yyyyyyyy", confirmPassword: "yyyyyyyy" },
    ],
    ["GET", "/v1/account/export"],
    ["DELETE", "/v1/account", { password: "x" }],
    ["GET", "/v1/account/addresses"],
    ["POST", "/v1/account/addresses", address],
    ["GET", "/v1/account/wallet"],
    ["GET", "/v1/account/orders"],
    ["GET", "/v1/account/orders/100000000"],
  ];

  it.each(endpoints)("%s %s answers 401 to visitors", async (method, path, body) => {
    const response = await call("visitor", method, path, body);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ messageTranslationKey: "errors.signInRequired" });
  });

  it.each(signedIn)("%s reads only their own account, data export and address book", async (actor) => {
    for (const via of ["cookie", "bearer"] as const) {
      const me = await call(actor, "GET", "/v1/account", undefined, via);
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ id: ids[actor], email: emails[actor] });
    }
    const exported = await (await call(actor, "GET", "/v1/account/export")).json();
    expect(exported.account.email).toBe(emails[actor]);
    expect(JSON.stringify(exported)).not.toContain(`Street of ${other(actor)}`);
    const book = await (await call(actor, "GET", "/v1/account/addresses")).json();
    expect(book.map((a: { id: number }) => a.id)).toEqual([addressIds[actor]]);
  });

  it.each(signedIn)("%s lists and reads only their own orders, by cookie and bearer", async (actor) => {
    for (const via of ["cookie", "bearer"] as const) {
      const list = await (await call(actor, "GET", "/v1/account/orders", undefined, via)).json();
      expect(list.map((o: { number: string }) => o.number)).toEqual([orderNumbers[actor]]);
      const own = await call(actor, "GET", `/v1/account/orders/${orderNumbers[actor]}`, undefined, via);
      expect(own.status).toBe(200);
      expect(await own.json()).toMatchObject({ number: orderNumbers[actor], status: "pending" });
    }
    for (const owner of signedIn.filter((a) => a !== actor))
      expect((await call(actor, "GET", `/v1/account/orders/${orderNumbers[owner]}`)).status).toBe(404);
  });

  it.each(signedIn)("%s gets 404 for every address of someone else", async (actor) => {
    expect((await call(actor, "GET", `/v1/account/addresses/${addressIds[actor]}`)).status).toBe(200);
    for (const owner of signedIn.filter((a) => a !== actor)) {
      const path = `/v1/account/addresses/${addressIds[owner]}`;
      expect((await call(actor, "GET", path)).status).toBe(404);
      expect((await call(actor, "PUT", path, { ...address, street: "Hijacked" })).status).toBe(404);
      expect((await call(actor, "DELETE", path)).status).toBe(404);
    }
    const rows = await connection.db.select({ street: addresses.street }).from(addresses);
    expect(rows.map((r) => r.street)).not.toContain("Hijacked");
  });

  it("closes better-auth's own sign-up, sign-in and reset endpoints (no captcha or throttling there)", async () => {
    for (const path of [
      "/auth/sign-up/email",
      "/auth/sign-in/email",
      "/auth/request-password-reset",
      "/auth/update-user",
    ]) {
      const response = await api.request(`/api${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "x@example.nl", password: "xxxxxxxx", name: "X" }),
      });
      expect(response.status).toBe(404);
    }
    const session = await api.request("/api/auth/get-session", { headers: { cookie: cookies.customerA! } });
    expect(session.status).toBe(200);
  });

  it("lets only admins use the admin plugin's endpoints", async () => {
    const list = (actor: Actor) =>
      api.request("/api/auth/admin/list-users", { headers: { cookie: cookies[actor]! } });
    expect((await list("admin")).status).toBe(200);
    for (const actor of ["customerA", "blocked", "merchandiser"] as const)
      expect((await list(actor)).status).toBe(403);
  });
});
