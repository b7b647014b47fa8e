// Packs the release build's wasm with LZMA, beside the wasm itself: the
// service worker downloads the packed file and stores the wasm unpacked
// (sw.js), and a first visit's page unpacks it itself (boot.js); both with
// assets/unlzma.js. LZMA's 64 MB window and its context modelling take the
// wasm about 118 kB below the best gzip a host can send (zopfli's), and 15 kB
// below brotli's (docs/performance.md, "What each lever gained").
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

/** xz's LZMA settings for the wasm: lc=4 (literals by the previous byte), no position bits (measured: docs/performance.md). */
export const WASM_SETTINGS = "preset=9e,lc=4,lp=0,pb=0";

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

/** assets/unlzma.js as the page and the worker run it, here in Node. */
export function unlzma(packed) {
  const scope = {};
  new Function("self", readFileSync(new URL("../assets/unlzma.js", import.meta.url), "utf8"))(scope);
  const out = scope.unlzma(packed);
  return Buffer.from(out.buffer, out.byteOffset, out.length);
}

/** Packs the build under `dir`; names the packed file in index.html (`data-packed`); returns [wasm name, raw, packed]. */
export function packWasm(dir) {
  const { wasmName, wasm } = readBuild(dir);
  const packed = lzmaPack(wasm, WASM_SETTINGS);
  if (!unlzma(packed).equals(wasm)) throw new Error("pack-wasm: unlzma.js does not give the wasm back");
  writeFileSync(join(dir, packedName(wasmName)), packed);
  const htmlPath = join(dir, "index.html");
  const html = readFileSync(htmlPath, "utf8");
  const found = [...html.matchAll(new RegExp(DATA_WASM, "g"))];
  if (found.length !== 1 || found[0][3] !== wasmName) throw new Error(`pack-wasm: index.html does not name ${wasmName} once in data-wasm`);
  const [whole, quote, dot = ""] = found[0];
  writeFileSync(htmlPath, html.replace(whole, `${whole} data-packed=${quote}${dot}${packedName(wasmName)}${quote}`));
  return [wasmName, wasm.length, packed.length];
}
