// Minifies a build's scripts in place (terser, pinned in tests/package-lock.json):
// wasm-bindgen's JS module, which Trunk's own minifier cannot read
// (`export default`) and would ship as written (63 kB, 10.5 kB gzip), and the
// hand-written ones, whose comments are for people reading the source:
// boot.js (a module), pre.js, sw.js and unlzma.js (classic scripts). sw.js is minified
// with its placeholders still in it; sw-precache.mjs fills them afterwards.
// Called by sw-precache.mjs before it hashes the build, so the cache version
// and the precache list see the files the service worker will store.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { buildFiles } from "./build-files.mjs";

const require = createRequire(new URL("../tests/package.json", import.meta.url));

/** The hand-written scripts Trunk copies into a build, and whether each is a module. */
const HAND_WRITTEN = [
  ["boot.js", true],
  ["pre.js", false],
  ["sw.js", false],
  ["unlzma.js", false],
];

/**
 * Minifies every script of the build under `dir`; returns one
 * `[file, bytes before, bytes after]` for each.
 */
export async function minifyScripts(dir) {
  let terser;
  try {
    terser = require("terser");
  } catch {
    throw new Error("minify: terser is not installed (run .ci/setup: npm ci in tests/)");
  }
  const [bindings] = buildFiles(dir);
  const scripts = [[bindings, true], ...HAND_WRITTEN];
  const results = [];
  for (const [name, module] of scripts) {
    const path = join(dir, name);
    const source = readFileSync(path, "utf8");
    // A classic script's top-level names are globals (sw-precache.mjs and the
    // tests find `VERSION` and `PRECACHE` in sw.js): `toplevel` stays off.
    const { code } = await terser.minify(source, {
      module,
      ecma: 2020,
      compress: { passes: 2 },
      mangle: true,
      format: { comments: false },
    });
    if (!code) throw new Error(`minify: terser returned nothing for ${name}`);
    writeFileSync(path, code);
    results.push([name, source.length, code.length]);
  }
  return results;
}
