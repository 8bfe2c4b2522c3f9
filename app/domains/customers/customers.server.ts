import { randomBytes } from "node:crypto";
import { APIError } from "better-auth/api";
import { hashPassword } from "better-auth/crypto";
import { and, asc, desc, eq, like, lt, ne, sql } from "drizzle-orm";
import { auth, type Role } from "../../platform/auth/auth.server";
import { forgetExpiredCaptchas, verifyCaptcha } from "../../platform/captcha/captcha.server";
import { db, type Queryable, type Transaction } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { env } from "../../platform/env.server";
import type { Locale } from "../../platform/i18n/locales";
import { defineJob } from "../../platform/jobs/jobs.server";
import { logger } from "../../platform/logging/logger.server";
import { href } from "../../routing/urls";
import { queueEmail } from "../notifications/notifications.server";
import { anonymiseOrdersOf, type OrderDetail, orderForGuest, ordersForExport } from "../orders/orders.server";
import type { GuestOrderLookupInput } from "../orders/validation";
import { walletOf } from "../wallet/wallet.server";
import { account, addresses, session, user, verification } from "./tables.server";
import {
  attemptAllowed,
  clearAttempts,
  countAttempt,
  forgetOldAttempts,
  retryAfter,
  throttleRules,
} from "./throttle.server";
import type { AddressInput, DetailsInput, PreferencesInput, RegisterInput } from "./validation";

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

export async function accountExists(on: Queryable, email: string): Promise<boolean> {
  const rows = await on
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
  ok: true;
  userId: string;
  setCookies: string[];
  token: string;
}

export type Refusal<Key extends string> = { ok: false; messageKey: Key; retryAfterSeconds?: number };

async function startSession(email: string, password: string, headers?: Headers): Promise<SignedIn> {
  const { headers: out, response } = await auth.api.signInEmail({
    body: { email, password, rememberMe: true },
    headers: headers ?? new Headers(),
    returnHeaders: true,
  });
  return { ok: true, userId: response.user.id, setCookies: out.getSetCookie(), token: response.token };
}

// ----- register, sign in, sign out -------------------------------------------------------------------

export type RegisterOutcome =
  | { ok: true; userId: string; email: string }
  | Refusal<
      "account:register.exists" | "account:captcha.missing" | "account:captcha.invalid" | "account:throttled"
    >;

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
  await queueEmail(tx, {
    to: customer.email,
    locale: customer.locale,
    template,
    data: {
      firstName: customer.firstName,
      confirmUrl: `${env().BASE_URL}${loginPath}?confirm=${token}`,
      validHours: CONFIRM_TOKEN_HOURS,
    },
  });
}

/**
 * Registers a customer (SPEC §3 Account). The account, its credential and the welcome e-mail with the
 * link that confirms the address are written in one transaction; the customer signs in once the address
 * is confirmed (docs/decisions/0024). An e-mail that already has an account answers the spec's
 * "existing account" refusal (the page offers log in and reset password).
 */
export async function registerCustomer(input: RegisterInput, meta: RequestMeta): Promise<RegisterOutcome> {
  const captcha = await verifyCaptcha(input.captcha);
  if (captcha !== "ok") return { ok: false, messageKey: `account:captcha.${captcha}` };
  if (!(await attemptAllowed(`register:ip:${meta.ip}`, throttleRules.registerIp)))
    return { ok: false, messageKey: "account:throttled" };
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const created = await transaction(async (tx) => {
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
    if (!row) return null;
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
    return row;
  });
  if (!created) return { ok: false, messageKey: "account:register.exists" };
  return { ok: true, userId: created.id, email };
}

export type ConfirmOutcome = { ok: true; email: string } | Refusal<"account:confirm.invalid">;

/**
 * Confirms a new account's e-mail address with the e-mailed token: once, within CONFIRM_TOKEN_HOURS.
 * The customer's other confirmation links stop working with it.
 */
export async function confirmEmail(token: string): Promise<ConfirmOutcome> {
  const refused = { ok: false, messageKey: "account:confirm.invalid" } as const;
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
    return confirmed ? { ok: true as const, email: confirmed.email } : refused;
  });
}

export type SignInOutcome =
  | SignedIn
  | Refusal<
      | "account:login.invalid"
      | "account:login.unconfirmed"
      | "account:login.unconfirmedEarlierLinks"
      | "account:throttled"
    >;

/**
 * Signs a customer or staff member in, throttled per account and per IP (docs/decisions/0018): after
 * too many failures the answer is "try again later" even for the right password, so guessing stops.
 * A blocked customer signs in as usual (SPEC §6). The right password of an account whose e-mail address
 * is not confirmed yet gets "confirm first" and a fresh link (at most a few per hour).
 */
export async function signIn(
  credentials: { email: string; password: string },
  meta: RequestMeta,
): Promise<SignInOutcome> {
  const email = credentials.email.toLowerCase();
  const accountKey = `login:account:${email}`;
  const ipKey = `login:ip:${meta.ip}`;
  const wait = Math.max(
    await retryAfter(accountKey, throttleRules.loginAccount),
    await retryAfter(ipKey, throttleRules.loginIp),
  );
  if (wait > 0) return { ok: false, messageKey: "account:throttled", retryAfterSeconds: wait };
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
      return {
        ok: false,
        messageKey: sent ? "account:login.unconfirmed" : "account:login.unconfirmedEarlierLinks",
      };
    }
    await Promise.all([
      countAttempt(accountKey, throttleRules.loginAccount),
      countAttempt(ipKey, throttleRules.loginIp),
    ]);
    return { ok: false, messageKey: "account:login.invalid" };
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

export type ResetRequestOutcome =
  | { ok: true }
  | Refusal<"account:captcha.missing" | "account:captcha.invalid" | "account:throttled">;

/**
 * Forgot password: always the same answer (SPEC §8), whether the e-mail has an account or not. When it
 * has, a single-use token valid for an hour is stored in better-auth's verification table (its own
 * reset endpoint consumes it) and the link is e-mailed in the customer's language, in one transaction.
 */
export async function requestPasswordReset(
  input: { email: string; captcha?: string },
  meta: RequestMeta,
): Promise<ResetRequestOutcome> {
  const captcha = await verifyCaptcha(input.captcha);
  if (captcha !== "ok") return { ok: false, messageKey: `account:captcha.${captcha}` };
  if (!(await attemptAllowed(`reset:ip:${meta.ip}`, throttleRules.resetIp)))
    return { ok: false, messageKey: "account:throttled" };
  const email = input.email.toLowerCase();
  const [customer] = await db()
    .select({ id: user.id, firstName: user.firstName, locale: user.locale })
    .from(user)
    .where(eq(user.email, email));
  // Past the per-account limit the answer stays the same; only the e-mail is not sent again.
  if (!customer || !(await attemptAllowed(`reset:account:${email}`, throttleRules.resetAccount)))
    return { ok: true };
  const token = randomBytes(24).toString("base64url");
  const locale = (customer.locale ?? meta.locale) as Locale;
  const resetUrl = `${env().BASE_URL}${href("reset-password", {}, locale, env().I18N_STRATEGY)}?token=${token}`;
  await transaction(async (tx) => {
    await tx.insert(verification).values({
      identifier: `reset-password:${token}`,
      value: customer.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
    });
    await queueEmail(tx, {
      to: email,
      locale,
      template: "passwordReset",
      data: { firstName: customer.firstName, resetUrl, validMinutes: RESET_TOKEN_MINUTES },
    });
  });
  return { ok: true };
}

/**
 * Sets a new password with an e-mailed token (once; expired or used tokens are refused) and ends every
 * session. The link came by e-mail, so better-auth's reset hook confirms the address too (auth.server.ts).
 */
export async function resetPassword(input: {
  token: string;
  password: string;
}): Promise<{ ok: true } | Refusal<"account:reset.invalidToken">> {
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
    return { ok: true };
  } catch (error) {
    if (error instanceof APIError) return { ok: false, messageKey: "account:reset.invalidToken" };
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
): Promise<
  { ok: true; setCookies: string[]; token: string | null } | Refusal<"account:password.wrongCurrent">
> {
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
    return { ok: true, setCookies: out.getSetCookie(), token: response.token ?? null };
  } catch (error) {
    if (error instanceof APIError) return { ok: false, messageKey: "account:password.wrongCurrent" };
    throw error;
  }
}

// ----- the customer's details --------------------------------------------------------------------------

export interface CustomerProfile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  birthDate: string | null;
  gender: string | null;
  newsletter: boolean;
  phoneUpdates: boolean;
  locale: string;
  blocked: boolean;
  createdAt: Date;
}

export async function customerProfile(userId: string): Promise<CustomerProfile | null> {
  const [row] = await db()
    .select({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      birthDate: user.dateOfBirth,
      gender: user.gender,
      newsletter: user.newsletter,
      phoneUpdates: user.phoneUpdates,
      locale: user.locale,
      blocked: user.blocked,
      createdAt: user.createdAt,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!row) return null;
  return {
    ...row,
    newsletter: row.newsletter === true,
    phoneUpdates: row.phoneUpdates === true,
    blocked: row.blocked === true,
    locale: row.locale ?? "en",
  };
}

export async function updateDetails(userId: string, input: DetailsInput): Promise<void> {
  await db()
    .update(user)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      name: `${input.firstName} ${input.lastName}`,
      phone: input.phone ?? null,
      dateOfBirth: input.birthDate ?? null,
      gender: input.gender ?? null,
    })
    .where(eq(user.id, userId));
}

export async function updatePreferences(userId: string, input: PreferencesInput): Promise<void> {
  await db()
    .update(user)
    .set({ newsletter: input.newsletter, phoneUpdates: input.phoneUpdates })
    .where(eq(user.id, userId));
}

// ----- the address book ---------------------------------------------------------------------------------

export type Address = typeof addresses.$inferSelect;

export async function addressesOf(userId: string): Promise<Address[]> {
  return db()
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefaultShipping), desc(addresses.isDefaultBilling), asc(addresses.id));
}

/** One address of this customer; another customer's (or no) address is null, never "forbidden". */
export async function addressOf(userId: string, addressId: number): Promise<Address | null> {
  if (!Number.isSafeInteger(addressId)) return null;
  const [row] = await db()
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  return row ?? null;
}

/** Whether an address id is in this customer's address book (`user-owns-address`). */
export async function customerOwnsAddress(
  on: Queryable,
  userId: string,
  addressId: number,
): Promise<boolean> {
  const rows = await on
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

const addressValues = (input: AddressInput) => ({
  firstName: input.firstName,
  lastName: input.lastName,
  street: input.street,
  houseNumber: input.houseNumber,
  addition: input.addition ?? null,
  postalCode: input.postalCode,
  city: input.city,
  region: input.region ?? null,
  country: input.country,
  phone: input.phone ?? null,
});

/** One default billing and one default shipping address per customer: a new default replaces the old. */
async function takeDefaults(tx: Transaction, userId: string, keep: number, input: AddressInput) {
  if (input.isDefaultBilling)
    await tx
      .update(addresses)
      .set({ isDefaultBilling: false })
      .where(and(eq(addresses.userId, userId), ne(addresses.id, keep), eq(addresses.isDefaultBilling, true)));
  if (input.isDefaultShipping)
    await tx
      .update(addresses)
      .set({ isDefaultShipping: false })
      .where(
        and(eq(addresses.userId, userId), ne(addresses.id, keep), eq(addresses.isDefaultShipping, true)),
      );
}

/** Adds an address; the first one is the default for billing and shipping. */
export async function createAddress(userId: string, input: AddressInput): Promise<Address> {
  return transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`addresses:${userId}`}))`);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    const first = Number(count) === 0;
    await takeDefaults(tx, userId, -1, input);
    const [row] = await tx
      .insert(addresses)
      .values({
        userId,
        ...addressValues(input),
        isDefaultBilling: first || input.isDefaultBilling,
        isDefaultShipping: first || input.isDefaultShipping,
      })
      .returning();
    return row!;
  });
}

/** Changes an address of this customer; null when it is not theirs. Unticking a default leaves none. */
export async function updateAddress(
  userId: string,
  addressId: number,
  input: AddressInput,
): Promise<Address | null> {
  return transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`addresses:${userId}`}))`);
    if (!(await customerOwnsAddress(tx, userId, addressId))) return null;
    await takeDefaults(tx, userId, addressId, input);
    const [row] = await tx
      .update(addresses)
      .set({
        ...addressValues(input),
        isDefaultBilling: input.isDefaultBilling,
        isDefaultShipping: input.isDefaultShipping,
        updatedAt: new Date(),
      })
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning();
    return row ?? null;
  });
}

/** Deletes an address of this customer; false when it is not theirs. */
export async function deleteAddress(userId: string, addressId: number): Promise<boolean> {
  if (!Number.isSafeInteger(addressId)) return false;
  const deleted = await db()
    .delete(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  return deleted.length > 0;
}

// ----- blocked customers ---------------------------------------------------------------------------------

/** Whether the customer is blocked from ordering (SPEC §6): checkout shows the blocked page instead. */
export async function isBlocked(on: Queryable, userId: string): Promise<boolean> {
  const [row] = await on.select({ blocked: user.blocked }).from(user).where(eq(user.id, userId));
  return row?.blocked === true;
}

// ----- their data: export and deletion (GDPR) ------------------------------------------------------------

export type GuestOrderLookup =
  | { ok: true; order: OrderDetail }
  | { ok: false; messageKey: "myorders:lookup.notFound" | "account:throttled"; retryAfterSeconds?: number };

/**
 * A guest's order by number and e-mail (issue 6 item 4). "No such order" and "wrong e-mail" give the same
 * answer; lookups are throttled per IP and failures per order number, so neither numbers nor the e-mail
 * of a known number can be tried out. It lives here because the throttle counters do.
 */
export async function lookUpGuestOrder(
  input: GuestOrderLookupInput,
  context: { ip: string },
): Promise<GuestOrderLookup> {
  const ipKey = `order-lookup:ip:${context.ip}`;
  const numberKey = `order-lookup:number:${input.number}`;
  const waitNumber = await retryAfter(numberKey, throttleRules.orderLookupNumber);
  if (waitNumber > 0) return { ok: false, messageKey: "account:throttled", retryAfterSeconds: waitNumber };
  if (!(await attemptAllowed(ipKey, throttleRules.orderLookupIp)))
    return {
      ok: false,
      messageKey: "account:throttled",
      retryAfterSeconds: await retryAfter(ipKey, throttleRules.orderLookupIp),
    };
  const order = await orderForGuest(db(), input.number, input.email);
  if (!order) {
    await countAttempt(numberKey, throttleRules.orderLookupNumber);
    return { ok: false, messageKey: "myorders:lookup.notFound" };
  }
  return { ok: true, order };
}

/** Everything the shop holds on the customer, as one JSON document ("download my data"). */
export async function exportCustomerData(userId: string) {
  const profile = await customerProfile(userId);
  if (!profile) return null;
  const [book, wallet, sessions, orders] = await Promise.all([
    addressesOf(userId),
    walletOf(db(), userId, 10_000),
    db()
      .select({
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      })
      .from(session)
      .where(eq(session.userId, userId))
      .orderBy(desc(session.createdAt)),
    ordersForExport(db(), userId),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account: profile,
    addresses: book.map(({ userId: _owner, ...address }) => address),
    wallet,
    sessions,
    orders,
  };
}

/**
 * Deletes the account after checking the password: sessions, credentials, addresses and wallet go with
 * the user row; orders stay, anonymised. One transaction.
 */
export async function deleteCustomerAccount(
  headers: Headers,
  userId: string,
  password: string,
): Promise<{ ok: true } | Refusal<"account:password.wrongCurrent">> {
  try {
    await auth.api.verifyPassword({ body: { password }, headers });
  } catch (error) {
    if (error instanceof APIError) return { ok: false, messageKey: "account:password.wrongCurrent" };
    throw error;
  }
  await transaction(async (tx) => {
    // The orders stay (the law requires the records) but lose what names the customer, in the same
    // transaction as the deletion, so both happen or neither.
    await anonymiseOrdersOf(tx, userId);
    await tx.delete(user).where(eq(user.id, userId));
  });
  logger.info({ userId }, "customer account deleted on request");
  return { ok: true };
}

/**
 * Drops expired rows of better-auth's verification table: confirmation (`confirm-email:`) and reset
 * (`reset-password:`) links nobody used. Every reader asks for `expires_at > now()`, so they only take room.
 */
async function forgetExpiredVerifications(): Promise<void> {
  await db().delete(verification).where(lt(verification.expiresAt, sql`now()`));
}

/**
 * Once a day: drops throttle counters, spent captcha solutions and expired confirmation and reset links
 * that can no longer matter.
 */
export const forgetOldAuthAttemptsJob = defineJob<{ reason: string }>({
  name: "customers.forget-old-auth-attempts",
  schedule: { cron: "17 4 * * *", data: { reason: "schedule" } },
  options: { retryLimit: 1, expireInSeconds: 300 },
  async handle() {
    await Promise.all([forgetOldAttempts(), forgetExpiredCaptchas(), forgetExpiredVerifications()]);
  },
});

// The back office's reads and commands (the staff domain adds the audit entry around each).
export * from "./backoffice.server";
