import { useTranslation } from "react-i18next";
import { useOnline } from "~/platform/navigation/hooks";

/** Tells the shopper the connection is gone; pages they open may come from the offline copy. */
export function OfflineBanner() {
  const online = useOnline();
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <p className="bg-ink px-4 py-2 text-center text-sm text-white">{t("system.offlineBanner")}</p>
      )}
    </div>
  );
}
