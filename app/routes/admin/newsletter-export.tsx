import { newsletterSubscribersCsv } from "~/domains/marketing/marketing.server";
import type { Route } from "./+types/newsletter-export";
import { requirePermission } from "./admin.server";

const statuses = ["subscribed", "pending", "unsubscribed"] as const;

/** The subscribers with their consent proof as a CSV download (a resource route: no page). */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "promotions");
  const wanted = new URL(request.url).searchParams.get("status");
  const status = statuses.find((s) => s === wanted);
  const csv = await newsletterSubscribersCsv({ status });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="newsletter-subscribers-${day}.csv"`,
      "cache-control": "private, no-store",
    },
  });
}
