import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import { accepted } from "../../../tests/support/refusals";
import { createApi } from "../../api/index.server";
import { addToCart } from "../../domains/cart/cart.server";
import { products, productVariants } from "../../domains/catalog/tables.server";
import { placeOrder } from "../../domains/checkout/checkout.server";
import { createAccount } from "../../domains/customers/customers.server";
import { orderByNumber } from "../../domains/orders/orders.server";
import { decideSandboxCheckout, paymentById, syncPayment } from "../../domains/payments/payments.server";
import {
  addProduct,
  changeProductAvailability,
  changeProductVariants,
  type Permission,
  rolePermissions,
} from "../../domains/staff/staff.server";
import { auth, type Role, type StaffRole } from "../../platform/auth/auth.server";
import { user } from "../../platform/auth/tables.server";
import type { Connection } from "../../platform/db/db.server";
import { newGuestToken } from "../../platform/http/guest-token.server";
import { isRefusal } from "../../platform/refusal";
import * as audit from "./audit";
import * as categories from "./categories";
import * as content from "./content";
import * as customer from "./customer";
import * as customers from "./customers";
import * as dashboard from "./dashboard";
import * as giftCardsPage from "./gift-cards";
import * as layout from "./layout";
import * as notices from "./notices";
import * as orderPage from "./order";
import * as ordersPage from "./orders";
import * as outbox from "./outbox";
import * as product from "./product";
import * as productsPage from "./products";
import * as settings from "./settings";
import * as sizeCharts from "./size-charts";
import * as staff from "./staff";
import * as synonyms from "./synonyms";
import * as tickets from "./tickets";

/**
 * The back office's permission matrix, checked on the server: every section's loader (and the commands
 * that matter) for a visitor, a customer and each staff role, and the same for the JSON API. Hidden links
 * are not what is tested; these calls go straight to the loaders and handlers.
 */

let connection: Connection;
const cookies: Partial<Record<Role | "visitor", string>> = { visitor: "" };
const ids: Partial<Record<Role, string>> = {};
let productId: number;
let orderNumber: string;
// Mounted where the server mounts it: the guards tell API requests by their `/api/` path.
const api = new Hono().route("/api", createApi());

const sections: [string, Permission, { loader: (args: never) => Promise<unknown> }][] = [
  ["dashboard", "dashboard", dashboard],
  ["orders", "orders", ordersPage],
  ["products", "catalogue", productsPage],
  ["categories", "catalogue", categories],
  ["synonyms", "catalogue", synonyms],
  ["size charts", "catalogue", sizeCharts],
  ["customers", "customers", customers],
  ["gift cards", "gift-cards", giftCardsPage],
  ["contact tickets", "service", tickets],
  ["staff", "staff", staff],
  ["settings", "settings", settings],
  ["site notices", "content", notices],
  ["content", "content", content],
  ["outbox", "outbox", outbox],
  ["audit log", "audit", audit],
];
const staffRoles: StaffRole[] = ["admin", "support", "merchandiser"];

function request(who: keyof typeof cookies, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (cookies[who]) headers.set("cookie", cookies[who] as string);
  return new Request(`http://localhost${path}`, { ...init, headers });
}

/** The status a loader or action answered with, thrown (redirect, 404, 403) or returned (200). */
async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    const result = await run();
    return result instanceof Response ? result.status : 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    const init = (thrown as { init?: ResponseInit | null }).init;
    if (init?.status) return init.status;
    throw thrown;
  }
}

const args = (req: Request, params: Record<string, string> = {}) =>
  ({ request: req, params, context: {} }) as never;

function priceForm(price: string) {
  const form = new FormData();
  form.set("intent", "price");
  form.set("price", price);
  return form;
}

beforeAll(async () => {
  connection = await freshDatabase();
  for (const role of [...staffRoles, "customer"] as Role[]) {
    const email = `${role}@matrix.test`;
    const password = `${role}-password-1`;
    const created = await createAccount({
      email,
      password,
      firstName: role,
      lastName: "Test",
      locale: "en",
      role,
    });
    ids[role] = created.id;
    const { headers } = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
    cookies[role] = headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }
  productId = accepted(
    await addProduct(
      { id: ids.admin as string, email: "admin@matrix.test", role: "admin" },
      {
        styleCode: "MTX001",
        brand: "Matrix",
        colour: "black",
        colourHex: "#000000",
        price: 20_00,
        names: { en: "Matrix tee", nl: "Matrix shirt", fr: "T-shirt Matrix", es: "Camiseta Matrix" },
      },
    ),
  );
  const admin = { id: ids.admin as string, email: "admin@matrix.test", role: "admin" as const };
  await changeProductVariants(admin, productId, [{ size: "M", sku: "MTX001-M", stock: 10 }]);
  await changeProductAvailability(admin, productId, { isActive: true, appOnly: false });
  orderNumber = await paidOrder();
});
afterAll(() => connection.close());

/** A guest's paid order (sandbox PSP), for the refund checks. */
async function paidOrder(): Promise<string> {
  const cart = { token: newGuestToken() };
  const [variant] = await connection.db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  expect(isRefusal(await addToCart(cart, { variantId: variant!.id, quantity: 1 }, "web"))).toBe(false);
  const placed = await placeOrder({
    idempotencyKey: crypto.randomUUID(),
    cart,
    locale: "en",
    channel: "web",
    customer: null,
    email: "buyer@matrix.test",
    country: "FR",
    delivery: { methodId: "fr-home" },
    address: {
      firstName: "Eva",
      lastName: "Smit",
      street: "Rue de Rivoli",
      houseNumber: "10",
      postalCode: "75001",
      city: "Paris",
      country: "FR",
    },
    paymentMethod: "card",
  });
  if (isRefusal(placed)) throw new Error(JSON.stringify(placed));
  const order = (await orderByNumber(placed.number))!;
  const payment = (await paymentById(order.paymentId!))!;
  await decideSandboxCheckout(payment.providerId!, "paid");
  await syncPayment(payment.id);
  return placed.number;
}

/** Whether the test customer is blocked now (what a block action did, whatever it answered). */
async function blocked() {
  const [row] = await connection.db
    .select({ blocked: user.blocked })
    .from(user)
    .where(eq(user.id, ids.customer as string));
  return row?.blocked;
}

describe("back-office pages", () => {
  it("send a visitor without a session to the login page, coming back afterwards", async () => {
    try {
      await layout.loader(args(request("visitor", "/admin/products/?q=x")));
      expect.unreachable();
    } catch (thrown) {
      expect((thrown as Response).status).toBe(302);
      expect((thrown as Response).headers.get("location")).toBe(
        "/en/login/?redirect=%2Fadmin%2Fproducts%2F%3Fq%3Dx",
      );
    }
    for (const [name, , route] of sections)
      expect(await statusOf(() => route.loader(args(request("visitor", "/admin/")))), name).toBe(302);
  });

  it("answer a signed-in customer with 404, on every section and the layout", async () => {
    expect(await statusOf(() => layout.loader(args(request("customer", "/admin/"))))).toBe(404);
    for (const [name, , route] of sections)
      expect(await statusOf(() => route.loader(args(request("customer", "/admin/")))), name).toBe(404);
  });

  it.each(staffRoles)("let %s reach exactly the sections of its role", async (role) => {
    for (const [name, permission, route] of sections) {
      const expected = rolePermissions[role].includes(permission) ? 200 : 403;
      expect(await statusOf(() => route.loader(args(request(role, "/admin/")))), `${role} → ${name}`).toBe(
        expected,
      );
    }
  });

  it("show the first page of a list for a page number that is none, instead of failing", async () => {
    const lists: [string, { loader: (args: never) => Promise<unknown> }][] = [
      ["orders", ordersPage],
      ["products", productsPage],
      ["customers", customers],
      ["outbox", outbox],
      ["audit", audit],
    ];
    for (const [name, route] of lists)
      for (const page of ["1e400", "-3", "0", "2.5", "abc", "99999999999"]) {
        const result = (await route.loader(args(request("admin", `/admin/${name}/?page=${page}`)))) as {
          page: number;
        };
        expect(result.page, `${name} ?page=${page}`).toBe(1);
      }
    const second = (await ordersPage.loader(args(request("admin", "/admin/orders/?page=2")))) as {
      page: number;
    };
    expect(second.page).toBe(2);
  });

  it("refuse a price change by support (403) and change nothing; a merchandiser changes it", async () => {
    const path = `/admin/products/${productId}/`;
    const params = { id: String(productId) };
    const post = (who: keyof typeof cookies) =>
      statusOf(() =>
        product.action(args(request(who, path, { method: "POST", body: priceForm("9.99") }), params)),
      );
    expect(await post("support")).toBe(403);
    expect(await post("customer")).toBe(404);
    expect(await post("visitor")).toBe(302);
    const [unchanged] = await connection.db.select().from(products).where(eq(products.id, productId));
    expect(unchanged?.priceCents).toBe(20_00);
    expect(await post("merchandiser")).toBe(200);
    const [changed] = await connection.db.select().from(products).where(eq(products.id, productId));
    expect(changed?.priceCents).toBe(9_99);
  });

  it("refuse a refund by a merchandiser (403) and refund nothing; support refunds", async () => {
    const path = `/admin/orders/${orderNumber}/`;
    const params = { number: orderNumber };
    const refund = (who: keyof typeof cookies) => {
      const form = new FormData();
      form.set("intent", "refund");
      form.set("amount", "1.00");
      form.set("reason", "Matrix test");
      form.set("idempotencyKey", crypto.randomUUID());
      return statusOf(() =>
        orderPage.action(args(request(who, path, { method: "POST", body: form }), params)),
      );
    };
    const refunded = async () => {
      const order = (await orderByNumber(orderNumber))!;
      return (await paymentById(order.paymentId!))!.refundedCents;
    };
    expect(await refund("merchandiser")).toBe(403);
    expect(await refund("customer")).toBe(404);
    expect(await refund("visitor")).toBe(302);
    expect(await refunded()).toBe(0);
    expect(await statusOf(() => orderPage.loader(args(request("merchandiser", path), params)))).toBe(403);
    expect(await refund("support")).toBe(200);
    expect(await refunded()).toBe(1_00);
  });

  it("refuse blocking a customer by a merchandiser; support blocks", async () => {
    const path = `/admin/customers/${ids.customer}/`;
    const params = { id: ids.customer as string };
    const block = (who: keyof typeof cookies) => {
      const form = new FormData();
      form.set("intent", "block");
      form.set("reason", "Matrix test");
      return statusOf(() =>
        customer.action(args(request(who, path, { method: "POST", body: form }), params)),
      );
    };
    expect(await block("merchandiser")).toBe(403);
    expect(await blocked()).toBe(false);
    // An action answers 200 with a refused form too: what counts is that the customer is blocked.
    expect(rolePermissions.support).toContain("customers");
    expect(await block("support")).toBe(200);
    expect(await blocked()).toBe(true);
  });
});

describe("back-office API", () => {
  const call = (who: keyof typeof cookies, path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookies[who]) headers.set("cookie", cookies[who] as string);
    return api.request(`/api${path}`, { ...init, headers });
  };
  const putPrice = (who: keyof typeof cookies, priceCents: number) =>
    call(who, `/v1/admin/products/${productId}/price`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ priceCents }),
    });

  it("answers a visitor 401 and a customer 404, in the Api error shape", async () => {
    const visitor = await call("visitor", "/v1/admin/products");
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toMatchObject({
      statusCode: 401,
      messageTranslationKey: "errors.signInRequired",
    });
    expect((await call("customer", "/v1/admin/products")).status).toBe(404);
    expect((await putPrice("customer", 1_00)).status).toBe(404);
  });

  it("checks the role per resource", async () => {
    const matrix: [string, Permission][] = [
      ["/v1/admin/products", "catalogue"],
      [`/v1/admin/products/${productId}`, "catalogue"],
      ["/v1/admin/customers", "customers"],
      ["/v1/admin/audit-log", "audit"],
    ];
    for (const role of staffRoles)
      for (const [path, permission] of matrix) {
        const response = await call(role, path);
        expect(response.status, `${role} ${path}`).toBe(
          rolePermissions[role].includes(permission) ? 200 : 403,
        );
        expect(response.headers.get("cache-control")).toBe("no-store");
      }
  });

  it("lets support not change prices, and a merchandiser change them", async () => {
    expect((await putPrice("support", 5_00)).status).toBe(403);
    const ok = await putPrice("merchandiser", 15_00);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ priceCents: 15_00, originalPriceCents: null });
    const refused = await call("merchandiser", `/v1/admin/products/${productId}/price`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ priceCents: 15_00, originalPriceCents: 10_00 }),
    });
    // A rule's refusal is a 400 with its message key (decision 0031).
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      messageTranslationKey: "admin:catalogue.originalPriceTooLow",
      details: { field: "originalPrice" },
    });
  });

  it("lets support refund through the API and a merchandiser not", async () => {
    const refund = (who: keyof typeof cookies) =>
      call(who, `/v1/admin/orders/${orderNumber}/refunds`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ amountCents: 50, reason: "API test", idempotencyKey: crypto.randomUUID() }),
      });
    expect((await refund("merchandiser")).status).toBe(403);
    expect((await refund("customer")).status).toBe(404);
    expect((await refund("visitor")).status).toBe(401);
    const ok = await refund("support");
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ amountCents: 50 });
    expect((await call("merchandiser", "/v1/admin/orders")).status).toBe(403);
    expect((await call("support", `/v1/admin/orders/${orderNumber}`)).status).toBe(200);
  });

  it("lets support block through the API and a merchandiser not", async () => {
    const block = (who: keyof typeof cookies) =>
      call(who, `/v1/admin/customers/${ids.customer}/block`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ reason: "API test" }),
      });
    await call("support", `/v1/admin/customers/${ids.customer}/block`, { method: "DELETE" });
    expect((await block("merchandiser")).status).toBe(403);
    expect(await blocked()).toBe(false);
    expect((await block("support")).status).toBe(204);
    expect(await blocked()).toBe(true);
    expect(
      (await call("support", `/v1/admin/customers/${ids.customer}/block`, { method: "DELETE" })).status,
    ).toBe(204);
    expect(await blocked()).toBe(false);
  });

  it("answers every admin route with cache-control: no-store, the order routes too", async () => {
    const paths = ["/v1/admin/orders", `/v1/admin/orders/${orderNumber}`, "/v1/admin/products"];
    for (const path of paths) {
      const response = await call("support", path);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
    }
    const refused = await call("merchandiser", "/v1/admin/orders");
    expect(refused.status).toBe(403);
    expect(refused.headers.get("cache-control")).toBe("no-store");
  });

  it("ships only with a carrier of the back office's list, as the form does", async () => {
    const number = await paidOrder();
    const ship = (carrier: string) =>
      call("support", `/v1/admin/orders/${number}/status`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ to: "complete", carrier, trackAndTrace: "jvgl0612345678" }),
      });
    const refused = await ship("My cousin's van");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ statusCode: 400 });
    expect((await orderByNumber(number))?.status).toBe("processing");
    const shipped = await ship("PostNL");
    expect(shipped.status).toBe(200);
    expect(await shipped.json()).toMatchObject({
      status: "complete",
      trackAndTrace: "JVGL0612345678",
      shipping: { carrier: "PostNL" },
    });
  });

  it("refuses a size or SKU listed twice, as the form does, and changes nothing", async () => {
    const put = (variants: unknown) =>
      call("merchandiser", `/v1/admin/products/${productId}/variants`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ variants }),
      });
    const before = await connection.db
      .select({ size: productVariants.size, sku: productVariants.sku })
      .from(productVariants)
      .where(eq(productVariants.productId, productId));
    const twiceSize = await put([
      { size: "M", sku: "MTX001-M", stock: 3 },
      { size: "m", sku: "MTX001-M2", stock: 1 },
    ]);
    expect(twiceSize.status).toBe(400);
    const twiceSku = await put([
      { size: "M", sku: "MTX001-M", stock: 3 },
      { size: "L", sku: "mtx001-m", stock: 1 },
    ]);
    expect(twiceSku.status).toBe(400);
    expect((await put([])).status).toBe(400);
    expect(
      await connection.db
        .select({ size: productVariants.size, sku: productVariants.sku })
        .from(productVariants)
        .where(eq(productVariants.productId, productId)),
    ).toEqual(before);
    const ok = await put([
      { size: "M", sku: "MTX001-M", stock: 10 },
      { size: "L", sku: "MTX001-L", stock: 4 },
    ]);
    expect(ok.status).toBe(200);
  });

  it("answers a refund sent again after a full refund with the same refund", async () => {
    const number = await paidOrder();
    const order = (await orderByNumber(number))!;
    const payment = (await paymentById(order.paymentId!))!;
    const body = { amountCents: payment.amountCents, reason: "Lost", idempotencyKey: crypto.randomUUID() };
    const refund = (input: typeof body) =>
      call("support", `/v1/admin/orders/${number}/refunds`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(input),
      });
    const first = await refund(body);
    expect(first.status).toBe(201);
    const again = await refund(body);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect((await paymentById(order.paymentId!))?.refundedCents).toBe(payment.amountCents);
    const more = await refund({ ...body, amountCents: 1, idempotencyKey: crypto.randomUUID() });
    expect(more.status).toBe(409);
  });

  it("answers a page number that is none with 400", async () => {
    for (const path of [
      "/v1/admin/orders",
      "/v1/admin/products",
      "/v1/admin/customers",
      "/v1/admin/audit-log",
    ]) {
      const response = await call("admin", `${path}?page=1e400`);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: 400 });
    }
  });

  it("still documents the admin bodies in the OpenAPI document", async () => {
    const doc = (await (await api.request("/api/v1/openapi.json")).json()) as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { properties?: Record<string, { enum?: string[] }> }> };
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/v1/admin/orders/{number}/status", "/v1/admin/products/{id}/variants"]),
    );
    // The bodies come from the back office's form schemas: the carrier is the form's list.
    expect(doc.components.schemas.StaffOrderStatus?.properties?.carrier?.enum).toEqual(
      expect.arrayContaining(["PostNL"]),
    );
    expect(doc.components.schemas.StaffVariants).toBeDefined();
  });
});
