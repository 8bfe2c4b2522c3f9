// A throwaway PostgreSQL cluster for the fault harness: initdb into a temporary folder, pg_ctl start and
// stop on a port of its own, so the harness can stop "the database" without touching the machine's server.
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** The newest PostgreSQL install's bin folder (Debian layout, or PG_BIN), or null when there is none. */
export function findPostgresBin() {
  const candidates = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) candidates.push(path.join(debian, version, "bin"));
  }
  try {
    const onPath = execFileSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" }).trim();
    if (onPath) candidates.push(path.dirname(onPath));
  } catch {}
  return (
    candidates.find((bin) => existsSync(path.join(bin, "initdb")) && existsSync(path.join(bin, "pg_ctl"))) ??
    null
  );
}

/** initdb refuses to run as root: as root, the cluster belongs to the `postgres` user. */
function asOwner(command, args) {
  if (process.getuid?.() !== 0) return [command, args];
  return ["runuser", ["-u", "postgres", "--", command, ...args]];
}

/** Runs without blocking the harness's event loop (its shoppers keep their timings while pg_ctl works). */
function runAsync(command, args) {
  const [cmd, argv] = asOwner(command, args);
  return new Promise((resolve, reject) =>
    execFile(cmd, argv, { cwd: os.tmpdir() }, (error, stdout, stderr) =>
      error
        ? reject(new Error(`${command} ${args.join(" ")} failed: ${stderr || stdout || error}`))
        : resolve(stdout),
    ),
  );
}

function run(command, args) {
  const [cmd, argv] = asOwner(command, args);
  const result = spawnSync(cmd, argv, { encoding: "utf8", cwd: os.tmpdir() });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed: ${result.stderr || result.stdout || result.error}`);
  return result.stdout;
}

/**
 * Creates and starts a cluster on 127.0.0.1:`port` (trust auth, user postgres). Its settings favour a
 * short life: no fsync (a crash of the machine loses nothing the harness needs).
 */
export async function startCluster({ bin, port }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "shop-faults-pg-"));
  if (process.getuid?.() === 0) {
    chmodSync(dir, 0o777);
    execFileSync("chown", ["postgres", dir]);
  }
  const data = path.join(dir, "data");
  run(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  const pgCtl = path.join(bin, "pg_ctl");
  const cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      return runAsync(pgCtl, [
        "-D",
        data,
        "-o",
        options,
        "-l",
        path.join(dir, "log"),
        "-w",
        "-t",
        "60",
        "start",
      ]);
    },
    /** fast: clients are disconnected, as an operator's restart or a failover does. */
    stop(mode = "fast") {
      return runAsync(pgCtl, ["-D", data, "-m", mode, "-w", "-t", "60", "stop"]);
    },
    async destroy() {
      await cluster.stop("immediate").catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
