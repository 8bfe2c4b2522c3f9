// Supply-chain checks of `npm test` (docs/security.md "Supply chain"):
// 1. the lockfile is in step with package.json and pins every package by an sha512 integrity hash;
// 2. every package with an install script is reviewed in package.json `allowScripts` (true: runs,
//    false: denied); a new one fails until someone decides;
// 3. `npm audit --omit=dev` has no high or critical advisory beyond the explained ones below. Where the
//    registry's audit endpoint cannot be reached (offline CI, a mirror without it) the check says so and
//    passes: the first two checks still hold.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));

/** Advisories accepted with a reason in docs/security.md, by GitHub advisory id. */
const explainedAdvisories = new Set([]);

const problems = [];

// 1. Lockfile in step and pinned.
if (lock.lockfileVersion !== 3) problems.push(`lockfileVersion ${lock.lockfileVersion}, expected 3`);
const lockRoot = lock.packages?.[""] ?? {};
for (const field of ["dependencies", "devDependencies"]) {
  const declared = JSON.stringify(pkg[field] ?? {});
  const locked = JSON.stringify(lockRoot[field] ?? {});
  if (declared !== locked)
    problems.push(`package-lock.json ${field} differ from package.json: run npm install`);
}
const entries = Object.entries(lock.packages ?? {}).filter(([key, entry]) => key && !entry.link);
for (const [key, entry] of entries) {
  if (!entry.version) problems.push(`${key}: no version in the lockfile`);
  if (!/^sha512-[A-Za-z0-9+/]+=*$/.test(entry.integrity ?? "")) problems.push(`${key}: no sha512 integrity`);
}

// 2. Install scripts reviewed.
const allowScripts = pkg.allowScripts ?? {};
const nameOf = (key) => key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length);
const withScripts = [...new Set(entries.filter(([, e]) => e.hasInstallScript).map(([key]) => nameOf(key)))];
for (const name of withScripts)
  if (!(name in allowScripts)) problems.push(`${name} has an install script not reviewed in allowScripts`);

// 3. Audit.
let auditNote;
const audit = spawnSync("npm", ["audit", "--omit=dev", "--json"], {
  cwd: root,
  encoding: "utf8",
  timeout: 60_000,
});
try {
  const report = JSON.parse(audit.stdout || "{}");
  if (report.error || !report.metadata) {
    auditNote = `npm audit unavailable here (${report.error?.summary || report.error?.code || "no answer"}): skipped`;
  } else {
    const serious = Object.values(report.vulnerabilities ?? {}).filter((v) =>
      ["high", "critical"].includes(v.severity),
    );
    for (const vulnerability of serious) {
      const ids = (vulnerability.via ?? [])
        .filter((via) => typeof via === "object")
        .map((via) =>
          String(via.url ?? "")
            .split("/")
            .pop(),
        );
      if (!ids.length || ids.some((id) => !explainedAdvisories.has(id)))
        problems.push(`npm audit: ${vulnerability.severity} in ${vulnerability.name} (${ids.join(", ")})`);
    }
    auditNote = `npm audit --omit=dev: ${serious.length} high/critical (${explainedAdvisories.size} explained)`;
  }
} catch {
  auditNote = "npm audit unavailable here (no JSON answer): skipped";
}

console.log(
  `lockfile: ${entries.length} packages pinned by sha512; install scripts reviewed: ${withScripts.join(", ")}; ${auditNote}`,
);
if (problems.length) {
  console.error(problems.map((p) => `✖ ${p}`).join("\n"));
  process.exit(1);
}
