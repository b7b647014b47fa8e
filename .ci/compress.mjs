// Precompressed `name.gz` and `name.br` next to every text file of a build,
// compressed once at the highest levels, for hosts that serve such siblings
// (nginx gzip_static/brotli_static, Caddy `precompressed`). Called by
// sw-precache.mjs after it has filled sw.js; the service worker never lists
// the siblings: they are the same files in another encoding.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// PNG is compressed already.
const TEXT = new Set([".html", ".js", ".css", ".wasm", ".webmanifest", ".svg", ".json"]);

function listFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/** Writes the siblings under `dir`; returns how many. */
export function writeCompressedSiblings(dir) {
  let written = 0;
  for (const path of listFiles(dir).filter((path) => TEXT.has(extname(path)))) {
    const bytes = readFileSync(path);
    const gzip = gzipSync(bytes, { level: 9 });
    const brotli = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    // A sibling that saves nothing would only cost the host a lookup.
    if (gzip.length < bytes.length) writeFileSync(`${path}.gz`, gzip), written++;
    if (brotli.length < bytes.length) writeFileSync(`${path}.br`, brotli), written++;
  }
  return written;
}
