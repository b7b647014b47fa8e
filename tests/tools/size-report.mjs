// Size report: raw, gzip and brotli bytes of every file the service worker
// precaches (and of the worker and the scripts it imports), and the totals. gzip and brotli are what a static host sends: the
// build's precompressed .gz/.br sibling (the .gz by zopfli, .ci/compress.mjs),
// else gzip -9 and brotli 11 made here; `gzip9` is gzip -9 made here, what a
// host that compresses on the fly sends at best. A PNG counts as it is: no
// host compresses it. With --max-gzip N it fails when the gzip total
// exceeds N bytes: a guard against accidents, not a target (docs/performance.md). Byte counts are deterministic, so this is not a timing test.
// Usage: node tests/tools/size-report.mjs [dist] [--max-gzip 500000]
// .ci/bench imports sizeReport().
import { existsSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { precacheList, workerImports } from "../../.ci/build-files.mjs";
import { TEXT } from "../../.ci/compress.mjs";

/** The bytes of `path`'s precompressed sibling (`suffix`), checked to decode to `bytes`; null if there is none. */
function sibling(path, suffix, bytes, decode) {
  if (!existsSync(path + suffix)) return null;
  const packed = readFileSync(path + suffix);
  // A stale or broken sibling would be sent to phones as this file: stop here.
  if (!decode(packed).equals(bytes)) throw new Error(`size-report: ${path}${suffix} does not decode to ${path}`);
  return packed.length;
}

/** The files `dist`'s sw.js precaches (and sw.js itself), each with raw, gzip and brotli bytes, largest first; and the totals. */
export function sizeReport(dist) {
  // The worker itself is downloaded too, and the scripts it imports, so they count.
  const precached = precacheList(dist).map((url) => (url === "./" ? "index.html" : url));
  const files = [...precached, "sw.js", ...workerImports(dist)];

  const rows = files.map((name) => {
    const path = join(dist, name);
    const bytes = readFileSync(path);
    // What the build does not compress (PNG) a host sends as it is.
    if (!TEXT.has(extname(name))) return { name, raw: bytes.length, gzip: bytes.length, gzip9: bytes.length, brotli: bytes.length };
    const gzip9 = gzipSync(bytes, { level: 9 }).length;
    return {
      name,
      raw: bytes.length,
      gzip: sibling(path, ".gz", bytes, gunzipSync) ?? gzip9,
      gzip9,
      brotli:
        sibling(path, ".br", bytes, brotliDecompressSync) ??
        brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce(
    (t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip, gzip9: t.gzip9 + r.gzip9, brotli: t.brotli + r.brotli }),
    { raw: 0, gzip: 0, gzip9: 0, brotli: 0 },
  );
  return { rows, total };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const limitAt = args.indexOf("--max-gzip");
  const maxGzip = limitAt >= 0 ? Number(args.splice(limitAt, 2)[1]) : null;
  const dist = args[0] ?? "dist";

  let report;
  try {
    report = sizeReport(dist);
  } catch (err) {
    console.error(err.message);
    process.exit(2);
  }
  const { rows, total } = report;
  const width = Math.max(...rows.map((r) => r.name.length), 5);
  const line = (name, r) =>
    `${name.padEnd(width)}  ${[r.raw, r.gzip, r.gzip9, r.brotli].map((n) => String(n).padStart(9)).join("  ")}`;
  console.log(`${"file".padEnd(width)}  ${["raw", "gzip", "gzip -9", "brotli"].map((h) => h.padStart(9)).join("  ")}`);
  for (const r of rows) console.log(line(r.name, r));
  console.log(line("TOTAL", total));

  if (maxGzip !== null) {
    if (total.gzip > maxGzip) {
      console.error(
        `size-report: gzip total ${total.gzip} B exceeds the guard of ${maxGzip} B: ` +
          "if the change is good, raise the guard in .ci/test by the measured amount and say so in docs/performance.md",
      );
      process.exit(1);
    }
    console.log(`size-report: gzip total ${total.gzip} B is within the guard of ${maxGzip} B`);
  }
}
