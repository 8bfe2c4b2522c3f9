import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { env } from "../env.server";
import { logger } from "../logging/logger.server";

export interface OutgoingEmail {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
}

export interface EmailTransport {
  /** Written into the outbox row, so the viewer can tell what happened to the message. */
  name: "smtp" | "outbox";
  send(message: OutgoingEmail): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise the message is built as a real MIME file in DATA_DIR/outbox. */
export function createEmailTransport(): EmailTransport {
  const { SMTP_URL, SMTP_FROM, DATA_DIR } = env();
  if (SMTP_URL) {
    const smtp = nodemailer.createTransport(SMTP_URL);
    return {
      name: "smtp",
      async send(message) {
        await smtp.sendMail({ from: SMTP_FROM, ...message, messageId: `<${message.id}@shop>` });
      },
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const folder = path.join(DATA_DIR, "outbox");
  return {
    name: "outbox",
    async send(message) {
      const info = await stream.sendMail({ from: SMTP_FROM, ...message });
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, `${message.id}.eml`);
      await writeFile(file, info.message as Buffer);
      logger.info({ to: message.to, subject: message.subject, file }, "e-mail stored in the outbox");
    },
  };
}
