import {
  Body,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";

const colors = { ink: "#1f1b16", muted: "#6b625a", paper: "#faf7f2", accent: "#8a3b2e" };

/** The frame every e-mail shares: brand header, content, service line and legal footer. */
export function EmailLayout({
  t,
  lang,
  preview,
  children,
  unsubscribeUrl,
}: {
  t: TFunction;
  lang: string;
  preview: string;
  children: ReactNode;
  /** A marketing e-mail's one-click unsubscribe link (shown in the footer). */
  unsubscribeUrl?: string;
}) {
  return (
    <Html lang={lang}>
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: colors.paper,
          fontFamily: "Helvetica, Arial, sans-serif",
          color: colors.ink,
        }}
      >
        <Container
          style={{ maxWidth: 560, margin: "0 auto", padding: "32px 24px", backgroundColor: "#ffffff" }}
        >
          <Heading
            as="h1"
            style={{ fontSize: 22, letterSpacing: 4, textTransform: "uppercase", margin: "0 0 24px" }}
          >
            Loom &amp; Label
          </Heading>
          <Section>{children}</Section>
          <Hr style={{ borderColor: "#e8e1d8", margin: "32px 0 16px" }} />
          <Text style={{ fontSize: 14, color: colors.ink }}>{t("email:layout.service")}</Text>
          <Text style={{ fontSize: 12, color: colors.muted }}>{t("email:layout.why")}</Text>
          <Text style={{ fontSize: 12, color: colors.muted }}>{t("email:layout.footer")}</Text>
          {unsubscribeUrl ? (
            <Text style={{ fontSize: 12, color: colors.muted }}>
              <Link href={unsubscribeUrl} style={{ color: colors.muted, textDecoration: "underline" }}>
                {t("marketing:email.unsubscribe")}
              </Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

export const buttonStyle = {
  backgroundColor: colors.ink,
  color: "#ffffff",
  padding: "12px 20px",
  textDecoration: "none",
  display: "inline-block",
  fontSize: 14,
  letterSpacing: 1,
};
