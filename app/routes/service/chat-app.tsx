import { MessageCircle, Smartphone } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ContactForm } from "~/components/service/contact-form";
import { OpeningHours } from "~/components/service/opening-hours";
import { serviceAvailability } from "~/domains/service/service.server";
import { serverI18n } from "~/platform/i18n/resources.server";
import { pageMeta } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { usePageHref } from "~/routing/use-routing";
import type { Route } from "./+types/chat-app";
import { contactAction, shareableUnlessSent } from "./contact-action.server";

export const handle = { i18n: ["service", "forms", "account"] };
export const headers = shareableUnlessSent;

export async function loader({ context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  const { t } = serverI18n(locale);
  return {
    title: t("service:chat.title"),
    description: t("service:chat.intro"),
    availability: await serviceAvailability(),
  };
}

/**
 * "Start chat" opens a conversation as an e-mail-backed ticket (issue 20: no outside chat vendor by
 * default): the first message lands in the support queue and every answer goes to the shopper's inbox.
 */
export function action({ request, context }: Route.ActionArgs) {
  return contactAction(request, context, "chat");
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "description", content: loaderData?.description }]);
}

export default function ChatAppPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("service");
  const to = usePageHref();
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-10 desktop:px-8 desktop:py-12">
      <h1 className="font-display text-4xl desktop:text-5xl">{t("chat.title")}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t("chat.intro")}</p>
      <div className="mt-10 grid gap-12 desktop:grid-cols-[3fr_2fr]">
        <section id="chat" aria-labelledby="start-title" className="scroll-mt-24">
          <h2 id="start-title" className="flex items-center gap-2 font-display text-3xl">
            <MessageCircle aria-hidden="true" className="size-6" strokeWidth={1.5} />
            {t("chat.startTitle")}
          </h2>
          <p className="mt-2 mb-6 text-muted">{t("chat.startIntro")}</p>
          <ContactForm
            id="chat-form"
            action={`${to("chat-app")}#chat`}
            lastResult={actionData?.result}
            sent={actionData?.sent}
            submitLabel={t("chat.submit")}
          />
        </section>
        <aside className="space-y-8">
          <section aria-labelledby="chat-hours-title">
            <h2 id="chat-hours-title" className="font-display text-2xl">
              {t("chat.hoursTitle")}
            </h2>
            <div className="mt-3">
              <OpeningHours {...loaderData.availability} />
            </div>
          </section>
          <section aria-labelledby="app-title" className="border-t border-line pt-8">
            <h2 id="app-title" className="flex items-center gap-2 font-display text-2xl">
              <Smartphone aria-hidden="true" className="size-5" strokeWidth={1.5} />
              {t("chat.appTitle")}
            </h2>
            <p className="mt-2 text-sm text-muted">{t("chat.appText")}</p>
          </section>
        </aside>
      </div>
    </main>
  );
}
