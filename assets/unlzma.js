// Unpacks the app's wasm, which a release build ships LZMA-compressed, its
// code split into streams (.ci/pack-wasm.mjs): 156 kB less to download than
// the best gzip of it (docs/performance.md). An LZMA decoder after Igor
// Pavlov's public-domain reference, LzmaSpec.cpp, for the ".lzma" file xz
// writes, with the size of the unpacked file in its header (the build writes
// it there). The output is its own dictionary: the whole file fits in
// memory, so no window is kept. Then the code's streams are joined (`join`).
//
// Loaded twice, both times as a plain script: by boot.js as a dedicated
// worker on a first visit, before any service worker has stored the app,
// which it feeds the download piece by piece; and by the service worker
// (importScripts; a release build writes it into sw.js), which unpacks the
// wasm as it stores an update (`self.unpackedWasm`; on a first visit the
// page hands over its copy).
// Bad input throws an Error; it never reads or writes outside its arrays.
// Its own scope: the service worker's script shares the global one.
(() => {
  const fail = (why) => {
    throw new Error(`unlzma: ${why}`);
  };
  // A packet (a literal or a match) decodes at most 48 bits (a match's kind 2,
  // length 10, distance slot 6, direct bits 26, alignment 4), each reading
  // at most one byte of input. While the download is still arriving,
  // decoding stops this far from the end of what has come.
  const AHEAD = 64;
  // An LZMA decoder fed its input in pieces as they arrive (`push`, which
  // gives how many bytes of the file are decoded), so the unpacking keeps up
  // with the download; `end` finishes it and gives the file.
  const lzma = () => {
    let input = new Uint8Array(1 << 16);
    let received = 0; // bytes of `input`
    let out = null; // the file, once the header has arrived
    let decode = null; // then: decodes up to a place in the input, gives how far the file is
    const header = () => {
      let props = input[0];
      if (props >= 9 * 5 * 5) fail("bad properties");
      const lc = props % 9;
      props = (props / 9) | 0;
      const lpMask = (1 << props % 5) - 1;
      const pbMask = (1 << ((props / 5) | 0)) - 1;
      const size = (input[5] | (input[6] << 8) | (input[7] << 16) | (input[8] << 24)) >>> 0;
      // An unknown size (all ones) or one past 256 MiB is not a file the build wrote.
      if (input[9] | input[10] | input[11] | input[12] || size > 1 << 28) fail("bad size");
      out = new Uint8Array(size);

      // Every probability, 11 bits, starting at one half. Where each table starts:
      const IS_MATCH = 0; // [state << 4 | pos state]
      const IS_REP = 192; // [state], and the three below
      const IS_REP_G0 = 204;
      const IS_REP_G1 = 216;
      const IS_REP_G2 = 228;
      const IS_REP0_LONG = 240; // [state << 4 | pos state]
      const POS_SLOT = 432; // [length state << 6 | tree]
      const SPEC_POS = 688; // distances of slots 4 to 13
      const ALIGN = 803;
      const LEN = 819; // match lengths: choice, choice 2, low, mid, high
      const REP_LEN = 1333; // repeated matches' lengths, the same tables
      const LITERAL = 1847; // 0x300 for each literal state
      const p = new Uint16Array(LITERAL + (0x300 << (lc + (props % 5)))).fill(1024);

      // The header is 13 bytes; the range coder starts with a 0 and 4 bytes of code.
      if (input[13] !== 0) fail("bad stream start");
      let range = 0xffffffff;
      let code = ((input[14] << 24) | (input[15] << 16) | (input[16] << 8) | input[17]) >>> 0;
      let ip = 18;
      if (code === range) fail("bad stream start");

      // One bit under probability p[i]; past the input's end it reads zeros, and
      // the end checks that it never got there.
      const bit = (i) => {
        const prob = p[i];
        const bound = (range >>> 11) * prob;
        let b = 0;
        if (code < bound) {
          range = bound;
          p[i] = prob + ((2048 - prob) >>> 5);
        } else {
          range -= bound;
          code -= bound;
          p[i] = prob - (prob >>> 5);
          b = 1;
        }
        if (range < 0x1000000) {
          range = (range << 8) >>> 0;
          code = ((code << 8) | input[ip++]) >>> 0;
        }
        return b;
      };
      const tree = (base, bits) => {
        let m = 1;
        for (let i = 0; i < bits; i++) m = (m << 1) | bit(base + m);
        return m - (1 << bits);
      };
      const reverseTree = (base, bits) => {
        let m = 1;
        let symbol = 0;
        for (let i = 0; i < bits; i++) {
          const b = bit(base + m);
          m = (m << 1) | b;
          symbol |= b << i;
        }
        return symbol;
      };
      const direct = (bits) => {
        let result = 0;
        for (let i = 0; i < bits; i++) {
          range >>>= 1;
          let b = 0;
          if (code >= range) {
            code -= range;
            b = 1;
          }
          result = (result << 1) | b;
          if (range < 0x1000000) {
            range = (range << 8) >>> 0;
            code = ((code << 8) | input[ip++]) >>> 0;
          }
        }
        return result >>> 0;
      };
      const length = (base, posState) => {
        if (!bit(base)) return tree(base + 2 + (posState << 3), 3);
        if (!bit(base + 1)) return 8 + tree(base + 130 + (posState << 3), 3);
        return 16 + tree(base + 258, 8);
      };

      let op = 0;
      let state = 0;
      let rep0 = 0;
      let rep1 = 0;
      let rep2 = 0;
      let rep3 = 0;
      // Decodes packets while the next one starts before `stop` in the input.
      return (stop) => {
        while (op < size && ip < stop) {
          const posState = op & pbMask;
          if (!bit(IS_MATCH + (state << 4) + posState)) {
            const previous = op > 0 ? out[op - 1] : 0;
            const base = LITERAL + 0x300 * (((op & lpMask) << lc) + (previous >>> (8 - lc)));
            let symbol = 1;
            if (state >= 7) {
              // After a match: the byte the match would have continued with guides the bits.
              let match = out[op - rep0 - 1];
              do {
                const matchBit = (match >>> 7) & 1;
                match <<= 1;
                const b = bit(base + ((1 + matchBit) << 8) + symbol);
                symbol = (symbol << 1) | b;
                if (matchBit !== b) break;
              } while (symbol < 0x100);
            }
            while (symbol < 0x100) symbol = (symbol << 1) | bit(base + symbol);
            out[op++] = symbol;
            state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
            continue;
          }
          let len;
          if (bit(IS_REP + state)) {
            if (op === 0) fail("repeats before any byte");
            if (!bit(IS_REP_G0 + state)) {
              if (!bit(IS_REP0_LONG + (state << 4) + posState)) {
                state = state < 7 ? 9 : 11;
                out[op] = out[op - rep0 - 1];
                op++;
                continue;
              }
            } else {
              let distance;
              if (!bit(IS_REP_G1 + state)) {
                distance = rep1;
              } else {
                if (!bit(IS_REP_G2 + state)) {
                  distance = rep2;
                } else {
                  distance = rep3;
                  rep3 = rep2;
                }
                rep2 = rep1;
              }
              rep1 = rep0;
              rep0 = distance;
            }
            len = length(REP_LEN, posState);
            state = state < 7 ? 8 : 11;
          } else {
            rep3 = rep2;
            rep2 = rep1;
            rep1 = rep0;
            len = length(LEN, posState);
            state = state < 7 ? 7 : 10;
            const slot = tree(POS_SLOT + (Math.min(len, 3) << 6), 6);
            if (slot < 4) {
              rep0 = slot;
            } else {
              const bits = (slot >>> 1) - 1;
              rep0 = ((2 | (slot & 1)) << bits) >>> 0;
              if (slot < 14) rep0 += reverseTree(SPEC_POS + rep0 - slot, bits);
              else rep0 += direct(bits - 4) * 16 + reverseTree(ALIGN, 4);
              // The end marker, before the size in the header was reached.
              if (rep0 === 0xffffffff) fail("ends early");
            }
          }
          len += 2;
          if (rep0 >= op) fail("distance before the start");
          if (len > size - op) fail("match past the end");
          for (const end = op + len; op < end; op++) out[op] = out[op - rep0 - 1];
        }
        if (ip > received) fail("truncated");
        return op;
      };
    };
    return {
      push(piece) {
        if (received + piece.length > input.length) {
          const grown = new Uint8Array(Math.max(2 * input.length, received + piece.length));
          grown.set(input.subarray(0, received));
          input = grown;
        }
        input.set(piece, received);
        received += piece.length;
        if (!decode && received >= 18) decode = header();
        return decode ? decode(received - AHEAD) : 0;
      },
      end() {
        if (!decode) fail("too short");
        // Past what has arrived, `input` holds zeros or ends: reads give 0.
        decode(Infinity);
        return out;
      },
    };
  };
  // For the page's worker (below) and the build's tests.
  self.lzmaDecoder = lzma;
  self.unlzma = (input) => {
    const decoder = lzma();
    decoder.push(input);
    return decoder.end();
  };

  // What the build packs is the wasm with its code section split into
  // streams, one for each kind of byte: opcodes, local indices, constants,
  // memory offsets, call targets, … Alike bytes then stand together, and LZMA
  // packs the code 38 kB smaller than as it is (docs/performance.md). The
  // code's grammar is walked the same way by the build (.ci/pack-wasm.mjs,
  // splitting) and here (joining): `io` moves each opcode and immediate
  // between the wasm and its stream, and gives back its value.
  const OP = 0; // opcodes, a memory access's alignment, 0xFC's sub-opcodes
  const LOCAL = 1; // local.get, local.set, local.tee: 1 to 3
  const I32 = 4;
  const I32_WIDE = 5; // i32.const of 4 bytes or more: mostly addresses
  const I64 = 6;
  const FLOAT = 7;
  const LOAD = 8; // memory offsets
  const STORE = 9;
  const CALL = 10;
  const LABEL = 11;
  const GLOBAL = 12;
  const OTHER = 13;
  const STREAMS = 14;
  // Opcode 0xC5, unused by wasm, stands for an i32.const in I32_WIDE.
  const WIDE = 0xc5;
  const walk = (io, functions) => {
    for (let f = 0; f < functions; f++) {
      io.body();
      // Its locals: runs of a count and a type.
      for (let n = io.leb(OTHER); n > 0; n--) {
        io.leb(OTHER);
        io.bytes(OTHER, 1);
      }
      for (let depth = 0; depth >= 0; ) {
        const op = io.op();
        if (op === 0x0b) depth--;
        else if (op >= 0x02 && op <= 0x04) {
          io.leb(OTHER); // block type
          depth++;
        } else if (op === 0x0c || op === 0x0d) io.leb(LABEL);
        else if (op === 0x0e) for (let n = io.leb(LABEL); n >= 0; n--) io.leb(LABEL);
        else if (op === 0x10 || op === 0xd2) io.leb(CALL);
        else if (op === 0x11) {
          io.leb(OTHER); // type
          io.leb(OTHER); // table
        } else if (op === 0x1c) io.bytes(OTHER, io.leb(OTHER));
        else if (op >= 0x20 && op <= 0x22) io.leb(LOCAL + op - 0x20);
        else if (op === 0x23 || op === 0x24) io.leb(GLOBAL);
        else if (op === 0x25 || op === 0x26) io.leb(OTHER);
        else if (op >= 0x28 && op <= 0x3e) {
          io.leb(OP); // alignment: the opcode nearly tells it
          io.leb(op < 0x36 ? LOAD : STORE);
        } else if (op === 0x3f || op === 0x40 || op === 0xd0) io.bytes(OTHER, 1);
        else if (op === 0x41) io.leb(I32);
        else if (op === WIDE) io.leb(I32_WIDE);
        else if (op === 0x42) io.leb(I64);
        else if (op === 0x43 || op === 0x44) io.bytes(FLOAT, op === 0x43 ? 4 : 8);
        else if (op === 0xfc) {
          const sub = io.leb(OP);
          if (sub === 8) {
            io.leb(OTHER);
            io.bytes(OTHER, 1);
          } else if (sub === 10) io.bytes(OTHER, 2);
          else if (sub === 11) io.bytes(OTHER, 1);
          else if (sub === 12 || sub === 14) {
            io.leb(OTHER);
            io.leb(OTHER);
          } else if (sub === 9 || (sub >= 13 && sub <= 17)) io.leb(OTHER);
          else if (sub > 7) io.fail(`unknown instruction 0xfc ${sub}`);
        } else if (!(op <= 0x01 || op === 0x05 || op === 0x0f || op === 0x1a || op === 0x1b || (op >= 0x45 && op <= 0xc4) || op === 0xd1)) {
          io.fail(`unknown instruction 0x${op.toString(16)}`);
        }
      }
      io.bodyEnd();
    }
  };
  // For the build's splitting, the walk and what the streams are.
  self.wasmStreams = { walk, OP, STREAMS, WIDE };

  // The LEB128 number in `bytes` at `at`, which must end before `end`: [its value, where it ends].
  const leb = (bytes, at, end, what) => {
    let value = 0;
    let scale = 1;
    let b;
    do {
      if (at >= end) fail(`${what} ends early`);
      b = bytes[at++];
      value += (b & 0x7f) * scale;
      scale *= 128;
    } while (b & 0x80);
    return [value, at];
  };
  // The wasm from its streams. The layout (.ci/pack-wasm.mjs writes it):
  // "\0ws1"; as LEB128s the wasm's size, where its code section stood, the
  // section's size, its functions, and the length of each of 1 + STREAMS
  // streams; then the streams: the wasm without its code section, then the
  // code's. A function's size is not kept: it is where its last `end` is.
  const join = (bytes) => {
    let ip = 4;
    const number = () => {
      const [value, next] = leb(bytes, ip, bytes.length, "the streams' header");
      ip = next;
      return value;
    };
    if (String.fromCharCode(...bytes.subarray(0, 4)) !== "\0ws1") fail("not a packed wasm");
    const size = number();
    const at = number();
    const codeSize = number();
    const functions = number();
    if (size > 1 << 28) fail("bad size");
    const from = [];
    const to = [];
    for (let s = 0; s <= STREAMS; s++) {
      from.push(s ? to[s - 1] : 0);
      to.push(from[s] + number());
    }
    const base = ip;
    if (base + to[STREAMS] !== bytes.length) fail("the streams do not fill the file");
    const rest = bytes.subarray(base, base + to[0]);
    const pos = from.slice(1).map((p) => base + p);
    const end = to.slice(1).map((p) => base + p);

    // A body is written 5 bytes on, where its size's longest LEB128 would end,
    // and moved back once that size is known.
    const out = new Uint8Array(size + 5);
    let o = 0;
    const write = (value) => {
      do {
        out[o++] = (value & 0x7f) | (value > 0x7f ? 0x80 : 0);
        value = Math.floor(value / 128);
      } while (value);
    };
    if (at > rest.length) fail("bad code section place");
    out.set(rest.subarray(0, at));
    o = at;
    out[o++] = 10;
    write(codeSize);
    const codeEnd = o + codeSize;
    if (codeEnd + rest.length - at !== size) fail("the sizes do not add up");
    write(functions);
    let bodyAt = 0;
    walk(
      {
        fail,
        op() {
          if (pos[OP] >= end[OP]) fail("the opcodes end early");
          const op = bytes[pos[OP]++];
          out[o++] = op === WIDE ? 0x41 : op;
          return op;
        },
        leb(s) {
          const [value, next] = leb(bytes, pos[s], end[s], `stream ${s}`);
          while (pos[s] < next) out[o++] = bytes[pos[s]++];
          return value;
        },
        bytes(s, n) {
          if (n > end[s] - pos[s] || o + n > codeEnd) fail(`stream ${s} ends early`);
          out.set(bytes.subarray(pos[s], pos[s] + n), o);
          pos[s] += n;
          o += n;
        },
        body() {
          bodyAt = o;
          o += 5;
        },
        bodyEnd() {
          const body = o - bodyAt - 5;
          o = bodyAt;
          write(body);
          out.copyWithin(o, bodyAt + 5, bodyAt + 5 + body);
          o += body;
          if (o > codeEnd) fail("the code is longer than its section");
        },
      },
      functions,
    );
    if (o !== codeEnd) fail("the code is shorter than its section");
    if (pos.some((p, s) => p !== end[s])) fail("a stream has bytes left");
    out.set(rest.subarray(at), o);
    return out.subarray(0, size);
  };

  // The wasm in a packed file. A host that damaged the file (it has no
  // checksum) is caught here, where the caller can still fetch the wasm itself.
  const joined = (streams) => {
    const wasm = join(streams);
    if (!WebAssembly.validate(wasm)) throw new Error("unlzma: the unpacked file is not a valid wasm");
    return wasm;
  };
  const unpack = (packed) => joined(self.unlzma(packed));

  self.unpackWasm = unpack;

  // For the service worker: the wasm in a downloaded packed file, as a response to store.
  self.unpackedWasm = async (response) =>
    new Response(unpack(new Uint8Array(await response.arrayBuffer())), {
      headers: { "Content-Type": "application/wasm" },
    });

  // As the page's dedicated worker (boot.js): unpacks the packed file it is
  // sent piece by piece as it downloads (a Uint8Array each, then null) and
  // posts back the wasm, or the error's text, so the page's main thread stays
  // free meanwhile.
  if (typeof DedicatedWorkerGlobalScope === "function" && self instanceof DedicatedWorkerGlobalScope) {
    let decoder = lzma();
    self.onmessage = ({ data: piece }) => {
      if (!decoder) return; // it has failed already
      try {
        if (piece) return decoder.push(piece);
        const wasm = joined(decoder.end());
        self.postMessage(wasm, [wasm.buffer]);
      } catch (err) {
        decoder = null;
        self.postMessage(String(err));
      }
    };
  }
})();
