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
    file: "routes/content/campaigns.tsx",
    indexable: true,
  },
  category: { path: "category/:slug?", layout: "default", file: "routes/shop/category.tsx" },
  content: { path: "content/:slug?", layout: "default", file: "routes/content/content-page.tsx" },
  contact: { path: "contact/:slug?", layout: "default", file: "routes/service/contact.tsx" },
  withdrawal: {
    path: { en: "withdrawal", nl: "herroepen", fr: "retractation", es: "desistimiento" },
    layout: "default",
    file: "routes/service/withdrawal.tsx",
  },
  "customer-service": {
    path: {
      en: "customer-service",
      nl: "klantenservice",
      fr: "service-clientele",
      es: "servicio-de-cliente",
    },
    layout: "default",
    file: "routes/service/customer-service.tsx",
    indexable: true,
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
    file: "routes/service/deliveries.tsx",
    indexable: true,
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
  "chat-app": { path: "chat-app", layout: "default", file: "routes/service/chat-app.tsx", indexable: true },
  checkout: { path: "checkout", layout: "checkout", file: "routes/checkout/checkout.tsx" },
  demo: { path: "demo", layout: "default", file: "routes/system/demo.tsx" },
  giftcard: { path: "giftcard", layout: "default", file: "routes/shop/giftcard.tsx", indexable: true },
  login: {
    path: "login",
    layout: "default",
    file: "routes/customer/login.tsx",
    middleware: ["customer-account-redirect"],
  },
  offline: { path: "offline", layout: "empty", file: "routes/system/offline.tsx" },
  "refer-a-friend": {
    path: "refer-a-friend",
    layout: "default",
    file: "routes/marketing/refer-a-friend.tsx",
  },
  "early-access": {
    path: { en: "early-access", nl: "vroege-toegang", fr: "acces-anticipe", es: "acceso-anticipado" },
    layout: "default",
    file: "routes/marketing/early-access.tsx",
  },
  feedback: {
    path: { en: "feedback", nl: "feedback", fr: "avis", es: "opinion" },
    layout: "default",
    file: "routes/marketing/feedback.tsx",
  },
  newsletter: {
    path: { en: "newsletter", nl: "nieuwsbrief", fr: "newsletter", es: "boletin" },
    layout: "default",
    file: "routes/marketing/newsletter.tsx",
  },
  register: {
    path: "register",
    layout: "default",
    file: "routes/customer/register.tsx",
    middleware: ["customer-account-redirect"],
  },
  "saldo-checker": { path: "saldo-checker", layout: "default", file: "routes/shop/saldo-checker.tsx" },
  "studenten-korting": {
    path: "studenten-korting",
    layout: "default",
    file: "routes/marketing/student-discount.tsx",
  },
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
  "order-return": {
    path: "customer/orders/:number/return",
    layout: "default",
    file: "routes/customer/order-return.tsx",
    middleware: account,
  },
  "customer-returns": {
    path: "customer/returns",
    layout: "default",
    file: "routes/customer/returns.tsx",
    middleware: account,
  },
  "my-marketplace": {
    path: "customer/marketplace",
    layout: "default",
    file: "routes/customer/marketplace.tsx",
    middleware: account,
  },
  "my-marketplace-conversation": {
    path: "customer/marketplace/conversations/:id",
    layout: "default",
    file: "routes/customer/marketplace-conversation.tsx",
    middleware: account,
  },
  "my-marketplace-transaction": {
    path: "customer/marketplace/transactions/:id",
    layout: "default",
    file: "routes/customer/marketplace-transaction.tsx",
    middleware: account,
  },
  "my-marketplace-purchases": {
    path: "customer/marketplace/purchases",
    layout: "default",
    file: "routes/customer/marketplace-purchases.tsx",
    middleware: account,
  },
  "my-marketplace-earnings": {
    path: "customer/marketplace/earnings",
    layout: "default",
    file: "routes/customer/marketplace-earnings.tsx",
    middleware: account,
  },
  "app-quiz": { path: "app/bf-24-quiz", layout: "app", file: "routes/app/quiz.tsx" },
  "app-credit-card": { path: "app/credit-card", layout: "app", file: "routes/app/credit-card.tsx" },
  "app-returns": { path: "app/returns", layout: "app", file: "routes/app/returns.tsx" },
  "app-campaigns": {
    path: {
      en: "app/campaigns/:slug?",
      nl: "app/campagnes/:slug?",
      fr: "app/campagnes/:slug?",
      es: "app/campanas/:slug?",
    },
    layout: "app",
    file: "routes/app/campaigns.tsx",
  },
  "app-contact": { path: "app/contact/:slug?", layout: "app", file: "routes/app/contact.tsx" },
  "app-content": { path: "app/content/:slug?", layout: "app", file: "routes/app/content.tsx" },
  marketplace: { path: marketplace, layout: "default", file: "routes/marketplace/home.tsx", indexable: true },
  "marketplace-browse": {
    path: {
      en: "marketplace/browse/:category?",
      nl: "tweedehands/bladeren/:category?",
      fr: "seconde-main/parcourir/:category?",
      es: "segunda-mano/explorar/:category?",
    },
    layout: "default",
    file: "routes/marketplace/browse.tsx",
  },
  "marketplace-item": {
    path: under(marketplace, "item/:id"),
    layout: "default",
    file: "routes/marketplace/item.tsx",
  },
  "marketplace-store": {
    path: under(marketplace, "store/:handle"),
    layout: "default",
    file: "routes/marketplace/store.tsx",
  },
  "marketplace-buy": {
    path: under(marketplace, "buy"),
    layout: "default",
    file: "routes/marketplace/buy.tsx",
    middleware: account,
  },
  "marketplace-report": {
    path: {
      en: "marketplace/report",
      nl: "tweedehands/melden",
      fr: "seconde-main/signaler",
      es: "segunda-mano/denunciar",
    },
    layout: "default",
    file: "routes/marketplace/report.tsx",
  },
  "marketplace-sell": {
    path: under(marketplace, "sell"),
    layout: "default",
    file: "routes/marketplace/sell.tsx",
    middleware: account,
  },
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
