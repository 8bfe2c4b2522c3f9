import { Plus } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import { AccountShell } from "~/components/account/account-shell";
import { AddressLines } from "~/components/account/address-card";
import { SuccessMessage } from "~/components/account/status";
import { card, dangerButton, primaryButton, secondaryButton, textLink } from "~/components/account/styles";
import { Modal, OverlayClose } from "~/components/ui/modal";
import { type Address, addressesOf, deleteAddress } from "~/domains/customers/customers.server";
import { requireCustomer } from "~/platform/auth/guards.server";
import { serverI18n } from "~/platform/i18n/resources.server";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { usePageHref } from "~/routing/use-routing";
import type { Route } from "./+types/address-book";

export const middleware = pageMiddleware("address-book");
export const handle = { i18n: ["account", "forms", "ui"] };
export const headers = personalPage;

const notices = ["created", "updated", "deleted"] as const;
type Notice = (typeof notices)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = await requireCustomer(request);
  const { locale } = context.get(routingContext);
  const saved = new URL(request.url).searchParams.get("saved");
  return {
    addresses: (await addressesOf(visitor.id)).map(
      ({ userId: _owner, createdAt: _c, updatedAt: _u, ...a }) => a,
    ),
    notice: (notices as readonly string[]).includes(saved ?? "") ? (saved as Notice) : null,
    title: serverI18n(locale).t("account:addresses.title"),
  };
}

/** Delete an address (after the confirmation modal); someone else's address id is a 404. */
export async function action({ request }: Route.ActionArgs) {
  const visitor = await requireCustomer(request);
  const form = await request.formData();
  if (form.get("intent") !== "delete") throw data(null, { status: 400 });
  if (!(await deleteAddress(visitor.id, Number(form.get("id"))))) throw data(null, { status: 404 });
  return { deleted: true };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

type Entry = Omit<Address, "userId" | "createdAt" | "updatedAt">;

/** One address with edit and delete; delete asks first (the spec's delete-address confirmation). */
function AddressItem({ address }: { address: Entry }) {
  const { t } = useTranslation("account");
  const to = usePageHref();
  const [open, setOpen] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const street = `${address.street} ${address.houseNumber}${address.addition ? ` ${address.addition}` : ""}`;
  return (
    <li className={`${card} flex flex-col`}>
      <div className="mb-3 flex flex-wrap gap-2">
        {address.isDefaultShipping ? (
          <span className="bg-sand px-2 py-1 text-xs tracking-wider uppercase">
            {t("addresses.defaultShipping")}
          </span>
        ) : null}
        {address.isDefaultBilling ? (
          <span className="bg-sand px-2 py-1 text-xs tracking-wider uppercase">
            {t("addresses.defaultBilling")}
          </span>
        ) : null}
      </div>
      <AddressLines address={address} />
      <div className="mt-auto flex items-center gap-6 pt-4">
        <Link
          to={to("address-edit", { id: address.id })}
          aria-label={t("addresses.editLabel", { street })}
          className={`${textLink} inline-flex min-h-11 items-center text-sm`}
        >
          {t("addresses.edit")}
        </Link>
        <Form method="post" ref={form}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={address.id} />
          <button
            type="submit"
            aria-label={t("addresses.deleteLabel", { street })}
            onClick={(event) => {
              event.preventDefault();
              setOpen(true);
            }}
            className="inline-flex min-h-11 items-center text-sm text-sale underline underline-offset-4 hover:text-ink"
          >
            {t("addresses.delete")}
          </button>
          <Modal
            size="sm"
            open={open}
            onOpenChange={setOpen}
            title={t("addresses.deleteTitle")}
            description={t("addresses.deleteText", {
              address: `${street}, ${address.postalCode} ${address.city}`,
            })}
            footer={
              <>
                <OverlayClose>
                  <button type="button" className={secondaryButton}>
                    {t("addresses.cancel")}
                  </button>
                </OverlayClose>
                <button
                  type="button"
                  className={dangerButton}
                  onClick={() => {
                    setOpen(false);
                    form.current?.requestSubmit();
                  }}
                >
                  {t("addresses.deleteConfirm")}
                </button>
              </>
            }
          />
        </Form>
      </div>
    </li>
  );
}

export default function AddressBookPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const to = usePageHref();
  const notice: Notice | null = actionData?.deleted ? "deleted" : loaderData.notice;
  return (
    <AccountShell title={t("addresses.title")} intro={t("addresses.intro")}>
      {notice ? (
        <div className="mb-6">
          <SuccessMessage>{t(`addresses.${notice}`)}</SuccessMessage>
        </div>
      ) : null}
      <Link to={to("address-new")} className={`${primaryButton} mb-8`}>
        <Plus aria-hidden="true" className="size-4" strokeWidth={1.75} />
        {t("addresses.add")}
      </Link>
      {loaderData.addresses.length === 0 ? (
        <p className="text-muted">{t("addresses.empty")}</p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2">
          {loaderData.addresses.map((address) => (
            <AddressItem key={address.id} address={address} />
          ))}
        </ul>
      )}
    </AccountShell>
  );
}
