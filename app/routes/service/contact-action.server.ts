import { data, type RouterContextProvider } from "react-router";
import {
  ContactSchema,
  chosenPhotos,
  submitContactForm,
  ticketReference,
} from "~/domains/service/service.server";
import type { TicketChannel } from "~/domains/service/validation";
import { checkSession } from "~/platform/auth/session.server";
import { parseSubmission } from "~/platform/forms/submission";
import { requestContext } from "~/platform/http/context";
import { translator } from "~/platform/i18n/resources.server";
import { isRefusal, refusalStatus } from "~/platform/refusal";
import { routingContext } from "~/routing/middleware.server";

/** The answer to a sent contact form is one shopper's: never kept by a shared cache. */
const personal = { "Cache-Control": "private, no-store" };

/**
 * The action of every page with a contact form (customer service, `/contact/{topic}/`, the chat page, the
 * app's views): one schema, one domain command; the sent state carries the ticket's reference.
 */
export async function contactAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  channel: TicketChannel,
) {
  const { locale } = context.get(routingContext);
  const formData = await request.formData();
  const parsed = parseSubmission(formData, ContactSchema, { t: translator(locale) });
  if (parsed.status === "error")
    return data({ result: parsed.result, sent: null }, { status: 400, headers: personal });
  const { visitor } = await checkSession(request);
  const ticket = await submitContactForm(
    parsed.value,
    {
      locale,
      ip: context.get(requestContext).ip,
      channel,
      customerId: visitor?.id,
    },
    chosenPhotos(formData.getAll("photos")),
  );
  if (isRefusal(ticket))
    return data(
      { result: parsed.reply({ refusal: ticket }), sent: null },
      { status: refusalStatus[ticket.kind], headers: personal },
    );
  return data(
    {
      result: parsed.reply({ resetForm: true }),
      sent: { reference: ticketReference(ticket.id), replyHours: ticket.replyHours },
    },
    { headers: personal },
  );
}

/** `headers` of a public page with a contact form: shareable, except the reply to a sent form. */
export function shareableUnlessSent({ actionHeaders }: { actionHeaders: Headers }) {
  if (actionHeaders.has("Cache-Control")) return actionHeaders;
  return { "Cache-Control": "public, max-age=0, s-maxage=10, stale-while-revalidate=60" };
}
