import { useTranslation } from "react-i18next";

/** Marks a draft shown through its preview link, so nobody mistakes it for the live page. */
export function PreviewBanner() {
  const { t } = useTranslation("content");
  return (
    <p role="note" className="bg-accent px-4 py-2 text-center text-sm text-white">
      {t("preview.banner")}
    </p>
  );
}
