// Minifies the wasm-bindgen JS module of a build in place (terser, pinned in
// tests/package-lock.json). Trunk's own minifier cannot read that module
// (`export default`) and ships it as written: 63 kB, 10.5 kB gzip.
// Called by sw-precache.mjs before it hashes the build, so the cache version
// and the precache list see the file the service worker will store.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { buildFiles } from "./build-files.mjs";

const require = createRequire(new URL("../tests/package.json", import.meta.url));

/** Minifies the bindings under `dir`; returns [file, bytes before, bytes after]. */
export async function minifyBindings(dir) {
  let terser;
  try {
    terser = require("terser");
  } catch {
    throw new Error("minify: terser is not installed (run .ci/setup: npm ci in tests/)");
  }
  const [name] = buildFiles(dir);
  const path = join(dir, name);
  const source = readFileSync(path, "utf8");
  const { code } = await terser.minify(source, {
    module: true,
    ecma: 2020,
    compress: { passes: 2 },
    mangle: true,
    format: { comments: false },
  });
  if (!code) throw new Error(`minify: terser returned nothing for ${name}`);
  writeFileSync(path, code);
  return [name, source.length, code.length];
}
