import { useCallback, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { useConsent } from "~/components/layout/cookie-consent";
import { CloseButton } from "~/components/ui/close-button";
import { usePageHref } from "~/routing/use-routing";
import { NewsletterSignup } from "./newsletter-signup";

/** Set when the toast has been shown once: a visitor sees it once, whatever they did with it. */
export const NEWSLETTER_TOAST_COOKIE = "shop_newsletter_toast";
const SHOW_AFTER_MS = 6_000;

function seen(): boolean {
  return document.cookie.split("; ").some((c) => c.startsWith(`${NEWSLETTER_TOAST_COOKIE}=`));
}

/**
 * The newsletter toast (SPEC's overlays): once per visitor, only after the cookie choice was made (it
 * never competes with the banner), a few seconds into a visit, not on the newsletter page itself. A
 * non-modal, labelled region at the bottom (288–568 px wide, SPEC §9); Escape or "No thanks" closes it.
 */
export function NewsletterToast() {
  const { t } = useTranslation();
  const consent = useConsent();
  const { pathname } = useLocation();
  const to = usePageHref();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const onNewsletterPage = pathname.startsWith(to("newsletter"));

  useEffect(() => {
    if (!consent || onNewsletterPage || seen()) return;
    const timer = window.setTimeout(() => {
      if (seen()) return;
      // biome-ignore lint/suspicious/noDocumentCookie: one flag, synchronously, where the Cookie Store API is missing (Safari < 18.4, Firefox)
      document.cookie = `${NEWSLETTER_TOAST_COOKIE}=seen; Max-Age=${365 * 86400}; Path=/; SameSite=Lax`;
      setOpen(true);
    }, SHOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [consent, onNewsletterPage]);

  const close = useCallback(() => setOpen(false), []);
  const done = useCallback(() => window.setTimeout(close, 6_000), [close]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && close();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, close]);

  if (!open) return null;
  return (
    <section
      aria-labelledby={titleId}
      data-testid="newsletter-toast"
      className="fixed right-4 bottom-4 left-4 z-40 max-w-[568px] min-w-[288px] border border-line bg-paper p-5 shadow-lg sm:left-auto sm:w-[28rem]"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={titleId} className="font-display text-xl">
          {t("newsletter.toastTitle")}
        </h2>
        <CloseButton onClick={close} className="-mt-2 -mr-2" />
      </div>
      <p className="mt-1 mb-3 text-sm text-muted">{t("newsletter.toastText")}</p>
      <NewsletterSignup source="toast" compact onDone={done} />
      <button type="button" onClick={close} className="mt-2 text-sm underline underline-offset-4">
        {t("newsletter.close")}
      </button>
    </section>
  );
}
