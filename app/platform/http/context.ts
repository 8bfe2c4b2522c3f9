import { createContext } from "react-router";
import type { Locale } from "../i18n/locales";

/** What the Hono layer knows about a request, handed to every loader, action and the SSR entry. */
export interface RequestInfo {
  requestId: string;
  /** The CSP nonce of this response (absent in development). */
  nonce?: string;
  /** The locale of the page, from its URL prefix, else the cookie, else the default. */
  locale: Locale;
  /** `app` inside the installed app or the in-app views (`/app/…`), `web` otherwise. */
  channel: Channel;
  /** The client's address, for per-IP throttling (`client-ip.server.ts`). */
  ip: string;
}

export type Channel = "web" | "app";

export const requestContext = createContext<RequestInfo>();
