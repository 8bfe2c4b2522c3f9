import en from "~/locales/en/forms.json";
import es from "~/locales/es/forms.json";
import fr from "~/locales/fr/forms.json";
import nl from "~/locales/nl/forms.json";
import { createI18n } from "~/platform/i18n/i18n";
import type { Locale } from "~/platform/i18n/locales";

const forms = { en, nl, fr, es };

/** An i18next instance with the real `forms` messages of one locale (tests only). */
export function formsI18n(locale: Locale) {
  return createI18n(locale, { [locale]: { forms: forms[locale] } });
}

/** `t` of the `forms` namespace in one locale. */
export function formsT(locale: Locale) {
  return formsI18n(locale).getFixedT(locale, "forms");
}
