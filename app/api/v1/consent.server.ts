import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { getCookie } from "hono/cookie";
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_DAYS,
  decodeConsent,
  encodeConsent,
} from "../../domains/marketing/consent";
import { recordConsent } from "../../domains/marketing/marketing.server";
import { ConsentRequestSchema } from "../../domains/marketing/validation";
import type { AppEnv } from "../../platform/http/middleware.server";

// A copy made with the extended `z`: the shared schema may be built before @hono/zod-openapi extends Zod.
const ConsentRequest = z.object(ConsentRequestSchema.shape).openapi("ConsentRequest");
const ConsentResponse = z
  .object({ version: z.string(), id: z.string(), analytics: z.boolean(), personalisation: z.boolean() })
  .openapi("Consent");

const saveConsent = createRoute({
  method: "post",
  path: "/v1/consent",
  summary: "Store and log a cookie-consent choice",
  request: { body: { content: { "application/json": { schema: ConsentRequest } }, required: true } },
  responses: {
    200: {
      description: "Stored; the consent cookie is set",
      content: { "application/json": { schema: ConsentResponse } },
    },
  },
});

export function registerConsentRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(saveConsent, async (c) => {
    const { locale, ...choice } = c.req.valid("json");
    const previous = decodeConsent(getCookie(c, CONSENT_COOKIE));
    const consent = await recordConsent(choice, { locale, previousId: previous?.id });
    c.header(
      "set-cookie",
      `${CONSENT_COOKIE}=${encodeConsent(consent)}; Max-Age=${CONSENT_MAX_AGE_DAYS * 86400}; Path=/; SameSite=Lax`,
    );
    return c.json(consent, 200);
  });
}
