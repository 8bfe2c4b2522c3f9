import { loadCampaigns } from "../content/campaigns.server";
import type { Route } from "./+types/campaigns";

// The campaigns in the companion app's webview: the same data and blocks, in the app layout (no header
// or footer), with links that stay inside the in-app views.
export { default, handle, headers, meta } from "../content/campaigns";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadCampaigns(request, context, params.slug, "app-campaigns");
}
