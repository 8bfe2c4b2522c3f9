import { sql } from "drizzle-orm";
import { db, selectRows, type Transaction } from "../../platform/db/db.server";
import type { Locale } from "../../platform/i18n/locales";
import { productsForFilter } from "../catalog/catalog.server";
import { cachedSetting, readSetting, writeSetting } from "../content/content.server";
import { defaultQuiz, type QuizContent, QuizContentSchema, scoreQuiz } from "./quiz";
import { quizResults } from "./tables.server";

export const QUIZ_SETTING = "quiz";

/** The operators' quiz, or the bundled one when none is saved (or the saved one no longer parses). */
export async function quizContent(): Promise<QuizContent> {
  const parsed = QuizContentSchema.safeParse(await cachedSetting(QUIZ_SETTING));
  return parsed.success ? parsed.data : defaultQuiz;
}

/** The quiz in one locale, as the page and the app show it. */
export async function localizedQuiz(locale: Locale) {
  const quiz = await quizContent();
  return quiz.questions.map((q) => ({
    id: q.id,
    text: q.text[locale],
    options: q.options.map((o) => ({ id: o.id, label: o.label[locale] })),
  }));
}

/** Scores and records a completed quiz; null (nothing recorded) when an answer is missing or unknown. */
export async function answerQuiz(answers: Record<string, string>, locale: Locale): Promise<string | null> {
  const quiz = await quizContent();
  const persona = scoreQuiz(quiz, answers);
  if (!persona) return null;
  const kept = Object.fromEntries(quiz.questions.map((q) => [q.id, answers[q.id]!]));
  await db().insert(quizResults).values({ persona, answers: kept, locale });
  return persona;
}

/** A persona's shareable result: its name, text and products by its filter. Null for an unknown persona. */
export async function quizPersona(locale: Locale, id: string) {
  const persona = (await quizContent()).personas.find((p) => p.id === id);
  if (!persona) return null;
  return {
    id: persona.id,
    name: persona.name[locale],
    description: persona.description[locale],
    products: await productsForFilter(locale, persona.filter),
  };
}

/** For staff: how often each persona came out and each option was chosen. */
export async function quizCounts() {
  const personas = await selectRows<{ persona: string; n: number }>(
    db(),
    sql`select persona, count(*)::int as n from ${quizResults} group by persona order by n desc`,
  );
  const options = await selectRows<{ question: string; option: string; n: number }>(
    db(),
    sql`select a.key as question, a.value as option, count(*)::int as n
        from ${quizResults}, jsonb_each_text(${quizResults.answers}) a group by 1, 2 order by 1, 3 desc`,
  );
  return { personas, options };
}

/** Saves the operators' quiz (the staff domain audits it), composed into its transaction. */
export async function saveQuizContent(content: QuizContent, options: { by: string; tx: Transaction }) {
  const before = QuizContentSchema.safeParse(await readSetting(QUIZ_SETTING, { tx: options.tx }));
  await writeSetting(QUIZ_SETTING, content, options);
  return { before: before.success ? before.data : defaultQuiz, after: content };
}
