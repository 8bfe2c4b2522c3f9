import { disputePhoto } from "~/domains/marketplace/transactions/transactions.server";
import type { Route } from "./+types/marketplace-dispute-photo";
import { idParam, notFound, requirePermission } from "./admin.server";

/** A buyer's dispute photo: support only, never kept by a shared cache. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "disputes");
  const n = Number(params.photo);
  const bytes =
    Number.isSafeInteger(n) && n >= 0
      ? await disputePhoto(idParam(params.id), n, { asOperator: true })
      : null;
  if (!bytes) notFound();
  return new Response(new Uint8Array(bytes), {
    headers: { "Content-Type": "image/webp", "Cache-Control": "private, max-age=3600" },
  });
}
