import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { ContactForm } from "~/components/service/contact-form";
import { OpeningHours } from "~/components/service/opening-hours";
import { faq, serviceAvailability } from "~/domains/service/service.server";
import { type ContactTopic, contactTopics } from "~/domains/service/validation";
import { type Locale, locales } from "~/platform/i18n/locales";
import { serverI18n } from "~/platform/i18n/resources.server";
import { pageMeta } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { href } from "~/routing/urls";
import { usePageHref } from "~/routing/use-routing";
import type { Route } from "./+types/contact";
import { contactAction, shareableUnlessSent } from "./contact-action.server";

export const handle = { i18n: ["service", "forms", "account"] };
export const headers = shareableUnlessSent;

/**
 * `/contact/`: the subjects; `/contact/{subject}/`: the subject's most asked questions and its contact
 * form (subject chosen, order number, message, up to three photos), which becomes a support ticket.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { locale, strategy } = context.get(routingContext);
  const { t } = serverI18n(locale);
  const topic = params.slug ? contactTopics.find((value) => value === params.slug) : undefined;
  if (params.slug && !topic) throw data(null, { status: 404 });
  const alternates = Object.fromEntries(
    locales.map((l) => [l, href("contact", { slug: topic }, l, strategy)]),
  ) as Record<Locale, string>;
  return {
    topic: topic ?? null,
    title: topic
      ? t("service:contactPage.subjectTitle", { topic: t(`service:topics.${topic}`) })
      : t("service:contactPage.title"),
    questions: topic ? (faq(locale).find((f) => f.topic === topic)?.items ?? []) : [],
    availability: await serviceAvailability(),
    alternates,
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return contactAction(request, context, "form");
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title);
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("service");
  const to = usePageHref();
  const { topic, title, questions, availability } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10 desktop:px-8 desktop:py-12">
      <h1 className="font-display text-4xl desktop:text-5xl">{title}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t("contactPage.intro")}</p>
      <nav aria-label={t("contact.topic")} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {contactTopics.map((value) => (
            <li key={value}>
              <Link
                to={to("contact", { slug: value })}
                aria-current={value === topic ? "page" : undefined}
                className={`inline-flex min-h-11 items-center border px-4 text-sm ${value === topic ? "border-ink bg-ink text-paper" : "border-line hover:border-ink"}`}
              >
                {t(`topics.${value}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-10 grid gap-12 desktop:grid-cols-[2fr_1fr]">
        <div className="space-y-10">
          {questions.length > 0 ? (
            <section aria-labelledby="subject-faq">
              <h2 id="subject-faq" className="font-display text-3xl">
                {t("contactPage.faqTitle")}
              </h2>
              <div className="mt-4 divide-y divide-line border-y border-line">
                {questions.map((item) => (
                  <details key={item.q}>
                    <summary className="flex min-h-12 cursor-pointer items-center py-3">{item.q}</summary>
                    <p className="pb-4 text-muted">{item.a}</p>
                  </details>
                ))}
              </div>
            </section>
          ) : null}
          <section id="contact" aria-labelledby="contact-title" className="scroll-mt-24">
            <h2 id="contact-title" className="font-display text-3xl">
              {t("contactPage.formTitle")}
            </h2>
            {topic === "order" || topic === "delivery" || topic === "returns" ? (
              <p className="mt-2 text-muted">{t("contactPage.orderRequired")}</p>
            ) : null}
            <div className="mt-6">
              <ContactForm
                id="contact-subject"
                action={`${to("contact", { slug: topic ?? undefined })}#contact`}
                lastResult={actionData?.result}
                sent={actionData?.sent}
                topic={(topic as ContactTopic | null) ?? undefined}
                photos
              />
            </div>
          </section>
        </div>
        <aside aria-labelledby="hours-title">
          <h2 id="hours-title" className="font-display text-2xl">
            {t("customerService.hoursTitle")}
          </h2>
          <div className="mt-3">
            <OpeningHours {...availability} />
          </div>
        </aside>
      </div>
    </main>
  );
}
