import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { FormsDemo } from "~/components/demo/forms-demo";
import { OverlaysDemo } from "~/components/demo/overlays-demo";
import { isLocale } from "~/platform/i18n/locales";
import type { Route } from "./+types/demo";

export function loader({ params }: Route.LoaderArgs) {
  if (!isLocale(params.locale)) throw data(null, { status: 404 });
  return null;
}

export function meta() {
  return [{ title: "Design system · Loom & Label" }, { name: "robots", content: "noindex" }];
}

/** Every design-system primitive with its states, for designers, developers and the accessibility tests. */
export default function Demo() {
  const { t } = useTranslation("ui");
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-16 px-4 py-10 desktop:px-8">
      <h1 className="font-display text-4xl">{t("demo.title")}</h1>
      <FormsDemo />
      <OverlaysDemo />
    </main>
  );
}
