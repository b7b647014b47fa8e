// The bindings JS and the wasm of a build, as index.html's start script names
// them (`data-js`, `data-wasm`): the one way the build hook's steps
// (function-order.mjs, minify.mjs, short-imports.mjs) find their files.
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** `[bindings JS, wasm]` of the build under `dir`, names relative to it. */
export function buildFiles(dir) {
  const html = readFileSync(join(dir, "index.html"), "utf8");
  // Trunk's HTML minifier drops the quotes: data-js=./name.js
  const js = /data-js=["']?(?:\.\/)?([^"'\s>]+\.js)/.exec(html);
  const wasm = /data-wasm=["']?(?:\.\/)?([^"'\s>]+\.wasm)/.exec(html);
  if (!js || !wasm) throw new Error(`build-files: ${dir}/index.html names no data-js or data-wasm file`);
  return [js[1], wasm[1]];
}
