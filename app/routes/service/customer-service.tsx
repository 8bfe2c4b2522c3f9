import { Search } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { textLink } from "~/components/account/styles";
import { ContactForm } from "~/components/service/contact-form";
import { OpeningHours } from "~/components/service/opening-hours";
import { faq, serviceAvailability } from "~/domains/service/service.server";
import { serverI18n } from "~/platform/i18n/resources.server";
import { pageMeta } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { usePageHref } from "~/routing/use-routing";
import type { Route } from "./+types/customer-service";
import { contactAction, shareableUnlessSent } from "./contact-action.server";

export const handle = { i18n: ["service", "forms", "account"] };
export const headers = shareableUnlessSent;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  const { t } = serverI18n(locale);
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const all = faq(locale);
  const shown = query ? faq(locale, query) : all;
  return {
    title: t("service:customerService.title"),
    description: t("service:customerService.intro"),
    query,
    topics: shown,
    matches: shown.reduce((sum, topic) => sum + topic.items.length, 0),
    availability: await serviceAvailability(),
    // schema.org FAQPage: every question of the page, so search engines can show them as rich results.
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: all.flatMap((topic) =>
        topic.items.map((item) => ({
          "@type": "Question",
          name: item.q,
          acceptedAnswer: { "@type": "Answer", text: item.a },
        })),
      ),
    },
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return contactAction(request, context, "form");
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return pageMeta(matches);
  return pageMeta(matches, loaderData.title, [
    { name: "description", content: loaderData.description },
    ...(loaderData.query ? [{ name: "robots", content: "noindex" }] : []),
    { "script:ld+json": loaderData.jsonLd },
  ]);
}

const section = "border-t border-line pt-8";

export default function CustomerServicePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("service");
  const to = usePageHref();
  const searchId = useId();
  const { query, topics, matches, availability } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10 desktop:px-8 desktop:py-12">
      <h1 className="font-display text-4xl desktop:text-5xl">{t("customerService.title")}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t("customerService.intro")}</p>

      <div className="mt-10 grid gap-12 desktop:grid-cols-[2fr_1fr]">
        <section id="faq" aria-labelledby="faq-title" className="scroll-mt-24">
          <h2 id="faq-title" className="font-display text-3xl">
            {t("customerService.faqTitle")}
          </h2>
          <Form method="get" action="#faq" role="search" className="mt-4 flex gap-2">
            <label htmlFor={searchId} className="sr-only">
              {t("customerService.searchLabel")}
            </label>
            <input
              id={searchId}
              type="search"
              name="q"
              defaultValue={query}
              placeholder={t("customerService.searchLabel")}
              maxLength={100}
              className="min-h-12 flex-1 border border-line bg-white px-4 text-base"
            />
            <button
              type="submit"
              className="inline-flex min-h-12 items-center gap-2 bg-ink px-5 text-sm tracking-wider text-paper uppercase hover:bg-accent"
            >
              <Search aria-hidden="true" size={16} />
              {t("customerService.searchSubmit")}
            </button>
          </Form>
          {query ? (
            <p role="status" className="mt-3 text-sm">
              {matches > 0
                ? t("customerService.results", { count: matches, query })
                : t("customerService.noResults", { query })}{" "}
              <Link to={`${to("customer-service")}#faq`} className={textLink}>
                {t("customerService.searchClear")}
              </Link>
            </p>
          ) : (
            <nav aria-label={t("customerService.topicsLabel")} className="mt-4">
              <ul className="flex flex-wrap gap-2">
                {topics.map(({ topic }) => (
                  <li key={topic}>
                    <a
                      href={`#faq-${topic}`}
                      className="inline-flex min-h-11 items-center border border-line px-4 text-sm hover:border-ink"
                    >
                      {t(`topics.${topic}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <div className="mt-6 space-y-8">
            {topics.map(({ topic, items }) => (
              <section
                key={topic}
                id={`faq-${topic}`}
                aria-labelledby={`faq-${topic}-title`}
                className="scroll-mt-24"
              >
                <h3 id={`faq-${topic}-title`} className="text-lg font-medium">
                  {t(`topics.${topic}`)}
                </h3>
                <div className="mt-2 divide-y divide-line border-y border-line">
                  {items.map((item) => (
                    <details key={item.q} className="group" open={Boolean(query)}>
                      <summary className="flex min-h-12 cursor-pointer items-center justify-between gap-4 py-3 marker:content-none">
                        <span>{item.q}</span>
                        <span
                          aria-hidden="true"
                          className="text-xl transition-transform group-open:rotate-45"
                        >
                          +
                        </span>
                      </summary>
                      <p className="pb-4 text-muted">{item.a}</p>
                    </details>
                  ))}
                </div>
              </section>
            ))}
          </div>
        </section>

        <aside className="space-y-8">
          <section aria-labelledby="hours-title">
            <h2 id="hours-title" className="font-display text-2xl">
              {t("customerService.hoursTitle")}
            </h2>
            <div className="mt-3">
              <OpeningHours {...availability} />
            </div>
          </section>
          <section aria-labelledby="more-title" className={section}>
            <h2 id="more-title" className="font-display text-2xl">
              {t("customerService.more")}
            </h2>
            <ul className="mt-3 space-y-2">
              <li>
                <Link to={to("chat-app")} className={textLink}>
                  {t("customerService.chat")}
                </Link>
              </li>
              <li>
                <Link to={to("deliveries")} className={textLink}>
                  {t("customerService.deliveries")}
                </Link>
              </li>
              <li>
                <Link to={to("returns")} className={textLink}>
                  {t("customerService.returns")}
                </Link>
              </li>
            </ul>
          </section>
        </aside>
      </div>

      <section
        id="contact"
        aria-labelledby="contact-title"
        className={`mt-12 max-w-2xl scroll-mt-24 ${section}`}
      >
        <h2 id="contact-title" className="font-display text-3xl">
          {t("customerService.contactTitle")}
        </h2>
        <p className="mt-2 mb-6 text-muted">{t("customerService.contactIntro")}</p>
        <ContactForm
          id="contact-form"
          action={`${to("customer-service")}#contact`}
          lastResult={actionData?.result}
          sent={actionData?.sent}
        />
      </section>
    </main>
  );
}
