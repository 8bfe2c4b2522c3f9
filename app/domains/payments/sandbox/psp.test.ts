import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../../tests/support/database";
import type { Connection } from "../../../platform/db/db.server";
import { sendJob, startJobs, stopJobs } from "../../../platform/jobs/jobs.server";
import {
  createSandboxPayment,
  decideSandboxPayment,
  deliverSandboxWebhook,
  deliverSandboxWebhookJob,
  expireSandboxPaymentsJob,
  SIGNATURE_HEADER,
  validWebhookSignature,
  webhookRetry,
} from "./psp.server";

let connection: Connection;
let server: Server;
let answer = 500;
const received: { body: string; signature: string | undefined }[] = [];

beforeAll(async () => {
  connection = await freshDatabase();
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ body, signature: request.headers[SIGNATURE_HEADER] as string | undefined });
      response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  await stopJobs();
  server.close();
  await connection.close();
});

const shopUrl = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/payments/sandbox`;

async function decidedPayment() {
  const payment = await createSandboxPayment({
    amountCents: 2_500,
    description: "Order 300000001",
    method: "card",
    locale: "en",
    redirectUrl: "http://localhost:3000/en/order-confirmation/",
    webhookUrl: shopUrl(),
    metadata: { paymentId: "pay_x" },
    idempotencyKey: `key-${Math.random()}`,
  });
  await decideSandboxPayment(payment.id, "paid");
  return payment;
}

async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("sandbox webhooks", () => {
  it("signs the body with HMAC-SHA256 and fails the delivery unless the shop answers 2xx", async () => {
    const payment = await decidedPayment();
    answer = 500;
    await expect(deliverSandboxWebhook(payment.id)).rejects.toThrow(/answered 500/);
    const last = received.at(-1)!;
    expect(JSON.parse(last.body)).toEqual({ id: payment.id });
    expect(validWebhookSignature(last.body, last.signature ?? null)).toBe(true);
    expect(validWebhookSignature(last.body.replace("}", " }"), last.signature ?? null)).toBe(false);
    answer = 204;
    await expect(deliverSandboxWebhook(payment.id)).resolves.toBeUndefined();
  });

  it("retries with exponential backoff: a 500 puts the job back with a later start", async () => {
    expect(webhookRetry).toMatchObject({ retryBackoff: true });
    expect(expireSandboxPaymentsJob.schedule?.cron).toBe("* * * * *");
    const payment = await decidedPayment();
    answer = 500;
    const boss = await startJobs(connection, [deliverSandboxWebhookJob] as never);
    const before = received.length;
    const jobId = (await sendJob(deliverSandboxWebhookJob, { paymentId: payment.id }))!;
    await eventually(() => (received.length > before ? true : undefined));
    const job = await eventually(async () => {
      const found = await boss.getJobById(deliverSandboxWebhookJob.name, jobId);
      return found?.state === "retry" ? found : undefined;
    });
    expect(job.output).toMatchObject({ message: expect.stringMatching(/answered 500/) });
    expect(job.retryBackoff).toBe(true);
    expect(job.retryLimit).toBe(webhookRetry.retryLimit);
    // The first retry waits about retryDelay (10 s) after the failed attempt; later ones twice as long each time.
    expect(job.startAfter.getTime() - job.startedOn.getTime()).toBeGreaterThanOrEqual(5_000);
  });
});
