// Shortens the names of the wasm's exports, in the wasm and in wasm-bindgen's
// JS together, and drops the exports the JS never names. wasm-bindgen names
// each closure's entry point after its Rust path and a 16-digit hash
// (`wasm_bindgen__convert__closures_____invoke__h10c7cea53597491f`), which
// does not compress and stands in both files; `main`, `__wbindgen_free` and
// three markers are exported but never called (the JS starts the app through
// `__wbindgen_start`). Renamed to `a`, `b`, … (what it saves:
// docs/performance.md, "What each lever gained").
// Called by sw-precache.mjs in a release build after unused-streams.mjs and
// before function-order.mjs runs wasm-opt, on the JS as wasm-bindgen wrote
// it, where every use of an export is `wasm.<name>`. Any surprise stops the
// build rather than ship a JS that calls an export the wasm no longer has.
import { writeFileSync } from "node:fs";
import { EXPORT_USE, exportsUsed, readBuild } from "./build-files.mjs";
import { shortNames } from "./short-imports.mjs";
import { rewriteExports } from "./wasm-binary.mjs";

/** Shortens the exports of the build under `dir`; returns [renamed, dropped, bytes saved raw]. */
export function shortenExports(dir) {
  const build = readBuild(dir);
  const { jsName, jsPath, wasmPath, wasm } = build;
  let { js } = build;
  // The exports reach the JS in one place, and are read only as `wasm.name`.
  const bound = js.match(/\bwasm = instance\.exports;/g) ?? [];
  if (bound.length !== 1) throw new Error(`short-exports: ${jsName} binds the exports ${bound.length} times, expected once`);
  if (/(?<![\w$.])wasm\s*\[/.test(js) || /\.exports\b/.test(js.replace(bound[0], ""))) {
    throw new Error(`short-exports: ${jsName} reads the exports other than as wasm.<name>`);
  }
  const used = exportsUsed(js);
  const names = new Map();
  const next = shortNames();
  const [renamed, exported] = rewriteExports(wasm, (name) => {
    if (!used.has(name)) return null;
    names.set(name, next.next().value);
    return names.get(name);
  });
  const missing = [...used].filter((name) => !names.has(name));
  if (missing.length > 0) throw new Error(`short-exports: ${jsName} uses ${missing.join(", ")}, which the wasm does not export`);
  js = js.replace(EXPORT_USE, (_, name) => `wasm.${names.get(name)}`);
  // The rewritten wasm must still be a valid module that exports exactly
  // what the JS now uses.
  const now = WebAssembly.Module.exports(new WebAssembly.Module(renamed)).map((e) => e.name);
  const usedNow = exportsUsed(js);
  if (now.length !== usedNow.size || !now.every((name) => usedNow.has(name))) {
    throw new Error(`short-exports: the wasm's exports and ${jsName}'s uses of them differ after renaming`);
  }
  writeFileSync(wasmPath, renamed);
  writeFileSync(jsPath, js);
  return [names.size, exported.length - names.size, wasm.length - renamed.length];
}
