import { z } from "zod";
import { type Locale, locales } from "../../platform/i18n/locales";

/** Client-safe: the quiz's content (personas, questions) as the back office edits it, and its scoring. */

const localized = z.object(
  Object.fromEntries(locales.map((l) => [l, z.string().trim().min(1).max(500)])) as {
    [L in Locale]: z.ZodString;
  },
);
const id = z.string().regex(/^[a-z0-9-]{1,40}$/, { error: "ids are lower-case letters, digits and dashes" });

export const QuizContentSchema = z
  .object({
    personas: z
      .array(
        z.object({
          id,
          name: localized,
          description: localized,
          /** A category's English slug and listing parameters, as a category page reads them. */
          filter: z.object({
            category: z.string().max(100).nullable().optional(),
            query: z.string().max(500).nullable().optional(),
          }),
        }),
      )
      .min(2)
      .max(12),
    questions: z
      .array(
        z.object({
          id,
          text: localized,
          options: z
            .array(z.object({ id, label: localized, persona: id }))
            .min(2)
            .max(8),
        }),
      )
      .min(1)
      .max(20),
  })
  .check(
    z.superRefine((quiz, ctx) => {
      const personas = new Set(quiz.personas.map((p) => p.id));
      if (personas.size !== quiz.personas.length)
        ctx.addIssue({ code: "custom", path: ["personas"], message: "Persona ids must differ" });
      if (new Set(quiz.questions.map((q) => q.id)).size !== quiz.questions.length)
        ctx.addIssue({ code: "custom", path: ["questions"], message: "Question ids must differ" });
      quiz.questions.forEach((question, q) => {
        question.options.forEach((option, o) => {
          if (!personas.has(option.persona))
            ctx.addIssue({
              code: "custom",
              path: ["questions", q, "options", o, "persona"],
              message: `Unknown persona "${option.persona}"`,
            });
        });
      });
    }),
  );
export type QuizContent = z.output<typeof QuizContentSchema>;

/**
 * The persona of a set of answers: each chosen option is one vote for its persona; the most votes win,
 * a tie goes to the persona listed first. Null when an answer is missing or not an option of its question.
 */
export function scoreQuiz(quiz: QuizContent, answers: Record<string, string>): string | null {
  const votes = new Map<string, number>(quiz.personas.map((p) => [p.id, 0]));
  for (const question of quiz.questions) {
    const option = question.options.find((o) => o.id === answers[question.id]);
    if (!option) return null;
    votes.set(option.persona, (votes.get(option.persona) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const persona of quiz.personas)
    if (best === null || (votes.get(persona.id) ?? 0) > (votes.get(best) ?? 0)) best = persona.id;
  return best;
}

const t = (en: string, nl: string, fr: string, es: string) => ({ en, nl, fr, es });

/** The bundled Black Friday quiz, until operators save their own. */
export const defaultQuiz: QuizContent = {
  personas: [
    {
      id: "minimalist",
      name: t("The Minimalist", "De Minimalist", "La Minimaliste", "La Minimalista"),
      description: t(
        "Clean lines, calm colours, pieces that go with everything.",
        "Strakke lijnen, rustige kleuren, items die bij alles passen.",
        "Lignes nettes, couleurs calmes, des pièces qui vont avec tout.",
        "Líneas limpias, colores tranquilos, prendas que combinan con todo.",
      ),
      filter: { category: "women-tops-t-shirts", query: "sort=position" },
    },
    {
      id: "trendsetter",
      name: t("The Trendsetter", "De Trendsetter", "La Trendsetter", "La Trendsetter"),
      description: t(
        "First to wear what's new, and never shy of a statement.",
        "Als eerste in het nieuwste, en nooit bang voor een statement.",
        "La première à porter les nouveautés, sans peur d'oser.",
        "La primera en llevar lo nuevo, sin miedo a destacar.",
      ),
      filter: { category: "women-dresses", query: "sort=newest" },
    },
    {
      id: "explorer",
      name: t("The Explorer", "De Ontdekker", "L'Explorateur", "El Explorador"),
      description: t(
        "Comfort first, ready for the weekend and the weather.",
        "Comfort voorop, klaar voor het weekend en elk weer.",
        "Le confort d'abord, prêt pour le week-end et la météo.",
        "La comodidad primero, listo para el fin de semana y el tiempo.",
      ),
      filter: { category: "men", query: "sort=position" },
    },
  ],
  questions: [
    {
      id: "weekend",
      text: t("Your ideal Saturday?", "Jouw ideale zaterdag?", "Votre samedi idéal ?", "¿Tu sábado ideal?"),
      options: [
        {
          id: "museum",
          label: t("A museum and coffee", "Museum en koffie", "Un musée et un café", "Un museo y un café"),
          persona: "minimalist",
        },
        {
          id: "party",
          label: t(
            "A new bar opening",
            "Een nieuwe bar die opent",
            "L'ouverture d'un bar",
            "La apertura de un bar",
          ),
          persona: "trendsetter",
        },
        {
          id: "hike",
          label: t(
            "A long walk outside",
            "Een lange wandeling buiten",
            "Une longue balade dehors",
            "Un largo paseo al aire libre",
          ),
          persona: "explorer",
        },
      ],
    },
    {
      id: "colour",
      text: t(
        "Pick a colour palette",
        "Kies een kleurenpalet",
        "Choisissez une palette",
        "Elige una paleta de colores",
      ),
      options: [
        {
          id: "neutral",
          label: t(
            "Sand, white and navy",
            "Zand, wit en marine",
            "Sable, blanc et marine",
            "Arena, blanco y marino",
          ),
          persona: "minimalist",
        },
        {
          id: "bold",
          label: t("Bright and bold", "Fel en uitgesproken", "Vives et audacieuses", "Vivos y atrevidos"),
          persona: "trendsetter",
        },
        {
          id: "earth",
          label: t(
            "Olive and earth tones",
            "Olijf en aardetinten",
            "Olive et tons terre",
            "Oliva y tonos tierra",
          ),
          persona: "explorer",
        },
      ],
    },
    {
      id: "must-have",
      text: t(
        "Your Black Friday must-have?",
        "Jouw Black Friday must-have?",
        "Votre indispensable du Black Friday ?",
        "¿Tu imprescindible de Black Friday?",
      ),
      options: [
        {
          id: "basics",
          label: t("Perfect basics", "Perfecte basics", "Des basiques parfaits", "Básicos perfectos"),
          persona: "minimalist",
        },
        {
          id: "dress",
          label: t(
            "A statement dress",
            "Een opvallende jurk",
            "Une robe qui se remarque",
            "Un vestido llamativo",
          ),
          persona: "trendsetter",
        },
        {
          id: "jacket",
          label: t("A warm jacket", "Een warme jas", "Une veste chaude", "Una chaqueta cálida"),
          persona: "explorer",
        },
      ],
    },
  ],
};
