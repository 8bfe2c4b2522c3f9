/**
 * Every locale's message files as lazily loaded chunks. Only reached when a page needs a namespace the
 * server did not write into it (a fly-in opened later, a page cached before a deploy), so the map of
 * file names stays out of every page's first download.
 */
export const loadNamespace = (locale: string, ns: string) =>
  import(`../../locales/${locale}/${ns}.json`).then((m) => m.default as Record<string, unknown>);
