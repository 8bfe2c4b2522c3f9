import { createContext, data, type MiddlewareFunction, redirect } from "react-router";
import { activeNotices, isMaintenanceMode, type SiteNotice } from "../domains/content/content.server";
import { customerOwnsAddress } from "../domains/customers/customers.server";
import { checkSession, isStaff, type Visitor } from "../platform/auth/session.server";
import { env } from "../platform/env.server";
import { requestContext } from "../platform/http/context";
import { isLocale, type Locale } from "../platform/i18n/locales";
import type { RouteMiddlewareName } from "./pages";
import { href, type I18nStrategy } from "./urls";

export interface RoutingInfo {
  strategy: I18nStrategy;
  locale: Locale;
}

export const routingContext = createContext<RoutingInfo>();
export const visitorContext = createContext<Visitor | null>(null);
export const noticesContext = createContext<SiteNotice[]>([]);

/** set-routes: the localized page table of this request (strategy and locale). */
const setRoutes: MiddlewareFunction<Response> = ({ context }) => {
  context.set(routingContext, { strategy: env().I18N_STRATEGY, locale: context.get(requestContext).locale });
};

/** check-server-maintenance: while the shop is closed every storefront page is the 503 maintenance page; staff pass. */
const checkServerMaintenance: MiddlewareFunction<Response> = async ({ request }) => {
  if (!(await isMaintenanceMode())) return;
  const { visitor } = await checkSession(request);
  if (!isStaff(visitor))
    throw data({ reason: "maintenance" }, { status: 503, headers: { "retry-after": "600" } });
};

/** check-notices: the active site notices for the banner. */
const checkNotices: MiddlewareFunction<Response> = async ({ context }) => {
  context.set(noticesContext, await activeNotices(context.get(routingContext).locale));
};

/** check-token: validates and refreshes the session; an expired one is dropped (its cookie cleared), not an error. */
const checkToken: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { visitor, setCookies } = await checkSession(request);
  context.set(visitorContext, visitor);
  const response = await next();
  for (const cookie of setCookies) response.headers.append("set-cookie", cookie);
  return response;
};

/** The locale check: a page is only ever served in one of the shop's locales. */
const checkLocale: MiddlewareFunction<Response> = ({ context }) => {
  if (!isLocale(context.get(routingContext).locale)) throw data(null, { status: 404 });
};

/** Before every page, in the spec's order. */
export const globalMiddleware = [setRoutes, checkServerMaintenance, checkNotices, checkToken, checkLocale];

const pageMiddleware: Record<RouteMiddlewareName, MiddlewareFunction<Response>> = {
  authenticated({ request, context }) {
    if (context.get(visitorContext)) return;
    const { strategy, locale } = context.get(routingContext);
    const url = new URL(request.url);
    throw redirect(
      `${href("login", {}, locale, strategy)}?redirect=${encodeURIComponent(url.pathname + url.search)}`,
    );
  },
  "customer-account-redirect"({ request, context }) {
    if (!context.get(visitorContext)) return;
    // An e-mailed confirmation link does its job whoever is signed in on this browser (decision 0024).
    if (new URL(request.url).searchParams.has("confirm")) return;
    const { strategy, locale } = context.get(routingContext);
    throw redirect(href("account", {}, locale, strategy));
  },
  async "user-owns-address"({ params, context }) {
    const visitor = context.get(visitorContext);
    const id = Number(params.id);
    // Someone else's address is "not found", never "forbidden": ids are not confirmed to exist.
    if (!visitor || !Number.isSafeInteger(id) || !(await customerOwnsAddress(visitor.id, id))) {
      throw data(null, { status: 404 });
    }
  },
};

/** A page's middleware by name, as the page table lists them; an unknown name is a 500 on every request. */
export function middlewareByName(names: readonly string[]): MiddlewareFunction<Response>[] {
  return names.map((name) => {
    const found = pageMiddleware[name as RouteMiddlewareName];
    if (found) return found;
    return () => {
      throw data({ message: `Unknown middleware ${name}` }, { status: 500 });
    };
  });
}
