import { z } from "zod";
import { locales } from "../../platform/i18n/locales";
import { foldText } from "./query-text";

/**
 * A thesaurus group as staff type it: words separated by commas or new lines. A search matches word by
 * word, so each entry is one word, stored folded as the documents are ("Écru" → "ecru").
 */
export const SynonymGroupSchema = z.object({
  id: z.number().int().positive().optional(),
  locale: z.enum(locales, { error: "Choose a language" }),
  words: z
    .string({ error: "Enter at least two words" })
    .transform((value) => [
      ...new Set(
        value
          .split(/[,\n]/)
          .map((word) => foldText(word.trim()))
          .filter(Boolean),
      ),
    ])
    .refine((words) => words.every((word) => /^[a-z0-9]{2,40}$/.test(word)), {
      error: "One word per entry (letters and digits, 2 to 40 characters), separated by commas",
    })
    .refine((words) => words.length >= 2, { error: "Enter at least two words, separated by commas" }),
});
export type SynonymGroupInput = z.output<typeof SynonymGroupSchema>;
