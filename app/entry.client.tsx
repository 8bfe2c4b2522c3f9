import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { loadClientI18n } from "./platform/i18n/client";
import { defaultLocale, isLocale } from "./platform/i18n/locales";

const lang = document.documentElement.lang;
const i18n = await loadClientI18n(isLocale(lang) ? lang : defaultLocale);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <HydratedRouter />
      </I18nextProvider>
    </StrictMode>,
  );
});
