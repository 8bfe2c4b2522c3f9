import type { i18n as I18n } from "i18next";
import { useTranslation } from "react-i18next";
import type { ClientNamespace } from "./i18n";

const ELEMENT_ID = "page-messages";

type Messages = Partial<Record<ClientNamespace, Record<string, unknown>>>;

const serialized = new Map<string, string>();

/** The page's namespaces as JSON that is safe inside a script element (no `<`, so no `</script>`). */
function serialize(i18n: I18n, namespaces: readonly ClientNamespace[]): string {
  const key = `${i18n.language}:${namespaces.join(",")}`;
  let json = serialized.get(key);
  if (json === undefined) {
    const messages = Object.fromEntries(
      namespaces.map((ns) => [ns, i18n.getResourceBundle(i18n.language, ns) ?? {}]),
    );
    json = JSON.stringify(messages).replaceAll("<", "\\u003c");
    serialized.set(key, json);
  }
  return json;
}

/** In the browser: the text the server wrote, read once before hydration and rendered unchanged after. */
let written: string | undefined;

/**
 * Reads the messages the server put in the page. They come with the HTML instead of as one script per
 * namespace after the app's code has run, so hydration waits for no extra round trip.
 */
export function readPageMessages(): Messages {
  written = document.getElementById(ELEMENT_ID)?.textContent ?? "{}";
  try {
    return JSON.parse(written) as Messages;
  } catch {
    return {};
  }
}

/**
 * The messages of the namespaces the page's routes declare (`handle.i18n`), for `readPageMessages`. The
 * browser renders the text it was given, so the element never changes after hydration; namespaces a later
 * page needs come in through the i18n backend.
 */
export function PageMessages({ namespaces }: { namespaces: readonly ClientNamespace[] }) {
  const { i18n } = useTranslation();
  const json = typeof document === "undefined" ? serialize(i18n, namespaces) : (written ?? "{}");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped, from the shop's own message files
  return <script id={ELEMENT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: json }} />;
}
