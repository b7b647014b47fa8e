// Reading a wasm binary's sections, function bodies, names and data
// segments' places, and writing its LEB128 numbers: shared by the build hook
// (function-order.mjs, short-imports.mjs, short-exports.mjs, unused-streams.mjs) and the size
// tools (tests/tools/wasm-breakdown.mjs, start-trace.mjs). Plain Node, no
// packages.

/** Reads an unsigned LEB128 at `at`; returns [value, next offset]. */
export function uleb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return [value, at];
    shift += 7;
  }
}

/**
 * Section sizes (with their byte range: `at` to `end`), function body sizes
 * by index, and function names from the name section.
 */
export function readWasm(bytes) {
  if (bytes.readUInt32LE(0) !== 0x6d736100) throw new Error("not a wasm file");
  const sections = [];
  const bodies = []; // [function index, size]
  const names = new Map();
  let imported = 0;
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, start] = uleb(bytes, at + 1);
    const end = start + size;
    let name = ["custom", "type", "import", "function", "table", "memory", "global", "export", "start", "element", "code", "data", "datacount"][id] ?? `id ${id}`;
    if (id === 0) {
      const [length, from] = uleb(bytes, start);
      name = `custom ${bytes.toString("utf8", from, from + length)}`;
      if (name === "custom name") readNames(bytes, from + length, end, names);
    } else if (id === 2) {
      imported = countFunctionImports(bytes, start);
    } else if (id === 10) {
      let [count, p] = uleb(bytes, start);
      for (let i = 0; i < count; i++) {
        const [bodySize, q] = uleb(bytes, p);
        bodies.push([imported + i, bodySize + (q - p)]);
        p = q + bodySize;
      }
    }
    sections.push({ name, size: end - at, at, end });
    at = end;
  }
  return { sections, bodies, names };
}

function countFunctionImports(bytes, start) {
  let [count, p] = uleb(bytes, start);
  let functions = 0;
  for (let i = 0; i < count; i++) {
    for (let s = 0; s < 2; s++) {
      const [length, q] = uleb(bytes, p);
      p = q + length;
    }
    const kind = bytes[p++];
    if (kind === 0) {
      functions++;
      p = uleb(bytes, p)[1];
    } else if (kind === 1) {
      p++; // reftype
      p = limits(bytes, p);
    } else if (kind === 2) {
      p = limits(bytes, p);
    } else if (kind === 3) {
      p += 2; // valtype, mutability
    } else {
      p = uleb(bytes, p + 1)[1]; // tag: attribute, type index
    }
  }
  return functions;
}

function limits(bytes, p) {
  const flags = bytes[p++];
  p = uleb(bytes, p)[1];
  return flags & 1 ? uleb(bytes, p)[1] : p;
}

function readNames(bytes, start, end, names) {
  let p = start;
  while (p < end) {
    const kind = bytes[p];
    const [size, from] = uleb(bytes, p + 1);
    if (kind === 1) {
      let [count, q] = uleb(bytes, from);
      for (let i = 0; i < count; i++) {
        const [index, r] = uleb(bytes, q);
        const [length, s] = uleb(bytes, r);
        names.set(index, bytes.toString("utf8", s, s + length));
        q = s + length;
      }
    }
    p = from + size;
  }
}

/** `n` as an unsigned LEB128. */
export function encodeUleb(n) {
  const out = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return Buffer.from(out);
}

/** `bytes` with `section` (as `readWasm` lists it) replaced by a section `id` holding `content`. */
export function replaceSection(bytes, section, id, content) {
  return Buffer.concat([bytes.subarray(0, section.at), Buffer.from([id]), encodeUleb(content.length), content, bytes.subarray(section.end)]);
}

/** Reads a signed LEB128 (32-bit) at `at`; returns [value, next offset]. */
function sleb(bytes, at) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at++];
    value |= (byte & 0x7f) << shift;
    shift += 7;
  } while (byte & 0x80);
  if (shift < 32 && byte & 0x40) value |= -1 << shift;
  return [value, at];
}

/**
 * Where each active data segment is placed in memory, in the order they
 * stand. A segment placed by anything but a constant (`global.get`, in a
 * relocatable build) is an error: its address cannot be known here.
 */
export function dataSegmentStarts(bytes) {
  const section = readWasm(bytes).sections.find((s) => s.name === "data");
  if (!section) return [];
  let [count, p] = uleb(bytes, uleb(bytes, section.at + 1)[1]);
  const starts = [];
  for (let i = 0; i < count; i++) {
    let flags;
    [flags, p] = uleb(bytes, p);
    if (flags !== 1) {
      if (flags === 2) p = uleb(bytes, p)[1]; // memory index
      if (bytes[p] !== 0x41) throw new Error(`data segment ${i} is not placed at a constant address`);
      let start;
      [start, p] = sleb(bytes, p + 1);
      if (bytes[p++] !== 0x0b) throw new Error(`data segment ${i}'s address is not one constant`);
      starts.push(start >>> 0);
    }
    const [length, q] = uleb(bytes, p);
    p = q + length;
  }
  return starts;
}

/**
 * `bytes` with its export section rewritten by `rename(name)`: the export's
 * new name, or `null` to drop it (what it exports stays in the module).
 * Returns [new bytes, the names read, in order].
 */
export function rewriteExports(bytes, rename) {
  const section = readWasm(bytes).sections.find((s) => s.name === "export");
  if (!section) throw new Error("the wasm has no export section");
  const [count, first] = uleb(bytes, uleb(bytes, section.at + 1)[1]);
  const kept = [];
  const names = [];
  let p = first;
  for (let i = 0; i < count; i++) {
    const [length, q] = uleb(bytes, p);
    const name = bytes.toString("utf8", q, q + length);
    const kind = q + length;
    p = uleb(bytes, kind + 1)[1]; // the kind, then the index
    names.push(name);
    const renamed = rename(name);
    if (renamed === null) continue;
    const utf8 = Buffer.from(renamed, "utf8");
    kept.push(encodeUleb(utf8.length), utf8, bytes.subarray(kind, p));
  }
  if (p !== section.end) throw new Error("export section misread");
  const entries = Buffer.concat([encodeUleb(kept.length / 3), ...kept]);
  return [replaceSection(bytes, section, 7, entries), names];
}
