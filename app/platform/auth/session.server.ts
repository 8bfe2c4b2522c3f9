import { getSessionCookie } from "better-auth/cookies";
import { auth, type Role, type StaffRole, staffRoles } from "./auth.server";

export interface Visitor {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** Blocked customers browse and sign in, but cannot order (SPEC §6). */
  blocked: boolean;
}

export interface SessionCheck {
  visitor: Visitor | null;
  /** Set-Cookie headers to pass on: a refreshed session, or an expired one dropped. */
  setCookies: string[];
}

const checks = new WeakMap<Request, Promise<SessionCheck>>();

/**
 * better-auth ends a session after 7 days without use and renews it with use (the inactivity timeout);
 * however often it is used, a session ends 30 days after its sign-in (ASVS 7.3.2, docs/security.md).
 */
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * 86_400_000;

/**
 * Validates (and refreshes) the session of a request once, however many middleware ask. The session comes
 * from the cookie, or for the app from `Authorization: Bearer <token>` (better-auth's bearer plugin).
 * Requests without either cost nothing: public pages stay free of database work for anonymous visitors.
 */
export function checkSession(request: Request): Promise<SessionCheck> {
  let check = checks.get(request);
  if (!check) {
    check = readSession(request);
    checks.set(request, check);
  }
  return check;
}

async function readSession(request: Request): Promise<SessionCheck> {
  const bearer = /^bearer\s+\S/i.test(request.headers.get("authorization") ?? "");
  if (!bearer && !getSessionCookie(request.headers)) return { visitor: null, setCookies: [] };
  const { headers, response } = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  const setCookies = headers.getSetCookie();
  if (!response) return { visitor: null, setCookies };
  if (Date.now() - new Date(response.session.createdAt).getTime() > SESSION_ABSOLUTE_LIFETIME_MS) {
    await auth.api.revokeSession({ body: { token: response.session.token }, headers: request.headers });
    return { visitor: null, setCookies };
  }
  const { user } = response;
  return {
    visitor: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: (user.role ?? "customer") as Role,
      blocked: user.blocked === true,
    },
    setCookies,
  };
}

export function isStaff(visitor: Visitor | null, role?: StaffRole): boolean {
  if (!visitor || !(staffRoles as readonly string[]).includes(visitor.role)) return false;
  return !role || visitor.role === role || visitor.role === "admin";
}
