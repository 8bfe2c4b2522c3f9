import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { env } from "../env.server";

/**
 * The client's IP address. Behind a load balancer or CDN (`TRUST_PROXY=true`) it is the first address of
 * `X-Forwarded-For`; otherwise that header is whatever the client chose to send, so only the socket counts.
 */
export function clientIp(c: Context): string {
  if (env().TRUST_PROXY === "true") {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // `app.request()` in tests has no socket.
    return "unknown";
  }
}
