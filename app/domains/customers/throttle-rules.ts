import type { ThrottleRule } from "../../platform/throttle/throttle.server";

/**
 * How often each customer action may be tried (docs/decisions/0018), counted per account or per IP by the
 * platform's throttle.
 */
export const throttleRules = {
  /** Failed sign-ins per account: slows down guessing one customer's password. */
  loginAccount: { limit: 5, windowSeconds: 15 * 60 },
  /** Failed sign-ins per IP: slows down trying many accounts from one place. */
  loginIp: { limit: 30, windowSeconds: 15 * 60 },
  /** Reset e-mails per account: nobody's inbox is flooded. */
  resetAccount: { limit: 3, windowSeconds: 60 * 60 },
  /** Reset requests and registrations per IP (the captcha makes each one cost work too). */
  resetIp: { limit: 10, windowSeconds: 60 * 60 },
  registerIp: { limit: 10, windowSeconds: 60 * 60 },
  /** New confirmation links for an unconfirmed account (one goes out at each sign-in attempt). */
  confirmAccount: { limit: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, ThrottleRule>;
