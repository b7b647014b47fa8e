// Trunk post_build hook: in a release build, drop the stream classes the app
// never makes (unused-streams.mjs) and shorten the names of the wasm's
// exports (short-exports.mjs), then optimise the wasm with its
// functions in an order that compresses (function-order.mjs); then minify the
// scripts, wasm-bindgen's and ours (minify.mjs), shorten the
// names the wasm imports its JS by (short-imports.mjs), pack the wasm with
// LZMA (pack-wasm.mjs), fill boot.js with this build's precache list and
// write it, the style, pre.js and the favicon into the page (page-head.mjs),
// fill sw.js with the precache list and version, then write precompressed
// .gz/.br siblings of the text files (compress.mjs; .gz by zopfli in a
// release build).
// Runs inside the staging directory before Trunk moves it to dist/.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { HASHED_NAME, IMPORT_SCRIPTS, startsTheApp, workerImports } from "./build-files.mjs";
import { writeCompressedSiblings } from "./compress.mjs";
import { optimizeWasm } from "./function-order.mjs";
import { minifyScripts } from "./minify.mjs";
import { filesWrittenIntoPage, writePageHead } from "./page-head.mjs";
import { packWasm } from "./pack-wasm.mjs";
import { shortenExports } from "./short-exports.mjs";
import { shortenImports } from "./short-imports.mjs";
import { dropStreamClasses } from "./unused-streams.mjs";

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) {
  console.error("sw-precache: TRUNK_STAGING_DIR is not set (run me from a Trunk hook)");
  process.exit(1);
}

// A debug build (trunk serve) is neither optimised nor compressed hard: it is for looking.
const release = process.env.TRUNK_PROFILE !== "debug";
if (release) {
  const [exports, saved] = dropStreamClasses(staging);
  console.log(`unused-streams: ${exports} wasm exports and ${saved} B of JS dropped (wasm-streams' classes)`);
  const [shortened, unused, shorter] = shortenExports(staging);
  console.log(`short-exports: ${shortened} wasm exports renamed, ${unused} never used dropped, ${shorter} B less wasm`);
  const [wasm, raw, optimized] = optimizeWasm(staging);
  console.log(`function-order: ${wasm} ${raw} → ${optimized} B (wasm-opt, functions in order)`);
}

for (const [script, before, after] of await minifyScripts(staging)) {
  console.log(`minify: ${script} ${before} → ${after} B`);
}
const [renamed, saved] = shortenImports(staging);
console.log(`short-imports: ${renamed} imports renamed, ${saved} B less wasm`);
// The wasm is final now: pack it (the worker downloads the packed file instead).
let wasmSentPacked = null; // the worker downloads it packed, not as it is
if (release) {
  const [wasm, raw, size] = packWasm(staging);
  wasmSentPacked = wasm;
  console.log(`pack-wasm: ${wasm} ${raw} → ${size} B (.lzma)`);
}
// What a release build writes into the page (page-head.mjs, below) is not a
// file the worker stores.
const inPage = new Set(release ? filesWrittenIntoPage(staging) : []);

// The scripts the worker imports (the unpacker): in a release build written
// into it where it called importScripts, so a first visit's worker fetches
// one script before its install starts, not two, a round trip sooner
// (docs/performance.md). Each is one expression, an arrow function called at
// once, as terser writes it.
const imported = new Set(workerImports(staging));
const inlined = (name) => {
  const script = readFileSync(join(staging, name), "utf8").trim().replace(/;$/, "");
  if (!/^\(\(\)=>\{[\s\S]*\}\)\(\)$/.test(script)) {
    console.error(`sw-precache: ${name} is not one minified (()=>{…})() to write in`);
    process.exit(1);
  }
  return script;
};
// The unpacker, which boot.js also runs, in a worker of its own on a first
// visit, from the text written into it (UNPACKER): then nothing fetches the
// file, and a release build leaves it out.
const UNPACKER_SCRIPT = "unlzma.js";
// Each read once (the unpacker is one of the worker's imports too), then left out.
const inlinedScripts = release ? new Map([...new Set([...imported, UNPACKER_SCRIPT])].map((name) => [name, inlined(name)])) : null;
if (release) for (const name of inlinedScripts.keys()) rmSync(join(staging, name));
const unpacker = inlinedScripts?.get(UNPACKER_SCRIPT) ?? null;

function listFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

const swPath = join(staging, "sw.js");
const files = listFiles(staging)
  .map((path) => relative(staging, path).split(sep).join("/"))
  .filter((name) => name !== "sw.js" && !inPage.has(name))
  // Install-sheet screenshots (manifest "screenshots") are never shown by the app.
  .filter((name) => !name.startsWith("screenshots/"))
  .sort();
// The worker downloads the packed wasm, not the wasm (which stays on the
// server for a page whose unpacking failed). The scripts the worker imports
// are part of the worker, not files it stores.
const downloaded = files.filter((name) => name !== wasmSentPacked && !imported.has(name));

// "./" is the start URL and the shell every navigation gets; index.html is the same file.
// What an offline start needs (the code and the style) is stored first, the
// icons after: the game a first visit opened is ready offline the soonest.
const stored = downloaded.filter((name) => name !== "index.html");
const precache = ["./", ...stored.filter(startsTheApp), ...stored.filter((name) => !startsTheApp(name))];

// boot.js hands the worker every file it stores on a first visit: the list,
// and in a release build the unpacker, go into it before the build is hashed.
const PRECACHE_PLACEHOLDER = '["__PRECACHE_LIST__"]';
const UNPACKER_PLACEHOLDER = '"__UNPACKER__"';
const bootPath = join(staging, "boot.js");
const boot = readFileSync(bootPath, "utf8");
if (!boot.includes(PRECACHE_PLACEHOLDER) || !boot.includes(UNPACKER_PLACEHOLDER)) {
  console.error("sw-precache: boot.js lacks its placeholders");
  process.exit(1);
}
const bootFilled = boot.replace(PRECACHE_PLACEHOLDER, JSON.stringify(precache));
writeFileSync(bootPath, release ? bootFilled.replace(UNPACKER_PLACEHOLDER, JSON.stringify(unpacker)) : bootFilled);
// boot.js is final: the style, pre.js, boot.js and the favicon written into the page.
if (release) writePageHead(staging);

const hash = createHash("sha256");
for (const name of files) {
  hash.update(name + "\0");
  hash.update(readFileSync(join(staging, name)));
}
const version = hash.digest("hex").slice(0, 16);

// The unhashed files' digests: the worker stores a copy the page handed over,
// or the browser kept, only when it is this build's (sw.js: thisBuilds).
const sha256 = (name) => createHash("sha256").update(readFileSync(join(staging, name))).digest("hex").slice(0, 16);
const digests = Object.fromEntries(
  precache.filter((url) => !HASHED_NAME.test(url)).map((url) => [url, sha256(url === "./" ? "index.html" : url)]),
);

// The placeholder, as written in sw.js or minified.
const DIGESTS_PLACEHOLDER = /\{\s*__DIGESTS__\s*:\s*""\s*\}/;

const template = readFileSync(swPath, "utf8");
if (!template.includes("__BUILD_VERSION__") || !template.includes(PRECACHE_PLACEHOLDER) || !DIGESTS_PLACEHOLDER.test(template)) {
  console.error("sw-precache: sw.js lacks its placeholders");
  process.exit(1);
}
const filled = template
  .replace("__BUILD_VERSION__", version)
  .replace(PRECACHE_PLACEHOLDER, JSON.stringify(precache))
  .replace(DIGESTS_PLACEHOLDER, JSON.stringify(digests));
writeFileSync(swPath, release ? filled.replace(IMPORT_SCRIPTS, (_, name) => inlinedScripts.get(name)) : filled);
console.log(`sw-precache: ${precache.length} entries, cache version ${version}`);
const siblings = await writeCompressedSiblings(staging, { thorough: release });
console.log(`compress: ${siblings} precompressed siblings (.gz${release ? " by zopfli" : ""}, .br)`);
