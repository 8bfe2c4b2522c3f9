import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { Hono } from "hono";
import { type MiddlewareFunction, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieOf } from "../../tests/support/customers";
import { seededDatabase } from "../../tests/support/database";
import { createAccount } from "../domains/customers/customers.server";
import { auth } from "../platform/auth/auth.server";
import type { Connection } from "../platform/db/db.server";
import { requestContext } from "../platform/http/context";
import { pageWritesAreForms } from "../platform/http/middleware.server";
import { globalMiddleware } from "../routing/middleware.server";
import { type PageDefinition, pageIds, pages } from "../routing/pages";

/**
 * Every storefront form posted with bad input (issue 21): each page of the page table whose route
 * module has an action, and the sandbox PSP's page, as a visitor and as a customer, through the root and
 * route middleware. The field names and intents come from the route module's source; the values are the
 * API fuzzer's kinds (huge strings, NUL bytes, lone surrogates, odd numbers), and some requests are not
 * form data at all. No action may fail (a 5xx or a thrown error), and nothing it answers may carry a
 * stack trace. Fixed seed, `FORM_FUZZ_RUNS` posts per form and actor (default 8).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 21);
const RUNS = Number(process.env.FORM_FUZZ_RUNS ?? 8);

type Actor = "visitor" | "customer";
let connection: Connection;
const cookies: Partial<Record<Actor, string>> = {};

beforeAll(async () => {
  connection = await seededDatabase({ products: 4, seed: SEED });
  await createAccount({
    email: "customer@forms.test",
    password: "customer-password-1",
    firstName: "Form",
    lastName: "Fuzz",
    locale: "en",
  });
  const { headers } = await auth.api.signInEmail({
    body: { email: "customer@forms.test", password: "customer-password-1" },
    returnHeaders: true,
  });
  cookies.customer = cookieOf(headers.getSetCookie());
});
afterAll(() => connection.close());

interface RouteModule {
  action?: (args: never) => Promise<unknown>;
  middleware?: MiddlewareFunction<Response>[];
}

const root = path.resolve(import.meta.dirname, "..");
const forms: { id: string; file: string }[] = [
  ...pageIds
    .map((id) => ({ id, file: (pages[id] as PageDefinition).file }))
    .filter((page): page is { id: (typeof pageIds)[number]; file: string } => Boolean(page.file)),
  { id: "sandbox-pay", file: "routes/sandbox/sandbox-pay.tsx" },
].filter(({ file }) =>
  /export (async )?(function|const) action\b/.test(readFileSync(path.join(root, file), "utf8")),
);

/** The names a form posts and the intents its action knows, read from the route module's source. */
function fieldsOf(file: string) {
  const source = readFileSync(path.join(root, file), "utf8");
  const names = new Set(["intent", "email", "password", "quantity", "variantId", "code", "redirect"]);
  for (const pattern of [
    /\bfields\.(\w+)/g,
    /name="(\w+)"/g,
    /field\("(\w+)"\)/g,
    /formData\.get\("(\w+)"\)/g,
  ])
    for (const match of source.matchAll(pattern)) names.add(match[1]!);
  const intents = new Set<string>();
  for (const pattern of [/intent === "([\w-]+)"/g, /case "([\w-]+)":/g, /value="([\w-]+)"/g])
    for (const match of source.matchAll(pattern)) intents.add(match[1]!);
  return { names: [...names], intents: [...intents] };
}

const values = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\uD800",
    "\u202Eevil",
    "👩‍👩‍👧‍👦",
    "e\u0301\u0301",
    "'; drop table orders; --",
    "<script>alert(1)</script>",
    "-1",
    "-0",
    "1.5",
    "2147483648",
    "9007199254740993",
    "1e308",
    "NaN",
    "Infinity",
    "on",
    "999999999",
    "someone@example.nl",
    "x".repeat(100_000),
    "é".repeat(30_000),
  ),
  fc.string({ maxLength: 20 }),
);

interface Post {
  fields: [string, string][];
  kind: "urlencoded" | "multipart" | "json" | "text" | "none";
}

function postArbitrary(file: string): fc.Arbitrary<Post> {
  const { names, intents } = fieldsOf(file);
  const field = fc.tuple(fc.constantFrom(...names), values);
  const intent = fc.tuple(fc.constant("intent"), intents.length ? fc.constantFrom(...intents) : values);
  return fc.record({
    fields: fc.tuple(intent, fc.array(field, { maxLength: 8 })).map(([first, rest]) => [first, ...rest]),
    kind: fc.constantFrom("urlencoded", "urlencoded", "urlencoded", "multipart", "json", "text", "none"),
  });
}

function requestOf(actor: Actor, post: Post): Request {
  const headers = new Headers();
  if (cookies[actor]) headers.set("cookie", cookies[actor]);
  let body: BodyInit | undefined;
  if (post.kind === "urlencoded") body = new URLSearchParams(post.fields);
  if (post.kind === "multipart") {
    const form = new FormData();
    for (const [name, value] of post.fields) form.append(name, value);
    body = form;
  }
  if (post.kind === "json") {
    headers.set("content-type", "application/json");
    body = JSON.stringify(Object.fromEntries(post.fields));
  }
  if (post.kind === "text") {
    headers.set("content-type", "text/plain");
    body = post.fields.map(([k, v]) => `${k}=${v}`).join("\n");
  }
  return new Request("http://shop.test/en/form/", {
    method: "POST",
    headers,
    body,
    duplex: "half",
  } as RequestInit);
}

const stackTrace = /\n\s+at .+[:(]\d+|node_modules\/|\.tsx?:\d+:\d+/;

/** Runs the root and route middleware and the action, as React Router does; the status it ends in. */
async function post(module: RouteModule, request: Request): Promise<{ status: number; text: string }> {
  const context = new RouterContextProvider();
  context.set(requestContext, { requestId: "forms", locale: "en", channel: "web", ip: "203.0.113.77" });
  const params = {
    id: "999999",
    number: "999999999",
    slug: "none",
    product: "none",
    paymentId: "pay_none",
    handle: "none",
  };
  const chain = [...globalMiddleware, ...(module.middleware ?? [])];
  const call = async (index: number): Promise<Response> => {
    const middleware = chain[index];
    if (!middleware) {
      const result = await module.action?.({ request, params, context } as never);
      if (result instanceof Response) return result;
      const init = (result as { init?: { status?: number } } | undefined)?.init;
      return new Response(JSON.stringify(result ?? null), { status: init?.status ?? 200 });
    }
    const result = await middleware(
      { request, params, context, unstable_pattern: "", url: new URL(request.url) } as never,
      () => call(index + 1),
    );
    return result instanceof Response ? result : call(index + 1);
  };
  try {
    const response = await call(0);
    return { status: response.status, text: await response.text() };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, text: await thrown.text() };
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status)
      return { status: init.status, text: JSON.stringify((thrown as { data?: unknown }).data ?? null) };
    return { status: 500, text: String((thrown as Error)?.stack ?? thrown) };
  }
}

describe("every storefront form, posted with bad input", () => {
  it("has forms to post (the page table's actions and the sandbox PSP)", () => {
    expect(forms.length).toBeGreaterThan(15);
  });

  it.each(["visitor", "customer"] as const)(
    "as %s: no failure and no stack trace",
    async (actor) => {
      const findings: string[] = [];
      for (const [index, { id, file }] of forms.entries()) {
        const module = (await import(/* @vite-ignore */ path.join(root, file))) as RouteModule;
        for (const one of fc.sample(postArbitrary(file), { seed: SEED + index, numRuns: RUNS })) {
          // In front of the actions, as on the server: what is not form data never reaches them.
          const shop = new Hono();
          shop.use(pageWritesAreForms);
          let acted: { status: number; text: string } | undefined;
          shop.post("*", async (c) => {
            acted = await post(module, c.req.raw);
            return c.body(null, 204);
          });
          const answered = await shop.request(requestOf(actor, one));
          const { status, text } = acted ?? { status: answered.status, text: await answered.text() };
          const label = `${actor} ${id} ${one.kind} ${JSON.stringify(one.fields).slice(0, 160)}`;
          if (status >= 500 && status !== 503) findings.push(`${label} → ${status} ${text.slice(0, 300)}`);
          else if (stackTrace.test(text)) findings.push(`${label} → stack trace ${text.slice(0, 300)}`);
        }
      }
      expect(findings).toEqual([]);
    },
    300_000,
  );
});
