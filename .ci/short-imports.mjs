// Shortens the names the wasm imports its JS functions by, in the wasm and in
// wasm-bindgen's JS module together. wasm-bindgen names each import after its
// function plus a 16-digit hash (`__wbg_setAttribute_2704501201f15687`) and
// its module after the bindings file (`./nordau-shift_bg.js`); the hashes do
// not compress, and each stands in both files. Renamed to `a`, `b`, … and `w`
// (what it saves: docs/performance.md, "What each lever gained").
// Called by sw-precache.mjs after minify.mjs and before the precache list is
// hashed. Any surprise in either file stops the build rather than ship a
// wasm whose imports its JS no longer provides.
import { writeFileSync } from "node:fs";
import { readBuild } from "./build-files.mjs";
import { encodeUleb, readWasm, replaceSection, uleb as readUleb } from "./wasm-binary.mjs";

const HASHED = /_[0-9a-f]{16}$/;
const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const MODULE = "w";

/** `a` … `Z`, then `ab`, `bb`, …: the nth name of a base-52 count. */
function shortName(index) {
  let name = "";
  let i = index;
  do {
    name += LETTERS[i % LETTERS.length];
    i = Math.floor(i / LETTERS.length);
  } while (i > 0);
  return name;
}

/** Short names that are not JS keywords (object keys could be, but stay plain). */
export function* shortNames() {
  for (let i = 0; ; i++) {
    const name = shortName(i);
    if (!["do", "if", "in"].includes(name)) yield name;
  }
}

/** Rewrites a wasm binary's import section by `rename(module, field)`. */
export function renameImports(bytes, rename) {
  const section = readWasm(bytes).sections.find((s) => s.name === "import");
  if (!section) throw new Error("short-imports: the wasm has no import section");
  let at = readUleb(bytes, section.at + 1)[1]; // past the id and the section's length
  const uleb = () => {
    const [value, next] = readUleb(bytes, at);
    at = next;
    return value;
  };
  const readString = () => {
    const length = uleb();
    const text = bytes.toString("utf8", at, at + length);
    at += length;
    return text;
  };
  const string = (text) => {
    const utf8 = Buffer.from(text, "utf8");
    return Buffer.concat([encodeUleb(utf8.length), utf8]);
  };
  const count = uleb();
  const entries = [encodeUleb(count)];
  for (let i = 0; i < count; i++) {
    const module = readString();
    const field = readString();
    const descriptor = at;
    const kind = bytes[at++];
    if (kind === 0) uleb(); // function: type index
    else if (kind === 1 || kind === 2) {
      if (kind === 1) at++; // table: element type
      const flags = uleb();
      uleb();
      if (flags & 1) uleb();
    } else if (kind === 3) at += 2; // global: value type, mutability
    else throw new Error(`short-imports: import kind ${kind} unknown`);
    const [newModule, newField] = rename(module, field);
    entries.push(string(newModule), string(newField), bytes.subarray(descriptor, at));
  }
  if (at !== section.end) throw new Error("short-imports: import section misread");
  return replaceSection(bytes, section, 2, Buffer.concat(entries));
}

/** Occurrences of `needle` in `text`. */
function count(text, needle) {
  return text.split(needle).length - 1;
}

/** Renames the imports of the build under `dir`; returns [imports renamed, bytes saved raw]. */
export function shortenImports(dir) {
  const build = readBuild(dir);
  const { jsName, jsPath, wasmPath, wasm } = build;
  let { js } = build;
  // The module every hashed import comes from: the bindings file.
  const modules = new Set();
  renameImports(wasm, (module, field) => {
    if (HASHED.test(field)) modules.add(module);
    return [module, field];
  });
  if (modules.size !== 1) throw new Error(`short-imports: hashed imports from ${modules.size} modules, expected 1`);
  const [module] = modules;
  const names = new Map();
  const next = shortNames();
  const renamed = renameImports(wasm, (from, field) => {
    if (from !== module) return [from, field];
    if (!HASHED.test(field)) return [MODULE, field];
    if (!names.has(field)) names.set(field, next.next().value);
    return [MODULE, names.get(field)];
  });
  const quoted = JSON.stringify(module);
  if (count(js, quoted) !== 1) throw new Error(`short-imports: ${quoted} stands ${count(js, quoted)} times in ${jsName}`);
  if (count(js, JSON.stringify(MODULE)) !== 0) throw new Error(`short-imports: "${MODULE}" already stands in ${jsName}`);
  js = js.replace(quoted, JSON.stringify(MODULE));
  for (const [long, short] of names) {
    // Each hashed name is the key of its function in the imports object, once.
    if (count(js, long) !== 1 || count(js, `${long}:`) !== 1) {
      throw new Error(`short-imports: ${long} is not one key of ${jsName}`);
    }
    js = js.replace(`${long}:`, `${short}:`);
  }
  // The rewritten wasm must still be a valid module whose every import of
  // the bindings module is a key of the JS.
  const imports = WebAssembly.Module.imports(new WebAssembly.Module(renamed));
  for (const { module: from, name } of imports) {
    if (from === MODULE && !new RegExp(`[{,]${name.replace(/[$]/g, "\\$")}:`).test(js)) {
      throw new Error(`short-imports: the wasm imports ${name}, which ${jsName} no longer names`);
    }
  }
  writeFileSync(wasmPath, renamed);
  writeFileSync(jsPath, js);
  return [names.size, wasm.length - renamed.length];
}
