// Size report: raw, gzip and brotli bytes of every file the service worker
// precaches, and the totals. With --max-gzip N it fails when the gzip total
// exceeds N bytes: a guard against accidents, not a target (docs/performance.md). Byte counts are deterministic, so this is not a timing test.
// Usage: node tests/tools/size-report.mjs [dist] [--max-gzip 500000]
// .ci/bench imports sizeReport().
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** The files `dist`'s sw.js precaches (and sw.js itself), each with raw, gzip and brotli bytes, largest first; and the totals. */
export function sizeReport(dist) {
  const sw = readFileSync(join(dist, "sw.js"), "utf8");
  const match = sw.match(/const PRECACHE = (\[.*?\]);/s);
  if (!match || match[1].includes("__PRECACHE_LIST__")) {
    throw new Error(`size-report: ${dist}/sw.js has no precache list (was it built by trunk build?)`);
  }
  // The worker itself is downloaded too, so it counts.
  const files = [...JSON.parse(match[1]).map((url) => (url === "./" ? "index.html" : url)), "sw.js"];

  const rows = files.map((name) => {
    const bytes = readFileSync(join(dist, name));
    return {
      name,
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip, brotli: t.brotli + r.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
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
    `${name.padEnd(width)}  ${String(r.raw).padStart(9)}  ${String(r.gzip).padStart(9)}  ${String(r.brotli).padStart(9)}`;
  console.log(`${"file".padEnd(width)}  ${"raw".padStart(9)}  ${"gzip".padStart(9)}  ${"brotli".padStart(9)}`);
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
