import { randomBytes } from "node:crypto";

/**
 * Opaque tokens that tie a guest's cart or wishlist to a browser, kept in httpOnly cookies. The token is
 * the only key: 24 random bytes, so it cannot be guessed.
 */
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

export function newGuestToken(): string {
  return randomBytes(24).toString("base64url");
}

/** The cookie's token in a `Cookie` header; null when absent or not shaped like one of ours. */
export function readGuestToken(cookieHeader: string | null | undefined, name: string): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) {
      const value = part.slice(at + 1).trim();
      return TOKEN.test(value) ? value : null;
    }
  }
  return null;
}

/** `Set-Cookie` for a guest token: httpOnly, path /, SameSite=Lax, `days` days; `days` 0 drops it. */
export function guestTokenCookie(name: string, token: string, days: number, secure: boolean): string {
  return `${name}=${days > 0 ? token : ""}; Max-Age=${days * 86_400}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
