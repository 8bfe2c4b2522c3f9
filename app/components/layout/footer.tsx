import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { locales, ownLanguageNames } from "~/platform/i18n/locales";
import { usePageHref, useRouting } from "~/routing/use-routing";
import { NewsletterSignup } from "../marketing/newsletter-signup";
import { openConsentPreferences } from "./cookie-consent";
import { PaymentLogos } from "./payment-logos";
import { usePageAlternates } from "./seo-links";

/** Switches to the same page in another locale (localized slugs included), remembered by the locale cookie. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { locale } = useRouting();
  const urls = usePageAlternates();
  const to = usePageHref();
  return (
    <nav aria-label={t("nav.language")}>
      <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {locales.map((l) => (
          <li key={l}>
            <a
              href={urls?.[l] ?? to("home", {}, l)}
              hrefLang={l}
              lang={l}
              aria-current={l === locale ? "true" : undefined}
              className="underline-offset-4 hover:underline aria-[current=true]:font-semibold aria-[current=true]:underline"
            >
              {ownLanguageNames[l]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function FooterLinks({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: { label: string; to: string }[];
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-xs tracking-[0.2em] uppercase">
        {title}
      </h2>
      <ul className="space-y-2 text-sm">
        {links.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="underline-offset-4 hover:underline">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const to = usePageHref();
  const service = [
    { label: t("footer.customerService"), to: to("customer-service") },
    { label: t("footer.faq"), to: `${to("customer-service")}#faq` },
    { label: t("footer.deliveries"), to: to("deliveries") },
    { label: t("footer.returns"), to: to("returns") },
    { label: t("footer.withdraw"), to: to("withdrawal") },
    { label: t("footer.giftcard"), to: to("giftcard") },
    { label: t("footer.balance"), to: to("saldo-checker") },
  ];
  const more = [
    { label: t("footer.newsletter"), to: to("newsletter") },
    { label: t("footer.feedback"), to: to("feedback") },
    { label: t("footer.marketplace"), to: to("marketplace") },
    { label: t("footer.referAFriend"), to: to("refer-a-friend") },
    { label: t("footer.studentDiscount"), to: to("studenten-korting") },
    { label: t("footer.app"), to: to("chat-app") },
  ];
  return (
    <footer className="mt-16 border-t border-line bg-sand/60">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 desktop:grid-cols-4 desktop:px-8">
        <section aria-labelledby="footer-newsletter" className="sm:col-span-2 desktop:col-span-1">
          <h2 id="footer-newsletter" className="font-display text-2xl">
            {t("footer.newsletterTitle")}
          </h2>
          <p className="mt-2 text-sm text-muted">{t("footer.newsletterText")}</p>
          <div className="mt-4">
            <NewsletterSignup source="footer" />
          </div>
        </section>
        <FooterLinks id="footer-service" title={t("footer.serviceTitle")} links={service} />
        <FooterLinks id="footer-more" title={t("footer.moreTitle")} links={more} />
        <div className="space-y-6">
          <div>
            <h2 className="mb-3 text-xs tracking-[0.2em] uppercase">{t("nav.language")}</h2>
            <LanguageSwitch />
          </div>
          <div>
            <h2 className="mb-3 text-xs tracking-[0.2em] uppercase">{t("footer.paymentTitle")}</h2>
            <PaymentLogos label={t("footer.paymentTitle")} />
          </div>
        </div>
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-4 text-xs text-muted desktop:px-8">
          <p>© 2026 {t("shop.name")} · Keizersgracht 100, Amsterdam</p>
          <button type="button" onClick={openConsentPreferences} className="underline underline-offset-4">
            {t("consent.manage")}
          </button>
        </div>
      </div>
    </footer>
  );
}
