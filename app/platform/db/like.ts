/**
 * Escapes LIKE/ILIKE's wildcards (`%`, `_`) and its escape character (`\`, PostgreSQL's default), so
 * what someone typed in a search box matches as typed: `%${escapeLike(q)}%` is "contains q".
 */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
