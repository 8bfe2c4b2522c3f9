import { randomBytes } from "node:crypto";

/** An unguessable id with a readable prefix (`pay_…`, `re_…`, `sbx_…`): ids in URLs are capabilities. */
export function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(15).toString("base64url")}`;
}
