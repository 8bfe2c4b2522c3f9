import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import routeConfig from "../../routes";
import { locales } from "../i18n/locales";
import { fullPath, localeBuild, localeRequestHandlers } from "./locale-handlers.server";

type Table = ServerBuild["routes"];

/** The shop's real route table (app/routes.ts) in the shape of a server build's. */
function tableOf(entries: RouteConfigEntry[], parentId = "root", table: Table = {}): Table {
  table.root ??= { id: "root", path: "", module: {} } as Table[string];
  for (const entry of entries) {
    const id = entry.id ?? entry.file.replace(/\.tsx$/, "");
    table[id] = { id, parentId, path: entry.path, index: entry.index, module: {} } as Table[string];
    if (entry.children) tableOf(entry.children, id, table);
  }
  return table;
}

type Nested = RouteObject;
function nested(table: Table, parentId?: string): Nested[] {
  return Object.values(table)
    .filter((route) => route?.parentId === parentId)
    .map((route) =>
      route!.index
        ? { id: route!.id, path: route!.path, index: true }
        : { id: route!.id, path: route!.path, children: nested(table, route!.id) },
    );
}

const table = tableOf(routeConfig);
const build = {
  routes: table,
  assets: { routes: Object.fromEntries(Object.keys(table).map((id) => [id, { id }])) },
} as unknown as ServerBuild;
const matchedIds = (routes: Nested[], path: string) =>
  (matchRoutes(routes, path) ?? []).map((match) => match.route.id).join(" > ");

/** A concrete path for every route pattern: parameters filled in, optional ones both ways. */
function samplePaths(): string[] {
  const paths = new Set<string>();
  for (const id of Object.keys(table)) {
    const pattern = fullPath(table, id) || "/";
    for (const optional of [true, false]) {
      const path = pattern
        .split("/")
        .map((s) =>
          s.endsWith("?") ? (optional ? "x" : "") : s.startsWith(":") ? "x" : s === "*" ? "a/b" : s,
        )
        .filter(Boolean)
        .join("/");
      paths.add(`/${path}/`);
    }
  }
  return [...paths];
}

describe("a request handler per locale", () => {
  const all = nested(table);
  const paths = samplePaths();

  it("matches every path under /{locale}/, and its ancestor paths, as the whole route table does", () => {
    let compared = 0;
    for (const locale of locales) {
      const own = nested(localeBuild(build, locale).routes);
      // Every pattern's path re-rooted under this locale, the bare locale and a path nothing matches.
      const under = [
        ...paths.map((path) => `/${locale}${path}`),
        `/${locale}`,
        `/${locale}/`,
        `/${locale}/no/such/page/`,
      ];
      const ancestors = new Set<string>();
      for (const path of under) {
        const segments = path.split("/").filter(Boolean);
        for (let n = 0; n <= segments.length; n++) ancestors.add(`/${segments.slice(0, n).join("/")}`);
      }
      for (const path of ancestors) {
        expect(matchedIds(own, path), `${locale}: ${path}`).toBe(matchedIds(all, path));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it("keeps a fifth of the table: the locale's own pages, parameters, splats and layouts", () => {
    const nl = localeBuild(build, "nl");
    const ids = Object.keys(nl.routes);
    expect(ids.length).toBeLessThan(Object.keys(table).length / 4);
    expect(ids).toEqual(expect.arrayContaining(["root", "routes/layouts/default", "home.nl", "product.nl"]));
    expect(ids).toEqual(expect.arrayContaining(["home.en-root", "product.en-root", "not-found.splat"]));
    expect(ids).not.toEqual(expect.arrayContaining(["home.fr"]));
    expect(ids.some((id) => id.startsWith("routes/admin/") || id === "admin")).toBe(false);
    expect(Object.keys(nl.assets.routes).sort()).toEqual([...ids].sort());
  });

  it("sends paths under a locale to that locale's handler and every other path to the whole build", () => {
    const handlerFor = localeRequestHandlers(build);
    const whole = handlerFor("/admin/");
    expect(handlerFor("/search/")).toBe(whole);
    expect(handlerFor("/__manifest")).toBe(whole);
    expect(handlerFor("/nl/winkelwagen/")).not.toBe(whole);
    expect(handlerFor("/nl")).toBe(handlerFor("/nl/winkelwagen/"));
    expect(handlerFor("/fr/")).not.toBe(handlerFor("/nl/"));
    expect(handlerFor("/nlx/")).toBe(whole);
  });
});
