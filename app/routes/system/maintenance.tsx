import { MaintenancePage } from "~/components/system/system-pages";
import { pageMeta } from "~/routing/meta";
import type { Route } from "./+types/maintenance";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, undefined, [{ name: "robots", content: "noindex" }]);
}

export default function Maintenance() {
  return <MaintenancePage />;
}
