import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import { primaryButton, secondaryButton } from "~/components/account/styles";
import { ProductCard } from "~/components/catalog/product-card";
import { answerQuiz, localizedQuiz, quizPersona } from "~/domains/marketing/marketing.server";
import { serverI18n } from "~/platform/i18n/resources.server";
import { pageMeta, shareablePage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { href } from "~/routing/urls";
import { usePageHref, useRouting } from "~/routing/use-routing";
import type { Route } from "./+types/quiz";

export const middleware = pageMiddleware("app-quiz");
export const handle = { i18n: ["marketing", "catalog", "wishlist"] };
/** Questions and results are the same for everyone (a result is its URL), so shared caches may keep them. */
export const headers = shareablePage;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  const t = serverI18n(locale).t;
  const wanted = new URL(request.url).searchParams.get("persona");
  if (wanted) {
    const persona = await quizPersona(locale, wanted);
    if (!persona) throw data(null, { status: 404 });
    return { title: t("marketing:quiz.resultTitle", { name: persona.name }), persona, questions: null };
  }
  return { title: t("marketing:quiz.title"), persona: null, questions: await localizedQuiz(locale) };
}

/** The answers score a persona; the result is its own URL, so it can be shared. */
export async function action({ request, context }: Route.ActionArgs) {
  const { locale, strategy } = context.get(routingContext);
  const form = await request.formData();
  const answers = Object.fromEntries(
    [...form.entries()].filter(([, v]) => typeof v === "string").map(([k, v]) => [k, String(v)]),
  );
  const persona = await answerQuiz(answers, locale);
  if (!persona)
    return data(
      { error: serverI18n(locale).t("marketing:quiz.errors.unanswered") as string, answers },
      { status: 400 },
    );
  return redirect(`${href("app-quiz", {}, locale, strategy)}?persona=${persona}`);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ property: "og:title", content: loaderData?.title ?? "" }]);
}

export default function QuizPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("marketing");
  const { origin } = useRouting();
  const to = usePageHref();
  const { persona, questions } = loaderData;
  if (persona) {
    const shareUrl = `${origin}${to("app-quiz")}?persona=${persona.id}`;
    return (
      <main id="main" className="mx-auto max-w-4xl px-4 py-8">
        <p className="text-sm tracking-[0.2em] uppercase">{t("quiz.youAre")}</p>
        <h1 className="font-display text-4xl" data-testid="quiz-persona">
          {persona.name}
        </h1>
        <p className="mt-2 text-muted">{persona.description}</p>
        <section aria-labelledby="quiz-products" className="mt-8">
          <h2 id="quiz-products" className="font-display text-2xl">
            {t("quiz.products")}
          </h2>
          {persona.products.length === 0 ? (
            <p className="mt-3 text-sm">{t("quiz.noProducts")}</p>
          ) : (
            <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
              {persona.products.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="quiz-share" className="mt-10 space-y-3">
          <h2 id="quiz-share" className="font-display text-2xl">
            {t("quiz.share")}
          </h2>
          <label htmlFor="quiz-share-url" className="block text-sm">
            {t("quiz.shareLabel")}
          </label>
          <input
            id="quiz-share-url"
            readOnly
            value={shareUrl}
            className="min-h-12 w-full border border-line bg-white px-3 text-sm"
          />
          <Link to={to("app-quiz")} className={secondaryButton}>
            {t("quiz.again")}
          </Link>
        </section>
      </main>
    );
  }
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-8">
      <h1 className="font-display text-4xl">{t("quiz.title")}</h1>
      <p className="mt-2 mb-6 text-muted">{t("quiz.intro")}</p>
      {actionData?.error ? (
        <p role="alert" className="mb-6 border border-sale bg-white p-4 text-sm">
          {actionData.error}
        </p>
      ) : null}
      <Form method="post" className="space-y-8">
        {questions?.map((question, n) => (
          <fieldset key={question.id} className="space-y-2">
            <legend className="mb-2 font-medium">
              {n + 1}. {question.text}
            </legend>
            {question.options.map((option) => (
              <label
                key={option.id}
                className="flex min-h-12 cursor-pointer items-center gap-3 border border-line bg-white px-4 has-checked:border-ink"
              >
                <input
                  type="radio"
                  name={question.id}
                  value={option.id}
                  defaultChecked={actionData?.answers?.[question.id] === option.id}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
        ))}
        <button type="submit" className={`${primaryButton} w-full`}>
          {t("quiz.submit")}
        </button>
      </Form>
    </main>
  );
}
