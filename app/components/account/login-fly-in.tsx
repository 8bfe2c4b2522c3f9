import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { FlyIn } from "~/components/ui/fly-in";
import { usePageHref } from "~/routing/use-routing";
import { LoginForm } from "./login-form";
import { secondaryButton } from "./styles";

/** The login/register fly-in of the header's account button; after logging in the shopper stays on the page. */
export default function LoginFlyIn({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation("account");
  const to = usePageHref();
  const { pathname, search } = useLocation();
  return (
    <FlyIn
      id={id}
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t("login.flyInTitle")}
    >
      <h2 className="mb-6 font-display text-3xl">{t("login.title")}</h2>
      <LoginForm id="login-fly-in" redirectTo={`${pathname}${search}`} />
      <div className="mt-10 border-t border-line pt-8">
        <h2 className="font-display text-2xl">{t("login.noAccount")}</h2>
        <p className="mt-2 mb-6 text-sm text-muted">{t("login.benefits")}</p>
        <Link to={to("register")} className={`${secondaryButton} w-full`} onClick={onClose}>
          {t("login.createAccount")}
        </Link>
      </div>
    </FlyIn>
  );
}
