import { data } from "react-router";
import { downloadPayoutFileAsStaff } from "~/domains/staff/staff.server";
import type { Route } from "./+types/marketplace-payout-file";
import { idParam, requirePermission } from "./admin.server";

/** A batch's SEPA credit transfer file (pain.001.001.09) as a download (a resource route: no page). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { actor } = await requirePermission(request, "payouts");
  const file = await downloadPayoutFileAsStaff(actor, idParam(params.id));
  if (!file) throw data(null, { status: 404 });
  return new Response(file.xml, {
    headers: {
      "content-type": "application/xml; charset=utf-8",
      "content-disposition": `attachment; filename="${file.fileName}"`,
      "cache-control": "private, no-store",
    },
  });
}
