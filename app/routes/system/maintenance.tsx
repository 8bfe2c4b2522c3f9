import { MaintenancePage } from "~/components/system/system-pages";

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

export default function Maintenance() {
  return <MaintenancePage />;
}
