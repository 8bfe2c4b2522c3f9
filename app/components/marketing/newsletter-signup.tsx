import { useEffect, useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { type DeferredCheck, useDeferredValidation } from "~/components/forms/deferred-validation";
import type { Translate } from "~/platform/forms/messages";
import { usePageHref } from "~/routing/use-routing";

/** What the newsletter page's action answers a sign-up with (also rendered by the page without JavaScript). */
export interface NewsletterReply {
  intent: "subscribe" | "unsubscribe";
  state: "pending" | "subscribed" | "already" | "invalid" | "failure" | "unsubscribed";
  message: string;
}

/**
 * The newsletter sign-up of the footer and the toast: one e-mail field, posted to the newsletter page's
 * action (a fetcher with JavaScript; a plain form post to that page without). No per-visitor data, so the
 * footer stays cacheable. The answer is read out in a live region.
 *
 * The footer is on every page, so the form does not bring Zod and Conform with it: the action's schema
 * loads on the form's first focus (`newsletter-check.ts`, `useDeferredValidation` as the product page's
 * forms), checks the form on submit and, after a failed check, as the address is corrected; a malformed
 * address is answered here and never sent (docs/decisions/0054-the-footer-form-loads-its-checks-on-use.md).
 */
export function NewsletterSignup({
  source,
  onDone,
  compact = false,
}: {
  source: "footer" | "toast";
  onDone?: (reply: NewsletterReply) => void;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const to = usePageHref();
  const fetcher = useFetcher<NewsletterReply>();
  const id = useId();
  const reply = fetcher.data;
  const done = reply && (reply.state === "pending" || reply.state === "subscribed");
  useEffect(() => {
    if (reply && (reply.state === "pending" || reply.state === "subscribed")) onDone?.(reply);
  }, [reply, onDone]);
  // The action's schema, loaded on the form's first focus (with the `forms` messages it answers in).
  const check = useMemo<DeferredCheck>(() => {
    const load = () => Promise.all([import("./newsletter-check"), i18n.loadNamespaces("forms")]);
    return {
      load,
      validate: async (formData) =>
        (await load())[0].newsletterErrors(
          formData,
          i18n.getFixedT(null, "forms") as Translate,
          t("newsletter.label"),
        ),
    };
  }, [i18n, t]);
  const form = useDeferredValidation(check, fetcher, reply);
  const { pending } = form;
  const fieldError = form.errors.email?.[0] ?? undefined;
  const invalid = Boolean(fieldError) || reply?.state === "invalid" || reply?.state === "already";
  return (
    <fetcher.Form action={to("newsletter")} className="space-y-2" id={`newsletter${id}`} {...form.formProps}>
      <input type="hidden" name="intent" value="subscribe" />
      <input type="hidden" name="source" value={source} />
      {done ? null : (
        <div className={compact ? "flex flex-col gap-2" : "flex flex-col gap-2 sm:flex-row desktop:flex-col"}>
          <label htmlFor={`${id}-email`} className="sr-only">
            {t("newsletter.label")}
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            placeholder={t("newsletter.placeholder")}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-status ${id}-consent`}
            className="min-h-12 min-w-0 flex-1 border border-line bg-white px-3 text-sm"
          />
          <button
            type="submit"
            aria-disabled={pending || undefined}
            className="min-h-12 shrink-0 whitespace-nowrap bg-ink px-5 text-sm font-medium tracking-[0.14em] text-paper uppercase hover:bg-accent aria-disabled:opacity-70"
          >
            {pending ? t("newsletter.pending") : t("newsletter.submit")}
          </button>
        </div>
      )}
      <p
        id={`${id}-status`}
        role="status"
        className={`text-sm ${invalid || reply?.state === "failure" ? "text-sale" : ""}`}
      >
        {fieldError ?? reply?.message ?? ""}
      </p>
      {done ? null : (
        <p id={`${id}-consent`} className="text-xs text-muted">
          {t("newsletter.consent")}
        </p>
      )}
    </fetcher.Form>
  );
}
