import { type MiddlewareFunction, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInDemoAccounts } from "../../tests/support/customers";
import { freshDatabase } from "../../tests/support/database";
import { publishNotice, setMaintenanceMode } from "../domains/content/content.server";
import { addresses } from "../domains/customers/tables.server";
import type { Connection } from "../platform/db/db.server";
import { requestContext } from "../platform/http/context";
import { globalMiddleware, middlewareByName, noticesContext, visitorContext } from "./middleware.server";
import { pageMiddleware } from "./page-middleware.server";

let connection: Connection;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  connection = await freshDatabase();
  Object.assign(cookies, await signedInDemoAccounts());
});
afterAll(() => connection.close());

interface Outcome {
  status: number;
  location?: string;
  message?: string;
  context: RouterContextProvider;
}

/** Runs middleware the way React Router does: in order, each wrapping the rest, the page last. */
async function run(
  chain: MiddlewareFunction<Response>[],
  options: { path?: string; cookie?: string; params?: Record<string, string> } = {},
): Promise<Outcome> {
  const context = new RouterContextProvider();
  context.set(requestContext, { requestId: "test", locale: "nl", channel: "web", ip: "203.0.113.7" });
  const request = new Request(`http://shop.test${options.path ?? "/nl/"}`, {
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  const call = async (index: number): Promise<Response> => {
    const middleware = chain[index];
    if (!middleware) return new Response("page", { status: 200 });
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
    return { status: response.status, context };
  } catch (thrown) {
    if (thrown instanceof Response) {
      return { status: thrown.status, location: thrown.headers.get("location") ?? undefined, context };
    }
    const error = thrown as { init?: { status?: number }; data?: { message?: string } };
    return { status: error.init?.status ?? 500, message: error.data?.message, context };
  }
}

describe("route middleware", () => {
  it("serves pages with the visitor and notices in context", async () => {
    await publishNotice({
      message: { en: "Free returns", nl: "Gratis retour", fr: "Retour gratuit", es: "Devolución gratis" },
    });
    const outcome = await run([...globalMiddleware], { cookie: cookies.customer });
    expect(outcome.status).toBe(200);
    expect(outcome.context.get(visitorContext)?.email).toBe("demo@loomandlabel.test");
    expect(outcome.context.get(noticesContext).map((n) => n.message)).toEqual(["Gratis retour"]);
  });

  it("drops an unknown or expired session without an error", async () => {
    const outcome = await run([...globalMiddleware], { cookie: "better-auth.session_token=expired.token" });
    expect(outcome.status).toBe(200);
    expect(outcome.context.get(visitorContext)).toBeNull();
  });

  it("answers 503 in maintenance mode, except to staff", async () => {
    await setMaintenanceMode(true);
    try {
      expect((await run([...globalMiddleware])).status).toBe(503);
      expect((await run([...globalMiddleware], { cookie: cookies.customer })).status).toBe(503);
      expect((await run([...globalMiddleware], { cookie: cookies.support })).status).toBe(200);
    } finally {
      await setMaintenanceMode(false);
    }
    expect((await run([...globalMiddleware])).status).toBe(200);
  });

  it("sends visitors of account pages to the login page and back", async () => {
    const outcome = await run([...globalMiddleware, ...pageMiddleware("orders")], {
      path: "/nl/customer/orders/?page=2",
    });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe(`/nl/login/?redirect=${encodeURIComponent("/nl/customer/orders/?page=2")}`);
    const signedIn = await run([...globalMiddleware, ...pageMiddleware("orders")], {
      cookie: cookies.customer,
    });
    expect(signedIn.status).toBe(200);
  });

  it("sends signed-in customers from login and register to their account", async () => {
    const outcome = await run([...globalMiddleware, ...pageMiddleware("login")], {
      cookie: cookies.customer,
    });
    expect(outcome).toMatchObject({ status: 302, location: "/nl/customer/account/" });
    expect((await run([...globalMiddleware, ...pageMiddleware("register")])).status).toBe(200);
    // The link of a confirmation e-mail reaches the login page even so: it confirms an address.
    const confirming = await run([...globalMiddleware, ...pageMiddleware("login")], {
      path: "/nl/login/?confirm=abc",
      cookie: cookies.customer,
    });
    expect(confirming.status).toBe(200);
  });

  it("answers 404 for an address of another customer", async () => {
    const customer = run([...globalMiddleware], { cookie: cookies.customer });
    const owner = (await customer).context.get(visitorContext)!;
    const [own] = await connection.db
      .insert(addresses)
      .values({
        userId: owner.id,
        firstName: "Sanne",
        lastName: "de Vries",
        street: "Damrak",
        houseNumber: "1",
        postalCode: "1012 LG",
        city: "Amsterdam",
        country: "NL",
      })
      .returning({ id: addresses.id });
    const chain = [...globalMiddleware, ...pageMiddleware("address-edit")];
    expect((await run(chain, { cookie: cookies.customer, params: { id: String(own!.id) } })).status).toBe(
      200,
    );
    expect((await run(chain, { cookie: cookies.merchandiser, params: { id: String(own!.id) } })).status).toBe(
      404,
    );
    expect((await run(chain, { cookie: cookies.customer, params: { id: "999999" } })).status).toBe(404);
  });

  it("answers 500 'Unknown middleware {name}' for a name it does not know", async () => {
    const outcome = await run(
      [...globalMiddleware, ...middlewareByName(["authenticated", "check-moon-phase"])],
      {
        cookie: cookies.customer,
      },
    );
    expect(outcome).toMatchObject({ status: 500, message: "Unknown middleware check-moon-phase" });
  });
});
