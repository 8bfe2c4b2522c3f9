import { useTranslation } from "react-i18next";
import { ContactForm } from "~/components/service/contact-form";
import { type ContactTopic, contactTopics } from "~/domains/service/validation";
import { serverI18n } from "~/platform/i18n/resources.server";
import { pageMeta } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { contactAction, shareableUnlessSent } from "../service/contact-action.server";
import type { Route } from "./+types/contact";

export const handle = { i18n: ["service", "forms", "account"] };
export const headers = shareableUnlessSent;

/** The contact form in the companion app (`/app/contact/{topic?}/`): tickets from here are marked `app`. */
export function loader({ context, params }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  const topic = contactTopics.find((t) => t === params.slug);
  return { title: serverI18n(locale).t("service:customerService.contactTitle"), topic: topic ?? null };
}

export function action({ request, context }: Route.ActionArgs) {
  return contactAction(request, context, "app");
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

export default function AppContact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("service");
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-6">
      <h1 className="font-display text-3xl">{loaderData.title}</h1>
      <p className="mt-2 mb-6 text-muted">{t("customerService.contactIntro")}</p>
      <ContactForm
        id="app-contact"
        lastResult={actionData?.result}
        sent={actionData?.sent}
        topic={(loaderData.topic as ContactTopic | null) ?? undefined}
      />
    </main>
  );
}
