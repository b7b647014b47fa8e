// Where a build's own files are named: the bindings JS and the wasm, as
// index.html's start script names them (`data-js`, `data-wasm`), and the
// files its service worker precaches and imports, as sw.js names them. The
// one way the build hook's steps (unused-streams.mjs, short-exports.mjs,
// function-order.mjs, minify.mjs, short-imports.mjs, pack-wasm.mjs,
// sw-precache.mjs) and the tests and tools that read a build find them.
import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * index.html's `data-wasm` attribute, as Trunk writes it: `data-wasm=./name`
 * once its HTML minifier has dropped the quotes, else `data-wasm="./name"`.
 * Group 1 is the quote, 2 the `./`, 3 the wasm's name.
 */
export const DATA_WASM = /data-wasm=(["']?)(\.\/)?([^"'\s>]+\.wasm)\1/;

/** `[bindings JS, wasm]` of the build under `dir`, names relative to it. */
export function buildFiles(dir) {
  const html = readFileSync(join(dir, "index.html"), "utf8");
  // Trunk's HTML minifier drops the quotes: data-js=./name.js
  const js = /data-js=["']?(?:\.\/)?([^"'\s>]+\.js)/.exec(html);
  const wasm = DATA_WASM.exec(html);
  if (!js || !wasm) throw new Error(`build-files: ${dir}/index.html names no data-js or data-wasm file`);
  return [js[1], wasm[3]];
}

/**
 * The bindings JS (text) and the wasm (bytes) of the build under `dir`, with
 * their names and paths, for a step that rewrites them.
 */
export function readBuild(dir) {
  const [jsName, wasmName] = buildFiles(dir);
  const jsPath = join(dir, jsName);
  const wasmPath = join(dir, wasmName);
  return { jsName, jsPath, wasmName, wasmPath, js: readFileSync(jsPath, "utf8"), wasm: readFileSync(wasmPath) };
}

/**
 * A use of one of the wasm's exports in wasm-bindgen's unminified JS,
 * `wasm.name` and not part of a longer name: group 1 is the export.
 */
export const EXPORT_USE = /(?<![\w$.])wasm\.([A-Za-z_$][\w$]*)/g;

/** The wasm's exports a piece of the bindings JS uses. */
export const exportsUsed = (js) => new Set([...js.matchAll(EXPORT_USE)].map((m) => m[1]));

/** A name Trunk hashed, `<name>-<hex digits>.<ext>`, or its packed wasm: the name is the content (sw.js's HASHED). */
export const HASHED_NAME = /-[0-9a-f]{8,16}(_bg)?\.(js|wasm|css)(\.lzma)?$/;

/**
 * Whether a precached URL is what an offline start needs: the page ("./"),
 * the code and the style (the wasm under its packed or stored name). sw.js
 * stores these first; the bench's "the game opened is ready" waits for them.
 */
export const startsTheApp = (url) => url === "./" || /\.(wasm|js|css|lzma)$/.test(url);

/** sw.js's cache version (`VERSION = "<hex>"`), minified or not: group 1 is the hex. */
export const SW_VERSION = /\bVERSION\s*=\s*"([0-9a-f]+)"/;

/**
 * The URLs the build under `dir` precaches, in sw.js's order ("./" is the
 * page), as sw-precache.mjs wrote them into `PRECACHE = [...]` (minified or
 * not). Throws if the list is missing or still the placeholder.
 */
export function precacheList(dir) {
  const sw = readFileSync(join(dir, "sw.js"), "utf8");
  const match = /\bPRECACHE\s*=\s*(\[[^\]]*\])/.exec(sw);
  if (!match || match[1].includes("__PRECACHE_LIST__")) {
    throw new Error(`build-files: ${dir}/sw.js has no precache list (was it built by trunk build?)`);
  }
  return JSON.parse(match[1]);
}

/** The precache list's entries as paths on the server ("./" is "/"). */
export const precachePaths = (dir) => precacheList(dir).map((entry) => new URL(entry, "http://x/").pathname);

/**
 * The scripts the service worker of the build under `dir` imports
 * (`importScripts("…")` in sw.js, minified or not): the browser downloads and
 * keeps them with the worker's own script.
 */
export function workerImports(dir) {
  const sw = readFileSync(join(dir, "sw.js"), "utf8");
  return [...sw.matchAll(IMPORT_SCRIPTS)].map((m) => m[1]);
}

/** One `importScripts("…")` call in sw.js, minified or not; the script's name is group 1. */
export const IMPORT_SCRIPTS = /\bimportScripts\(\s*["']([^"']+)["']\s*\)/g;

/**
 * How the cache a first visit's page hands the worker its files in ends
 * (boot.js's HANDOFF, sw.js's CACHE_PREFIX + "handoff"): its entries say 202
 * while a file is coming, so it is never the worker's own cache.
 */
export const HANDOFF_SUFFIX = "-handoff";
