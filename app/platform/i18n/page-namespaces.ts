import { type ClientNamespace, clientNamespaces } from "./i18n";

/** The namespaces the matched routes declare in `handle.i18n`, `common` always first. */
export function namespacesOfMatches(matches: readonly { handle?: unknown }[]): ClientNamespace[] {
  const wanted = new Set<ClientNamespace>(["common"]);
  for (const match of matches) {
    const declared = (match.handle as { i18n?: readonly ClientNamespace[] } | undefined)?.i18n ?? [];
    for (const ns of declared) wanted.add(ns);
  }
  return [...wanted];
}

/** Reads the `data-i18n` attribute the server wrote on `<html>`. */
export function pageNamespaces(attribute: string | undefined): ClientNamespace[] {
  const listed = (attribute ?? "")
    .split(",")
    .filter((ns): ns is ClientNamespace => clientNamespaces.includes(ns as ClientNamespace));
  return listed.includes("common") ? listed : ["common", ...listed];
}
