import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import { admin, bearer } from "better-auth/plugins";
import { adminAc, defaultAc, userAc } from "better-auth/plugins/admin/access";
import { eq } from "drizzle-orm";
import { type Database, db } from "../db/db.server";
import * as schema from "../db/schema.server";
import { env } from "../env.server";
import { logger } from "../logging/logger.server";

// What each role may do in the shop is checked by `requireStaff` and the back office's permission table.
export { type Role, type StaffRole, staffRoles } from "./roles";

/**
 * What happens when a visitor signs in (or registers and is signed in): a guest's cart and wishlist move
 * into the account. A listener gets the new user id and the request's cookies and names the cookies to
 * drop. Domains register at module load, by name (a re-evaluated module replaces its listener).
 */
export type SignInListener = (visitor: {
  userId: string;
  cookieHeader: string | null;
}) => Promise<{ dropCookies?: string[] } | undefined>;

const signInListeners = new Map<string, SignInListener>();

export function onSignIn(name: string, listener: SignInListener): void {
  signInListeners.set(name, listener);
}

const afterSignIn = createAuthMiddleware(async (ctx) => {
  if (!ctx.path.startsWith("/sign-in") && !ctx.path.startsWith("/sign-up")) return;
  const session = ctx.context.newSession;
  if (!session) return;
  const cookieHeader = ctx.headers?.get("cookie") ?? null;
  for (const [name, listener] of signInListeners) {
    try {
      const result = await listener({ userId: session.user.id, cookieHeader });
      for (const cookie of result?.dropCookies ?? [])
        ctx.setCookie(cookie, "", { maxAge: 0, path: "/", httpOnly: true, sameSite: "lax" });
    } catch (error) {
      // A failed merge must not fail the sign-in: the guest's things stay where they were.
      logger.error({ err: error, listener: name }, "sign-in listener failed");
    }
  }
});

// The Drizzle handle is opened at start-up, after this module loads: resolve it on each use.
const lazyDb = new Proxy({} as Database, { get: (_target, key) => Reflect.get(db(), key) });

export const auth = betterAuth({
  appName: "Loom & Label",
  baseURL: env().BASE_URL,
  secret: env().SESSION_SECRET,
  basePath: "/api/auth",
  database: drizzleAdapter(lazyDb, { provider: "pg", schema }),
  emailAndPassword: {
    enabled: true,
    minPasswordLength: 8,
    // The forms allow 128 characters (code points, app/platform/forms/validators.ts); better-auth counts
    // UTF-16 units, so an emoji counts twice here: room for 128 of them.
    maxPasswordLength: 256,
    // A registered customer confirms the e-mail address before the first sign-in (docs/decisions/0024);
    // the shop sends the links itself (app/domains/customers), so no sendVerificationEmail here.
    requireEmailVerification: true,
    autoSignIn: false,
    // A reset password ends every session: whoever knew the old one is signed out.
    revokeSessionsOnPasswordReset: true,
    // The reset link came by e-mail, so the address is confirmed as well (docs/decisions/0024).
    onPasswordReset: async ({ user }) => {
      if (!user.emailVerified)
        await lazyDb
          .update(schema.user)
          .set({ emailVerified: true, updatedAt: new Date() })
          .where(eq(schema.user.id, user.id));
    },
  },
  user: {
    additionalFields: {
      firstName: { type: "string", required: true },
      lastName: { type: "string", required: true },
      locale: { type: "string", required: false, defaultValue: "en" },
      // SPEC §3 Account fields beyond the name (issue 6 fills them from the register and edit forms).
      phone: { type: "string", required: false },
      dateOfBirth: { type: "string", required: false },
      gender: { type: "string", required: false },
      newsletter: { type: "boolean", required: false, defaultValue: false },
      phoneUpdates: { type: "boolean", required: false, defaultValue: false },
      // A blocked customer can browse and sign in but not order (SPEC §6); better-auth's own "ban" would
      // stop the sign-in, so the shop keeps its own flag. Never settable through the auth API.
      blocked: { type: "boolean", required: false, defaultValue: false, input: false },
      blockedReason: { type: "string", required: false, input: false },
    },
  },
  advanced: { database: { generateId: "uuid" } },
  hooks: { after: afterSignIn },
  logger: {
    level: "warn",
    log: (level, message, ...args) => logger[level]({ args }, `auth: ${message}`),
  },
  // Throttling lives in the shop's own PostgreSQL counters (app/domains/customers/throttle.server.ts):
  // better-auth's limiter keeps its counts in process memory, which N stateless replicas cannot share.
  rateLimit: { enabled: false },
  plugins: [
    // The app signs in through /api/v1/account/login and sends the session token as a bearer token.
    bearer(),
    admin({
      defaultRole: "customer",
      adminRoles: ["admin"],
      roles: {
        customer: userAc,
        support: defaultAc.newRole({ user: ["list", "get"], session: ["list"] }),
        merchandiser: userAc,
        admin: adminAc,
      },
    }),
  ],
});
