import { Section, Text } from "@react-email/components";
import type { EmailProps } from "../templates.server";
import { EmailLayout } from "./layout";

export interface ContactReceivedData {
  name: string;
  reference: string;
  message: string;
  replyHours: number;
}

const quote = {
  borderLeft: "3px solid #d9d4cc",
  paddingLeft: "12px",
  color: "#555",
  whiteSpace: "pre-wrap" as const,
};

/** Sent as soon as a contact form or chat request became a ticket: the shopper knows it arrived. */
export function ContactReceivedEmail({ t, lang, data }: EmailProps<ContactReceivedData>) {
  return (
    <EmailLayout
      t={t}
      lang={lang}
      preview={t("email:contactReceived.preview", { reference: data.reference })}
    >
      <Text>{t("email:layout.greeting", { name: data.name })}</Text>
      <Text>{t("email:contactReceived.body", { reference: data.reference, count: data.replyHours })}</Text>
      <Section style={quote}>
        <Text>{data.message}</Text>
      </Section>
      <Text>{t("email:contactReceived.replyHint")}</Text>
    </EmailLayout>
  );
}

export interface ServiceReplyData {
  name: string;
  reference: string;
  reply: string;
  question: string;
}

/** A support agent's answer to a ticket, from the back office's queue. */
export function ServiceReplyEmail({ t, lang, data }: EmailProps<ServiceReplyData>) {
  return (
    <EmailLayout t={t} lang={lang} preview={t("email:serviceReply.preview", { reference: data.reference })}>
      <Text>{t("email:layout.greeting", { name: data.name })}</Text>
      <Text style={{ whiteSpace: "pre-wrap" }}>{data.reply}</Text>
      <Text>{t("email:serviceReply.yourQuestion")}</Text>
      <Section style={quote}>
        <Text>{data.question}</Text>
      </Section>
    </EmailLayout>
  );
}
