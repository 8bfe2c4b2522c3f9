import { Button, Text } from "@react-email/components";
import type { EmailProps } from "../templates.server";
import { buttonStyle, EmailLayout } from "./layout";

export interface WelcomeData {
  firstName: string;
  accountUrl: string;
}

export function WelcomeEmail({ t, lang, data }: EmailProps<WelcomeData>) {
  return (
    <EmailLayout t={t} lang={lang} preview={t("email:welcome.preview")}>
      <Text>{t("email:layout.greeting", { name: data.firstName })}</Text>
      <Text>{t("email:welcome.body")}</Text>
      <Button href={data.accountUrl} style={buttonStyle}>
        {t("email:welcome.cta")}
      </Button>
    </EmailLayout>
  );
}
