// A TCP proxy between the shop and PostgreSQL that the fault harness can cut or slow.
//   pass  — bytes flow both ways;
//   cut   — every open connection is reset and new ones are closed at once (a cable pulled, a failover);
//   slow  — every chunk towards the database waits `delayMs` first, so each round trip (query) takes that long.
import net from "node:net";

export function startProxy({ port, target }) {
  let mode = "pass";
  let delayMs = 0;
  const sockets = new Set();

  const server = net.createServer((client) => {
    if (mode === "cut") {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    // Chunks towards the database keep their order: each waits for the one before it.
    let queue = Promise.resolve();
    client.on("data", (chunk) => {
      if (mode === "slow") {
        client.pause();
        const wait = delayMs;
        queue = queue.then(
          () =>
            new Promise((resolve) =>
              setTimeout(() => {
                if (!upstream.destroyed) upstream.write(chunk);
                client.resume();
                resolve();
              }, wait),
            ),
        );
      } else {
        queue = queue.then(() => {
          if (!upstream.destroyed) upstream.write(chunk);
        });
      }
    });
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", close);
    upstream.on("error", close);
    client.on("close", close);
    upstream.on("close", close);
  });

  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () =>
      resolve({
        get mode() {
          return mode;
        },
        pass() {
          mode = "pass";
        },
        cut() {
          mode = "cut";
          for (const socket of sockets) socket.resetAndDestroy();
          sockets.clear();
        },
        slow(ms) {
          mode = "slow";
          delayMs = ms;
        },
        close() {
          mode = "cut";
          for (const socket of sockets) socket.destroy();
          return new Promise((done) => server.close(done));
        },
      }),
    );
  });
}
