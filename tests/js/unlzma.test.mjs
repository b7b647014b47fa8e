// The wasm's unpacker (assets/unlzma.js) against an independent encoder: xz
// (XZ Utils), which the release build packs with (.ci/pack-wasm.mjs). Every
// input is packed by xz with several settings and must come back byte for
// byte; damaged files must throw an Error, never hang or return a short file.
// Then the wasm's code split into streams (splitCode) and joined back by the
// unpacker: byte for byte for a wasm binaryen assembled with every kind of
// instruction, and for the built one.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { buildFiles } from "../../.ci/build-files.mjs";
import { readWasm, uleb } from "../../.ci/wasm-binary.mjs";
import { WASM_SETTINGS, lzmaPack, splitCode, unlzma, unlzmaInPieces, unpackWasm } from "../../.ci/pack-wasm.mjs";

/** xz's .lzma of `bytes` with its size still unknown (all ones), as xz writes it. */
const xz = (bytes, options) => execFileSync("xz", ["--format=lzma", `--lzma1=${options}`, "-c"], { input: bytes, maxBuffer: 1 << 28 });

/** Text with long and short repeats, and bytes after a match that differ from it. */
function structured(length) {
  const words = ["rook", "bishop", "knight", "queen", "king", "pawn", "e4", "Nf3", "0-0", "\u05e9\u05d7\u05de\u05d8", "\u0448\u0430\u0445"];
  let text = "";
  for (let i = 0; text.length < length; i++) text += words[(i * 7 + (i >> 3)) % words.length] + (i % 13 === 0 ? "\n" : " ");
  return Buffer.from(text).subarray(0, length);
}

const INPUTS = {
  "one byte": Buffer.from([42]),
  "a run of one byte": Buffer.alloc(70000, 7),
  "random bytes": randomBytes(50000),
  "structured text": structured(200000),
  "text, then random, then the text again (far matches)": Buffer.concat([structured(30000), randomBytes(20000), structured(30000)]),
};
// The shipped wasm, when a build is there: what the unpacker is for.
const BUILT = existsSync("dist/index.html") ? readFileSync(`dist/${buildFiles("dist")[1]}`) : null;
if (BUILT) INPUTS["the built wasm"] = BUILT;

const SETTINGS = ["preset=0", "preset=6", WASM_SETTINGS, "preset=9e,lc=4,lp=0,pb=0", "preset=9e,lc=0,lp=4,pb=4", "preset=6,lc=3,lp=1,pb=2", "preset=6,lc=1,lp=2,pb=1"];

describe("unlzma: the wasm's unpacker", () => {
  for (const [name, bytes] of Object.entries(INPUTS)) {
    test(`unpacks ${name} (${bytes.length} B) as xz packed it, at every setting`, () => {
      for (const options of SETTINGS) {
        const packed = lzmaPack(bytes, options);
        assert.ok(unlzma(packed).equals(bytes), `${name}, ${options}`);
      }
    });
  }

  test("unpacks a file fed in pieces as a download brings them, and keeps up with them", () => {
    // Pieces of 1 to 70 000 bytes, as a network delivers them, from a fixed seed.
    let seed = 7;
    const next = (below) => (seed = (seed * 48271) % 2147483647) % below;
    for (const [name, bytes] of Object.entries(INPUTS)) {
      for (const options of ["preset=6", WASM_SETTINGS]) {
        const packed = lzmaPack(bytes, options);
        const pieces = [];
        for (let at = 0; at < packed.length; ) {
          const size = 1 + next([1, 17, 4096, 70000][next(4)]);
          pieces.push(packed.subarray(at, at + size));
          at += size;
        }
        const [out, decoded] = unlzmaInPieces(pieces);
        assert.ok(out.equals(bytes), `${name}, ${options}, ${pieces.length} pieces`);
        // Before the last piece, all but what the last 64 bytes of input hold is
        // decoded: the unpacking is not left for the end.
        if (packed.length > 1000) {
          const half = pieces.findIndex((_, i) => pieces.slice(0, i + 1).reduce((n, p) => n + p.length, 0) >= packed.length / 2);
          assert.ok(decoded[half] > 0 && decoded[half] < bytes.length, `${name}: half the input gave ${decoded[half]} of ${bytes.length} B`);
          assert.ok(decoded.every((n, i) => i === 0 || n >= decoded[i - 1]), `${name}: decoding went back`);
        }
      }
    }
  });

  test("the build's packing is xz's stream with the real size in the header", () => {
    const bytes = INPUTS["structured text"];
    const plain = xz(bytes, "preset=6");
    const packed = lzmaPack(bytes, "preset=6");
    assert.equal(packed.readBigUInt64LE(5), BigInt(bytes.length));
    assert.ok(plain.subarray(13).equals(packed.subarray(13)) && plain.subarray(0, 5).equals(packed.subarray(0, 5)));
    // Decoded by xz itself too: the header is still a valid .lzma header.
    assert.ok(execFileSync("xz", ["--format=lzma", "-dc"], { input: packed, maxBuffer: 1 << 28 }).equals(bytes));
  });

  test("refuses a file whose size is unknown, too big, or whose header is damaged", () => {
    const bytes = INPUTS["structured text"];
    assert.throws(() => unlzma(xz(bytes, "preset=6")), /unlzma: bad size/);
    const packed = lzmaPack(bytes, "preset=6");
    const big = Buffer.from(packed);
    big.writeUInt32LE(2 ** 29, 5);
    assert.throws(() => unlzma(big), /unlzma: bad size/);
    const props = Buffer.from(packed);
    props[0] = 225;
    assert.throws(() => unlzma(props), /unlzma: bad properties/);
    const start = Buffer.from(packed);
    start[13] = 1;
    assert.throws(() => unlzma(start), /unlzma: bad stream start/);
    assert.throws(() => unlzma(packed.subarray(0, 17)), /unlzma: too short/);
  });

  test("a cut file throws, at any cut", () => {
    const bytes = INPUTS["structured text"];
    const packed = lzmaPack(bytes, "preset=6");
    for (const keep of [18, 19, 100, packed.length >> 1, packed.length - 40, packed.length - 12]) {
      assert.throws(() => unlzma(packed.subarray(0, keep)), /^Error: unlzma: /, `cut to ${keep} of ${packed.length}`);
    }
  });

  test("a file that claims more bytes than it holds throws", () => {
    const bytes = INPUTS["structured text"];
    const packed = Buffer.from(lzmaPack(bytes, "preset=6"));
    packed.writeUInt32LE(bytes.length + 1000, 5);
    assert.throws(() => unlzma(packed), /^Error: unlzma: /);
  });

  test("damaged bytes end in an Error or a file of the stated size, never a hang or another exception", () => {
    const bytes = INPUTS["text, then random, then the text again (far matches)"];
    const packed = lzmaPack(bytes, "preset=6");
    for (let i = 0; i < 300; i++) {
      const damaged = Buffer.from(packed);
      const at = 18 + ((i * 7919) % (packed.length - 18));
      damaged[at] ^= 1 << i % 8;
      try {
        assert.equal(unlzma(damaged).length, bytes.length);
      } catch (err) {
        assert.match(String(err), /^Error: unlzma: /, `byte ${at}`);
      }
      // Fed in pieces, the same: the same bytes or an Error.
      let whole;
      try {
        whole = unlzma(damaged);
      } catch (err) {
        whole = String(err);
      }
      const pieces = [damaged.subarray(0, at), damaged.subarray(at, at + 1), damaged.subarray(at + 1)];
      try {
        assert.ok(unlzmaInPieces(pieces)[0].equals(whole), `byte ${at}, in pieces`);
      } catch (err) {
        assert.equal(String(err), whole, `byte ${at}, in pieces`);
      }
    }
  });
});

/** `tests/js/fixtures/<name>.wat` assembled by binaryen's wasm-as (tests/node_modules, .ci/setup) with `features`. */
function assemble(name, features) {
  const out = join(mkdtempSync(join(tmpdir(), "unlzma-")), `${name}.wasm`);
  const flags = features.map((f) => `--enable-${f}`);
  execFileSync("tests/node_modules/.bin/wasm-as", [...flags, `tests/js/fixtures/${name}.wat`, "-o", out]);
  return readFileSync(out);
}

const FEATURES = ["bulk-memory", "reference-types", "multivalue", "sign-ext", "nontrapping-float-to-int"];

/** What the build ships: the wasm's streams, packed. */
const pack = (wasm) => lzmaPack(splitCode(wasm), WASM_SETTINGS);

describe("the wasm's code in streams", () => {
  const every = assemble("every-instruction", FEATURES);

  test("a wasm with every kind of instruction comes back byte for byte", () => {
    assert.ok(WebAssembly.validate(every));
    assert.ok(unpackWasm(pack(every)).equals(every));
  });

  test("the built wasm comes back byte for byte, and packs smaller split than whole", { skip: !BUILT && "no build in dist/" }, () => {
    const packed = pack(BUILT);
    assert.ok(unpackWasm(packed).equals(BUILT));
    const whole = lzmaPack(BUILT, WASM_SETTINGS);
    assert.ok(packed.length < whole.length - 20000, `split ${packed.length} B, whole ${whole.length} B`);
  });

  test("the packing stops, naming it, at an instruction the walk does not know", () => {
    const simd = execFileSync("tests/node_modules/.bin/wasm-as", ["--enable-simd", "-", "-o", "-"], {
      input: "(module (func (export \"f\") (result i32) (i32x4.extract_lane 0 (i32x4.splat (i32.const 1)))))",
    });
    assert.throws(() => splitCode(simd), /pack-wasm: unknown instruction 0xfd/);
  });

  test("the packing stops at sizes not in their shortest form, which the unpacking could not write back", () => {
    // The code section's size padded to five bytes, as older tools wrote it.
    const code = readWasm(every).sections.find((s) => s.name === "code");
    const [size, start] = uleb(every, code.at + 1);
    const padded = Buffer.from([(size & 0x7f) | 0x80, ((size >> 7) & 0x7f) | 0x80, 0x80, 0x80, 0]);
    const wasm = Buffer.concat([every.subarray(0, code.at + 1), padded, every.subarray(start)]);
    assert.ok(WebAssembly.validate(wasm));
    assert.throws(() => splitCode(wasm), /pack-wasm: the code section's size or count is not in its shortest LEB128/);
  });

  test("damaged streams end in an Error, never a hang, another exception or an invalid wasm", () => {
    const split = splitCode(every);
    let refused = 0;
    for (let i = 0; i < 400; i++) {
      const damaged = Buffer.from(split);
      const at = (i * 7919) % damaged.length;
      damaged[at] ^= 1 << i % 8;
      try {
        const wasm = unpackWasm(lzmaPack(damaged, "preset=0"));
        assert.ok(WebAssembly.validate(wasm));
      } catch (err) {
        assert.match(String(err), /^Error: unlzma: /, `byte ${at}`);
        refused++;
      }
    }
    assert.ok(refused > 300, `${refused} of 400 refused`);
    for (const keep of [0, 3, 4, 6, 20, split.length >> 1, split.length - 1]) {
      assert.throws(() => unpackWasm(lzmaPack(split.subarray(0, keep), "preset=0")), /^Error: unlzma: /, `cut to ${keep}`);
    }
    assert.throws(() => unpackWasm(lzmaPack(every, "preset=0")), /^Error: unlzma: not a packed wasm/);
  });
});
