import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDatabase } from "../../../tests/support/database";
import type { Connection } from "../../platform/db/db.server";
import { answerQuiz, localizedQuiz, quizCounts, quizPersona } from "./marketing.server";
import { defaultQuiz, QuizContentSchema, scoreQuiz } from "./quiz";

let connection: Connection;

beforeAll(async () => {
  connection = await seededDatabase({ products: 60, seed: 7, now: new Date("2026-06-01T10:00:00Z") });
}, 180_000);
afterAll(() => connection.close());

describe("quiz content", () => {
  it("accepts the bundled quiz and refuses options that vote for an unknown persona", () => {
    expect(QuizContentSchema.safeParse(defaultQuiz).success).toBe(true);
    const broken = structuredClone(defaultQuiz);
    broken.questions[0]!.options[0]!.persona = "ghost";
    const parsed = QuizContentSchema.safeParse(broken);
    expect(parsed.success).toBe(false);
    const missingLocale = structuredClone(defaultQuiz) as unknown as {
      personas: { name: Record<string, string> }[];
    };
    delete missingLocale.personas[0]!.name.es;
    expect(QuizContentSchema.safeParse(missingLocale).success).toBe(false);
  });

  it("scores the most voted persona, a tie to the first listed, nothing for a missing answer", () => {
    expect(scoreQuiz(defaultQuiz, { weekend: "party", colour: "bold", "must-have": "basics" })).toBe(
      "trendsetter",
    );
    expect(scoreQuiz(defaultQuiz, { weekend: "hike", colour: "bold", "must-have": "basics" })).toBe(
      "minimalist",
    );
    expect(scoreQuiz(defaultQuiz, { weekend: "hike", colour: "earth" })).toBeNull();
    expect(scoreQuiz(defaultQuiz, { weekend: "hike", colour: "earth", "must-have": "nope" })).toBeNull();
  });
});

describe("the quiz", () => {
  it("asks in the visitor's language, records the answers and gives a persona with products by its filter", async () => {
    const questions = await localizedQuiz("fr");
    expect(questions[0]!.text).toBe(defaultQuiz.questions[0]!.text.fr);
    expect(await answerQuiz({ weekend: "party" }, "fr")).toBeNull();
    const persona = await answerQuiz({ weekend: "party", colour: "bold", "must-have": "dress" }, "fr");
    expect(persona).toBe("trendsetter");
    const result = await quizPersona("fr", persona!);
    expect(result?.name).toBe("La Trendsetter");
    expect(result!.products.length).toBeGreaterThan(0);
    expect(result!.products.every((p) => p.stock > 0)).toBe(true);
    expect(await quizPersona("fr", "ghost")).toBeNull();
    const counts = await quizCounts();
    expect(counts.personas).toEqual([{ persona: "trendsetter", n: 1 }]);
    expect(counts.options).toContainEqual({ question: "colour", option: "bold", n: 1 });
  });
});
