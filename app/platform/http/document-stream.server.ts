import { Transform } from "node:stream";

const HEAD_END = "</head>";
const PRELOAD = '<link rel="modulepreload" ';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low" ';

/**
 * The stream between React's render and the response, which does two things to a document on its way out.
 *
 * It marks the head's module preloads `fetchpriority="low"` (decision 0056). React Router's `<Scripts>`
 * preloads every module of the page at the browser's High priority, beside the stylesheet and the largest
 * image, although the modules only hydrate a page the server already rendered and whose forms work
 * without them. Low lets the stylesheet and the first product picture go first on a slow connection.
 * `<Scripts>` takes no attribute for its preload links, so bytes are held until `</head>` (React writes
 * the head in the shell's first flush), rewritten, then passed on.
 *
 * And it passes on what React wrote in one tick as one chunk (decision 0060). React writes 4 KB buffers
 * and, on their own, strings over 1 365 letters: every product card pasted from the markup cache is one,
 * so a category page came in ≈ 150 writes, each of them a trip through the web stream and a socket write.
 */
export function documentStream(): Transform {
  // Bytes before `</head>`, held; undefined once the head has gone out. `</head>` is ASCII, so cutting
  // there never splits a letter: only the head is decoded, and the body's bytes pass on as they came.
  let held: Buffer | undefined = Buffer.alloc(0);
  // What React wrote since the last tick, passed on together at the end of it.
  let pending: (Buffer | string)[] = [];
  const passOn = (stream: Transform) => {
    if (pending.length === 0) return;
    const chunks = pending;
    pending = [];
    stream.push(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks.map(bytes)));
  };
  return new Transform({
    // A string is turned into bytes once, in the tick's one chunk, not on its way in.
    decodeStrings: false,
    transform(chunk: Buffer | string, _encoding, callback) {
      if (held === undefined) {
        if (pending.push(chunk) === 1) setImmediate(passOn, this);
        return callback();
      }
      held = Buffer.concat([held, bytes(chunk)]);
      const end = held.indexOf(HEAD_END);
      if (end === -1) return callback();
      const head = held.subarray(0, end).toString("utf8").replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD);
      const rest = held.subarray(end);
      held = undefined;
      callback(null, Buffer.concat([Buffer.from(head, "utf8"), rest]));
    },
    flush(callback) {
      passOn(this);
      callback(null, held?.length ? held : undefined);
    },
  });
}

function bytes(chunk: Buffer | string): Buffer {
  return typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
}
