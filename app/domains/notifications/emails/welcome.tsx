import { Button, Text } from "@react-email/components";
import type { EmailProps } from "../templates.server";
import { buttonStyle, EmailLayout } from "./layout";

/** A link that confirms a new account's e-mail address (docs/decisions/0024). */
export interface ConfirmAddressData {
  firstName: string;
  confirmUrl: string;
  validHours: number;
}

/** The welcome e-mail (after registering) and its reminder (after signing in unconfirmed) share a shape. */
function ConfirmAddressEmail({
  t,
  lang,
  data,
  name,
}: EmailProps<ConfirmAddressData> & { name: "welcome" | "confirmEmail" }) {
  return (
    <EmailLayout t={t} lang={lang} preview={t(`email:${name}.preview`)}>
      <Text>{t("email:layout.greeting", { name: data.firstName })}</Text>
      <Text>{t(`email:${name}.body`)}</Text>
      <Button href={data.confirmUrl} style={buttonStyle}>
        {t(`email:${name}.cta`)}
      </Button>
      <Text>{t(`email:${name}.validity`, { hours: data.validHours })}</Text>
    </EmailLayout>
  );
}

export function WelcomeEmail(props: EmailProps<ConfirmAddressData>) {
  return <ConfirmAddressEmail {...props} name="welcome" />;
}

export function ConfirmEmailReminder(props: EmailProps<ConfirmAddressData>) {
  return <ConfirmAddressEmail {...props} name="confirmEmail" />;
}
