// Precompressed `name.gz` and `name.br` next to every text file of a build,
// compressed once at the highest levels, for hosts that serve such siblings
// (nginx gzip_static/brotli_static, Caddy `precompressed`). Called by
// sw-precache.mjs after it has filled sw.js; the service worker never lists
// the siblings: they are the same files in another encoding.
//
// The .gz siblings of a release build are made by zopfli (@gfx/zopfli), a
// slower deflate search whose output every gzip reader takes: the wasm's .gz
// is about 5 % smaller than gzip -9's (docs/performance.md), and nginx with
// gzip_static, the setup of docs/deploy.md, sends it as it is. A debug build
// (trunk serve) gets gzip -9, which takes a second where zopfli takes a minute.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gunzipSync, gzipSync } from "node:zlib";

// Pinned in tests/package.json, installed by .ci/setup (npm ci in tests/), as terser is.
const require = createRequire(new URL("../tests/package.json", import.meta.url));

// PNG is compressed already.
export const TEXT = new Set([".html", ".js", ".css", ".wasm", ".webmanifest", ".svg", ".json"]);

function listFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/** `bytes` gzipped: by zopfli when `thorough`, kept only if it reads back whole; else gzip -9. */
export async function gzipBest(bytes, thorough) {
  const fast = gzipSync(bytes, { level: 9 });
  if (!thorough) return fast;
  let gzipAsync;
  try {
    ({ gzipAsync } = require("@gfx/zopfli"));
  } catch {
    throw new Error("compress: @gfx/zopfli is not installed (run .ci/setup: npm ci in tests/)");
  }
  // Up to 50 blocks instead of zopfli's 15: the 1.6 MB wasm's .gz 4 kB
  // smaller, in 26 s instead of 12 (unlimited: 0.2 kB more, 35 s).
  const slow = Buffer.from(await gzipAsync(bytes, { numiterations: 15, blocksplittingmax: 50 }));
  // A compressor bug must not reach a phone: check what it wrote.
  return slow.length < fast.length && gunzipSync(slow).equals(bytes) ? slow : fast;
}

/** Writes the siblings under `dir` (.gz by zopfli when `thorough`); returns how many. */
export async function writeCompressedSiblings(dir, { thorough = true } = {}) {
  let written = 0;
  for (const path of listFiles(dir).filter((path) => TEXT.has(extname(path)))) {
    const bytes = readFileSync(path);
    const gzip = await gzipBest(bytes, thorough);
    const brotli = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    // A sibling that saves nothing would only cost the host a lookup.
    if (gzip.length < bytes.length) writeFileSync(`${path}.gz`, gzip), written++;
    if (brotli.length < bytes.length) writeFileSync(`${path}.br`, brotli), written++;
  }
  return written;
}
