// No cycles between domains (ARCHITECTURE.md "Boundaries"), cruised over the domains alone: the platform's
// schema module imports every domain's tables, which is not a dependency of one domain on another.
import base from "./.dependency-cruiser.mjs";

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-cycles-between-domains",
      comment:
        "A rule two domains need lives in the lower one (pricing, for one); domains never depend on each other both ways.",
      severity: "error",
      scope: "folder",
      from: { path: "^app/domains/[^/]+$" },
      to: { path: "^app/domains/[^/]+$", circular: true },
    },
  ],
  options: {
    ...base.options,
    includeOnly: "^app/domains/",
    exclude: { path: ["^(build|\\.react-router|node_modules)/", "\\.test\\.tsx?$"] },
  },
};
