import { useTranslation } from "react-i18next";
import { FormsDemo, replyToFormsDemo } from "~/components/demo/forms-demo";
import { OverlaysDemo } from "~/components/demo/overlays-demo";
import { serverI18n } from "~/platform/i18n/resources.server";
import { pageMeta } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import type { Route } from "./+types/demo";

export const handle = { i18n: ["demo", "ui", "forms"] };

/** The forms demo also works without JavaScript: the server validates and answers with the same messages. */
export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = context.get(routingContext);
  return replyToFormsDemo(await request.formData(), serverI18n(locale).getFixedT(locale));
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Design system", [{ name: "robots", content: "noindex" }]);
}

/** Every design-system primitive with its states, for designers, developers and the accessibility tests. */
export default function Demo() {
  const { t } = useTranslation("demo");
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-16 px-4 py-10 desktop:px-8">
      <h1 className="font-display text-4xl">{t("title")}</h1>
      <FormsDemo />
      <OverlaysDemo />
    </main>
  );
}
