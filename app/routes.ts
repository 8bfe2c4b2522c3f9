import { index, layout, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { type Layout, type PageDefinition, type PageId, pageIds, pages, pathPattern } from "./routing/pages";
import { routeId } from "./routing/route-ids";

const locales = ["en", "nl", "fr", "es"] as const;

/**
 * Every page of the page table that has a route module, once per locale (`/nl/zoeken/`) and once more
 * unprefixed for the default locale (`/search/`), which the Hono layer redirects away from or serves,
 * depending on I18N_STRATEGY.
 */
function pageRoutes(layoutName: Layout): RouteConfigEntry[] {
  const entries: RouteConfigEntry[] = [];
  for (const id of pageIds) {
    const page: PageDefinition = pages[id as PageId];
    if (page.layout !== layoutName || !page.file) continue;
    for (const locale of locales) {
      const path = pathPattern(id, locale);
      entries.push(
        route(`${locale}/${path ? `${path}/` : ""}`, page.file, { id: routeId(id, locale, true) }),
      );
      if (locale === "en")
        entries.push(route(path ? `${path}/` : "/", page.file, { id: routeId(id, locale, false) }));
    }
  }
  return entries;
}

const layouts: [Layout, RouteConfigEntry[]][] = [
  [
    "default",
    [...pageRoutes("default"), route("*", "routes/system/not-found.tsx", { id: "not-found.splat" })],
  ],
  ["checkout", pageRoutes("checkout")],
  ["app", pageRoutes("app")],
  ["empty", pageRoutes("empty")],
];

/** The back office (`/admin/…`): English only, staff only, outside the shop's layouts and locales. */
const admin = (path: string, file: string) => route(path, `routes/admin/${file}.tsx`);
const backOffice: RouteConfigEntry[] = [
  admin("admin/logout", "logout"),
  route("admin", "routes/admin/layout.tsx", { id: "admin" }, [
    index("routes/admin/dashboard.tsx"),
    admin("orders", "orders"),
    admin("orders/:number", "order"),
    admin("returns", "returns"),
    admin("returns/:number", "return"),
    admin("marketplace", "marketplace"),
    admin("marketplace/transactions", "marketplace-transactions"),
    admin("marketplace/transactions/:id", "marketplace-transaction"),
    admin("marketplace/transactions/:id/photos/:photo", "marketplace-dispute-photo"),
    admin("marketplace/disputes", "marketplace-disputes"),
    admin("products", "products"),
    admin("products/new", "product-new"),
    admin("products/:id", "product"),
    admin("categories", "categories"),
    admin("categories/:id", "category"),
    admin("synonyms", "synonyms"),
    admin("size-charts", "size-charts"),
    admin("customers", "customers"),
    admin("customers/:id", "customer"),
    admin("gift-cards", "gift-cards"),
    admin("gift-cards/:id", "gift-card"),
    admin("gift-cards/print/:purchase", "gift-card-print"),
    admin("staff", "staff"),
    admin("settings", "settings"),
    admin("notices", "notices"),
    admin("content", "content"),
    admin("content/:id", "content-entry"),
    admin("tickets", "tickets"),
    admin("tickets/:id", "ticket"),
    admin("tickets/:id/photos/:photo", "ticket-photo"),
    admin("promotions", "promotions"),
    admin("promotions/:id", "promotion"),
    admin("newsletter", "newsletter"),
    admin("feedback", "feedback"),
    admin("quiz", "quiz"),
    admin("newsletter/export", "newsletter-export"),
    admin("marketplace/payouts", "marketplace-payouts"),
    admin("marketplace/payouts/:id", "marketplace-payout-batch"),
    admin("marketplace/payouts/:id/file", "marketplace-payout-file"),
    admin("marketplace/dac7", "marketplace-dac7"),
    admin("marketplace/dac7/export", "marketplace-dac7-export"),
    admin("outbox", "outbox"),
    admin("outbox/:id", "outbox-message"),
    admin("audit", "audit"),
    admin("*", "not-found"),
  ]),
];

export default [
  ...layouts
    .filter(([, children]) => children.length > 0)
    .map(([name, children]) => layout(`routes/layouts/${name}.tsx`, children)),
  ...backOffice,
  // The sandbox PSP's hosted page: not a shop page, so outside the locale layer and the shop's layouts.
  route("sandbox-pay/:paymentId/", "routes/sandbox/sandbox-pay.tsx", { id: "sandbox-pay" }),
  // The sandbox carrier's tracking page (marketplace parcels), outside the shop like the sandbox PSP's.
  route("sandbox-carrier/:code/", "routes/sandbox/sandbox-carrier.tsx", { id: "sandbox-carrier" }),
] satisfies RouteConfig;
