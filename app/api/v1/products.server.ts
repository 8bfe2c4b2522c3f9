import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { productPage } from "../../domains/catalog/catalog.server";
import { orderState } from "../../domains/catalog/product-rules";
import { subscribeStockAlert } from "../../domains/stock-alerts/stock-alerts.server";
import { StockAlertSchema } from "../../domains/stock-alerts/validation";
import { translateMessage } from "../../platform/forms/messages";
import { parseShopForm } from "../../platform/forms/submission";
import { httpErrors } from "../../platform/http/api-error";
import type { AppEnv } from "../../platform/http/middleware.server";
import { locales } from "../../platform/i18n/locales";
import { translator } from "../../platform/i18n/resources.server";
import { accepted } from "../errors.server";
import { errorResponse, ImageSetSchema, LocaleQuery, ProductCardSchema } from "./schemas";

const ProductSchema = z
  .object({
    id: z.number().int(),
    styleCode: z.string(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    fabric: z.string().nullable(),
    washingAdvice: z.string().nullable(),
    modelInfo: z.string().nullable().openapi({ example: "Model is 175 cm and wears size S" }),
    brand: z.string(),
    colour: z.string(),
    colourHex: z.string(),
    priceCents: z.number().int(),
    originalPriceCents: z.number().int().nullable(),
    lowestPrice30dCents: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "EU Omnibus: lowest price of the 30 days before the current price" }),
    currency: z.string(),
    attributes: z.record(z.string(), z.string()),
    lookId: z.string().nullable(),
    appOnly: z.boolean(),
    onlineFrom: z.string().nullable().openapi({ description: "ISO timestamp; coming soon before it" }),
    availableSoonReason: z.string().nullable(),
    availableSoonDate: z.string().nullable(),
    totalStock: z.number().int(),
    orderState: z.enum(["orderable", "coming-soon", "app-only", "available-soon", "sold-out"]),
    images: z.array(z.object({ id: z.number().int(), set: ImageSetSchema })),
    variants: z.array(
      z.object({ id: z.number().int(), size: z.string(), sku: z.string(), stock: z.number().int() }),
    ),
    slugs: z.record(z.enum(locales), z.string()),
    categorySlugs: z.array(z.string()),
    sizeChart: z
      .object({
        profile: z.enum(["women", "men"]),
        family: z.string(),
        sizes: z
          .array(
            z.object({ size: z.string(), ranges: z.record(z.string(), z.tuple([z.number(), z.number()])) }),
          )
          .optional()
          .openapi({ description: "The chart's ranges in cm when operators changed the built-in chart" }),
      })
      .nullable(),
    fewLeftThreshold: z.number().int().openapi({ description: "“Only n left” from this many units down" }),
    look: z.array(ProductCardSchema),
  })
  .openapi("Product");

const getProduct = createRoute({
  method: "get",
  path: "/v1/products/{slug}",
  summary: "A product with everything its page shows",
  description:
    "Translations, prices (with the EU Omnibus lowest price), images, sizes with stock, the look and the slugs in every locale. The slug is the one of the requested locale.",
  request: {
    params: z.object({ slug: z.string().min(1).max(200) }),
    query: z.object({ locale: LocaleQuery }),
  },
  responses: {
    200: { description: "The product", content: { "application/json": { schema: ProductSchema } } },
    404: errorResponse("No such product in this locale"),
  },
});

const StockAlertRequest = z
  .object({
    variantId: z.number().int().positive(),
    email: z.string().optional(),
    phone: z
      .string()
      .optional()
      .openapi({ description: "Read as a NL, BE, FR or ES number; stored as E.164" }),
    locale: z.enum(locales),
  })
  .openapi("StockAlertRequest");

const createStockAlert = createRoute({
  method: "post",
  path: "/v1/stock-alerts",
  summary: "Sign up for a back-in-stock message for a sold-out size",
  description:
    "E-mail and/or phone (at least one). Idempotent per contact and size: signing up twice changes nothing. A confirmation e-mail goes out in `locale`; one message follows when the size is back.",
  request: { body: { content: { "application/json": { schema: StockAlertRequest } }, required: true } },
  responses: {
    201: {
      description: "Signed up (created false: the same contact was already signed up)",
      content: { "application/json": { schema: z.object({ created: z.boolean() }).openapi("StockAlert") } },
    },
    400: errorResponse("Invalid input, with a message per field in `details.fields`"),
    409: errorResponse("Stock alert failure: the size is unknown or in stock"),
  },
});

export function registerProductRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(getProduct, async (c) => {
    const { slug } = c.req.valid("param");
    const { locale } = c.req.valid("query");
    const product = await productPage(locale, slug);
    if (!product) throw httpErrors.notFound();
    c.header("cache-control", "public, max-age=60");
    const body = { ...product, orderState: orderState(product, "app", new Date()) };
    return c.json(body as z.infer<typeof ProductSchema>, 200);
  });

  api.openapi(createStockAlert, async (c) => {
    const { locale, ...input } = c.req.valid("json");
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(input)) if (value !== undefined) form.set(name, String(value));
    // The form's own schema, so the app gets exactly the page's rules and messages.
    const parsed = parseShopForm(form, StockAlertSchema);
    if (parsed.status !== "success") {
      const translate = translator(locale);
      const fields: Record<string, string[]> = {};
      for (const [name, messages] of Object.entries(parsed.error ?? {})) {
        if (!messages?.length) continue;
        fields[name] = messages.map((m) =>
          m.startsWith("product:") ? translate(m, {}) : translateMessage(translate, m),
        );
      }
      throw httpErrors.badRequest({ target: "json", fields });
    }
    const outcome = accepted(c, await subscribeStockAlert(parsed.value, locale), locale);
    return c.json({ created: outcome.created }, 201);
  });
}
