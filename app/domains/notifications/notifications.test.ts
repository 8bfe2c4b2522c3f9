import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import type { Connection } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { env } from "../../platform/env.server";
import { createEmailTransport } from "../../platform/mail/mailer.server";
import {
  deliverDueMessages,
  latestMessages,
  MAX_ATTEMPTS,
  queueEmail,
  queueSms,
  retryDelaySeconds,
  type Transports,
} from "./notifications.server";
import { outboxMessages } from "./tables.server";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
});
afterAll(() => connection.close());
beforeEach(async () => {
  await connection.db.delete(outboxMessages);
});

const welcome = (to: string, locale: "en" | "nl" = "en") =>
  ({
    to,
    locale,
    template: "welcome",
    data: { firstName: "Sanne", confirmUrl: "http://localhost:3000/nl/login/?confirm=abc", validHours: 48 },
  }) as const;

function recordingTransports(fail = false) {
  const sent: string[] = [];
  const transports: Transports = {
    email: {
      name: "smtp",
      async send(m) {
        if (fail) throw new Error("SMTP 451 try later");
        sent.push(`email:${m.to}:${m.subject}`);
      },
    },
    sms: {
      name: "sms-gateway",
      async send(m) {
        if (fail) throw new Error("gateway down");
        sent.push(`sms:${m.to}:${m.text}`);
      },
    },
  };
  return { sent, transports };
}

describe("outbox", () => {
  it("keeps a message only when the caller's transaction commits", async () => {
    await expect(
      transaction(async (tx) => {
        await queueEmail(welcome("rolled@back.nl"), { tx });
        throw new Error("order failed");
      }),
    ).rejects.toThrow("order failed");
    await transaction((tx) => queueEmail(welcome("kept@example.nl"), { tx }));

    const rows = await latestMessages();
    expect(rows.map((r) => r.recipient)).toEqual(["kept@example.nl"]);
  });

  it("renders e-mails in the recipient's language with the shared layout", async () => {
    await transaction((tx) => queueEmail(welcome("sanne@example.nl", "nl"), { tx }));
    const [message] = await latestMessages({ to: "sanne@example.nl" });
    expect(message?.subject).toBe("Welkom bij Loom & Label: bevestig je e-mailadres");
    expect(message?.html).toContain('lang="nl-NL"');
    expect(message?.html).toContain("Hoi Sanne,");
    expect(message?.html).toContain("Keizersgracht 100");
    expect(message?.text).toContain("Bevestig mijn e-mailadres");
    expect(message?.text).toContain("http://localhost:3000/nl/login/?confirm=abc");
    expect(message?.text).toContain("De link werkt 48 uur.");
  });

  it("delivers due messages once and records the transport", async () => {
    await transaction(async (tx) => {
      await queueEmail(welcome("a@example.nl"), { tx });
      await queueSms(
        {
          to: "+31612345678",
          locale: "fr",
          template: "earlyAccessTicket",
          values: { ticket: "482913" },
        },
        { tx },
      );
    });
    const { sent, transports } = recordingTransports();
    expect(await deliverDueMessages({ via: transports })).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(await deliverDueMessages({ via: transports })).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(sent).toEqual(
      expect.arrayContaining([
        "email:a@example.nl:Welcome to Loom & Label: confirm your e-mail address",
        expect.stringMatching(/^sms:\+31612345678:Loom & Label : .*482913/),
      ]),
    );
    const rows = await latestMessages();
    expect(rows.every((r) => r.status === "sent" && r.sentAt && r.attempts === 1)).toBe(true);
    expect(rows.map((r) => r.transport).sort()).toEqual(["sms-gateway", "smtp"]);
  });

  it("retries a failing message with growing delays, then marks it failed", async () => {
    await transaction((tx) => queueEmail(welcome("flaky@example.nl"), { tx }));
    const { transports } = recordingTransports(true);
    expect(await deliverDueMessages({ via: transports })).toEqual({ sent: 0, retried: 1, failed: 0 });

    const [afterFirst] = await latestMessages();
    expect(afterFirst).toMatchObject({ status: "pending", attempts: 1, lastError: "SMTP 451 try later" });
    expect(afterFirst!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: nothing is attempted.
    expect(await deliverDueMessages({ via: transports })).toEqual({ sent: 0, retried: 0, failed: 0 });

    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      await connection.db.update(outboxMessages).set({ nextAttemptAt: sql`now() - interval '1 second'` });
      await deliverDueMessages({ via: transports });
    }
    const [last] = await latestMessages();
    expect(last).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(retryDelaySeconds(1)).toBe(30);
    expect(retryDelaySeconds(3)).toBe(120);
    expect(retryDelaySeconds(30)).toBe(6 * 3600);
  });

  it("without SMTP stores a real MIME message in DATA_DIR/outbox", async () => {
    const id = await transaction((tx) => queueEmail(welcome("local@example.nl"), { tx }));
    const transport = createEmailTransport();
    expect(transport.name).toBe("outbox");
    await deliverDueMessages({ via: { email: transport, sms: recordingTransports().transports.sms } });
    const file = path.join(env().DATA_DIR, "outbox", `${id}.eml`);
    expect(existsSync(file)).toBe(true);
    const mime = readFileSync(file, "utf8");
    expect(mime).toMatch(/^To: local@example\.nl$/m);
    expect(mime).toMatch(/^Subject: Welcome to Loom & Label: confirm your e-mail address$/m);
    const [row] = await connection.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    expect(row).toMatchObject({ status: "sent", transport: "outbox" });
  });

  it("marks each message sent before trying the next, so a process killed mid-run sends at most one again", async () => {
    await transaction(async (tx) => {
      await queueEmail(welcome("first@example.nl"), { tx });
      await queueEmail(welcome("second@example.nl"), { tx });
    });
    let release = () => {};
    let onSecond = () => {};
    const secondOnTheWire = new Promise<void>((resolve) => {
      onSecond = resolve;
    });
    let calls = 0;
    const transports: Transports = {
      email: {
        name: "smtp",
        async send() {
          calls++;
          if (calls === 2) {
            onSecond();
            await new Promise<void>((resolve) => {
              release = resolve;
            });
          }
        },
      },
      sms: recordingTransports().transports.sms,
    };
    const run = deliverDueMessages({ via: transports });
    await secondOnTheWire;
    // The moment a kill -9 could come: the first message is already recorded as sent, no transaction open.
    const seen = await Promise.race([
      connection.db.select({ status: outboxMessages.status }).from(outboxMessages),
      new Promise<"blocked">((resolve) => setTimeout(() => resolve("blocked"), 2_000)),
    ]);
    release();
    await run;
    expect(seen).not.toBe("blocked");
    expect((seen as { status: string }[]).map((r) => r.status).sort()).toEqual(["pending", "sent"]);
    const rows = await latestMessages();
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent"]);
  });

  it("never sends a message twice when two workers deliver at the same time", async () => {
    await transaction(async (tx) => {
      for (let i = 0; i < 20; i++) await queueEmail(welcome(`buyer${i}@example.nl`), { tx });
    });
    const { sent, transports } = recordingTransports();
    await Promise.all([deliverDueMessages({ via: transports }), deliverDueMessages({ via: transports })]);
    expect(sent).toHaveLength(20);
    expect(new Set(sent).size).toBe(20);
  });
});
