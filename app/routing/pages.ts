import type { Locale } from "../platform/i18n/locales";

export type Layout = "default" | "checkout" | "app" | "empty";
export type RouteMiddlewareName = "authenticated" | "customer-account-redirect" | "user-owns-address";

/** A path after the locale prefix, without slashes; `:param` and optional `:param?` segments. */
type Localized = string | ({ en: string } & Partial<Record<Locale, string>>);

export interface PageDefinition {
  path: Localized;
  layout: Layout;
  /** The route module; a page without one is in the table (links, reserved slugs) but not served yet. */
  file?: string;
  middleware?: readonly RouteMiddlewareName[];
  /** Listed in the sitemap and indexable (public pages without parameters). */
  indexable?: boolean;
}

const marketplace = { en: "marketplace", nl: "tweedehands", fr: "seconde-main", es: "segunda-mano" } as const;
const under = (base: Record<Locale, string>, rest: string) =>
  Object.fromEntries(Object.entries(base).map(([locale, segment]) => [locale, `${segment}/${rest}`])) as {
    en: string;
  } & Record<Locale, string>;
const account = ["authenticated"] as const;

/**
 * Every page of PRODUCT.md's page table: its path per locale, layout and route middleware. The one source
 * for routes.ts, links (`href`), the language switcher, canonical/hreflang links, sitemaps and robots.txt.
 */
export const pages = {
  home: { path: "", layout: "default", file: "routes/shop/home.tsx", indexable: true },
  search: {
    path: { en: "search", nl: "zoeken", fr: "chercher", es: "buscar" },
    layout: "default",
    file: "routes/shop/search.tsx",
  },
  campaigns: {
    path: { en: "campaigns/:slug?", nl: "campagnes/:slug?", fr: "campagnes/:slug?", es: "campanas/:slug?" },
    layout: "default",
  },
  category: { path: "category/:slug?", layout: "default", file: "routes/shop/category.tsx" },
  content: { path: "content/:slug?", layout: "default" },
  contact: { path: "contact/:slug?", layout: "default" },
  "customer-service": {
    path: {
      en: "customer-service",
      nl: "klantenservice",
      fr: "service-clientele",
      es: "servicio-de-cliente",
    },
    layout: "default",
  },
  "order-confirmation": {
    path: {
      en: "order-confirmation",
      nl: "orderbevestiging",
      fr: "confirmation-de-commande",
      es: "confirmacion-de-pedido",
    },
    layout: "checkout",
    file: "routes/checkout/order-confirmation.tsx",
  },
  returns: {
    path: { en: "returns", nl: "retouren", fr: "retours", es: "devoluciones" },
    layout: "default",
    file: "routes/service/returns.tsx",
  },
  deliveries: {
    path: { en: "deliveries", nl: "bezorgingen", fr: "livraisons", es: "entregas" },
    layout: "default",
  },
  maintenance: {
    path: { en: "maintenance", nl: "onderhoud", fr: "maintenance", es: "mantenimiento" },
    layout: "empty",
    file: "routes/system/maintenance.tsx",
  },
  "forgot-password": {
    path: {
      en: "forgot-password",
      nl: "wachtwoord-vergeten",
      fr: "forgot-password",
      es: "olvidaste-contrasena",
    },
    layout: "default",
    file: "routes/customer/forgot-password.tsx",
    middleware: ["customer-account-redirect"],
  },
  "not-found": { path: "404", layout: "default", file: "routes/system/not-found.tsx" },
  "chat-app": { path: "chat-app", layout: "default" },
  checkout: { path: "checkout", layout: "checkout", file: "routes/checkout/checkout.tsx" },
  demo: { path: "demo", layout: "default", file: "routes/system/demo.tsx" },
  giftcard: { path: "giftcard", layout: "default" },
  login: {
    path: "login",
    layout: "default",
    file: "routes/customer/login.tsx",
    middleware: ["customer-account-redirect"],
  },
  offline: { path: "offline", layout: "empty", file: "routes/system/offline.tsx" },
  "refer-a-friend": { path: "refer-a-friend", layout: "default" },
  register: {
    path: "register",
    layout: "default",
    file: "routes/customer/register.tsx",
    middleware: ["customer-account-redirect"],
  },
  "saldo-checker": { path: "saldo-checker", layout: "default" },
  "studenten-korting": { path: "studenten-korting", layout: "default" },
  wishlist: { path: "wishlist", layout: "default", file: "routes/shop/wishlist.tsx" },
  cart: {
    path: { en: "cart", nl: "winkelmand", fr: "panier", es: "cesta" },
    layout: "default",
    file: "routes/shop/cart.tsx",
  },
  "reset-password": { path: "reset-password", layout: "default", file: "routes/customer/reset-password.tsx" },
  account: {
    path: "customer/account",
    layout: "default",
    file: "routes/customer/account.tsx",
    middleware: account,
  },
  "account-edit": {
    path: "customer/account/edit",
    layout: "default",
    file: "routes/customer/account-edit.tsx",
    middleware: account,
  },
  "address-book": {
    path: "customer/address-book",
    layout: "default",
    file: "routes/customer/address-book.tsx",
    middleware: account,
  },
  "address-new": {
    path: "customer/address-book/new",
    layout: "default",
    file: "routes/customer/address-new.tsx",
    middleware: account,
  },
  "address-edit": {
    path: "customer/address-book/edit/:id",
    layout: "default",
    file: "routes/customer/address-edit.tsx",
    middleware: ["authenticated", "user-owns-address"],
  },
  orders: {
    path: "customer/orders",
    layout: "default",
    file: "routes/customer/orders.tsx",
    middleware: account,
  },
  order: {
    path: "customer/orders/:number",
    layout: "default",
    file: "routes/customer/order.tsx",
    middleware: account,
  },
  wallet: {
    path: "customer/wallet",
    layout: "default",
    file: "routes/customer/wallet.tsx",
    middleware: account,
  },
  "customer-returns": { path: "customer/returns", layout: "default", middleware: account },
  "my-marketplace": { path: "customer/marketplace", layout: "default", middleware: account },
  "my-marketplace-transaction": {
    path: "customer/marketplace/transactions/:id",
    layout: "default",
    middleware: account,
  },
  "app-quiz": { path: "app/bf-24-quiz", layout: "app" },
  "app-credit-card": { path: "app/credit-card", layout: "app" },
  "app-returns": { path: "app/returns", layout: "app" },
  "app-campaigns": {
    path: {
      en: "app/campaigns/:slug?",
      nl: "app/campagnes/:slug?",
      fr: "app/campagnes/:slug?",
      es: "app/campanas/:slug?",
    },
    layout: "app",
  },
  "app-contact": { path: "app/contact/:slug?", layout: "app" },
  "app-content": { path: "app/content/:slug?", layout: "app" },
  marketplace: { path: marketplace, layout: "default" },
  "marketplace-item": { path: under(marketplace, "item/:id"), layout: "default" },
  "marketplace-store": { path: under(marketplace, "store/:handle"), layout: "default" },
  "marketplace-sell": { path: under(marketplace, "sell"), layout: "default", middleware: account },
  /** The catch-all product page: always last. */
  product: { path: ":product", layout: "default", file: "routes/shop/product.tsx" },
} as const satisfies Record<string, PageDefinition>;

export type PageId = keyof typeof pages;
export const pageIds = Object.keys(pages) as PageId[];

export function pageDefinition(id: PageId): PageDefinition {
  return pages[id];
}

/** Whether the page has a route module yet (links to it may be prefetched). */
export function isServed(id: PageId): boolean {
  return Boolean(pageDefinition(id).file);
}

/** The page's path pattern in a locale, e.g. `zoeken` or `customer/orders/:number`. */
export function pathPattern(id: PageId, locale: Locale): string {
  const path: Localized = pages[id].path;
  return typeof path === "string" ? path : (path[locale] ?? path.en);
}

/** First path segments no product or category slug may take (the back office refuses them). */
export function reservedSegments(): Set<string> {
  const segments = new Set<string>([
    "api",
    "admin",
    "assets",
    "media",
    "webhooks",
    "sandbox-pay",
    "en",
    "nl",
    "fr",
    "es",
  ]);
  for (const id of pageIds) {
    for (const locale of ["en", "nl", "fr", "es"] as const) {
      const first = pathPattern(id, locale).split("/")[0];
      if (first && !first.startsWith(":")) segments.add(first);
    }
  }
  return segments;
}
