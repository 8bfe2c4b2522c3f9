import { z } from "zod";
import * as rules from "../../platform/forms/rules";
import { locales } from "../../platform/i18n/locales";
import type { ConsentChoice } from "./consent";

/** A cookie-consent choice as the banner posts it (kept apart from consent.ts so pages load no Zod). */
export const ConsentRequestSchema = z.object({
  analytics: z.boolean(),
  personalisation: z.boolean(),
  locale: z.enum(locales),
}) satisfies z.ZodType<ConsentChoice & { locale: string }>;

/** Translation keys (namespace `marketing`) of the refer-a-friend and student forms' own messages. */
export const marketingMessageKeys = {
  ownEmail: "marketing:refer.errors.ownEmail",
} as const;

/**
 * The refer-a-friend form (SPEC §3 fields, §5 rule "the friend's e-mail must not be the user's own") and
 * `POST /api/v1/referrals`; the server adds the rules it alone can check (existing customer, limits).
 */
export const ReferAFriendSchema = z
  .object({
    name: rules.required({ max: 80, label: "marketing:refer.labels.name" }),
    email: rules.email(),
    friendFirstName: rules.required({ max: 80, label: "marketing:refer.labels.friendFirstName" }),
    friendEmail: rules.email({ label: "marketing:refer.labels.friendEmail" }),
    message: rules.optional(rules.maxChars(500)),
    terms: rules.accepted(),
    captcha: z.string().optional(),
  })
  .check(
    z.superRefine(
      (value: { email?: unknown; friendEmail?: unknown }, ctx) => {
        if (ctx.issues.some((issue) => issue.path?.[0] === "friendEmail" || issue.path?.[0] === "email"))
          return;
        const same = (a: unknown, b: unknown) =>
          typeof a === "string" && typeof b === "string" && a.trim().toLowerCase() === b.trim().toLowerCase();
        if (same(value.email, value.friendEmail))
          ctx.addIssue({ code: "custom", message: marketingMessageKeys.ownEmail, path: ["friendEmail"] });
      },
      { when: () => true },
    ),
  );
export type ReferAFriendInput = z.output<typeof ReferAFriendSchema>;

/** The student-discount form: a student e-mail address and the country of the school. */
export const StudentDiscountSchema = z.object({
  email: rules.email({ label: "marketing:student.labels.email" }),
  country: rules.country(),
});
export type StudentDiscountInput = z.output<typeof StudentDiscountSchema>;

/** The back office's editor of the student domain lists: one textarea per country, a domain a line. */
export const StudentDomainsFormSchema = z.object({
  NL: z.string().max(10_000).optional().default(""),
  BE: z.string().max(10_000).optional().default(""),
  FR: z.string().max(10_000).optional().default(""),
  ES: z.string().max(10_000).optional().default(""),
});

/** SPEC §9: "Newsletter welcome: 15% off first order". */
export const NEWSLETTER_PERCENT = 15;
/**
 * The version of the sign-up text the subscriber agreed to (`marketing:newsletter.consent`), kept with
 * every consent event: change it whenever that text changes in any locale.
 */
export const NEWSLETTER_CONSENT_VERSION = "2026-12-newsletter-1";
export const newsletterSources = ["footer", "toast", "account", "api"] as const;
export type NewsletterSource = (typeof newsletterSources)[number];

/** The newsletter sign-up (footer, toast and `POST /api/v1/newsletter/subscriptions`). */
export const NewsletterSchema = z.object({
  email: rules.email({ label: "marketing:newsletter.labels.email" }),
  source: z.enum(newsletterSources).optional().default("footer"),
});

/** PRODUCT.md: the feedback draw's monthly prize. */
export const FEEDBACK_PRIZE_CENTS = 250_00;

/** The feedback form (SPEC §3: free text, rating 1–5; an e-mail address, needed to enter the draw). */
export const FeedbackSchema = z
  .object({
    text: rules.required({ max: 2_000, label: "marketing:feedback.labels.text" }),
    rating: rules.choice(["1", "2", "3", "4", "5"], { label: "marketing:feedback.labels.rating" }),
    email: rules.optional(rules.email({ label: "marketing:feedback.labels.email" })),
    enterDraw: rules.toggle(),
  })
  .check(
    z.superRefine(
      (value: { email?: unknown; enterDraw?: unknown }, ctx) => {
        if (value.enterDraw === true && !value.email)
          ctx.addIssue({
            code: "custom",
            message: "marketing:feedback.errors.drawNeedsEmail",
            path: ["email"],
          });
      },
      { when: () => true },
    ),
  );
export type FeedbackInput = z.output<typeof FeedbackSchema>;
