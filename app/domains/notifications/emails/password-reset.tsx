import { Button, Text } from "@react-email/components";
import type { EmailProps } from "../templates.server";
import { buttonStyle, EmailLayout } from "./layout";

export interface PasswordResetData {
  firstName: string;
  resetUrl: string;
  validMinutes: number;
}

export function PasswordResetEmail({ t, lang, data }: EmailProps<PasswordResetData>) {
  return (
    <EmailLayout t={t} lang={lang} preview={t("email:passwordReset.preview")}>
      <Text>{t("email:layout.greeting", { name: data.firstName })}</Text>
      <Text>{t("email:passwordReset.body")}</Text>
      <Button href={data.resetUrl} style={buttonStyle}>
        {t("email:passwordReset.cta")}
      </Button>
      <Text>{t("email:passwordReset.validity", { count: data.validMinutes })}</Text>
      <Text>{t("email:passwordReset.notYou")}</Text>
    </EmailLayout>
  );
}
