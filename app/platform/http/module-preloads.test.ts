import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./module-preloads.server";

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
  return text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
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
