// The customers domain's public file: accounts and sign-in, the customer's details and address book,
// their data (GDPR), and the back office's reads and commands (the staff domain adds the audit entry).
import { lt, sql } from "drizzle-orm";
import { verification } from "../../platform/auth/tables.server";
import { forgetExpiredCaptchas } from "../../platform/captcha/captcha.server";
import { db } from "../../platform/db/db.server";
import { defineJob } from "../../platform/jobs/jobs.server";
import { forgetOldAttempts } from "../../platform/throttle/throttle.server";

export {
  accountExists,
  changePassword,
  confirmEmail,
  createAccount,
  type NewAccount,
  passwordMatches,
  registerCustomer,
  requestPasswordReset,
  resetPassword,
  resetTokenUsable,
  signIn,
  signOut,
} from "./accounts.server";
export {
  type Address,
  addressesOf,
  addressOf,
  createAddress,
  customerOwnsAddress,
  deleteAddress,
  updateAddress,
} from "./addresses.server";
export * from "./backoffice.server";
export { deleteCustomerAccount, exportCustomerData } from "./gdpr.server";
export {
  customerProfile,
  isBlocked,
  updateDetails,
  updatePreferences,
} from "./profile.server";

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
