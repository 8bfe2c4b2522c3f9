import { data } from "react-router";
import { printGiftCardByStaff } from "~/domains/staff/staff.server";
import { isRefusal } from "~/platform/refusal";
import type { Route } from "./+types/gift-card-print";
import { idParam, requirePermission } from "./admin.server";

/** The printable card of a gift card sold by post (a resource route: a PDF, no page); each print is audited. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { actor } = await requirePermission(request, "gift-cards");
  const printed = await printGiftCardByStaff(actor, idParam(params.purchase));
  if (isRefusal(printed)) throw data(null, { status: 404 });
  return new Response(Buffer.from(printed.pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="${printed.fileName}"`,
      "cache-control": "private, no-store",
    },
  });
}
