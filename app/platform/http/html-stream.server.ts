import { Transform } from "node:stream";
import { lowPriorityModulePreloads } from "./module-preloads.server";

const HEAD_END = Buffer.from("</head>");

/**
 * The stream React renders a document into, on its way to the response:
 * - the head is held until `</head>` (React writes it in the shell's first flush) and its module preloads
 *   are marked low priority (decision 0056). `</head>` is ASCII, so cutting there never splits a letter:
 *   only the head is decoded, and the body's bytes pass on as they came;
 * - React's writes go on once per React flush, as one chunk (decision 0058). React hands its output over
 *   4 KB at a time (a category page: ≈ 45 writes), and each chunk went through this stream, the web
 *   stream the response reads, the compression and the socket on its own; React calls `flush()` when a
 *   pass is written (the shell, then each finished Suspense boundary), so streaming is unchanged.
 * `onEnd` runs when React has written the whole document.
 */
export function htmlStream(onEnd: () => void = () => {}): Transform & { flush(): void } {
  // Bytes before `</head>`, held; undefined once the head has gone out.
  let head: Buffer | undefined = Buffer.alloc(0);
  // The current React flush's bytes after the head.
  let pending: Buffer[] = [];
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === undefined) {
        pending.push(chunk);
        return callback();
      }
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf(HEAD_END);
      if (end !== -1) {
        pending.push(
          Buffer.from(lowPriorityModulePreloads(head.subarray(0, end).toString("utf8")), "utf8"),
          head.subarray(end),
        );
        head = undefined;
      }
      callback();
    },
    flush(callback) {
      // A document without a head end passes on unchanged.
      if (head?.length) pending.unshift(head);
      head = undefined;
      send();
      onEnd();
      callback();
    },
  });
  const send = () => {
    if (pending.length === 0) return;
    const chunk = pending.length === 1 ? pending[0] : Buffer.concat(pending);
    pending = [];
    stream.push(chunk);
  };
  // Called by React's `pipe` after each pass it wrote (react-dom/server's `flushBuffered`).
  return Object.assign(stream, { flush: send });
}
