import { LogOut } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, NavLink } from "react-router";
import { Modal, OverlayClose } from "~/components/ui/modal";
import type { PageId } from "~/routing/pages";
import { usePageHref } from "~/routing/use-routing";
import { primaryButton, secondaryButton } from "./styles";

const sections: { id: PageId; key: string }[] = [
  { id: "account", key: "nav.overview" },
  { id: "account-edit", key: "nav.details" },
  { id: "address-book", key: "nav.addresses" },
  { id: "orders", key: "nav.orders" },
  { id: "customer-returns", key: "nav.returns" },
  { id: "wallet", key: "nav.wallet" },
];

/**
 * Log out, with the spec's confirmation modal. Without JavaScript the button posts at once (the form is
 * a plain POST to the overview's action); with it, the modal asks first.
 */
function LogoutButton() {
  const { t } = useTranslation("account");
  const to = usePageHref();
  const form = useRef<HTMLFormElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <Form method="post" action={to("account")} reloadDocument ref={form}>
      <input type="hidden" name="intent" value="logout" />
      <button
        type="submit"
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
        className="flex min-h-11 w-full items-center gap-2 px-3 text-start text-sm text-muted hover:text-ink"
      >
        <LogOut aria-hidden="true" className="size-4" strokeWidth={1.5} />
        {t("nav.logout")}
      </button>
      <Modal
        id="logout"
        size="sm"
        open={open}
        onOpenChange={setOpen}
        title={t("logout.title")}
        description={t("logout.text")}
        footer={
          <>
            <OverlayClose>
              <button type="button" className={secondaryButton}>
                {t("logout.cancel")}
              </button>
            </OverlayClose>
            <button type="button" className={primaryButton} onClick={() => form.current?.submit()}>
              {t("logout.confirm")}
            </button>
          </>
        }
      />
    </Form>
  );
}

/** The frame of every account page: its heading, the account navigation and log out. */
export function AccountShell({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation("account");
  const to = usePageHref();
  return (
    <main
      id="main"
      className="mx-auto max-w-7xl px-4 py-8 desktop:grid desktop:grid-cols-[14rem_minmax(0,1fr)] desktop:gap-12 desktop:px-8 desktop:py-12"
    >
      <nav aria-label={t("nav.label")} className="mb-8 desktop:mb-0">
        <p className="mb-3 hidden text-xs tracking-[0.2em] text-muted uppercase desktop:block">
          {t("nav.label")}
        </p>
        <ul className="flex gap-1 overflow-x-auto border-b border-line desktop:flex-col desktop:border-b-0">
          {sections.map((section) => (
            <li key={section.id} className="shrink-0">
              <NavLink
                to={to(section.id)}
                end={section.id === "account"}
                className={({ isActive }) =>
                  `flex min-h-11 items-center px-3 text-sm whitespace-nowrap ${
                    isActive
                      ? "border-b-2 border-ink font-medium text-ink desktop:border-b-0 desktop:border-l-2"
                      : "text-muted hover:text-ink"
                  }`
                }
              >
                {t(section.key)}
              </NavLink>
            </li>
          ))}
          <li className="shrink-0 desktop:mt-4 desktop:border-t desktop:border-line desktop:pt-4">
            <LogoutButton />
          </li>
        </ul>
      </nav>
      <div className="min-w-0">
        <h1 className="font-display text-4xl">{title}</h1>
        {intro ? <p className="mt-2 text-muted">{intro}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </main>
  );
}
