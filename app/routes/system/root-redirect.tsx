import { redirect } from "react-router";
import { requestContext } from "~/platform/http/context";
import type { Route } from "./+types/root-redirect";

/** `/` answers 302 to the remembered locale, else `en` (PRODUCT.md: no browser-language detection). */
export function loader({ context }: Route.LoaderArgs) {
  throw redirect(`/${context.get(requestContext).locale}/`, 302);
}
