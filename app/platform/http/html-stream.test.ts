import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { htmlStream } from "./html-stream.server";

const head =
  '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/><title>Robes · Été</title>' +
  '<link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js"/>' +
  '<link rel="modulepreload" href="/assets/framework.js"/></head>';
const body =
  '<body><p>Écrire &lt;link rel="modulepreload" href="x"/&gt;</p><link rel="modulepreload" href="/late.js"/></body></html>';

const lowPriority = (html: string) =>
  html.replaceAll('rel="modulepreload" ', 'rel="modulepreload" fetchpriority="low" ');

/** The document cut into chunks of `size` bytes, as a stream would hand them over. */
async function through(html: string, size: number) {
  const bytes = Buffer.from(html, "utf8");
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return text(Readable.from(chunks).pipe(htmlStream()));
}

describe("the document's stream: low-priority module preloads (decision 0056)", () => {
  it("marks every module preload of the head low priority, and nothing else", async () => {
    const out = await through(head + body, 1 << 16);
    expect(out).toBe(lowPriority(head) + body);
    expect(out.match(/fetchpriority="low"/g)).toHaveLength(2);
  });

  it("gives the same document whatever the chunk boundaries, through multi-byte letters and tags", async () => {
    const whole = await through(head + body, 1 << 16);
    for (const size of [1, 2, 3, 7, 50, 64, 200])
      expect(await through(head + body, size), `${size}`).toBe(whole);
  });

  it("passes a document without a head end through unchanged", async () => {
    const fragment = '<link rel="modulepreload" href="/a.js"/><p>Ça va</p>';
    expect(await through(fragment, 5)).toBe(fragment);
  });
});

describe("the document's stream: one chunk per React flush (decision 0058)", () => {
  it("passes React's writes on as one chunk when React flushes, and the rest at the end", async () => {
    let ended = 0;
    const stream = htmlStream(() => ended++);
    const out: string[] = [];
    stream.on("data", (chunk: Buffer) => out.push(chunk.toString("utf8")));
    const write = (html: string) => stream.write(Buffer.from(html, "utf8"));

    // The shell: the head and the start of the body in several writes, then React's flush.
    write(head.slice(0, 40));
    write(head.slice(40));
    write("<body><main>");
    write("<p>Été</p>");
    await new Promise((resolve) => setImmediate(resolve));
    expect(out).toEqual([]);
    stream.flush();
    expect(out).toEqual([`${lowPriority(head)}<body><main><p>Été</p>`]);

    // A later pass (a finished Suspense boundary), then the end.
    write("<template>1</template>");
    write("<script>2</script>");
    stream.flush();
    expect(out.at(-1)).toBe("<template>1</template><script>2</script>");
    expect(ended).toBe(0);
    write("</main></body></html>");
    await new Promise((resolve) => stream.end(resolve));
    expect(out).toHaveLength(3);
    expect(out.at(-1)).toBe("</main></body></html>");
    expect(ended).toBe(1);
  });

  it("sends nothing for a flush with nothing written", () => {
    const stream = htmlStream();
    const out: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => out.push(chunk));
    stream.flush();
    expect(out).toEqual([]);
  });
});
