import { z } from "zod";
import { locales } from "../../platform/i18n/locales";
import type { ConsentChoice } from "./consent";

/** A cookie-consent choice as the banner posts it (kept apart from consent.ts so pages load no Zod). */
export const ConsentRequestSchema = z.object({
  analytics: z.boolean(),
  personalisation: z.boolean(),
  locale: z.enum(locales),
}) satisfies z.ZodType<ConsentChoice & { locale: string }>;
