import { ticketPhoto } from "~/domains/service/service.server";
import type { Route } from "./+types/ticket-photo";
import { idParam, notFound, requirePermission } from "./admin.server";

/** A shopper's photo on a ticket: support only, never cached by anyone else. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "service");
  const bytes = await ticketPhoto(idParam(params.id), idParam(params.photo));
  if (!bytes) notFound();
  return new Response(new Uint8Array(bytes), {
    headers: { "Content-Type": "image/webp", "Cache-Control": "private, max-age=3600" },
  });
}
