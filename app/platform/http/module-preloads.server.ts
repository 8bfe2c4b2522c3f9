const PRELOAD = '<link rel="modulepreload" ';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low" ';

/**
 * Marks the document head's module preloads `fetchpriority="low"` (decision 0056). React Router's
 * `<Scripts>` preloads every module of the page at the browser's High priority, beside the stylesheet
 * and the largest image, although the modules only hydrate a page the server already rendered and
 * whose forms work without them. Low lets the stylesheet and the first product picture go first on a
 * slow connection. `<Scripts>` takes no attribute for its preload links, so the head is rewritten on its
 * way out (`htmlStream`, html-stream.server.ts).
 */
export function lowPriorityModulePreloads(head: string): string {
  return head.replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD);
}
