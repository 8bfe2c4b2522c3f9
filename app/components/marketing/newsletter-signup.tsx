import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { useFieldError } from "~/components/forms/conform-fields";
import { NewsletterSchema } from "~/domains/marketing/validation";
import { useShopForm } from "~/platform/forms/use-shop-form";
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
  const { t } = useTranslation();
  const to = usePageHref();
  const fetcher = useFetcher<NewsletterReply>();
  const id = useId();
  const reply = fetcher.data;
  const pending = fetcher.state !== "idle";
  const done = reply && (reply.state === "pending" || reply.state === "subscribed");
  useEffect(() => {
    if (reply && (reply.state === "pending" || reply.state === "subscribed")) onDone?.(reply);
  }, [reply, onDone]);
  // The same schema as the action: a malformed address is answered here and never sent.
  const { formProps, fields } = useShopForm({ schema: NewsletterSchema, id: `newsletter${id}`, pending });
  const fieldError = useFieldError(fields.email, t("newsletter.label"));
  const invalid = Boolean(fieldError) || reply?.state === "invalid" || reply?.state === "already";
  return (
    <fetcher.Form method="post" action={to("newsletter")} className="space-y-2" {...formProps}>
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
