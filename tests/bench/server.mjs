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
 * The link down as one queue: a piece waits for every piece sent before it,
 * whichever connection it is on (the bench's model: a big file holds back
 * what is asked for after it).
 */
function queuedLink(bitsPerSecond) {
  let linkFreeAt = 0;
  return (piece, at) => {
    linkFreeAt = Math.max(Date.now(), linkFreeAt) + (piece.length * 8000) / bitsPerSecond;
    at(linkFreeAt);
  };
}

/**
 * The link down shared in turn between the connections that have something
 * to send, a piece each, as TCP flows roughly share a bottleneck and an HTTP/2
 * server interleaves its streams (tests/tools/first-visit.mjs --fair).
 */
function sharedLink(bitsPerSecond) {
  const waiting = []; // per connection, in turn: [piece, at][]
  let busyUntil = 0;
  let timer = null;
  const next = () => {
    timer = null;
    const queue = waiting.shift();
    if (!queue) return;
    const [piece, at] = queue.shift();
    if (queue.length) waiting.push(queue);
    busyUntil = Math.max(Date.now(), busyUntil) + (piece.length * 8000) / bitsPerSecond;
    at(busyUntil);
    timer = setTimeout(next, Math.max(0, busyUntil - Date.now()));
  };
  return (piece, at, connection) => {
    connection.queue ??= [];
    if (!connection.queue.length) waiting.push(connection.queue);
    connection.queue.push([piece, at]);
    if (!timer) next();
  };
}

/**
 * A proxy to `port` shaped like a phone's connection: every byte down shares
 * one link of `bitsPerSecond` (one queue, or in turn with `fair`), each way
 * takes half of `rttMs`, and a new connection first costs a round trip (the
 * TCP handshake). Server-side because DevTools network emulation does not
 * slow a service worker's fetches. `bytesDown()` counts what was sent to the
 * browser.
 */
export function throttle(port, { rttMs, bitsPerSecond, fair = false }) {
  const link = fair ? sharedLink(bitsPerSecond) : queuedLink(bitsPerSecond);
  let down = 0;
  const sockets = new Set();
  const server = createTcpServer((client) => {
    sockets.add(client);
    const upstream = connect(port, "127.0.0.1");
    const openAt = Date.now() + rttMs;
    const connection = {};
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
        // Once it has crossed the link, half a round trip to the browser.
        let sent;
        const crossed = new Promise((done) => (sent = done));
        link(piece, (at) => sent(at + rttMs / 2), connection);
        back = back.then(() => crossed).then(sleepUntil).then(() => {
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
