// The back office's JSON API (`/api/v1/admin/…`): the same staff commands as the /admin pages, with the
// same permission table. No session: 401; a customer: 404 (the API does not confirm it exists to them);
// staff without the permission: 403.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { findProducts, productForStaff } from "../../domains/catalog/catalog.server";
import { findCustomers } from "../../domains/customers/customers.server";
import { ORDER_NUMBER } from "../../domains/orders/numbers";
import { findOrders, orderByNumber, orderStatuses } from "../../domains/orders/orders.server";
import {
  actorOf,
  auditLog,
  blockCustomer,
  can,
  changeOrderStatus,
  changeProductPrice,
  changeProductVariants,
  type Permission,
  refundOrder,
  type StaffActor,
  type StaffMember,
  unblockCustomer,
} from "../../domains/staff/staff.server";
import {
  blockReason,
  OrderNoteSchema,
  pageNumber,
  RefundOrderSchema,
  ShipOrderSchema,
  VariantListSchema,
} from "../../domains/staff/validation";
import { requireStaff } from "../../platform/auth/guards.server";
import { checkSession, isStaff } from "../../platform/auth/session.server";
import { ApiError, httpErrors } from "../../platform/http/api-error";
import type { AppEnv } from "../../platform/http/middleware.server";
import { isRefusal } from "../../platform/refusal";
import { accepted, apiRefusal } from "../errors.server";
import { errorResponse } from "./schemas";

/** The staff member behind an API request, if their role has `permission`; otherwise the matching error. */
export async function requireStaffApi(c: Context<AppEnv>, permission: Permission): Promise<StaffActor> {
  const { visitor } = await checkSession(c.req.raw);
  // Customers learn nothing about the back office; visitors get requireStaff's 401.
  if (visitor && !isStaff(visitor)) throw httpErrors.notFound();
  const staff = (await requireStaff(c.req.raw)) as StaffMember;
  if (!can(staff.role, permission))
    throw new ApiError(403, "errors.forbidden", `The role ${staff.role} has no access to ${permission}.`);
  return actorOf(staff);
}

const tags = ["Back office"];
const guarded = {
  401: errorResponse("Not signed in"),
  403: errorResponse("The staff role has no access to this"),
  404: errorResponse("Not found (also for customers)"),
};
const Page = pageNumber.optional();
const ProductId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const CustomerId = z.object({ id: z.uuid() });

const StaffProductRowSchema = z
  .object({
    id: z.number().int(),
    styleCode: z.string(),
    name: z.string(),
    brand: z.string(),
    colour: z.string(),
    priceCents: z.number().int(),
    originalPriceCents: z.number().int().nullable(),
    stock: z.number().int(),
    isActive: z.boolean(),
  })
  .openapi("StaffProductRow");

const PriceSchema = z
  .object({
    priceCents: z.number().int().min(1).max(100_000_000),
    originalPriceCents: z.number().int().min(1).max(100_000_000).nullable().default(null),
  })
  .openapi("StaffPrice");

// The bodies take their rules from the back office's form schemas (staff/validation.ts): a rule holds on
// both paths, whether staff use the /admin pages or the API.
const VariantsSchema = z.object(VariantListSchema.shape).openapi("StaffVariants");

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

const routes = {
  products: createRoute({
    method: "get",
    path: "/v1/admin/products",
    tags,
    summary: "Products by name, brand, style code or SKU (catalogue)",
    request: { query: z.object({ q: z.string().max(100).optional(), page: Page }) },
    responses: {
      200: json(
        z.object({
          products: z.array(StaffProductRowSchema),
          total: z.number().int(),
          page: z.number().int(),
        }),
        "A page of products",
      ),
      ...guarded,
    },
  }),
  product: createRoute({
    method: "get",
    path: "/v1/admin/products/{id}",
    tags,
    summary: "A product with every translation, size, photo and its price history (catalogue)",
    request: { params: ProductId },
    responses: { 200: json(z.record(z.string(), z.unknown()), "The product"), ...guarded },
  }),
  price: createRoute({
    method: "put",
    path: "/v1/admin/products/{id}/price",
    tags,
    summary: "Set the price and original price (catalogue); a new price joins the price history",
    request: {
      params: ProductId,
      body: { required: true, content: { "application/json": { schema: PriceSchema } } },
    },
    responses: {
      200: json(PriceSchema, "Saved"),
      400: errorResponse(
        "Invalid input, or an original price not above the price (`admin:catalogue.originalPriceTooLow`)",
      ),
      ...guarded,
    },
  }),
  variants: createRoute({
    method: "put",
    path: "/v1/admin/products/{id}/variants",
    tags,
    summary: "Set the sizes and stock of a product (catalogue); sizes left out are removed",
    request: {
      params: ProductId,
      body: { required: true, content: { "application/json": { schema: VariantsSchema } } },
    },
    responses: {
      200: json(VariantsSchema, "Saved"),
      400: errorResponse("Invalid input"),
      409: errorResponse("A SKU another product uses, or a size that changed meanwhile"),
      ...guarded,
    },
  }),
  customers: createRoute({
    method: "get",
    path: "/v1/admin/customers",
    tags,
    summary: "Customers by e-mail, name or phone (customers)",
    request: { query: z.object({ q: z.string().max(100).optional(), page: Page }) },
    responses: { 200: json(z.record(z.string(), z.unknown()), "A page of customers"), ...guarded },
  }),
  block: createRoute({
    method: "put",
    path: "/v1/admin/customers/{id}/block",
    tags,
    summary: "Block a customer from ordering, with the reason (customers)",
    request: {
      params: CustomerId,
      body: {
        required: true,
        content: { "application/json": { schema: z.object({ reason: blockReason }) } },
      },
    },
    responses: { 204: { description: "Blocked" }, ...guarded },
  }),
  unblock: createRoute({
    method: "delete",
    path: "/v1/admin/customers/{id}/block",
    tags,
    summary: "Lift a customer's block (customers)",
    request: { params: CustomerId },
    responses: { 204: { description: "Unblocked" }, ...guarded },
  }),
  audit: createRoute({
    method: "get",
    path: "/v1/admin/audit-log",
    tags,
    summary: "The audit log of staff actions, newest first (audit)",
    request: {
      query: z.object({
        q: z.string().max(200).optional(),
        targetType: z.string().max(40).optional(),
        targetId: z.string().max(100).optional(),
        page: Page,
      }),
    },
    responses: { 200: json(z.record(z.string(), z.unknown()), "A page of entries"), ...guarded },
  }),
};

const OrderNumber = z.object({ number: z.string().regex(ORDER_NUMBER) });

const orderRoutes = {
  list: createRoute({
    method: "get",
    path: "/v1/admin/orders",
    tags,
    summary: "Orders by number, e-mail, name or track & trace, and status (orders)",
    request: {
      query: z.object({
        q: z.string().max(100).optional(),
        status: z.enum(orderStatuses).optional(),
        page: Page,
      }),
    },
    responses: { 200: json(z.record(z.string(), z.unknown()), "A page of orders"), ...guarded },
  }),
  one: createRoute({
    method: "get",
    path: "/v1/admin/orders/{number}",
    tags,
    summary: "An order with its lines, totals, addresses and status history (orders)",
    request: { params: OrderNumber },
    responses: { 200: json(z.record(z.string(), z.unknown()), "The order"), ...guarded },
  }),
  status: createRoute({
    method: "post",
    path: "/v1/admin/orders/{number}/status",
    tags,
    summary:
      "Move an order along the transition table as staff: ship (carrier + track & trace), hold, release, close (orders)",
    description: "Canceling (with its refund) is `POST …/cancel`; the customer gets the matching e-mail.",
    request: {
      params: OrderNumber,
      body: {
        required: true,
        content: {
          "application/json": {
            schema: z
              .object({
                to: z.enum(["complete", "holded", "processing", "closed"]),
                // Without one, a shipment keeps the carrier the checkout chose.
                carrier: ShipOrderSchema.shape.carrier.optional(),
                trackAndTrace: ShipOrderSchema.shape.trackAndTrace.optional(),
                note: OrderNoteSchema.shape.note,
              })
              .openapi("StaffOrderStatus"),
          },
        },
      },
    },
    responses: {
      200: json(z.record(z.string(), z.unknown()), "The order after the change"),
      400: errorResponse("A missing track & trace code (`details.field`)"),
      409: errorResponse("Not allowed from this status"),
      ...guarded,
    },
  }),
  refund: createRoute({
    method: "post",
    path: "/v1/admin/orders/{number}/refunds",
    tags,
    summary: "Refund part or all of an order's payment (orders); the customer gets the refund e-mail",
    description: "Idempotent per `idempotencyKey`: the same key answers the same refund.",
    request: {
      params: OrderNumber,
      body: {
        required: true,
        content: {
          "application/json": {
            schema: z
              .object({
                amountCents: z.number().int().min(1).max(100_000_000),
                reason: RefundOrderSchema.shape.reason,
                idempotencyKey: RefundOrderSchema.shape.idempotencyKey,
              })
              .openapi("StaffRefund"),
          },
        },
      },
    },
    responses: {
      201: json(z.record(z.string(), z.unknown()), "The refund"),
      400: errorResponse("More than is left to refund (`details.field`: `amount`)"),
      402: errorResponse("The payment provider refused the refund; nothing was refunded"),
      409: errorResponse("Nothing left to refund"),
      503: errorResponse("The payment provider did not confirm the refund yet: send it again"),
      ...guarded,
    },
  }),
};

export function registerAdminRoutes(api: OpenAPIHono<AppEnv>) {
  // Staff data is never cached by anyone: registered before every admin route, or it misses them.
  api.use("/v1/admin/*", async (c, next) => {
    await next();
    c.header("cache-control", "no-store");
  });

  api.openapi(orderRoutes.list, async (c) => {
    await requireStaffApi(c, "orders");
    const { q, status, page } = c.req.valid("query");
    const list = await findOrders({ q, statuses: status ? [status] : undefined, page });
    return c.json(JSON.parse(JSON.stringify(list)) as Record<string, unknown>, 200);
  });

  api.openapi(orderRoutes.one, async (c) => {
    await requireStaffApi(c, "orders");
    const order = await orderByNumber(c.req.valid("param").number);
    if (!order) throw httpErrors.notFound();
    return c.json(JSON.parse(JSON.stringify(order)) as Record<string, unknown>, 200);
  });

  api.openapi(orderRoutes.status, async (c) => {
    const actor = await requireStaffApi(c, "orders");
    const { number } = c.req.valid("param");
    if (!(await orderByNumber(number))) throw httpErrors.notFound();
    const order = await changeOrderStatus(actor, number, c.req.valid("json"));
    if (isRefusal(order)) throw apiRefusal(order);
    return c.json(JSON.parse(JSON.stringify(order)) as Record<string, unknown>, 200);
  });

  api.openapi(orderRoutes.refund, async (c) => {
    const actor = await requireStaffApi(c, "orders");
    const { number } = c.req.valid("param");
    if (!(await orderByNumber(number))) throw httpErrors.notFound();
    const refund = await refundOrder(actor, number, c.req.valid("json"));
    if (isRefusal(refund)) throw apiRefusal(refund);
    return c.json(JSON.parse(JSON.stringify(refund)) as Record<string, unknown>, 201);
  });

  api.openapi(routes.products, async (c) => {
    await requireStaffApi(c, "catalogue");
    const { q, page } = c.req.valid("query");
    const list = await findProducts({ q, page });
    return c.json({ products: list.products, total: list.total, page: list.page }, 200);
  });

  api.openapi(routes.product, async (c) => {
    await requireStaffApi(c, "catalogue");
    const product = await productForStaff(c.req.valid("param").id);
    if (!product) throw httpErrors.notFound();
    return c.json(JSON.parse(JSON.stringify(product)) as Record<string, unknown>, 200);
  });

  api.openapi(routes.price, async (c) => {
    const actor = await requireStaffApi(c, "catalogue");
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    if (!(await productForStaff(id))) throw httpErrors.notFound();
    const saved = accepted(
      c,
      await changeProductPrice(actor, id, {
        price: body.priceCents,
        originalPrice: body.originalPriceCents ?? undefined,
      }),
      "en",
    );
    return c.json(saved, 200);
  });

  api.openapi(routes.variants, async (c) => {
    const actor = await requireStaffApi(c, "catalogue");
    const { id } = c.req.valid("param");
    if (!(await productForStaff(id))) throw httpErrors.notFound();
    const variants = accepted(c, await changeProductVariants(actor, id, c.req.valid("json").variants), "en");
    return c.json({ variants }, 200);
  });

  api.openapi(routes.customers, async (c) => {
    await requireStaffApi(c, "customers");
    const { q, page } = c.req.valid("query");
    return c.json(
      JSON.parse(JSON.stringify(await findCustomers({ q, page }))) as Record<string, unknown>,
      200,
    );
  });

  api.openapi(routes.block, async (c) => {
    const actor = await requireStaffApi(c, "customers");
    accepted(c, await blockCustomer(actor, c.req.valid("param").id, c.req.valid("json").reason), "en");
    return c.body(null, 204);
  });

  api.openapi(routes.unblock, async (c) => {
    const actor = await requireStaffApi(c, "customers");
    accepted(c, await unblockCustomer(actor, c.req.valid("param").id), "en");
    return c.body(null, 204);
  });

  api.openapi(routes.audit, async (c) => {
    await requireStaffApi(c, "audit");
    return c.json(
      JSON.parse(JSON.stringify(await auditLog(c.req.valid("query")))) as Record<string, unknown>,
      200,
    );
  });
}
