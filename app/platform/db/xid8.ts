import { customType } from "drizzle-orm/pg-core";

/**
 * A 64-bit transaction id (PostgreSQL `xid8`), as text: it does not fit a JavaScript number. The change
 * feed tables record their writing transaction in one (platform/db/change-feed.server.ts).
 */
export const xid8 = customType<{ data: string }>({ dataType: () => "xid8" });
