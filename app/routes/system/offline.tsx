import { OfflinePage } from "~/components/system/system-pages";

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

/** Cached by the service worker and shown when a page cannot be loaded without network. */
export default function Offline() {
  return <OfflinePage />;
}
