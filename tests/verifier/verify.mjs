#!/usr/bin/env node
// Independent verifier of the Nordau Shift draw v1, written from
// docs/fairness.md alone. Node 20, no dependencies beyond node:crypto.
//
//   node tests/verifier/verify.mjs tests/vectors/nordau-v1.json
//
// For every case it recomputes the commitment, the stream key, the seating and
// the first shift lengths and coins, and prints one line per case and a final
// line "verifier: N passed, M failed" (exit status 1 on any failure).

import { createHash, createCipheriv } from 'node:crypto';
import { readFileSync } from 'node:fs';

const COMMIT_DOMAIN = 'nordau-shift/commitment/v1';
const WORDS_DOMAIN = 'nordau-shift/player-words/v1';
const STREAM = { seating: 1n, shiftLengths: 2n, coins: 3n };

const sha256 = (buf) => createHash('sha256').update(buf).digest();
const u8 = (v) => Buffer.from([v]);
const u32 = (v) => { const b = Buffer.alloc(4); b.writeUInt32BE(v); return b; };
const lp = (bytes) => Buffer.concat([u32(bytes.length), bytes]);

// ---- setup text: ns1.<unit>.<min>-<max>.<schedule>.<bonus>.<w>-<o>-<l>-<d>.<names>
function num(s) {
  if (!/^(0|[1-9][0-9]*)$/.test(s)) throw new Error(`bad number '${s}'`);
  const n = Number(s);
  if (n > 0xffffffff) throw new Error(`number too large '${s}'`);
  return n;
}

function percentDecode(s) {
  const out = [];
  for (let i = 0; i < s.length; ) {
    if (s[i] === '%') {
      const h = s.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(h)) throw new Error('bad escape');
      out.push(parseInt(h, 16));
      i += 3;
    } else if (/^[A-Za-z0-9]$/.test(s[i])) {
      out.push(s.charCodeAt(i));
      i += 1;
    } else {
      throw new Error(`bad name character '${s[i]}'`);
    }
  }
  return Buffer.from(out);
}

function parseSetup(text) {
  const f = text.split('.');
  if (f.length !== 7 || f[0] !== 'ns1') throw new Error('not an ns1 setup');
  if (f[1] !== 'f' && f[1] !== 'h') throw new Error('bad unit');
  const [min, max] = f[2].split('-').map(num);
  const lines = f[3].split('-').map((part) => {
    const [block, moves] = part.split('x');
    return { block: num(block), moves: moves === undefined ? 0 : num(moves) };
  });
  const points = f[5].split('-').map(num);
  const names = f[6].split('_').map(percentDecode);
  if (points.length !== 4 || names.length !== 3) throw new Error('bad points or names');
  return { unit: f[1] === 'f' ? 0 : 1, min, max, lines, bonus: num(f[4]), points, names };
}

function setupBytes(s) {
  const parts = [u8(s.unit), u32(s.min), u32(s.max), u32(s.lines.length)];
  for (const l of s.lines) parts.push(u32(l.block), u32(l.moves));
  parts.push(u32(s.bonus), ...s.points.map(u32), u32(3), ...s.names.map(lp));
  return Buffer.concat(parts);
}

// ---- words: ASCII whitespace runs -> one space, trimmed, ASCII lower-case
function normaliseWord(w) {
  return w
    .split(/[ \t\n\f\r]+/)
    .filter((p) => p.length > 0)
    .join(' ')
    .replace(/[A-Z]/g, (c) => c.toLowerCase());
}

function streamKey(seed, words) {
  const ws = words.map(normaliseWord).filter((w) => w.length > 0);
  if (ws.length === 0) return seed;
  const parts = [lp(Buffer.from(WORDS_DOMAIN)), seed, u32(ws.length)];
  for (const w of ws) parts.push(lp(Buffer.from(w, 'utf8')));
  return sha256(Buffer.concat(parts));
}

// ---- ChaCha20 stream: 64-bit block counter (from 0) in state words 12-13,
// 64-bit stream id in words 14-15. OpenSSL's 16-byte iv is state words 12..15
// little-endian, so iv = LE32(0) ‖ LE32(0) ‖ LE64(stream).
class Stream {
  constructor(key, stream) {
    const iv = Buffer.alloc(16);
    iv.writeBigUInt64LE(stream, 8);
    this.cipher = createCipheriv('chacha20', key, iv);
    this.buf = Buffer.alloc(0);
    this.pos = 0;
  }
  nextWord() {
    if (this.pos + 4 > this.buf.length) {
      this.buf = this.cipher.update(Buffer.alloc(256)); // keystream = E(zeros)
      this.pos = 0;
    }
    const w = this.buf.readUInt32LE(this.pos);
    this.pos += 4;
    return w;
  }
  uniform(n) {
    const zone = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const x = this.nextWord();
      if (x < zone) return x % n;
    }
  }
}

function draw(setup, key, count) {
  const seat = new Stream(key, STREAM.seating);
  const people = [0, 1, 2];
  for (let i = people.length - 1; i >= 1; i--) {
    const j = seat.uniform(i + 1);
    [people[i], people[j]] = [people[j], people[i]];
  }
  const lengths = new Stream(key, STREAM.shiftLengths);
  const coins = new Stream(key, STREAM.coins);
  const shiftLengths = [];
  const coinList = [];
  for (let k = 0; k < count; k++) shiftLengths.push(setup.min + lengths.uniform(setup.max - setup.min + 1));
  for (let k = 0; k < count; k++) coinList.push(coins.uniform(2) === 0 ? 'white' : 'black');
  return { people, shiftLengths, coinList };
}

function check(c, count) {
  const problems = [];
  const expect = (what, got, want) => {
    if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  };
  const seed = Buffer.from(c.seed, 'hex');
  if (seed.length !== 32) return ['seed is not 32 bytes'];
  const setup = parseSetup(c.setup);
  const sb = setupBytes(setup);
  expect('setup bytes', sb.toString('hex'), c.setup_bytes);
  const commitment = sha256(Buffer.concat([lp(Buffer.from(COMMIT_DOMAIN)), sb, seed]));
  expect('commitment', commitment.toString('hex'), c.commitment);
  const key = streamKey(seed, c.words);
  expect('key', key.toString('hex'), c.key);
  const d = draw(setup, key, count);
  expect('seating', d.people, c.seating.people);
  const names = setup.names.map((n) => n.toString('utf8'));
  expect('seating names', [names[d.people[0]], names[d.people[1]], names[d.people[2]]], [
    c.seating.white,
    c.seating.black,
    c.seating.observer,
  ]);
  expect('shift lengths', d.shiftLengths, c.shift_lengths);
  expect('coins', d.coinList, c.coins);
  return problems;
}

const file = process.argv[2];
if (!file) {
  console.error('usage: node verify.mjs <vectors.json>');
  process.exit(2);
}
const vectors = JSON.parse(readFileSync(file, 'utf8'));
let passed = 0;
let failed = 0;
for (const c of vectors.cases) {
  let problems;
  try {
    problems = check(c, c.shift_lengths.length);
  } catch (e) {
    problems = [`error: ${e.message}`];
  }
  if (problems.length === 0) {
    passed++;
    console.log(`ok   ${c.name}: commitment ${c.commitment.slice(0, 16)}…, seating W/B/O ${c.seating.white}/${c.seating.black}/${c.seating.observer}, shifts ${c.shift_lengths.slice(0, 8).join(',')}…`);
  } else {
    failed++;
    console.log(`FAIL ${c.name}: ${problems.join('; ')}`);
  }
}
console.log(`verifier: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
