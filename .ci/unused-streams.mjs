// Drops the three stream classes wasm-bindgen exports for the crate
// `wasm-streams` (IntoUnderlyingSource, IntoUnderlyingByteSource,
// IntoUnderlyingSink): from the bindings JS, and their functions from the
// wasm's exports, so that wasm-opt then removes the Rust code behind them.
// Leptos links wasm-streams through `server_fn`, whose `browser` feature it
// always turns on; this app has no server and never makes one of these
// classes (what it saves: docs/performance.md, "What each lever gained").
// Called by sw-precache.mjs in a release build, before function-order.mjs
// runs wasm-opt. Any surprise in either file stops the build rather than
// ship a wasm and a JS that disagree.
import { writeFileSync } from "node:fs";
import { exportsUsed, readBuild } from "./build-files.mjs";
import { rewriteExports } from "./wasm-binary.mjs";

const CLASSES = ["IntoUnderlyingByteSource", "IntoUnderlyingSink", "IntoUnderlyingSource"];

/** A class as wasm-bindgen writes it: to its closing brace, then its dispose line. */
const classBlock = (name) =>
  new RegExp(`export class ${name} \\{\\n[\\s\\S]*?\\n\\}\\nif \\(Symbol\\.dispose\\) ${name}\\.prototype\\[Symbol\\.dispose\\] = ${name}\\.prototype\\.free;\\n`);

/** The class's finalization registry, three lines. */
const registry = (name) =>
  new RegExp(
    `const ${name}Finalization = \\(typeof FinalizationRegistry === 'undefined'\\)\\n` +
      `    \\? \\{ register: \\(\\) => \\{\\}, unregister: \\(\\) => \\{\\} \\}\\n` +
      `    : new FinalizationRegistry\\(ptr => wasm\\.\\w+\\(ptr, 1\\)\\);\\n`,
  );

/** Drops the classes from the build under `dir` in place; returns [exports dropped, JS bytes saved]. */
export function dropStreamClasses(dir) {
  const build = readBuild(dir);
  const { jsPath, wasmPath } = build;
  let { js } = build;
  const before = js.length;
  let removed = "";
  for (const name of CLASSES) {
    for (const pattern of [classBlock(name), registry(name)]) {
      const match = pattern.exec(js);
      if (!match) throw new Error(`unused-streams: ${name} is not where wasm-bindgen used to write it (${pattern.source.slice(0, 40)}…)`);
      removed += match[0];
      js = js.slice(0, match.index) + js.slice(match.index + match[0].length);
    }
  }
  if (/intounderlying/i.test(js)) throw new Error("unused-streams: the bindings JS still names a stream class");
  const drop = exportsUsed(removed);
  const [wasm, names] = rewriteExports(build.wasm, (name) => (drop.has(name) ? null : name));
  const dropped = names.filter((name) => drop.has(name));
  if (dropped.length !== drop.size) {
    throw new Error(`unused-streams: the wasm exports ${dropped.length} of the ${drop.size} functions the classes call`);
  }
  const stillCalled = [...exportsUsed(js)].filter((name) => drop.has(name));
  if (stillCalled.length > 0) throw new Error(`unused-streams: the bindings JS still calls ${stillCalled.join(", ")}`);
  writeFileSync(jsPath, js);
  writeFileSync(wasmPath, wasm);
  return [dropped.length, before - js.length];
}
