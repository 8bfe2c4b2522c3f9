// Every page has a route per locale (`nl/zoeken/`, `fr/recherche/`, …), so React Router's route table holds
// every page five times (decision 0055). For each request it matches the path against that table twice
// (the server runtime, then the static handler: each flattens and ranks the whole table, then tests one
// route after another) and builds the whole table's server routes once more to render. On the bag page
// that was a third of the shop's CPU. A route whose path starts with a fixed segment other than `nl` can
// never match a path under `/nl/`, so each locale gets a request handler on a build without those
// routes: the same matches, the same page, on a fifth of the table.
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { type Locale, locales } from "../i18n/locales";

type Handler = (request: Request, context: RouterContextProvider) => Promise<Response>;

/**
 * The build without the routes no path under `/{locale}/` (nor one of its ancestor paths, which React
 * Router matches to tell the browser about nearby routes) can match: those whose path starts with a fixed
 * segment other than the locale, such as another locale's pages, the default locale's unprefixed pages and
 * the back office. Routes starting with the locale, a parameter (`:product/`), a splat or nothing stay.
 */
export function localeBuild(build: ServerBuild, locale: Locale): ServerBuild {
  const kept = new Set(
    Object.keys(build.routes).filter((id) => {
      const first = fullPath(build.routes, id).split("/").find(Boolean) ?? "";
      return first === "" || first === locale || first.startsWith(":") || first === "*";
    }),
  );
  const keep = <T>(table: Record<string, T>) =>
    Object.fromEntries(Object.entries(table).filter(([id]) => kept.has(id)));
  return {
    ...build,
    routes: keep(build.routes) as ServerBuild["routes"],
    assets: { ...build.assets, routes: keep(build.assets.routes) },
  };
}

/** A route's path from the root: its ancestors' paths and its own, joined (`/nl/zoeken/`). */
export function fullPath(routes: ServerBuild["routes"], id: string | undefined): string {
  const route = id ? routes[id] : undefined;
  if (!route) return "";
  const parent = fullPath(routes, route.parentId);
  return route.path ? `${parent}/${route.path.replace(/^\//, "")}` : parent;
}

/**
 * React Router's production request handler, with one handler per locale for paths under `/{locale}/`
 * and the whole build for every other path (the unprefixed default locale, `/admin`, `/__manifest`).
 */
export function localeRequestHandlers(build: ServerBuild): (path: string) => Handler {
  const whole = createRequestHandler(build, "production");
  const byLocale = new Map<string, Handler>(
    locales.map((locale) => [locale, createRequestHandler(localeBuild(build, locale), "production")]),
  );
  return (path) => {
    const end = path.indexOf("/", 1);
    return byLocale.get(end === -1 ? path.slice(1) : path.slice(1, end)) ?? whole;
  };
}
