// The wasm's unpacker (assets/unlzma.js) against an independent encoder: xz
// (XZ Utils), which the release build packs with (.ci/pack-wasm.mjs). Every
// input is packed by xz with several settings and must come back byte for
// byte; damaged files must throw an Error, never hang or return a short file.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { buildFiles } from "../../.ci/build-files.mjs";
import { lzmaPack, unlzma } from "../../.ci/pack-wasm.mjs";

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
if (existsSync("dist/index.html")) INPUTS["the built wasm"] = readFileSync(`dist/${buildFiles("dist")[1]}`);

const SETTINGS = ["preset=0", "preset=6", "preset=9e,lc=4,lp=0,pb=0", "preset=9e,lc=0,lp=4,pb=4", "preset=6,lc=3,lp=1,pb=2", "preset=6,lc=1,lp=2,pb=1"];

describe("unlzma: the wasm's unpacker", () => {
  for (const [name, bytes] of Object.entries(INPUTS)) {
    test(`unpacks ${name} (${bytes.length} B) as xz packed it, at every setting`, () => {
      for (const options of SETTINGS) {
        const packed = lzmaPack(bytes, options);
        assert.ok(unlzma(packed).equals(bytes), `${name}, ${options}`);
      }
    });
  }

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
    }
  });
});
