// Packs the release build's wasm with LZMA, beside the wasm itself: the
// service worker downloads the packed file and stores the wasm unpacked
// (sw.js), and a first visit's page unpacks it itself (boot.js); both with
// assets/unlzma.js. First the code section is split into streams, one for
// each kind of byte (splitCode); LZMA's 64 MB window and its context
// modelling then take the wasm about 156 kB below the best gzip a host can
// send (zopfli's), and 54 kB below brotli's (docs/performance.md, "What each
// lever gained"); the split alone is 38 kB of that.
//
// The packer is xz (XZ Utils, part of every Debian system; .ci/setup checks
// it): its ".lzma" stream, with the unpacked size written into the header
// where xz leaves it unknown, so the unpacker can allocate the output once
// and stop at its end. The build stops unless unlzma.js gives the wasm back
// byte for byte.
// Called by sw-precache.mjs in a release build, after the wasm's last change
// (short-imports.mjs) and before the precache list is written.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DATA_WASM, readBuild } from "./build-files.mjs";
import { encodeUleb, readWasm, uleb } from "./wasm-binary.mjs";

/** xz's LZMA settings for the split wasm: lc=2 (literals by the top two bits of the byte before), no position bits (measured: docs/performance.md). */
export const WASM_SETTINGS = "preset=9e,lc=2,lp=0,pb=0";

/** What a packed file is called: the wasm's own hashed name and `.lzma`. */
export const packedName = (wasmName) => `${wasmName}.lzma`;

/** The name the service worker stores a precached file under: a packed wasm unpacked, as the wasm (sw.js). */
export const storedName = (url) => url.replace(/\.lzma$/, "");

/** `bytes` as a .lzma stream by xz with `settings`, its size in the header. */
export function lzmaPack(bytes, settings) {
  let packed;
  try {
    packed = execFileSync("xz", ["--format=lzma", `--lzma1=${settings}`, "--stdout"], { input: bytes, maxBuffer: 1 << 28 });
  } catch (err) {
    throw new Error(`pack-wasm: xz failed (${err.message}); .ci/setup installs xz-utils`);
  }
  if (packed.length < 13 || packed.readBigUInt64LE(5) !== 0xffffffffffffffffn) {
    throw new Error("pack-wasm: xz's .lzma header is not the one expected (size unknown)");
  }
  packed.writeBigUInt64LE(BigInt(bytes.length), 5);
  return packed;
}

/** assets/unlzma.js as the page and the worker run it, here in Node: what it sets on `self` (read once). */
let loaded = null;
function unpacker() {
  if (!loaded) {
    loaded = {};
    new Function("self", readFileSync(new URL("../assets/unlzma.js", import.meta.url), "utf8"))(loaded);
  }
  return loaded;
}

const asBuffer = (out) => Buffer.from(out.buffer, out.byteOffset, out.length);

/** unlzma.js's LZMA decoder: the bytes in a .lzma stream. */
export const unlzma = (packed) => asBuffer(unpacker().unlzma(packed));

/** unlzma.js's LZMA decoder fed `pieces` one by one, as a download arrives: [the bytes, how many were decoded after each piece]. */
export function unlzmaInPieces(pieces) {
  const decoder = unpacker().lzmaDecoder();
  const decoded = pieces.map((piece) => decoder.push(piece));
  return [asBuffer(decoder.end()), decoded];
}

/** unlzma.js's whole unpacking, as the page and the service worker run it: the wasm in a packed file. */
export const unpackWasm = (packed) => asBuffer(unpacker().unpackWasm(packed));

/**
 * The wasm with its code section split into streams, in the layout that
 * unlzma.js's `join` reads, walked by unlzma.js's own `walk` of the code's
 * grammar. Stops on an instruction the walk does not know (SIMD, say).
 */
export function splitCode(wasm) {
  const { walk, OP, STREAMS, WIDE } = unpacker().wasmStreams;
  const code = readWasm(wasm).sections.find((s) => s.name === "code");
  if (!code) throw new Error("pack-wasm: the wasm has no code section");
  const [codeSize, countAt] = uleb(wasm, code.at + 1);
  const [functions, first] = uleb(wasm, countAt);
  if (encodeUleb(codeSize).length + encodeUleb(functions).length !== first - code.at - 1) {
    throw new Error("pack-wasm: the code section's size or count is not in its shortest LEB128, which the unpacking writes");
  }
  const streams = Array.from({ length: STREAMS }, () => []);
  let p = first;
  let end = 0; // of the function being walked
  walk(
    {
      fail(why) {
        throw new Error(`pack-wasm: ${why}, at byte ${p - 1} of the wasm`);
      },
      op() {
        let op = wasm[p++];
        if (op === WIDE) this.fail("opcode 0xc5 is taken for wide constants");
        if (op === 0x41 && uleb(wasm, p)[1] - p >= 4) op = WIDE;
        streams[OP].push(op);
        return op;
      },
      leb(s) {
        const [value, next] = uleb(wasm, p);
        for (; p < next; p++) streams[s].push(wasm[p]);
        return value;
      },
      bytes(s, n) {
        for (const end = p + n; p < end; p++) streams[s].push(wasm[p]);
      },
      body() {
        const [size, start] = uleb(wasm, p);
        if (encodeUleb(size).length !== start - p) this.fail("a function's size is not in its shortest LEB128, which the unpacking writes");
        end = start + size;
        p = start;
      },
      bodyEnd() {
        if (p !== end) this.fail(`a function's code ends ${p - end} bytes off its size`);
      },
    },
    functions,
  );
  if (p !== code.end || countAt + codeSize !== code.end) throw new Error("pack-wasm: the code section was misread");
  const rest = Buffer.concat([wasm.subarray(0, code.at), wasm.subarray(code.end)]);
  const parts = [rest, ...streams.map((s) => Buffer.from(s))];
  const header = [wasm.length, code.at, codeSize, functions, ...parts.map((part) => part.length)];
  return Buffer.concat([Buffer.from("\0ws1", "latin1"), ...header.map(encodeUleb), ...parts]);
}

/** Packs the build under `dir`; names the packed file in index.html (`data-packed`); returns [wasm name, raw, packed]. */
export function packWasm(dir) {
  const { wasmName, wasm } = readBuild(dir);
  const packed = lzmaPack(splitCode(wasm), WASM_SETTINGS);
  if (!unpackWasm(packed).equals(wasm)) throw new Error("pack-wasm: unlzma.js does not give the wasm back");
  writeFileSync(join(dir, packedName(wasmName)), packed);
  const htmlPath = join(dir, "index.html");
  const html = readFileSync(htmlPath, "utf8");
  const found = [...html.matchAll(new RegExp(DATA_WASM, "g"))];
  if (found.length !== 1 || found[0][3] !== wasmName) throw new Error(`pack-wasm: index.html does not name ${wasmName} once in data-wasm`);
  const [whole, quote, dot = ""] = found[0];
  writeFileSync(htmlPath, html.replace(whole, `${whole} data-packed=${quote}${dot}${packedName(wasmName)}${quote}`));
  return [wasmName, wasm.length, packed.length];
}
