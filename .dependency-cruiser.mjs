// The boundaries of ARCHITECTURE.md ("Boundaries"), checked in `npm test` (`npm run lint:deps`).
// Test files are outside the rules: they set up databases and reach into what they test.
const tests = "(\\.test\\.tsx?$|^tests/)";

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: "edges-use-domains-not-the-database",
      comment:
        "Routes and API handlers never import Drizzle tables, drizzle-orm or platform/db: they call a domain's <name>.server.ts, which owns its connection.",
      severity: "error",
      from: { path: "^app/(routes|api)/", pathNot: tests },
      to: {
        path: [
          "^app/platform/db/",
          "^app/domains/.*tables\\.server\\.ts$",
          "^app/platform/auth/tables\\.server\\.ts$",
          "node_modules/drizzle-orm/",
        ],
      },
    },
    {
      name: "domains-meet-through-three-doors",
      comment:
        "A domain reaches another only through its public <name>.server.ts, its client-safe modules, or its tables.server.ts (for foreign keys).",
      severity: "error",
      from: { path: "^app/domains/([^/]+)/", pathNot: tests },
      to: {
        path: "^app/domains/([^/]+)/.*\\.server\\.tsx?$",
        pathNot: [
          "^app/domains/$1/",
          "^app/domains/([^/]+)/\\1\\.server\\.ts$",
          "^app/domains/[^/]+/tables\\.server\\.ts$",
        ],
      },
    },
    {
      name: "domains-stay-below-the-edges",
      comment:
        "Domains never import routes, components, the API or routing internals (URLs come from routing/urls).",
      severity: "error",
      from: { path: "^app/domains/", pathNot: tests },
      to: {
        path: ["^app/routes/", "^app/components/", "^app/api/", "^app/routing/"],
        pathNot: "^app/routing/urls\\.ts$",
      },
    },
    {
      name: "server-code-stays-on-the-server",
      comment:
        "Modules that reach the browser (components, client-safe domain and platform modules) never import a .server module: it touches the database, secrets or the file system.",
      severity: "error",
      from: { path: "^app/(components|domains|platform|routing)/", pathNot: [tests, "\\.server\\.tsx?$"] },
      to: { path: "\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|\\.react-router|node_modules)/" },
    parser: "swc",
    tsPreCompilationDeps: "specify",
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
