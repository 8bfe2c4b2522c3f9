import { Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmailField } from "~/components/forms/conform-fields";
import { usePageHref } from "~/routing/use-routing";
import { Section } from "./section";
import type { CheckoutLoaderData } from "./types";
import type { CheckoutFormState } from "./use-checkout-form";

/** Who orders: a signed-in customer's address, or a guest's e-mail with the way to sign in. */
export function ContactSection({
  checkout,
  customer,
}: {
  checkout: CheckoutFormState;
  customer: CheckoutLoaderData["customer"];
}) {
  const { t } = useTranslation(["checkout", "forms"]);
  const to = usePageHref();
  const { form } = checkout;
  return (
    <Section id="contact" title={t("checkout:sections.contact")} icon={<Lock size={18} />}>
      {customer ? (
        <>
          <input type="hidden" name="email" value={customer.email} />
          <p className="text-sm">{t("checkout:contact.signedInAs", { email: customer.email })}</p>
        </>
      ) : (
        <>
          <EmailField
            form={form}
            meta={form.fields.email}
            label={t("forms:labels.email")}
            description={t("checkout:contact.emailHelp")}
          />
          <p className="mt-3 text-sm text-muted">
            {t("checkout:contact.haveAccount")}{" "}
            <Link
              to={`${to("login")}?redirect=${encodeURIComponent(to("checkout"))}`}
              className="text-ink underline underline-offset-4 hover:text-accent"
            >
              {t("checkout:contact.login")}
            </Link>
          </p>
        </>
      )}
    </Section>
  );
}
