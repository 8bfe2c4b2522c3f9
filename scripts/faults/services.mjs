// The outside services of the fault harness, each able to fail on command: an SMTP sink, an SMS gateway
// and Mollie's payments API (the MSW fake of the unit tests, served over HTTP). Each counts what it
// received, so the harness can tell a message delivered once from one delivered twice.
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { getResponse } from "msw";
import { createFakeMollie } from "../../tests/support/msw/mollie.ts";

/** Listens on `port` again after `down()`; `down()` closes the listener (connections are refused). */
function switchable(server, port) {
  let listening = false;
  const sockets = new Set();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  return {
    up: () =>
      listening
        ? Promise.resolve()
        : new Promise((resolve) =>
            server.listen(port, "127.0.0.1", () => {
              listening = true;
              resolve();
            }),
          ),
    down: () => {
      if (!listening) return Promise.resolve();
      listening = false;
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * An SMTP sink: `accept` takes every message, `refuse` greets with 421 (service not available) and hangs
 * up, `down` is not listening. `received` counts each message by the shop's outbox id (its Message-ID).
 */
export async function startSmtpSink(port) {
  const received = new Map();
  let mode = "accept";
  const server = net.createServer((socket) => {
    socket.on("error", () => {});
    if (mode === "refuse") {
      socket.end("421 4.3.2 Service not available, closing transmission channel\r\n");
      return;
    }
    socket.write("220 sink.test ESMTP\r\n");
    let buffer = "";
    let data = null;
    socket.on("data", (chunk) => {
      buffer += chunk.toString("latin1");
      for (;;) {
        if (data !== null) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          data += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          const id = /^message-id:\s*<([^@>]+)@shop>/im.exec(data)?.[1] ?? "(none)";
          received.set(id, (received.get(id) ?? 0) + 1);
          data = null;
          socket.write("250 2.0.0 queued\r\n");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") socket.write("250-sink.test\r\n250 8BITMIME\r\n");
        else if (verb === "DATA") {
          data = "\r\n";
          socket.write("354 go ahead\r\n");
        } else if (verb === "QUIT") {
          socket.end("221 bye\r\n");
          return;
        } else socket.write("250 OK\r\n");
      }
    });
  });
  const listener = switchable(server, port);
  await listener.up();
  return {
    received,
    async set(next) {
      mode = next;
      if (next === "down") await listener.down();
      else await listener.up();
    },
    close: () => listener.down(),
  };
}

/** An SMS gateway (JSON POST): `accept`, `fail` (503) or `down`; `received` counts by reference. */
export async function startSmsGateway(port) {
  const received = new Map();
  let mode = "accept";
  const server = http.createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    if (mode === "fail") {
      response.writeHead(503).end("unavailable");
      return;
    }
    const reference = JSON.parse(body || "{}").reference ?? "(none)";
    received.set(reference, (received.get(reference) ?? 0) + 1);
    response.writeHead(200, { "content-type": "application/json" }).end('{"status":"queued"}');
  });
  const listener = switchable(server, port);
  await listener.up();
  return {
    received,
    async set(next) {
      mode = next;
      if (next === "down") await listener.down();
      else await listener.up();
    },
    close: () => listener.down(),
  };
}

/**
 * Mollie's payments API on https://127.0.0.1:`port` (the shop's MOLLIE_API_URL; its client speaks HTTPS
 * only, `tls` is a self-signed certificate): `ok`, `slow` (every answer
 * `delayMs` late), `fail` (500 for everything) or `down`. Payments are paid with `setStatus`, as the shopper
 * would on Mollie's hosted page; the harness then posts the webhook itself.
 */
export async function startFakeMollie(port, apiKey, tls) {
  const mollie = createFakeMollie({ apiKey });
  let mode = "ok";
  let delayMs = 0;
  const server = https.createServer(tls, async (incoming, outgoing) => {
    const chunks = [];
    for await (const chunk of incoming) chunks.push(chunk);
    if (mode === "slow") await new Promise((resolve) => setTimeout(resolve, delayMs));
    mollie.setOutage(mode === "fail" ? 500 : null);
    const request = new Request(`https://api.mollie.com${incoming.url}`, {
      method: incoming.method,
      headers: Object.entries(incoming.headers)
        .filter(
          ([k]) => !["host", "connection", "content-length", "transfer-encoding", "keep-alive"].includes(k),
        )
        .flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, String(v)]])),
      body: chunks.length && incoming.method !== "GET" ? Buffer.concat(chunks) : undefined,
    });
    const response = await getResponse(mollie.handlers, request);
    if (!response) {
      outgoing.writeHead(404).end();
      return;
    }
    if (outgoing.destroyed) return;
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  });
  const listener = switchable(server, port);
  await listener.up();
  return {
    url: `https://127.0.0.1:${port}/v2/`,
    fake: mollie,
    async set(next, ms = 0) {
      mode = next;
      delayMs = ms;
      if (next === "down") await listener.down();
      else await listener.up();
    },
    close: () => listener.down(),
  };
}
