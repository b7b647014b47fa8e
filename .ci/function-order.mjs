// Optimises the release wasm with wasm-opt, its functions laid out so that
// similar code stands together, where deflate (gzip) and brotli can compress
// it against itself (what it saves: docs/performance.md, "What each lever
// gained"). Called by sw-precache.mjs first, before anything reads the wasm.
//
// Rust instantiates a generic once for each type it is used with, and the
// copies are much alike: `<F as tachys::…::ReactiveFunction>::invoke` exists
// hundreds of times. The linker scatters them; deflate only finds a match in
// the last 32 kB. So each function is renamed by its place in the order
// wanted (the name without its hash, and for `<T as Trait>::f` the trait's
// path, so every type's `f` is together; then size), and wasm-opt's
// `--reorder-functions-by-name` sorts by those names after `-Oz`. The renaming
// must come before `-Oz`: a second run on optimised code cannot see the
// names (keeping them, `-g`, makes `-Oz` keep 2 kB more). The output carries
// no names, as before. This is why Trunk's own wasm-opt is off (index.html's
// `data-wasm-opt="0"`) and the build hook runs it.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildFiles } from "./build-files.mjs";
import { dataSegmentStarts, encodeUleb, readWasm, replaceSection } from "./wasm-binary.mjs";

/**
 * The shipped wasm-opt arguments: size first; `--low-memory-unused` lets
 * wasm-opt fold a small constant added to an address into the load's or
 * store's offset (sound here: Rust lays the stack out first, from 0 to 1 MiB,
 * growing down, and its data after it, so nothing reads or writes the low
 * 1 KiB; docs/performance.md, "What each lever gained"); `-Oz` twice, as the
 * second finds more once the offsets are folded; `-ocimfs=40` inlines a
 * function's only call only when the callee is small (a 28 kB route closure
 * was one function before: docs/performance.md); then the order above; then
 * the custom sections no browser reads (the compiler's name and version, the
 * target's features: 0.2 kB).
 */
export const WASM_OPT_ARGS = [
  "--low-memory-unused",
  "-Oz",
  "-ocimfs=40",
  "-Oz",
  "--reorder-functions-by-name",
  "--strip-producers",
  "--strip-target-features",
];

const WASM_OPT = fileURLToPath(new URL("../tests/node_modules/.bin/wasm-opt", import.meta.url));

/** The symbol hash Rust appends (`::h0123456789abcdef`). */
const HASH = /::h[0-9a-f]{16}$/;

/** What a function is ordered by: its name without hash, `<T as Trait>::f` as `Trait::f`. */
export function orderKey(name) {
  const plain = name.replace(HASH, "");
  if (!plain.startsWith("<")) return plain;
  // ` as ` at the first level of angle brackets splits `<T as Trait>`.
  let depth = 0;
  for (let i = 0; i < plain.length; i++) {
    if (plain[i] === "<") depth++;
    else if (plain[i] === ">") depth--;
    if (depth === 1 && plain.startsWith(" as ", i)) {
      let end = i + 4;
      for (let open = 1; end < plain.length; end++) {
        if (plain[end] === "<") open++;
        else if (plain[end] === ">" && --open === 0) break;
      }
      return plain.slice(i + 4, end) + plain.slice(end + 1);
    }
  }
  return plain;
}

/** `bytes` with each function renamed to its place in the order (`0042_name`), other names dropped. */
export function renameInOrder(bytes) {
  const { sections, bodies, names } = readWasm(bytes);
  const section = sections.find((s) => s.name === "custom name");
  if (!section || names.size === 0) throw new Error("function-order: the wasm has no function names to order by");
  const keyed = bodies.map(([index, size]) => ({ index, key: orderKey(names.get(index) ?? "~"), size }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.size - b.size || a.index - b.index));
  const width = String(keyed.length).length;
  const renamed = new Map(names); // imports keep theirs
  keyed.forEach(({ index }, place) => renamed.set(index, `${String(place).padStart(width, "0")}_${names.get(index) ?? index}`));

  const entries = [...renamed].sort((a, b) => a[0] - b[0]);
  const list = [encodeUleb(entries.length)];
  for (const [index, name] of entries) {
    const utf8 = Buffer.from(name, "utf8");
    list.push(encodeUleb(index), encodeUleb(utf8.length), utf8);
  }
  const functionNames = Buffer.concat(list);
  const content = Buffer.concat([encodeUleb(4), Buffer.from("name"), Buffer.from([1]), encodeUleb(functionNames.length), functionNames]);
  return replaceSection(bytes, section, 0, content);
}

/**
 * `--low-memory-unused` is sound only if nothing lives in the low 1 KiB:
 * stops the build if the linker ever places data there. (The stack runs
 * below the data, from 1 MiB down to 0; only its deepest 1 KiB is there.)
 */
export function lowMemoryUnused(bytes) {
  const low = dataSegmentStarts(bytes).filter((start) => start < 1024);
  if (low.length > 0) {
    throw new Error(`function-order: data placed below 1024 (at ${low.join(", ")}); wasm-opt's --low-memory-unused would be unsound`);
  }
}

/** Optimises the wasm-bindgen wasm under `dir` in place; returns [file, bytes before, bytes after]. */
export function optimizeWasm(dir) {
  const [, wasm] = buildFiles(dir);
  if (!existsSync(WASM_OPT)) throw new Error("function-order: wasm-opt is not installed (run .ci/setup: npm ci in tests/)");
  const path = join(dir, wasm);
  const before = readFileSync(path);
  lowMemoryUnused(before);
  const input = `${path}.named`;
  writeFileSync(input, renameInOrder(before));
  try {
    // wasm-opt validates what it reads and writes; it fails the build on any error.
    execFileSync(WASM_OPT, [...WASM_OPT_ARGS, input, "-o", path], { stdio: "inherit" });
  } finally {
    rmSync(input, { force: true }); // never into the precache list
  }
  return [wasm, before.length, readFileSync(path).length];
}
