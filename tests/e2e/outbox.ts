import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";

/**
 * The e-mails the e2e shop stored for one recipient. The shop runs without SMTP, so its outbox job writes
 * every e-mail as a MIME file into `<DATA_DIR>/outbox/`; the e2e server's DATA_DIR is a fresh
 * `shop-e2e-*` folder in the temp directory. Recipients are unique per test, so other runs on the same
 * machine never match.
 */
function mailsTo(address: string): string[] {
  const found: string[] = [];
  for (const dir of readdirSync(os.tmpdir()).filter((name) => name.startsWith("shop-e2e-"))) {
    const outbox = path.join(os.tmpdir(), dir, "outbox");
    let files: string[];
    try {
      files = readdirSync(outbox).filter((name) => name.endsWith(".eml"));
    } catch {
      continue;
    }
    for (const file of files) {
      const raw = readFileSync(path.join(outbox, file), "utf8");
      if (new RegExp(`^To: .*${address.replace(/[.+]/g, "\\$&")}`, "mi").test(raw)) found.push(decode(raw));
    }
  }
  return found;
}

/** Undoes quoted-printable (soft line breaks and `=XX` bytes) so links can be read from the body. */
function decode(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** Waits until an e-mail to `address` whose text matches `pattern` has been delivered; answers the match. */
export async function waitForMail(address: string, pattern: RegExp): Promise<RegExpMatchArray> {
  let match: RegExpMatchArray | null = null;
  await expect
    .poll(
      () => {
        for (const mail of mailsTo(address)) {
          match = mail.match(pattern);
          if (match) return true;
        }
        return false;
      },
      { message: `an e-mail to ${address} matching ${pattern}`, timeout: 20_000 },
    )
    .toBe(true);
  return match!;
}
