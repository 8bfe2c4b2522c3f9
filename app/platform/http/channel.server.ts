import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { Channel } from "./context";

export const CHANNEL_COOKIE = "shop_channel";

export interface ChannelEnv {
  Variables: { channel: Channel };
}

/**
 * Which channel a request comes from, known to every loader: the installed app starts at `?channel=app`
 * (remembered for the visit in a session cookie), the companion app sends `X-Shop-Channel: app`, and the
 * in-app views live under `/{locale}/app/…`. App-only products can be bought only there.
 */
export const channelDetection: MiddlewareHandler<ChannelEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  const fromQuery = url.searchParams.get("channel") === "app";
  const isApp =
    fromQuery ||
    getCookie(c, CHANNEL_COOKIE) === "app" ||
    c.req.header("x-shop-channel") === "app" ||
    /^\/(?:[a-z]{2}\/)?app\//.test(url.pathname);
  c.set("channel", isApp ? "app" : "web");
  await next();
  if (fromQuery) c.res.headers.append("set-cookie", `${CHANNEL_COOKIE}=app; Path=/; SameSite=Lax; HttpOnly`);
};
