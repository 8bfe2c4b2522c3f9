import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { documentStream } from "./document-stream.server";

const head =
  '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/><title>Robes · Été</title>' +
  '<link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js"/>' +
  '<link rel="modulepreload" href="/assets/framework.js"/></head>';
const body =
  '<body><p>Écrire &lt;link rel="modulepreload" href="x"/&gt;</p><link rel="modulepreload" href="/late.js"/></body></html>';

/** The document cut into chunks of `size` bytes, as a stream would hand them over. */
async function through(html: string, size: number) {
  const bytes = Buffer.from(html, "utf8");
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return text(Readable.from(chunks).pipe(documentStream()));
}

describe("low-priority module preloads (decision 0056)", () => {
  it("marks every module preload of the head low priority, and nothing else", async () => {
    const out = await through(head + body, 1 << 16);
    expect(out).toBe(
      head.replaceAll('rel="modulepreload" ', 'rel="modulepreload" fetchpriority="low" ') + body,
    );
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

describe("one chunk per tick (decision 0060)", () => {
  /** Writes `writes` (buffers and strings, as React does) in one tick, then `later` in a later one. */
  async function chunksOf(writes: (string | Buffer)[], later: string[] = []) {
    const stream = documentStream();
    const out: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => out.push(chunk));
    const ended = new Promise((resolve) => stream.on("end", resolve));
    for (const write of writes) stream.write(write);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const beforeLater = out.length;
    for (const write of later) stream.write(write);
    stream.end();
    await ended;
    return { out, beforeLater };
  }

  it("passes on what one tick wrote as one chunk, strings and bytes in their order", async () => {
    const cards = ["<li>Robe é</li>".repeat(200), Buffer.from("<li>Jupe</li>"), "<li>Été</li>".repeat(150)];
    const { out } = await chunksOf([head, ...cards, "</ul>"]);
    // The head (rewritten) goes on as it ends; the body's writes of the same tick follow as one chunk.
    expect(out).toHaveLength(2);
    expect(Buffer.concat(out).toString("utf8")).toBe(
      head.replaceAll('rel="modulepreload" ', 'rel="modulepreload" fetchpriority="low" ') +
        cards.map(String).join("") +
        "</ul>",
    );
  });

  it("sends a tick's writes before the next tick's: a streamed shell is not held for the rest", async () => {
    const { out, beforeLater } = await chunksOf([head, "<main>", "<p>shell</p>"], ["<p>late</p>", "</main>"]);
    expect(beforeLater).toBe(2);
    expect(Buffer.concat(out.slice(0, beforeLater)).toString()).toContain("<p>shell</p>");
    expect(out.slice(beforeLater).map(String).join("")).toBe("<p>late</p></main>");
  });
});
