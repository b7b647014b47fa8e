// A small static file server for the built app (dist/), used by .ci/serve and by
// the browser tests, which stop and restart it to prove the app works offline.
// Usage: node tests/tools/serve.mjs [dir] [port] [--compress]   (binds 127.0.0.1 only)
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";
import { gzipSync } from "node:zlib";
import { HASHED_NAME } from "../../.ci/build-files.mjs";

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

// Worth compressing (PNG is compressed already).
const TEXT = new Set([".html", ".js", ".mjs", ".css", ".wasm", ".json", ".webmanifest", ".svg", ".txt"]);

/** Whether the request's Accept-Encoding allows `coding` (a `;q=0` refuses it). */
function accepts(req, coding) {
  return String(req.headers["accept-encoding"] ?? "")
    .split(",")
    .some((part) => {
      const [name, ...params] = part.trim().split(";");
      return name.trim() === coding && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    });
}

/**
 * The body to send for `file`: with `compress`, a precompressed `file.br` or
 * `file.gz` sibling (the build writes them) when the browser takes it, else
 * gzip made here; a static host does the same.
 */
async function encode(req, file, compress) {
  const body = await readFile(file);
  if (!compress || !TEXT.has(extname(file))) return { body, headers: {} };
  const headers = { Vary: "Accept-Encoding" };
  for (const [coding, suffix] of [["br", ".br"], ["gzip", ".gz"]]) {
    if (!accepts(req, coding)) continue;
    const sibling = await readFile(file + suffix).catch(() => null);
    if (sibling) return { body: sibling, headers: { ...headers, "Content-Encoding": coding } };
  }
  if (accepts(req, "gzip")) return { body: gzipSync(body), headers: { ...headers, "Content-Encoding": "gzip" } };
  return { body, headers };
}

/**
 * A request handler serving the files under `dir` (see startServer); servers
 * that add paths of their own (tests/bench) route the rest here.
 */
export function staticHandler(dir, { compress = false } = {}) {
  const root = resolve(dir);
  return async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
      let file = normalize(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) throw new Error("outside root");
      // Precompressed siblings are the same files in another encoding, never pages.
      if (/\.(br|gz)$/.test(file)) throw new Error("a precompressed sibling");
      if ((await stat(file)).isDirectory()) file = join(file, "index.html");
      const { body, headers } = await encode(req, file, compress);
      res.writeHead(200, {
        "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
        // As docs/deploy.md asks of a real host: a hashed name is its content,
        // so it may be kept for ever; the service worker script must always be
        // checked for updates; the rest is checked each time.
        "Cache-Control": HASHED_NAME.test(file)
          ? "public, max-age=31536000, immutable"
          : file.endsWith("sw.js") ? "no-cache" : "max-age=0",
        ...headers,
      });
      res.end(body);
    } catch {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" });
      res.end("Not found");
    }
  };
}

/**
 * Serves `dir` on 127.0.0.1. `delayMs` holds every response back that long, as
 * a slow street connection would (tests use it to watch the first install);
 * `onRequest(req)` sees every request first (tests count what was fetched);
 * `gate(path)` may return a promise the response then waits for (a test holds
 * one file back until it has seen the install under way);
 * `compress` sends text files gzip- or brotli-encoded, as a real host would
 * (off by default: the e2e tests read the files as they are).
 */
export function startServer(dir, port = 0, { delayMs = 0, onRequest, gate, compress = false } = {}) {
  const handle = staticHandler(dir, { compress });
  const server = createServer(async (req, res) => {
    onRequest?.(req);
    if (delayMs > 0) {
      await new Promise((done) => setTimeout(done, delayMs));
      if (req.socket.destroyed) return; // stopped meanwhile
    }
    const held = gate?.(new URL(req.url, "http://x").pathname);
    if (held) {
      await held;
      if (req.socket.destroyed) return;
    }
    await handle(req, res);
  });
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => done(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const compress = process.argv.includes("--compress");
  const [dir = "dist", port = 8080] = process.argv.slice(2).filter((arg) => arg !== "--compress");
  const server = await startServer(dir, Number(port), { compress });
  console.log(`Serving ${dir} at http://127.0.0.1:${server.address().port}/  (Ctrl-C to stop)`);
}
