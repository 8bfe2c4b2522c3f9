import { Transform } from "node:stream";

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
  // Bytes before `</head>`, held; undefined once the head has gone out. `</head>` is ASCII, so cutting
  // there never splits a letter: only the head is decoded, and the body's bytes pass on as they came.
  let held: Buffer | undefined = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (held === undefined) return callback(null, chunk);
      held = Buffer.concat([held, chunk]);
      const end = held.indexOf(HEAD_END);
      if (end === -1) return callback();
      const head = held.subarray(0, end).toString("utf8").replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD);
      const rest = held.subarray(end);
      held = undefined;
      callback(null, Buffer.concat([Buffer.from(head, "utf8"), rest]));
    },
    flush(callback) {
      callback(null, held?.length ? held : undefined);
    },
  });
}
