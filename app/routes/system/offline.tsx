import { OfflinePage } from "~/components/system/system-pages";
import { pageMeta } from "~/routing/meta";
import type { Route } from "./+types/offline";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, undefined, [{ name: "robots", content: "noindex" }]);
}

/** Cached by the service worker and shown when a page cannot be loaded without network. */
export default function Offline() {
  return <OfflinePage />;
}
