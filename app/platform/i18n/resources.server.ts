import type { Resource } from "i18next";
import enAccount from "../../locales/en/account.json";
import enCart from "../../locales/en/cart.json";
import enCatalog from "../../locales/en/catalog.json";
import enCheckout from "../../locales/en/checkout.json";
import enCommon from "../../locales/en/common.json";
import enDemo from "../../locales/en/demo.json";
import enEmail from "../../locales/en/email.json";
import enForms from "../../locales/en/forms.json";
import enMyorders from "../../locales/en/myorders.json";
import enOrders from "../../locales/en/orders.json";
import enPayments from "../../locales/en/payments.json";
import enProduct from "../../locales/en/product.json";
import enRefunds from "../../locales/en/refunds.json";
import enSearch from "../../locales/en/search.json";
import enUi from "../../locales/en/ui.json";
import enWishlist from "../../locales/en/wishlist.json";
import esAccount from "../../locales/es/account.json";
import esCart from "../../locales/es/cart.json";
import esCatalog from "../../locales/es/catalog.json";
import esCheckout from "../../locales/es/checkout.json";
import esCommon from "../../locales/es/common.json";
import esDemo from "../../locales/es/demo.json";
import esEmail from "../../locales/es/email.json";
import esForms from "../../locales/es/forms.json";
import esMyorders from "../../locales/es/myorders.json";
import esOrders from "../../locales/es/orders.json";
import esPayments from "../../locales/es/payments.json";
import esProduct from "../../locales/es/product.json";
import esRefunds from "../../locales/es/refunds.json";
import esSearch from "../../locales/es/search.json";
import esUi from "../../locales/es/ui.json";
import esWishlist from "../../locales/es/wishlist.json";
import frAccount from "../../locales/fr/account.json";
import frCart from "../../locales/fr/cart.json";
import frCatalog from "../../locales/fr/catalog.json";
import frCheckout from "../../locales/fr/checkout.json";
import frCommon from "../../locales/fr/common.json";
import frDemo from "../../locales/fr/demo.json";
import frEmail from "../../locales/fr/email.json";
import frForms from "../../locales/fr/forms.json";
import frMyorders from "../../locales/fr/myorders.json";
import frOrders from "../../locales/fr/orders.json";
import frPayments from "../../locales/fr/payments.json";
import frProduct from "../../locales/fr/product.json";
import frRefunds from "../../locales/fr/refunds.json";
import frSearch from "../../locales/fr/search.json";
import frUi from "../../locales/fr/ui.json";
import frWishlist from "../../locales/fr/wishlist.json";
import nlAccount from "../../locales/nl/account.json";
import nlCart from "../../locales/nl/cart.json";
import nlCatalog from "../../locales/nl/catalog.json";
import nlCheckout from "../../locales/nl/checkout.json";
import nlCommon from "../../locales/nl/common.json";
import nlDemo from "../../locales/nl/demo.json";
import nlEmail from "../../locales/nl/email.json";
import nlForms from "../../locales/nl/forms.json";
import nlMyorders from "../../locales/nl/myorders.json";
import nlOrders from "../../locales/nl/orders.json";
import nlPayments from "../../locales/nl/payments.json";
import nlProduct from "../../locales/nl/product.json";
import nlRefunds from "../../locales/nl/refunds.json";
import nlSearch from "../../locales/nl/search.json";
import nlUi from "../../locales/nl/ui.json";
import nlWishlist from "../../locales/nl/wishlist.json";
import { createI18n } from "./i18n";
import type { Locale } from "./locales";

/** Every message of every locale: the server renders any locale (pages, e-mails, SMS). */
export const resources = {
  en: {
    common: enCommon,
    catalog: enCatalog,
    ui: enUi,
    forms: enForms,
    email: enEmail,
    search: enSearch,
    product: enProduct,
    cart: enCart,
    wishlist: enWishlist,
    payments: enPayments,
    account: enAccount,
    checkout: enCheckout,
    orders: enOrders,
    refunds: enRefunds,
    myorders: enMyorders,
    demo: enDemo,
  },
  nl: {
    common: nlCommon,
    catalog: nlCatalog,
    ui: nlUi,
    forms: nlForms,
    email: nlEmail,
    search: nlSearch,
    product: nlProduct,
    cart: nlCart,
    wishlist: nlWishlist,
    payments: nlPayments,
    account: nlAccount,
    checkout: nlCheckout,
    orders: nlOrders,
    refunds: nlRefunds,
    myorders: nlMyorders,
    demo: nlDemo,
  },
  fr: {
    common: frCommon,
    catalog: frCatalog,
    ui: frUi,
    forms: frForms,
    email: frEmail,
    search: frSearch,
    product: frProduct,
    cart: frCart,
    wishlist: frWishlist,
    payments: frPayments,
    account: frAccount,
    checkout: frCheckout,
    orders: frOrders,
    refunds: frRefunds,
    myorders: frMyorders,
    demo: frDemo,
  },
  es: {
    common: esCommon,
    catalog: esCatalog,
    ui: esUi,
    forms: esForms,
    email: esEmail,
    search: esSearch,
    product: esProduct,
    cart: esCart,
    wishlist: esWishlist,
    payments: esPayments,
    account: esAccount,
    checkout: esCheckout,
    orders: esOrders,
    refunds: esRefunds,
    myorders: esMyorders,
    demo: esDemo,
  },
} satisfies Resource;

const cache = new Map<Locale, ReturnType<typeof createI18n>>();

/** A shared, read-only i18next instance per locale for server-side rendering and messages. */
export function serverI18n(locale: Locale) {
  let instance = cache.get(locale);
  if (!instance) {
    instance = createI18n(locale, resources);
    cache.set(locale, instance);
  }
  return instance;
}
