import { sql } from "drizzle-orm";
import type { Connection } from "../../app/platform/db/db.server";
import { selectRows } from "../../app/platform/db/db.server";

/**
 * One md5 per table of the shop's schema, over every row: what "nothing changed in the database" means
 * for the fuzzer. Tables that a refused request may rightly write (attempt counters, spent captchas) are
 * left out by the caller.
 */
export async function tableChecksums(
  connection: Connection,
  options: { except?: readonly string[] } = {},
): Promise<Record<string, string>> {
  const tables = await selectRows<{ name: string }>(
    connection.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = tables.map((t) => t.name).filter((name) => !options.except?.includes(name));
  const parts = names.map(
    (name) =>
      `select '${name}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from "${name}" t`,
  );
  const rows = await selectRows<{ name: string; sum: string }>(
    connection.db,
    sql.raw(parts.join(" union all ")),
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.sum]));
}

/** The tables whose checksum differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}
