// A small static file server for the built app (dist/), used by .ci/serve and by
// the browser tests, which stop and restart it to prove the app works offline.
// Usage: node tests/tools/serve.mjs [dir] [port]   (binds 127.0.0.1 only)
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".txt": "text/plain; charset=utf-8",
};

/**
 * Serves `dir` on 127.0.0.1. `delayMs` holds every response back that long, as
 * a slow street connection would (tests use it to watch the first install);
 * `onRequest(req)` sees every request first (tests count what was fetched).
 */
export function startServer(dir, port = 0, { delayMs = 0, onRequest } = {}) {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    onRequest?.(req);
    if (delayMs > 0) {
      await new Promise((done) => setTimeout(done, delayMs));
      if (req.socket.destroyed) return; // stopped meanwhile
    }
    try {
      const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
      let file = normalize(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) throw new Error("outside root");
      if ((await stat(file)).isDirectory()) file = join(file, "index.html");
      const body = await readFile(file);
      res.writeHead(200, {
        "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
        // The service worker script must always be checked for updates.
        "Cache-Control": file.endsWith("sw.js") ? "no-cache" : "max-age=0",
      });
      res.end(body);
    } catch {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" });
      res.end("Not found");
    }
  });
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => done(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? "dist";
  const port = Number(process.argv[3] ?? 8080);
  const server = await startServer(dir, port);
  console.log(`Serving ${dir} at http://127.0.0.1:${server.address().port}/  (Ctrl-C to stop)`);
}
