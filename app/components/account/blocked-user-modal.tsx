import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Modal, type ModalProps } from "~/components/ui/modal";
import { usePageHref } from "~/routing/use-routing";
import { textLink } from "./styles";

/**
 * The spec's blocked-user modal, for a checkout step that learns of the block in the browser (the API's
 * `errors.blockedCannotOrder`): why ordering is not possible, and where to get help.
 */
export function BlockedUserModal(props: Pick<ModalProps, "id" | "open" | "onOpenChange" | "trigger">) {
  const { t } = useTranslation();
  const to = usePageHref();
  return (
    <Modal size="sm" title={t("system.blockedTitle")} description={t("errors.blockedCannotOrder")} {...props}>
      <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link to={`${to("customer-service")}#faq`} className={textLink}>
          {t("footer.faq")}
        </Link>
        <Link to={to("customer-service")} className={textLink}>
          {t("footer.customerService")}
        </Link>
      </p>
    </Modal>
  );
}
