import { useCallback, useEffect, useId, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { type ConsentChoice, readConsentCookie, type StoredConsent } from "~/domains/marketing/consent";
import { useRouting } from "~/routing/use-routing";

const OPEN_PREFERENCES = "shop:consent-preferences";
const CHANGED = "shop:consent-changed";

/** Opens the cookie preferences (the footer's "Cookie settings"). */
export function openConsentPreferences() {
  window.dispatchEvent(new Event(OPEN_PREFERENCES));
}

// Read once and again only after a change through this page: `document.cookie` is slow to read in Chrome,
// and the store is asked for its snapshot several times per render of every consent-aware component.
let snapshot: { consent: StoredConsent | null } | undefined;

function subscribe(callback: () => void) {
  const changed = () => {
    snapshot = undefined;
    callback();
  };
  window.addEventListener(CHANGED, changed);
  return () => window.removeEventListener(CHANGED, changed);
}

function currentConsent(): StoredConsent | null {
  snapshot ??= { consent: readConsentCookie(document.cookie) };
  return snapshot.consent;
}

/** The visitor's stored choice; `undefined` while rendering on the server (it is never in the HTML). */
export function useConsent(): StoredConsent | null | undefined {
  return useSyncExternalStore(subscribe, currentConsent, () => undefined);
}

async function saveConsent(choice: ConsentChoice, locale: string) {
  const response = await fetch("/api/v1/consent", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...choice, locale }),
  });
  if (!response.ok) throw new Error(`consent not saved (${response.status})`);
  window.dispatchEvent(new Event(CHANGED));
}

/**
 * The cookie banner of PRODUCT.md: necessary / analytics / personalisation, rejecting as easy as
 * accepting, nothing optional before a choice; the choice is stored and logged with its version.
 */
export function CookieConsent() {
  const { t } = useTranslation();
  const { locale } = useRouting();
  const consent = useConsent();
  const [preferences, setPreferences] = useState(false);
  const [choice, setChoice] = useState<ConsentChoice>({ analytics: false, personalisation: false });
  const [failed, setFailed] = useState(false);
  const titleId = useId();

  useEffect(() => {
    const open = () => {
      const stored = readConsentCookie(document.cookie);
      setChoice({ analytics: stored?.analytics ?? false, personalisation: stored?.personalisation ?? false });
      setPreferences(true);
    };
    window.addEventListener(OPEN_PREFERENCES, open);
    return () => window.removeEventListener(OPEN_PREFERENCES, open);
  }, []);

  useEffect(() => {
    if (consent === undefined) return;
    document.documentElement.dataset.consent = consent
      ? `analytics:${consent.analytics ? 1 : 0},personalisation:${consent.personalisation ? 1 : 0}`
      : "none";
  }, [consent]);

  const decide = useCallback(
    async (next: ConsentChoice) => {
      try {
        await saveConsent(next, locale);
        setFailed(false);
        setPreferences(false);
      } catch {
        setFailed(true);
      }
    },
    [locale],
  );

  if (consent === undefined || (consent && !preferences)) return null;

  const button = "min-h-11 flex-1 border border-ink px-2 text-xs tracking-wider uppercase sm:px-4 sm:text-sm";
  return (
    <section
      aria-labelledby={titleId}
      className="fixed inset-x-0 bottom-0 z-[90] border-t border-line bg-white shadow-[0_-8px_24px_rgba(31,27,22,0.08)]"
    >
      <div className="mx-auto max-w-4xl space-y-3 px-4 py-4 desktop:space-y-4 desktop:px-8 desktop:py-5">
        <h2 id={titleId} className="font-display text-lg desktop:text-xl">
          {t("consent.title")}
        </h2>
        <p className="text-xs text-muted sm:text-sm">{t("consent.text")}</p>
        {preferences ? (
          <fieldset className="space-y-3">
            <legend className="sr-only">{t("consent.categories")}</legend>
            <label className="flex items-start gap-3 text-sm">
              <input type="checkbox" checked disabled className="mt-1 size-4" />
              <span>
                <strong className="block">{t("consent.necessary")}</strong>
                {t("consent.necessaryText")}
              </span>
            </label>
            {(["analytics", "personalisation"] as const).map((category) => (
              <label key={category} className="flex items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  name={category}
                  checked={choice[category]}
                  onChange={(event) => setChoice({ ...choice, [category]: event.target.checked })}
                  className="mt-1 size-4 accent-ink"
                />
                <span>
                  <strong className="block">{t(`consent.${category}`)}</strong>
                  {t(`consent.${category}Text`)}
                </span>
              </label>
            ))}
          </fieldset>
        ) : null}
        {failed ? (
          <p role="alert" className="text-sm text-sale">
            {t("errors.tryAgainLater")}
          </p>
        ) : null}
        <div className="flex gap-2 sm:gap-3">
          <button
            type="button"
            className={button}
            onClick={() => decide({ analytics: false, personalisation: false })}
          >
            {t("consent.rejectAll")}
          </button>
          {preferences ? (
            <button type="button" className={button} onClick={() => decide(choice)}>
              {t("consent.save")}
            </button>
          ) : (
            <button type="button" className={button} onClick={() => setPreferences(true)}>
              {t("consent.preferences")}
            </button>
          )}
          <button
            type="button"
            className={button}
            onClick={() => decide({ analytics: true, personalisation: true })}
          >
            {t("consent.acceptAll")}
          </button>
        </div>
      </div>
    </section>
  );
}
