// Where the wasm's bytes are (issue #25): reads a wasm that kept its name
// section (wasm-opt -Oz -g) and sums each function body's size by who owns it,
// so the next size lever is visible. Plain Node, no packages (the reading is
// .ci/wasm-binary.mjs, which the build's function order uses too).
// Usage: node tests/tools/wasm-breakdown.mjs FILE.wasm [--depth N] [--top N] [--json]
//   --depth N  groups this crate's functions by the first N path segments
//              after `nordau_shift` (default 2: `ui::cards`, `referee::nordau`)
//   --top N    also lists the N biggest functions (default 0)
// A function is owned by the first path of its name: `nordau_shift::ui::cards::…`
// by `ui::cards`; `<nordau_shift::ui::cards::X as leptos::IntoView>::…` by the
// type's path (the impl is written for our type); generic code of other crates
// (`leptos::…`, `tachys::…`, instantiated for our types) by that crate, which is
// why the leave-one-out build sizes of .ci/bench, not this, give a game's cost.
// Sizes are of the optimised code before compression: read them as shares.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { readWasm } from "../../.ci/wasm-binary.mjs";

/** The owner of a function: a crate, or for this crate its first `depth` modules. */
export function ownerOf(name, depth = 2) {
  if (!name) return "(unnamed)";
  // `<A as B>::f` and `<impl A for B>` are owned by A's (the type's) path.
  // A primitive or generic type (`<f64 as core::fmt::Display>`, `<T as
  // tachys::…::IntoAny>`) is owned by the trait's crate.
  const plain = name.replace(/\[[0-9a-f]+\]/g, "").replace(/^<(&(mut )?)?(bool|char|str|\(\)|[A-Z][A-Za-z0-9]?|[iuf](8|16|32|64|128|size)) as /, "<");
  const path = plain.replace(/^<(impl( [^ ]+)? )?&?(mut )?(dyn )?/, "").replace(/^\(/, "");
  // Symbol hashes (`h0123…`) are not modules.
  const segments = path.split(/::|[<>( ]/).filter((s) => s && !/^h[0-9a-f]{16}$/.test(s));
  const crate = segments[0] ?? "(unnamed)";
  if (crate !== "nordau_shift") return /^[a-z_][a-z0-9_]*$/.test(crate) ? crate : "(other: glue, intrinsics)";
  const modules = segments.slice(1).filter((s) => /^[a-z_][a-z0-9_]*$/.test(s) && !s.startsWith("__component"));
  return ["nordau_shift", ...modules.slice(0, depth)].join("::");
}

export function breakdown(file, { depth = 2 } = {}) {
  const { sections, bodies, names } = readWasm(readFileSync(file));
  const owners = new Map();
  for (const [index, size] of bodies) {
    const owner = ownerOf(names.get(index), depth);
    const entry = owners.get(owner) ?? { size: 0, functions: 0 };
    entry.size += size;
    entry.functions += 1;
    owners.set(owner, entry);
  }
  const code = bodies.reduce((sum, [, size]) => sum + size, 0);
  const biggest = bodies.map(([index, size]) => ({ name: names.get(index) ?? `#${index}`, size })).sort((a, b) => b.size - a.size);
  return { sections, code, owners: [...owners].map(([owner, e]) => ({ owner, ...e })).sort((a, b) => b.size - a.size), biggest };
}

/** A markdown table of the owners at or above `min` bytes, the rest summed. */
export function breakdownTable({ code, owners, sections }, { min = 8_000 } = {}) {
  const data = sections.filter((s) => s.name === "data").reduce((sum, s) => sum + s.size, 0);
  const lines = ["| owner of the code | bytes (optimised, uncompressed) | share of code | functions |", "|---|---|---|---|"];
  const shown = owners.filter((o) => o.size >= min);
  const rest = owners.filter((o) => o.size < min);
  for (const o of shown) lines.push(`| \`${o.owner}\` | ${o.size} | ${((100 * o.size) / code).toFixed(1)} % | ${o.functions} |`);
  const restSize = rest.reduce((sum, o) => sum + o.size, 0);
  lines.push(`| ${rest.length} others under ${min} B | ${restSize} | ${((100 * restSize) / code).toFixed(1)} % | ${rest.reduce((s, o) => s + o.functions, 0)} |`);
  lines.push(`| **all code** (plus ${data} B of data: strings, tables) | **${code}** | 100 % | ${owners.reduce((s, o) => s + o.functions, 0)} |`);
  return lines.join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const option = (flag, fallback) => (args.includes(flag) ? Number(args[args.indexOf(flag) + 1]) : fallback);
  const file = args.find((a) => a.endsWith(".wasm"));
  if (!file) {
    console.error("usage: node tests/tools/wasm-breakdown.mjs FILE.wasm [--depth N] [--top N] [--json]");
    process.exit(2);
  }
  const result = breakdown(file, { depth: option("--depth", 2) });
  if (args.includes("--json")) {
    console.log(JSON.stringify({ ...result, biggest: result.biggest.slice(0, option("--top", 50)) }, null, 1));
  } else {
    console.log(breakdownTable(result, { min: option("--min", 8_000) }));
    const top = option("--top", 0);
    if (top) {
      console.log(`\n| biggest functions | bytes |\n|---|---|`);
      for (const f of result.biggest.slice(0, top)) console.log(`| \`${f.name.replace(/\|/g, "\\|")}\` | ${f.size} |`);
    }
  }
}
