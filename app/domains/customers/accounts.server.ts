// Accounts: registering, confirming the e-mail address, signing in and out, and passwords.
import { randomBytes } from "node:crypto";
import { APIError } from "better-auth/api";
import { getSessionCookie } from "better-auth/cookies";
import { hashPassword } from "better-auth/crypto";
import { and, eq, like, sql } from "drizzle-orm";
import { auth, type Role } from "../../platform/auth/auth.server";
import { account, session, user, verification } from "../../platform/auth/tables.server";
import { verifyCaptcha } from "../../platform/captcha/captcha.server";
import { db, type Transaction } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { env } from "../../platform/env.server";
import type { Locale } from "../../platform/i18n/locales";
import { type Refusal, refuse } from "../../platform/refusal";
import {
  attemptAllowed,
  clearAttempts,
  countAttempt,
  retryAfter,
} from "../../platform/throttle/throttle.server";
import { href } from "../../routing/urls";
import { queueEmail } from "../notifications/notifications.server";
import { throttleRules } from "./throttle-rules";
import type { RegisterInput } from "./validation";

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  locale: Locale;
  role?: Role;
}

/** Creates a confirmed account with a hashed password through better-auth; staff get their role. */
export async function createAccount(newAccount: NewAccount): Promise<{ id: string }> {
  const created = await auth.api.createUser({
    body: {
      email: newAccount.email,
      password: newAccount.password,
      name: `${newAccount.firstName} ${newAccount.lastName}`,
      role: newAccount.role ?? "customer",
      // Made by the shop (seed, back office, tests), not by a visitor: nothing to confirm.
      data: {
        firstName: newAccount.firstName,
        lastName: newAccount.lastName,
        locale: newAccount.locale,
        emailVerified: true,
      },
    },
  });
  return { id: created.user.id };
}

export async function accountExists(email: string): Promise<boolean> {
  const rows = await db()
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email.toLowerCase()))
    .limit(1);
  return rows.length > 0;
}

/** Where a request comes from: the locale of its page (e-mails) and the client's IP (throttling). */
export interface RequestMeta {
  locale: Locale;
  ip: string;
  /** The request's headers, so better-auth records the session's user agent. */
  headers?: Headers;
}

/** What a successful sign-in hands the caller: cookies for a page, the bearer token for the app. */
export interface SignedIn {
  userId: string;
  setCookies: string[];
  token: string;
}

/** "Try again later", with the seconds to wait when they are known (the `retry-after` header). */
function throttled(retryAfterSeconds?: number): Refusal {
  return refuse.tooMany("account:throttled", retryAfterSeconds ? { retryAfterSeconds } : undefined);
}

/**
 * Opens a new session. A session the request already carried (this browser signed in before, as this or
 * another account) ends with it: a sign-in always gets a fresh token, and an old one that leaked or was
 * planted (session fixation) stops working (ASVS 7.2.4, docs/security.md).
 */
async function startSession(email: string, password: string, headers?: Headers): Promise<SignedIn> {
  const previous = headers ? await sessionTokenOf(headers) : null;
  const { headers: out, response } = await auth.api.signInEmail({
    body: { email, password, rememberMe: true },
    headers: headers ?? new Headers(),
    returnHeaders: true,
  });
  if (previous && previous !== response.token) await db().delete(session).where(eq(session.token, previous));
  return { userId: response.user.id, setCookies: out.getSetCookie(), token: response.token };
}

/** The token of the live session these headers carry (cookie or bearer), or null. */
async function sessionTokenOf(headers: Headers): Promise<string | null> {
  const bearer = /^bearer\s+\S/i.test(headers.get("authorization") ?? "");
  if (!bearer && !getSessionCookie(headers)) return null;
  const current = await auth.api.getSession({ headers, query: { disableRefresh: true } });
  return current?.session.token ?? null;
}

// ----- register, sign in, sign out -------------------------------------------------------------------

/** How long the link that confirms a new account's e-mail address works (docs/decisions/0024). */
export const CONFIRM_TOKEN_HOURS = 48;

/**
 * Stores a single-use confirmation token for the customer and queues the e-mail that carries its link
 * (to the login page, which confirms and asks for the password), in the caller's transaction.
 */
async function queueConfirmation(
  tx: Transaction,
  customer: { id: string; email: string; firstName: string; locale: Locale },
  template: "welcome" | "confirmEmail",
): Promise<void> {
  const token = randomBytes(24).toString("base64url");
  const loginPath = href("login", {}, customer.locale, env().I18N_STRATEGY);
  await tx.insert(verification).values({
    identifier: `confirm-email:${token}`,
    value: customer.id,
    expiresAt: new Date(Date.now() + CONFIRM_TOKEN_HOURS * 3_600_000),
  });
  await queueEmail(
    {
      to: customer.email,
      locale: customer.locale,
      template,
      data: {
        firstName: customer.firstName,
        confirmUrl: `${env().BASE_URL}${loginPath}?confirm=${token}`,
        validHours: CONFIRM_TOKEN_HOURS,
      },
    },
    { tx },
  );
}

/**
 * Registers a customer (SPEC §3 Account). The account, its credential and the welcome e-mail with the
 * link that confirms the address are written in one transaction; the customer signs in once the address
 * is confirmed (docs/decisions/0024). An e-mail that already has an account answers the spec's
 * "existing account" refusal (the page offers log in and reset password).
 */
export async function registerCustomer(
  input: RegisterInput,
  meta: RequestMeta,
): Promise<{ userId: string; email: string } | Refusal> {
  const captcha = await verifyCaptcha(input.captcha);
  if (captcha !== "ok") return refuse.invalid(`account:captcha.${captcha}`, undefined, "captcha");
  if (!(await attemptAllowed(`register:ip:${meta.ip}`, throttleRules.registerIp))) return throttled();
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  return transaction(async (tx) => {
    const [row] = await tx
      .insert(user)
      .values({
        email,
        name: `${input.firstName} ${input.lastName}`,
        firstName: input.firstName,
        lastName: input.lastName,
        locale: meta.locale,
        dateOfBirth: input.birthDate ?? null,
        gender: input.gender ?? null,
        newsletter: input.newsletter,
        role: "customer",
      })
      .onConflictDoNothing({ target: user.email })
      .returning({ id: user.id });
    if (!row) return refuse.conflict("account:register.exists");
    await tx.insert(account).values({
      userId: row.id,
      accountId: row.id,
      providerId: "credential",
      password: passwordHash,
      updatedAt: new Date(),
    });
    await queueConfirmation(
      tx,
      { id: row.id, email, firstName: input.firstName, locale: meta.locale },
      "welcome",
    );
    return { userId: row.id, email };
  });
}

/**
 * Confirms a new account's e-mail address with the e-mailed token: once, within CONFIRM_TOKEN_HOURS.
 * The customer's other confirmation links stop working with it.
 */
export async function confirmEmail(token: string): Promise<{ email: string } | Refusal> {
  const refused = refuse.invalid("account:confirm.invalid");
  if (!token) return refused;
  return transaction(async (tx) => {
    const [used] = await tx
      .delete(verification)
      .where(
        and(eq(verification.identifier, `confirm-email:${token}`), sql`${verification.expiresAt} > now()`),
      )
      .returning({ userId: verification.value });
    if (!used) return refused;
    const [confirmed] = await tx
      .update(user)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(eq(user.id, used.userId))
      .returning({ email: user.email });
    await tx
      .delete(verification)
      .where(and(like(verification.identifier, "confirm-email:%"), eq(verification.value, used.userId)));
    return confirmed ? { email: confirmed.email } : refused;
  });
}

/**
 * Signs a customer or staff member in, throttled per account and per IP (docs/decisions/0018): after
 * too many failures the answer is "try again later" even for the right password, so guessing stops.
 * A blocked customer signs in as usual (SPEC §6). The right password of an account whose e-mail address
 * is not confirmed yet gets "confirm first" and a fresh link (at most a few per hour).
 */
export async function signIn(
  credentials: { email: string; password: string },
  meta: RequestMeta,
): Promise<SignedIn | Refusal> {
  const email = credentials.email.toLowerCase();
  const accountKey = `login:account:${email}`;
  const ipKey = `login:ip:${meta.ip}`;
  const wait = Math.max(
    await retryAfter(accountKey, throttleRules.loginAccount),
    await retryAfter(ipKey, throttleRules.loginIp),
  );
  if (wait > 0) return throttled(wait);
  try {
    const signedIn = await startSession(email, credentials.password, meta.headers);
    await clearAttempts([accountKey]);
    return signedIn;
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    // better-auth checks the password before it answers "not verified": this customer knows it.
    if (error.body?.code === "EMAIL_NOT_VERIFIED") {
      await clearAttempts([accountKey]);
      const sent = await resendConfirmation(email, meta.locale);
      // Only say a new link is on its way when one is: past the hourly limit, the earlier ones stand.
      return refuse.forbidden(sent ? "account:login.unconfirmed" : "account:login.unconfirmedEarlierLinks");
    }
    await Promise.all([
      countAttempt(accountKey, throttleRules.loginAccount),
      countAttempt(ipKey, throttleRules.loginIp),
    ]);
    return refuse.unauthenticated("account:login.invalid");
  }
}

/** A new confirmation link for an unconfirmed account, unless a few went out within the hour; answers whether it went. */
async function resendConfirmation(email: string, pageLocale: Locale): Promise<boolean> {
  if (!(await attemptAllowed(`confirm:account:${email}`, throttleRules.confirmAccount))) return false;
  return transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: user.id, firstName: user.firstName, locale: user.locale, verified: user.emailVerified })
      .from(user)
      .where(eq(user.email, email));
    if (!customer || customer.verified) return false;
    await queueConfirmation(
      tx,
      {
        id: customer.id,
        email,
        firstName: customer.firstName,
        locale: (customer.locale ?? pageLocale) as Locale,
      },
      "confirmEmail",
    );
    return true;
  });
}

/** Ends the session of these request headers (cookie or bearer); answers the cookies that clear it. */
export async function signOut(headers: Headers): Promise<string[]> {
  try {
    const { headers: out } = await auth.api.signOut({ headers, returnHeaders: true });
    return out.getSetCookie();
  } catch (error) {
    // No session (already signed out elsewhere): nothing to end.
    if (error instanceof APIError) return [];
    throw error;
  }
}

// ----- passwords ---------------------------------------------------------------------------------------

export const RESET_TOKEN_MINUTES = 60;

/**
 * Forgot password: always the same answer (SPEC §8), whether the e-mail has an account or not. When it
 * has, a single-use token valid for an hour is stored in better-auth's verification table (its own
 * reset endpoint consumes it) and the link is e-mailed in the customer's language, in one transaction.
 */
export async function requestPasswordReset(
  input: { email: string; captcha?: string },
  meta: RequestMeta,
): Promise<undefined | Refusal> {
  const started = Date.now();
  const outcome = await resetRequest(input, meta);
  // A known address costs a transaction more than an unknown one (tens to hundreds of milliseconds
  // under load): every answer waits until the same moment, so the time tells nothing (ASVS 6.3.8).
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + RESET_ANSWER_MS - Date.now())));
  return outcome;
}

/** How long every forgot-password answer takes at least: longer than the known address's work. */
const RESET_ANSWER_MS = 750;

async function resetRequest(
  input: { email: string; captcha?: string },
  meta: RequestMeta,
): Promise<undefined | Refusal> {
  const captcha = await verifyCaptcha(input.captcha);
  if (captcha !== "ok") return refuse.invalid(`account:captcha.${captcha}`, undefined, "captcha");
  if (!(await attemptAllowed(`reset:ip:${meta.ip}`, throttleRules.resetIp))) return throttled();
  const email = input.email.toLowerCase();
  const [customer] = await db()
    .select({ id: user.id, firstName: user.firstName, locale: user.locale })
    .from(user)
    .where(eq(user.email, email));
  // Past the per-account limit the answer stays the same; only the e-mail is not sent again.
  if (!customer || !(await attemptAllowed(`reset:account:${email}`, throttleRules.resetAccount))) return;
  const token = randomBytes(24).toString("base64url");
  const locale = (customer.locale ?? meta.locale) as Locale;
  const resetUrl = `${env().BASE_URL}${href("reset-password", {}, locale, env().I18N_STRATEGY)}?token=${token}`;
  await transaction(async (tx) => {
    await tx.insert(verification).values({
      identifier: `reset-password:${token}`,
      value: customer.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
    });
    await queueEmail(
      {
        to: email,
        locale,
        template: "passwordReset",
        data: { firstName: customer.firstName, resetUrl, validMinutes: RESET_TOKEN_MINUTES },
      },
      { tx },
    );
  });
}

/**
 * Sets a new password with an e-mailed token (once; expired or used tokens are refused) and ends every
 * session. The link came by e-mail, so better-auth's reset hook confirms the address too (auth.server.ts).
 */
export async function resetPassword(input: {
  token: string;
  password: string;
}): Promise<undefined | Refusal> {
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (error) {
    if (error instanceof APIError) return refuse.invalid("account:reset.invalidToken");
    throw error;
  }
}

/** Whether a reset token can still be used (the page says so before the customer types a new password). */
export async function resetTokenUsable(token: string): Promise<boolean> {
  const rows = await db()
    .select({ id: verification.id })
    .from(verification)
    .where(
      and(eq(verification.identifier, `reset-password:${token}`), sql`${verification.expiresAt} > now()`),
    );
  return rows.length > 0;
}

/**
 * Changes the password of the signed-in customer after checking the current one; other sessions end,
 * this one goes on under a new token (answered as cookies and token).
 */
export async function changePassword(
  headers: Headers,
  input: { currentPassword: string; password: string },
): Promise<{ setCookies: string[]; token: string | null } | Refusal> {
  try {
    const { headers: out, response } = await auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.password,
        revokeOtherSessions: true,
      },
      headers,
      returnHeaders: true,
    });
    return { setCookies: out.getSetCookie(), token: response.token ?? null };
  } catch (error) {
    if (error instanceof APIError)
      return refuse.forbidden("account:password.wrongCurrent", undefined, "currentPassword");
    throw error;
  }
}

/** Whether `password` is the signed-in customer's (the request's session), before something drastic. */
export async function passwordMatches(headers: Headers, password: string): Promise<boolean> {
  try {
    await auth.api.verifyPassword({ body: { password }, headers });
    return true;
  } catch (error) {
    if (error instanceof APIError) return false;
    throw error;
  }
}
