import { loadEntry } from "../content/entry.server";
import type { Route } from "./+types/content";

// A content page in the companion app's webview (the same blocks as `/content/{slug}/`, app layout).
export { default, handle, headers, meta } from "../content/content-page";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadEntry(request, context, "page", "app-content", params.slug);
}
