import { Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router";
import { usePageHref } from "~/routing/use-routing";

/** The checkout layout: logo and the secure-checkout promise, nothing that leads away. */
export default function CheckoutLayout() {
  const { t } = useTranslation();
  const to = usePageHref();
  return (
    <div className="min-h-screen bg-white">
      <header className="border-b border-line">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 desktop:px-8">
          <Link to={to("home")} className="font-display text-xl tracking-[0.2em] uppercase">
            {t("shop.name")}
          </Link>
          <p className="flex items-center gap-2 text-sm text-muted">
            <Lock aria-hidden="true" size={16} />
            {t("nav.secureCheckout")}
          </p>
        </div>
      </header>
      <Outlet />
    </div>
  );
}
