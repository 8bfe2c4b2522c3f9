import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const HEAD_END = "</head>";
const PRELOAD = '<link rel="modulepreload" ';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low" ';

/**
 * Marks the document head's module preloads `fetchpriority="low"` (decision 0056). React Router's
 * `<Scripts>` preloads every module of the page at the browser's High priority, beside the stylesheet
 * and the largest image, although the modules only hydrate a page the server already rendered and
 * whose forms work without them. Low lets the stylesheet and the first product picture go first on a
 * slow connection. `<Scripts>` takes no attribute for its preload links, so the head is rewritten on its
 * way out: bytes are held until `</head>` (React writes the head in the shell's first flush), then
 * passed on, and the rest of the document streams untouched.
 */
export function lowPriorityModulePreloads(): Transform {
  let head: string | undefined = "";
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === undefined) return callback(null, chunk);
      head += decoder.write(chunk);
      const end = head.indexOf(HEAD_END);
      if (end === -1) return callback();
      const out = head.slice(0, end).replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD) + head.slice(end);
      head = undefined;
      callback(null, Buffer.from(out, "utf8"));
    },
    flush(callback) {
      if (head !== undefined) head += decoder.end();
      callback(null, head ? Buffer.from(head, "utf8") : undefined);
    },
  });
}
