// Servers for .ci/bench: the build, gzip/brotli-encoded as a real host sends
// it, with the comparison pages under /__bench/ on the same origin; and a TCP
// proxy that makes a slow phone connection of it.
import { createServer } from "node:http";
import { connect, createServer as createTcpServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { staticHandler } from "../tools/serve.mjs";

const PAGES = join(dirname(fileURLToPath(import.meta.url)), "pages");

/** Listens on a free 127.0.0.1 port; `stop()` closes it and drops open connections ("the network is gone"). */
function listen(server) {
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const origin = `http://127.0.0.1:${server.address().port}`;
      const stop = () =>
        new Promise((closed) => {
          server.close(() => closed());
          server.closeAllConnections?.();
          for (const socket of server.sockets ?? []) socket.destroy();
        });
      done({ origin, url: `${origin}/`, port: server.address().port, stop });
    });
  });
}

/** `dist` at /, tests/bench/pages at /__bench/, both compressed. */
export function serveBench(dist) {
  const app = staticHandler(dist, { compress: true });
  const pages = staticHandler(PAGES, { compress: true });
  const server = createServer((req, res) => {
    if (!req.url.startsWith("/__bench/")) return app(req, res);
    req.url = req.url.slice("/__bench".length);
    return pages(req, res);
  });
  return listen(server);
}

const sleepUntil = (at) => new Promise((done) => setTimeout(done, Math.max(0, at - Date.now())));

/**
 * A proxy to `port` shaped like a phone's connection: every byte down shares
 * one link of `bitsPerSecond`, each way takes half of `rttMs`, and a new
 * connection first costs a round trip (the TCP handshake). Server-side
 * because DevTools network emulation does not slow a service worker's
 * fetches. `bytesDown()` counts what was sent to the browser.
 */
export function throttle(port, { rttMs, bitsPerSecond }) {
  let linkFreeAt = 0;
  let down = 0;
  const sockets = new Set();
  const server = createTcpServer((client) => {
    sockets.add(client);
    const upstream = connect(port, "127.0.0.1");
    const openAt = Date.now() + rttMs;
    let up = Promise.resolve();
    let back = Promise.resolve();
    client.on("data", (chunk) => {
      const at = Math.max(Date.now(), openAt) + rttMs / 2;
      up = up.then(() => sleepUntil(at)).then(() => upstream.write(chunk));
    });
    upstream.on("data", (data) => {
      // Small pieces, so a big file trickles in as it would, sharing the link.
      for (let i = 0; i < data.length; i += 4096) {
        const piece = data.subarray(i, i + 4096);
        linkFreeAt = Math.max(Date.now(), linkFreeAt) + (piece.length * 8000) / bitsPerSecond;
        const at = linkFreeAt + rttMs / 2;
        back = back.then(() => sleepUntil(at)).then(() => {
          down += piece.length;
          if (!client.destroyed) client.write(piece);
        });
      }
    });
    upstream.on("end", () => (back = back.then(() => client.end())));
    const drop = () => {
      upstream.destroy();
      client.destroy();
      sockets.delete(client);
    };
    client.on("close", drop).on("error", drop);
    upstream.on("error", drop);
  });
  server.sockets = sockets;
  return listen(server).then((served) => ({ ...served, bytesDown: () => down }));
}
