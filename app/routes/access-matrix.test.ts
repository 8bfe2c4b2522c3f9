import path from "node:path";
import { Hono } from "hono";
import { type MiddlewareFunction, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieOf } from "../../tests/support/customers";
import { freshDatabase } from "../../tests/support/database";
import {
  bodySchema,
  concretePath,
  type DocumentedOperation,
  documentedOperations,
  type OpenApiDocument,
  openApiDocument,
  requiredHeaders,
  requiredQuery,
  validSample,
} from "../../tests/support/openapi";
import { createApi } from "../api/index.server";
import { createAccount } from "../domains/customers/customers.server";
import { type Permission, rolePermissions } from "../domains/staff/staff.server";
import { auth, type StaffRole } from "../platform/auth/auth.server";
import type { Connection } from "../platform/db/db.server";
import { requestContext } from "../platform/http/context";
import routes from "../routes";
import { globalMiddleware } from "../routing/middleware.server";
import { pageMiddleware } from "../routing/page-middleware.server";
import { type PageDefinition, type PageId, pageIds, pages } from "../routing/pages";

/**
 * The access matrix of issue 21, generated: every operation of the OpenAPI document, every page of the
 * page table and every back-office route of routes.ts, for a visitor, a customer and each staff role.
 * The rules below say who may; the tests read the document and the tables, so an endpoint or page added
 * without a rule here fails, and so does one whose guard disagrees with its rule.
 */

type Who = "visitor" | "customer" | StaffRole;
const staffRoles: StaffRole[] = ["admin", "support", "merchandiser"];
const everyone: Who[] = ["visitor", "customer", ...staffRoles];

/** Who may call an API operation. */
type ApiRule =
  | "anyone"
  /** Signed in (any account, staff included); visitors get 401. */
  | "signed-in"
  /** A back-office permission: visitors 401, customers 404 (the back office does not exist for them), other staff 403. */
  | { staff: Permission; customers?: 403 | 404 };

const apiRules: Record<string, ApiRule> = {
  "GET /health": "anyone",
  "GET /ready": "anyone",
  "GET /v1/visitor": "anyone",
  "POST /v1/consent": "anyone",
  "POST /v1/events": "anyone",
  "GET /v1/categories": "anyone",
  "GET /v1/categories/{slug}/products": "anyone",
  "GET /v1/products": "anyone",
  "GET /v1/products/{slug}": "anyone",
  "GET /v1/products/{id}/highlights": "anyone",
  "GET /v1/search": "anyone",
  "GET /v1/search/suggestions": "anyone",
  "GET /v1/marketplace/listings": "anyone",
  "GET /v1/marketplace/listings/{id}": "anyone",
  "GET /v1/marketplace/stores/{handle}": "anyone",
  "GET /v1/marketplace/transactions": "signed-in",
  "POST /v1/marketplace/transactions": "signed-in",
  "GET /v1/marketplace/transactions/{id}": "signed-in",
  "POST /v1/marketplace/transactions/{id}/payment": "signed-in",
  "POST /v1/marketplace/transactions/{id}/transitions": "signed-in",
  "GET /v1/marketplace/transactions/{id}/label": "signed-in",
  "GET /v1/marketplace/payouts": "signed-in",
  "POST /v1/marketplace/payouts": "signed-in",
  "PUT /v1/marketplace/payout-account": "signed-in",
  "GET /v1/marketplace/transactions/{id}/dispute": "signed-in",
  "POST /v1/marketplace/transactions/{id}/dispute": "signed-in",
  "POST /v1/marketplace/transactions/{id}/dispute/messages": "signed-in",
  "GET /v1/marketplace/transactions/{id}/dispute/photos/{photo}": "signed-in",
  "POST /v1/stock-alerts": "anyone",
  "GET /v1/cart": "anyone",
  "POST /v1/cart/lines": "anyone",
  "PATCH /v1/cart/lines/{lineId}": "anyone",
  "DELETE /v1/cart/lines/{lineId}": "anyone",
  "GET /v1/wishlist": "anyone",
  "PUT /v1/wishlist/items/{productId}": "anyone",
  "DELETE /v1/wishlist/items/{productId}": "anyone",
  "POST /v1/checkout/quote": "anyone",
  "POST /v1/checkout/discount-code": "anyone",
  "DELETE /v1/checkout/discount-code": "anyone",
  "GET /v1/checkout/address-lookup": "anyone",
  "GET /v1/checkout/service-points": "anyone",
  // Guests order (SPEC §6); a guest's order is found only with its key or e-mail (404 otherwise).
  "POST /v1/orders": "anyone",
  "GET /v1/orders/{number}": "anyone",
  "GET /v1/orders": "signed-in",
  "GET /v1/payment-methods": "anyone",
  "GET /v1/payments/{id}": "anyone",
  "POST /v1/payments": { staff: "orders", customers: 403 },
  "POST /v1/payments/{id}/refunds": { staff: "orders", customers: 403 },
  "POST /v1/gift-cards/balance": "anyone",
  "GET /v1/captcha": "anyone",
  "POST /v1/account/register": "anyone",
  "POST /v1/account/login": "anyone",
  "POST /v1/account/logout": "anyone",
  "POST /v1/account/forgot-password": "anyone",
  "POST /v1/account/reset-password": "anyone",
  "POST /v1/account/confirm-email": "anyone",
  "GET /v1/account": "signed-in",
  "DELETE /v1/account": "signed-in",
  "PUT /v1/account/details": "signed-in",
  "PUT /v1/account/preferences": "signed-in",
  "POST /v1/account/password": "signed-in",
  "GET /v1/account/export": "signed-in",
  "GET /v1/account/addresses": "signed-in",
  "POST /v1/account/addresses": "signed-in",
  "GET /v1/account/addresses/{id}": "signed-in",
  "PUT /v1/account/addresses/{id}": "signed-in",
  "DELETE /v1/account/addresses/{id}": "signed-in",
  "GET /v1/account/orders": "signed-in",
  "GET /v1/account/orders/{number}": "signed-in",
  "GET /v1/account/orders/{number}/gift-cards": "signed-in",
  "PATCH /v1/account/orders/{number}/gift-cards/{id}": "signed-in",
  "GET /v1/account/wallet": "signed-in",
  "GET /v1/marketplace/me/social": "anyone",
  "PUT /v1/marketplace/favourites/{id}": "signed-in",
  "DELETE /v1/marketplace/favourites/{id}": "signed-in",
  "PUT /v1/marketplace/follows/{handle}": "signed-in",
  "DELETE /v1/marketplace/follows/{handle}": "signed-in",
  "GET /v1/marketplace/me/feed": "signed-in",
  "GET /v1/marketplace/me/favourites": "signed-in",
  "POST /v1/marketplace/events": "anyone",
  "GET /v1/marketplace/me/store": "signed-in",
  "POST /v1/marketplace/me/store": "signed-in",
  "PUT /v1/marketplace/me/store": "signed-in",
  "PUT /v1/marketplace/me/store/trader": "signed-in",
  "PUT /v1/marketplace/me/store/image": "signed-in",
  "DELETE /v1/marketplace/me/store/image": "signed-in",
  "PUT /v1/marketplace/me/store/banner": "signed-in",
  "DELETE /v1/marketplace/me/store/banner": "signed-in",
  "GET /v1/marketplace/me/listings": "signed-in",
  "POST /v1/marketplace/me/listings": "signed-in",
  "GET /v1/marketplace/me/listings/{id}": "signed-in",
  "PUT /v1/marketplace/me/listings/{id}": "signed-in",
  "POST /v1/marketplace/me/listings/{id}/photos": "signed-in",
  "POST /v1/marketplace/me/listings/{id}/photos/{index}": "signed-in",
  "POST /v1/marketplace/me/listings/{id}/transitions": "signed-in",
  "GET /v1/marketplace/me/resell": "signed-in",
  "GET /v1/marketplace/me/conversations": "signed-in",
  "GET /v1/marketplace/me/conversations/{id}": "signed-in",
  "POST /v1/marketplace/listings/{id}/conversation": "signed-in",
  "POST /v1/marketplace/me/conversations/{id}/messages": "signed-in",
  "POST /v1/marketplace/me/conversations/{id}/offers": "signed-in",
  "POST /v1/marketplace/offers/{id}/answer": "signed-in",
  // A notice comes from anyone (DSA art. 16), signed in or not.
  "POST /v1/marketplace/reports": "anyone",
  "GET /v1/marketplace/me/decisions": "signed-in",
  "POST /v1/marketplace/me/decisions/{id}/appeal": "signed-in",
  "GET /v1/returns": "signed-in",
  "POST /v1/returns": "signed-in",
  "GET /v1/returns/{number}": "signed-in",
  // The label opens with the owner's session or the key of the e-mailed link.
  "GET /v1/returns/{number}/label": "anyone",
  "GET /v1/orders/{number}/return-options": "signed-in",
  // Guests withdraw through the page (order number + e-mail); the app's API is for signed-in customers.
  "GET /v1/orders/{number}/withdrawal": "signed-in",
  "POST /v1/orders/{number}/withdrawal": "signed-in",
  "GET /v1/content/pages/{slug}": "anyone",
  "GET /v1/content/campaigns": "anyone",
  "GET /v1/content/campaigns/{slug}": "anyone",
  "GET /v1/content/early-access": "anyone",
  "GET /v1/content/home": "anyone",
  "GET /v1/service/faq": "anyone",
  "GET /v1/service/hours": "anyone",
  "POST /v1/service/contact": "anyone",
  "POST /v1/newsletter/subscriptions": "anyone",
  "POST /v1/newsletter/confirmations": "anyone",
  "POST /v1/newsletter/unsubscribe": "anyone",
  "POST /v1/checkout/gift-cards": "anyone",
  "DELETE /v1/checkout/gift-cards/{cardId}": "anyone",
  "GET /v1/wallet": "signed-in",
  "POST /v1/feedback": "anyone",
  "GET /v1/quiz": "anyone",
  "POST /v1/quiz/answers": "anyone",
  "POST /v1/early-access/tickets": "anyone",
  "POST /v1/early-access/unlock": "anyone",
  "GET /v1/early-access/{campaign}": "anyone",
  "GET /v1/recommendations": "anyone",
  "POST /v1/recommendations/views": "anyone",
  "GET /v1/admin/products": { staff: "catalogue" },
  "GET /v1/admin/products/{id}": { staff: "catalogue" },
  "PUT /v1/admin/products/{id}/price": { staff: "catalogue" },
  "PUT /v1/admin/products/{id}/variants": { staff: "catalogue" },
  "GET /v1/admin/customers": { staff: "customers" },
  "PUT /v1/admin/customers/{id}/block": { staff: "customers" },
  "DELETE /v1/admin/customers/{id}/block": { staff: "customers" },
  "GET /v1/admin/audit-log": { staff: "audit" },
  "GET /v1/admin/orders": { staff: "orders" },
  "GET /v1/admin/orders/{number}": { staff: "orders" },
  "POST /v1/admin/orders/{number}/status": { staff: "orders" },
  "POST /v1/admin/orders/{number}/refunds": { staff: "orders" },
};

/** Who may open a page of the page table: the rule, checked against the table's route middleware. */
type PageRule = "anyone" | "signed-in" | "signed-out";
const pageRules: Record<PageId, PageRule> = {
  home: "anyone",
  search: "anyone",
  campaigns: "anyone",
  category: "anyone",
  content: "anyone",
  contact: "anyone",
  withdrawal: "anyone",
  "customer-service": "anyone",
  "order-confirmation": "anyone",
  returns: "anyone",
  deliveries: "anyone",
  maintenance: "anyone",
  "forgot-password": "signed-out",
  "not-found": "anyone",
  "chat-app": "anyone",
  checkout: "anyone",
  demo: "anyone",
  giftcard: "anyone",
  login: "signed-out",
  offline: "anyone",
  "refer-a-friend": "anyone",
  register: "signed-out",
  "saldo-checker": "anyone",
  "studenten-korting": "anyone",
  "early-access": "anyone",
  feedback: "anyone",
  newsletter: "anyone",
  wishlist: "anyone",
  cart: "anyone",
  "reset-password": "anyone",
  account: "signed-in",
  "account-edit": "signed-in",
  "address-book": "signed-in",
  "address-new": "signed-in",
  "address-edit": "signed-in",
  orders: "signed-in",
  order: "signed-in",
  wallet: "signed-in",
  "order-return": "signed-in",
  "customer-returns": "signed-in",
  "my-marketplace": "signed-in",
  "my-marketplace-transaction": "signed-in",
  "my-marketplace-conversation": "signed-in",
  "my-marketplace-purchases": "signed-in",
  "my-marketplace-earnings": "signed-in",
  "app-quiz": "anyone",
  "app-credit-card": "anyone",
  "app-returns": "anyone",
  "app-campaigns": "anyone",
  "app-contact": "anyone",
  "app-content": "anyone",
  marketplace: "anyone",
  "marketplace-browse": "anyone",
  "marketplace-item": "anyone",
  "marketplace-store": "anyone",
  "marketplace-sell": "signed-in",
  "marketplace-report": "anyone",
  "marketplace-buy": "signed-in",
  product: "anyone",
};

/** The back office's routes (routes.ts) by file: the permission its loader and action ask for. */
const backOfficeRules: Record<string, Permission | "any-staff" | "anyone"> = {
  "routes/admin/logout.tsx": "anyone",
  "routes/admin/layout.tsx": "any-staff",
  "routes/admin/not-found.tsx": "any-staff",
  "routes/admin/dashboard.tsx": "dashboard",
  "routes/admin/marketplace-transactions.tsx": "disputes",
  "routes/admin/marketplace-transaction.tsx": "disputes",
  "routes/admin/marketplace-dispute-photo.tsx": "disputes",
  "routes/admin/marketplace-disputes.tsx": "disputes",
  "routes/admin/orders.tsx": "orders",
  "routes/admin/order.tsx": "orders",
  "routes/admin/returns.tsx": "returns",
  "routes/admin/return.tsx": "returns",
  "routes/admin/marketplace.tsx": "disputes",
  "routes/admin/marketplace-payouts.tsx": "payouts",
  "routes/admin/marketplace-payout-batch.tsx": "payouts",
  "routes/admin/marketplace-payout-file.tsx": "payouts",
  "routes/admin/marketplace-dac7.tsx": "payouts",
  "routes/admin/marketplace-dac7-export.tsx": "payouts",
  "routes/admin/products.tsx": "catalogue",
  "routes/admin/product-new.tsx": "catalogue",
  "routes/admin/product.tsx": "catalogue",
  "routes/admin/categories.tsx": "catalogue",
  "routes/admin/category.tsx": "catalogue",
  "routes/admin/synonyms.tsx": "catalogue",
  "routes/admin/size-charts.tsx": "catalogue",
  "routes/admin/customers.tsx": "customers",
  "routes/admin/customer.tsx": "customers",
  "routes/admin/staff.tsx": "staff",
  "routes/admin/settings.tsx": "settings",
  "routes/admin/notices.tsx": "content",
  "routes/admin/tickets.tsx": "service",
  "routes/admin/gift-cards.tsx": "gift-cards",
  "routes/admin/gift-card.tsx": "gift-cards",
  "routes/admin/gift-card-print.tsx": "gift-cards",
  "routes/admin/quiz.tsx": "promotions",
  "routes/admin/content.tsx": "content",
  "routes/admin/content-entry.tsx": "content",
  "routes/admin/ticket-photo.tsx": "service",
  "routes/admin/promotions.tsx": "promotions",
  "routes/admin/promotion.tsx": "promotions",
  "routes/admin/newsletter.tsx": "promotions",
  "routes/admin/feedback.tsx": "promotions",
  "routes/admin/newsletter-export.tsx": "promotions",
  "routes/admin/ticket.tsx": "service",
  "routes/admin/outbox.tsx": "outbox",
  "routes/admin/outbox-message.tsx": "outbox",
  "routes/admin/audit.tsx": "audit",
};

let connection: Connection;
let doc: OpenApiDocument;
const api = new Hono().route("/api", createApi());
const cookies: Partial<Record<Who, string>> = {};

async function signInAs(role: Exclude<Who, "visitor">) {
  const { headers } = await auth.api.signInEmail({
    body: { email: `${role}@access-matrix.test`, password: `${role}-password-1` },
    returnHeaders: true,
  });
  cookies[role] = cookieOf(headers.getSetCookie());
}

beforeAll(async () => {
  connection = await freshDatabase();
  doc = await openApiDocument(api);
  for (const role of ["customer", ...staffRoles] as const) {
    const email = `${role}@access-matrix.test`;
    await createAccount({
      email,
      password: `${role}-password-1`,
      firstName: role,
      lastName: "M",
      locale: "en",
      role,
    });
    await signInAs(role);
  }
});
afterAll(() => connection.close());

/** The answer's status, and whether it is a guard's refusal (not a wrong password or a made-up id). */
async function callApi(who: Who, op: DocumentedOperation): Promise<{ status: number; guard: boolean }> {
  const headers = new Headers(requiredHeaders(op, doc));
  if (cookies[who]) headers.set("cookie", cookies[who]);
  const query = requiredQuery(op, doc).toString();
  const url = `/api${concretePath(op, doc)}${query ? `?${query}` : ""}`;
  const schema = bodySchema(op, doc);
  let body: string | undefined;
  if (schema) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(validSample(schema, doc));
  }
  const response = await api.request(url, { method: op.method, headers, body });
  const key = response.headers.get("content-type")?.includes("json")
    ? ((await response.json()) as { messageTranslationKey?: string }).messageTranslationKey
    : undefined;
  const guard =
    (response.status === 401 && key === "errors.signInRequired") ||
    (response.status === 403 && key === "errors.forbidden");
  return { status: response.status, guard };
}

/** Signing out last: it ends the session the other calls use (signed in again afterwards). */
const inOrder = (ops: DocumentedOperation[]) =>
  [...ops].sort((a, b) => Number(a.key.endsWith("/logout")) - Number(b.key.endsWith("/logout")));

/** What each rule allows: the refusals a caller must get, and the ones it must never get. */
function expectedApi(rule: ApiRule, who: Who): { refused?: number; notRefused?: boolean } {
  if (rule === "anyone") return { notRefused: true };
  if (rule === "signed-in") return who === "visitor" ? { refused: 401 } : { notRefused: true };
  if (who === "visitor") return { refused: 401 };
  if (who === "customer") return { refused: rule.customers ?? 404 };
  return rolePermissions[who].includes(rule.staff) ? { notRefused: true } : { refused: 403 };
}

describe("every API operation of the OpenAPI document", () => {
  it("has an access rule, and every rule an operation", () => {
    const documented = documentedOperations(doc).map((op) => op.key);
    expect(
      documented.filter((key) => !(key in apiRules)),
      "operations without a rule",
    ).toEqual([]);
    expect(
      Object.keys(apiRules).filter((key) => !documented.includes(key)),
      "rules without an operation",
    ).toEqual([]);
  });

  it.each(everyone)("answers %s as its rule says", async (who) => {
    const wrong: string[] = [];
    for (const op of inOrder(documentedOperations(doc))) {
      const rule = apiRules[op.key];
      if (!rule) continue;
      const { status, guard } = await callApi(who, op);
      const expected = expectedApi(rule, who);
      if (expected.refused !== undefined && status !== expected.refused)
        wrong.push(`${op.key}: ${status}, expected ${expected.refused}`);
      // "Not refused": the guard let it through (the answer may still be 400, 401 for a wrong password,
      // 404 or 409 for the made-up sample).
      if (expected.notRefused && (guard || status >= 500))
        wrong.push(`${op.key}: ${status}, expected no refusal`);
    }
    if (who !== "visitor") await signInAs(who);
    expect(wrong).toEqual([]);
  });
});

// ----- pages -------------------------------------------------------------------------------------------

interface PageModule {
  loader?: (args: never) => Promise<unknown>;
  action?: (args: never) => Promise<unknown>;
  middleware?: MiddlewareFunction<Response>[];
}

/** A page request as React Router runs it: root middleware, the route's own, then the loader or action. */
async function runPage(module: PageModule, who: Who, method: "GET" | "POST", path: string) {
  const context = new RouterContextProvider();
  context.set(requestContext, { requestId: "matrix", locale: "en", channel: "web", ip: "203.0.113.9" });
  const headers = new Headers();
  if (cookies[who]) headers.set("cookie", cookies[who]);
  const request = new Request(`http://shop.test${path}`, {
    method,
    headers,
    body: method === "POST" ? new URLSearchParams({ intent: "matrix" }) : undefined,
  });
  const chain = [...globalMiddleware, ...(module.middleware ?? [])];
  const params = {
    id: "999999",
    number: "999999999",
    slug: "none",
    product: "none",
    paymentId: "none",
    handle: "none",
  };
  const call = async (index: number): Promise<Response> => {
    const middleware = chain[index];
    if (!middleware) {
      const handler = method === "POST" ? module.action : module.loader;
      const result = handler ? await handler({ request, params, context } as never) : null;
      if (result instanceof Response) return result;
      return new Response(null, { status: (result as { init?: { status?: number } })?.init?.status ?? 200 });
    }
    const result = await middleware(
      { request, params, context, unstable_pattern: "", url: new URL(request.url) } as never,
      () => call(index + 1),
    );
    return result instanceof Response ? result : call(index + 1);
  };
  try {
    const response = await call(0);
    return { status: response.status, location: response.headers.get("location") ?? "" };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("location") ?? "" };
    const status = (thrown as { init?: { status?: number } }).init?.status;
    if (status) return { status, location: "" };
    // A loader that fails on a made-up id past its guard is not what this matrix tests.
    return { status: 200, location: "", error: thrown };
  }
}

const page = (id: PageId): PageDefinition => pages[id];

const loadRoute = (file: string) =>
  import(/* @vite-ignore */ path.resolve(import.meta.dirname, "..", file)) as Promise<PageModule>;

describe("every page of the page table", () => {
  it("has an access rule that matches the table's route middleware", () => {
    expect(Object.keys(pageRules).sort()).toEqual([...pageIds].sort());
    for (const id of pageIds) {
      const middleware: readonly string[] = page(id).middleware ?? [];
      const implied: PageRule = middleware.includes("authenticated")
        ? "signed-in"
        : middleware.includes("customer-account-redirect")
          ? "signed-out"
          : "anyone";
      expect(implied, id).toBe(pageRules[id]);
    }
  });

  it("runs the table's route middleware in every page module that has some", async () => {
    for (const id of pageIds) {
      const file = page(id).file;
      if (!file || !page(id).middleware?.length) continue;
      const module = await loadRoute(file);
      expect(module.middleware, id).toEqual(pageMiddleware(id));
    }
  });

  it("sends visitors to the login page from every signed-in page, for its loader and its action", async () => {
    for (const id of pageIds) {
      const file = page(id).file;
      if (!file || pageRules[id] !== "signed-in") continue;
      const module = await loadRoute(file);
      for (const method of module.action ? (["GET", "POST"] as const) : (["GET"] as const)) {
        const outcome = await runPage(module, "visitor", method, "/en/account/");
        expect(outcome.status, `${id} ${method}`).toBe(302);
        expect(outcome.location, `${id} ${method}`).toMatch(/^\/en\/login\/\?redirect=/);
      }
    }
  });

  it("sends signed-in customers from the signed-out pages to their account", async () => {
    for (const id of pageIds) {
      const file = page(id).file;
      if (!file || pageRules[id] !== "signed-out") continue;
      const outcome = await runPage(await loadRoute(file), "customer", "GET", "/en/login/");
      expect(outcome.status, id).toBe(302);
      expect(outcome.location, id).toMatch(/^\/en\/[a-z/-]*account\/$/);
    }
  });
});

describe("every back-office route of routes.ts", () => {
  const backOfficeFiles = (): string[] => {
    const files: string[] = [];
    const walk = (entries: readonly { file: string; children?: unknown }[]) => {
      for (const entry of entries) {
        if (entry.file.startsWith("routes/admin/")) files.push(entry.file);
        if (Array.isArray(entry.children)) walk(entry.children as never);
      }
    };
    walk(routes as never);
    return files;
  };

  it("has an access rule, and every rule a route", () => {
    expect([...new Set(backOfficeFiles())].sort()).toEqual(Object.keys(backOfficeRules).sort());
  });

  it.each(everyone)("answers %s on every loader and action as its permission says", async (who) => {
    const wrong: string[] = [];
    for (const [file, rule] of Object.entries(backOfficeRules)) {
      if (rule === "anyone") continue;
      const module = await loadRoute(file);
      for (const method of ["GET", "POST"] as const) {
        if ((method === "GET" ? module.loader : module.action) === undefined) continue;
        const { status } = await runPage({ ...module, middleware: [] }, who, method, "/admin/");
        const expected =
          who === "visitor"
            ? 302
            : who === "customer"
              ? 404
              : rule === "any-staff" || rolePermissions[who].includes(rule)
                ? "allowed"
                : 403;
        const ok = expected === "allowed" ? ![302, 401, 403].includes(status) : status === expected;
        if (!ok) wrong.push(`${file} ${method}: ${status}, expected ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
