import { dac7Csv } from "~/domains/marketplace/payouts/payouts.server";
import { dac7Year } from "~/domains/marketplace/payouts/rules";
import type { Route } from "./+types/marketplace-dac7-export";
import { requirePermission } from "./admin.server";

/** The annual DAC7 export as a CSV download (a resource route: no page); `all=1` adds non-reportable sellers. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "payouts");
  const url = new URL(request.url);
  const year = dac7Year(url.searchParams.get("year"));
  const csv = await dac7Csv(year, { all: url.searchParams.get("all") === "1" });
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="dac7-${year}.csv"`,
      "cache-control": "private, no-store",
    },
  });
}
