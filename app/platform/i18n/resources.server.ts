import type { Resource } from "i18next";
import enAccount from "../../locales/en/account.json";
import enAdmin from "../../locales/en/admin.json";
import enCart from "../../locales/en/cart.json";
import enCatalog from "../../locales/en/catalog.json";
import enCheckout from "../../locales/en/checkout.json";
import enCommon from "../../locales/en/common.json";
import enContent from "../../locales/en/content.json";
import enDemo from "../../locales/en/demo.json";
import enEmail from "../../locales/en/email.json";
import enForms from "../../locales/en/forms.json";
import enGiftcard from "../../locales/en/giftcard.json";
import enMarketing from "../../locales/en/marketing.json";
import enMarketplace from "../../locales/en/marketplace.json";
import enMyorders from "../../locales/en/myorders.json";
import enOrders from "../../locales/en/orders.json";
import enPayments from "../../locales/en/payments.json";
import enPayouts from "../../locales/en/payouts.json";
import enProduct from "../../locales/en/product.json";
import enRefunds from "../../locales/en/refunds.json";
import enReturns from "../../locales/en/returns.json";
import enSearch from "../../locales/en/search.json";
import enService from "../../locales/en/service.json";
import enTrade from "../../locales/en/trade.json";
import enUi from "../../locales/en/ui.json";
import enWishlist from "../../locales/en/wishlist.json";
import esAccount from "../../locales/es/account.json";
import esCart from "../../locales/es/cart.json";
import esCatalog from "../../locales/es/catalog.json";
import esCheckout from "../../locales/es/checkout.json";
import esCommon from "../../locales/es/common.json";
import esContent from "../../locales/es/content.json";
import esDemo from "../../locales/es/demo.json";
import esEmail from "../../locales/es/email.json";
import esForms from "../../locales/es/forms.json";
import esGiftcard from "../../locales/es/giftcard.json";
import esMarketing from "../../locales/es/marketing.json";
import esMarketplace from "../../locales/es/marketplace.json";
import esMyorders from "../../locales/es/myorders.json";
import esOrders from "../../locales/es/orders.json";
import esPayments from "../../locales/es/payments.json";
import esPayouts from "../../locales/es/payouts.json";
import esProduct from "../../locales/es/product.json";
import esRefunds from "../../locales/es/refunds.json";
import esReturns from "../../locales/es/returns.json";
import esSearch from "../../locales/es/search.json";
import esService from "../../locales/es/service.json";
import esTrade from "../../locales/es/trade.json";
import esUi from "../../locales/es/ui.json";
import esWishlist from "../../locales/es/wishlist.json";
import frAccount from "../../locales/fr/account.json";
import frCart from "../../locales/fr/cart.json";
import frCatalog from "../../locales/fr/catalog.json";
import frCheckout from "../../locales/fr/checkout.json";
import frCommon from "../../locales/fr/common.json";
import frContent from "../../locales/fr/content.json";
import frDemo from "../../locales/fr/demo.json";
import frEmail from "../../locales/fr/email.json";
import frForms from "../../locales/fr/forms.json";
import frGiftcard from "../../locales/fr/giftcard.json";
import frMarketing from "../../locales/fr/marketing.json";
import frMarketplace from "../../locales/fr/marketplace.json";
import frMyorders from "../../locales/fr/myorders.json";
import frOrders from "../../locales/fr/orders.json";
import frPayments from "../../locales/fr/payments.json";
import frPayouts from "../../locales/fr/payouts.json";
import frProduct from "../../locales/fr/product.json";
import frRefunds from "../../locales/fr/refunds.json";
import frReturns from "../../locales/fr/returns.json";
import frSearch from "../../locales/fr/search.json";
import frService from "../../locales/fr/service.json";
import frTrade from "../../locales/fr/trade.json";
import frUi from "../../locales/fr/ui.json";
import frWishlist from "../../locales/fr/wishlist.json";
import nlAccount from "../../locales/nl/account.json";
import nlCart from "../../locales/nl/cart.json";
import nlCatalog from "../../locales/nl/catalog.json";
import nlCheckout from "../../locales/nl/checkout.json";
import nlCommon from "../../locales/nl/common.json";
import nlContent from "../../locales/nl/content.json";
import nlDemo from "../../locales/nl/demo.json";
import nlEmail from "../../locales/nl/email.json";
import nlForms from "../../locales/nl/forms.json";
import nlGiftcard from "../../locales/nl/giftcard.json";
import nlMarketing from "../../locales/nl/marketing.json";
import nlMarketplace from "../../locales/nl/marketplace.json";
import nlMyorders from "../../locales/nl/myorders.json";
import nlOrders from "../../locales/nl/orders.json";
import nlPayments from "../../locales/nl/payments.json";
import nlPayouts from "../../locales/nl/payouts.json";
import nlProduct from "../../locales/nl/product.json";
import nlRefunds from "../../locales/nl/refunds.json";
import nlReturns from "../../locales/nl/returns.json";
import nlSearch from "../../locales/nl/search.json";
import nlService from "../../locales/nl/service.json";
import nlTrade from "../../locales/nl/trade.json";
import nlUi from "../../locales/nl/ui.json";
import nlWishlist from "../../locales/nl/wishlist.json";
import { createI18n } from "./i18n";
import type { Locale } from "./locales";
import { rememberTranslations } from "./memo-t.server";

/** Every message of every locale: the server renders any locale (pages, e-mails, SMS). */
export const resources = {
  en: {
    common: enCommon,
    catalog: enCatalog,
    ui: enUi,
    forms: enForms,
    email: enEmail,
    search: enSearch,
    service: enService,
    content: enContent,
    product: enProduct,
    cart: enCart,
    wishlist: enWishlist,
    payments: enPayments,
    account: enAccount,
    checkout: enCheckout,
    orders: enOrders,
    refunds: enRefunds,
    returns: enReturns,
    myorders: enMyorders,
    marketplace: enMarketplace,
    trade: enTrade,
    payouts: enPayouts,
    demo: enDemo,
    marketing: enMarketing,
    giftcard: enGiftcard,
    // The back office is English only: its messages are found in every locale through the fallback.
    admin: enAdmin,
  },
  nl: {
    common: nlCommon,
    catalog: nlCatalog,
    ui: nlUi,
    forms: nlForms,
    email: nlEmail,
    search: nlSearch,
    service: nlService,
    content: nlContent,
    product: nlProduct,
    cart: nlCart,
    wishlist: nlWishlist,
    payments: nlPayments,
    account: nlAccount,
    checkout: nlCheckout,
    orders: nlOrders,
    refunds: nlRefunds,
    returns: nlReturns,
    myorders: nlMyorders,
    marketplace: nlMarketplace,
    trade: nlTrade,
    payouts: nlPayouts,
    demo: nlDemo,
    marketing: nlMarketing,
    giftcard: nlGiftcard,
  },
  fr: {
    common: frCommon,
    catalog: frCatalog,
    ui: frUi,
    forms: frForms,
    email: frEmail,
    search: frSearch,
    service: frService,
    content: frContent,
    product: frProduct,
    cart: frCart,
    wishlist: frWishlist,
    payments: frPayments,
    account: frAccount,
    checkout: frCheckout,
    orders: frOrders,
    refunds: frRefunds,
    returns: frReturns,
    myorders: frMyorders,
    marketplace: frMarketplace,
    trade: frTrade,
    payouts: frPayouts,
    demo: frDemo,
    marketing: frMarketing,
    giftcard: frGiftcard,
  },
  es: {
    common: esCommon,
    catalog: esCatalog,
    ui: esUi,
    forms: esForms,
    email: esEmail,
    search: esSearch,
    service: esService,
    content: esContent,
    product: esProduct,
    cart: esCart,
    wishlist: esWishlist,
    payments: esPayments,
    account: esAccount,
    checkout: esCheckout,
    orders: esOrders,
    refunds: esRefunds,
    returns: esReturns,
    myorders: esMyorders,
    marketplace: esMarketplace,
    trade: esTrade,
    payouts: esPayouts,
    demo: esDemo,
    marketing: esMarketing,
    giftcard: esGiftcard,
  },
} satisfies Resource;

const cache = new Map<Locale, ReturnType<typeof createI18n>>();

/** A shared, read-only i18next instance per locale for server-side rendering and messages. */
export function serverI18n(locale: Locale) {
  let instance = cache.get(locale);
  if (!instance) {
    instance = rememberTranslations(createI18n(locale, resources));
    cache.set(locale, instance);
  }
  return instance;
}

/** A locale's messages as forms and refusals read them: a key and its values in, the text out. */
export function translator(locale: Locale): (key: string, values?: Record<string, unknown>) => string {
  const { t } = serverI18n(locale);
  return (key, values = {}) => t(key, values) as string;
}
