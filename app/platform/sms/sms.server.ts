import { env } from "../env.server";
import { logger } from "../logging/logger.server";

export interface OutgoingSms {
  id: string;
  to: string;
  text: string;
}

export interface SmsTransport {
  name: "sms-gateway" | "outbox";
  send(message: OutgoingSms): Promise<void>;
}

/** An HTTP SMS gateway (JSON POST) when SMS_GATEWAY_URL is set; otherwise the outbox row is the delivery. */
export function createSmsTransport(): SmsTransport {
  const url = env().SMS_GATEWAY_URL;
  if (!url) {
    return {
      name: "outbox",
      async send(message) {
        logger.info({ to: message.to, text: message.text }, "SMS stored in the outbox");
      },
    };
  }
  return {
    name: "sms-gateway",
    async send(message) {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": message.id },
        body: JSON.stringify({ to: message.to, text: message.text, reference: message.id }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}
