import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { loadClientI18n } from "./platform/i18n/client";
import { defaultLocale, isLocale } from "./platform/i18n/locales";
import { pageNamespaces } from "./platform/i18n/page-namespaces";
import { installChunkReload } from "./platform/navigation/chunk-reload";
import { registerServiceWorker } from "./platform/navigation/service-worker";

installChunkReload();
registerServiceWorker();

const { lang, dataset } = document.documentElement;
const i18n = await loadClientI18n(isLocale(lang) ? lang : defaultLocale, pageNamespaces(dataset.i18n));

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
