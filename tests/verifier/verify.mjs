#!/usr/bin/env node
// Independent verifier of the Nordau Shift draw v1, written from
// docs/fairness.md alone. Node 20, no dependencies beyond node:crypto.
//
//   node tests/verifier/verify.mjs tests/vectors/nordau-v1.json
//
// For every case it recomputes the commitment, the stream key, the seating and
// the first shift lengths and coins, and prints one line per case and a final
// line "verifier: N passed, M failed" (exit status 1 on any failure).
//
//   node tests/verifier/verify.mjs tests/vectors/nordau-v1-refusals.json
//
// checks that every refused input is refused with the kind of §9 (and every
// accepted one verifies and round-trips); final line "refusals: N passed, M failed".

import { createHash, createCipheriv } from 'node:crypto';
import { readFileSync } from 'node:fs';

const COMMIT_DOMAIN = 'nordau-shift/commitment/v1';
const WORDS_DOMAIN = 'nordau-shift/player-words/v1';
const STREAM = { seating: 1n, shiftLengths: 2n, coins: 3n };

const sha256 = (buf) => createHash('sha256').update(buf).digest();
const u8 = (v) => Buffer.from([v]);
const u32 = (v) => { const b = Buffer.alloc(4); b.writeUInt32BE(v); return b; };
const lp = (bytes) => Buffer.concat([u32(bytes.length), bytes]);

// A refused input: `kind` is "<input>:<kind>" as in docs/fairness.md §9.
class Refusal extends Error {
  constructor(kind, detail) {
    super(`${kind}: ${detail}`);
    this.kind = kind;
  }
}
const refuse = (kind, detail = '') => {
  throw new Refusal(kind, detail);
};

// ---- hex (§1.3): exactly 64 lower-case hex digits
function parseHex32(text, input) {
  for (let i = 0; i < text.length; i++) {
    if (/[A-F]/.test(text[i])) refuse(`${input}:hex_case`, `position ${i}`);
    if (!/[0-9a-f]/.test(text[i])) refuse(`${input}:not_hex`, `position ${i}`);
  }
  if (text.length !== 64) refuse(`${input}:hex_length`, `${text.length} digits`);
  return Buffer.from(text, 'hex');
}

// ---- setup text: ns1.<unit>.<min>-<max>.<schedule>.<bonus>.<w>-<o>-<l>-<d>.<names>
function num(s) {
  if (!/^[0-9]+$/.test(s)) refuse('setup:malformed', `bad number '${s}'`);
  if (s.length > 1 && s[0] === '0') refuse('setup:leading_zero', s);
  const n = Number(s);
  if (n > 0xffffffff) refuse('setup:malformed', `number too large '${s}'`);
  return n;
}

// §1.2: refused code points, copied from the list in the spec.
const REFUSED = `0000-001F 007F-00A0 00AD 034F 0600-0605 061C 06DD
  070F 0890-0891 08E2 115F-1160 1680 17B4-17B5 180B-180F
  2000-200F 2028-202F 205F-206F 2800 3000 3164 D800-F8FF
  FDD0-FDEF FE00-FE0F FEFF FFA0 FFF0-FFFF
  110BD 110CD 13430-1343F 1BCA0-1BCA3 1D173-1D17A
  E0000-E0FFF F0000-10FFFF`
  .trim()
  .split(/\s+/)
  .map((r) => r.split('-').map((h) => parseInt(h, 16)))
  .map(([lo, hi]) => [lo, hi ?? lo]);
const NO_LEADING = [[0x300, 0x36f], [0x483, 0x489], [0x1ab0, 0x1aff], [0x1dc0, 0x1dff], [0x20d0, 0x20ff], [0x3099, 0x309a], [0xfe20, 0xfe2f]];
const inRanges = (ranges, cp) => ranges.some(([lo, hi]) => lo <= cp && cp <= hi);
const isRefused = (cp) => inRanges(REFUSED, cp) || (cp & 0xfffe) === 0xfffe;

function checkName(bytes) {
  const name = bytes.toString('utf8');
  if (bytes.length === 0) refuse('setup:name_empty');
  if (bytes.length > 64) refuse('setup:name_too_long', `${bytes.length} bytes`);
  for (const c of name) {
    if (isRefused(c.codePointAt(0))) refuse('setup:name_character', `U+${c.codePointAt(0).toString(16)}`);
  }
  if (name.startsWith(' ') || name.endsWith(' ')) refuse('setup:name_space');
  if (name.includes('  ')) refuse('setup:name_double_space');
  if (inRanges(NO_LEADING, name.codePointAt(0))) refuse('setup:name_mark');
}

// §1.2 duplicates: every code point upper-cased then lower-cased, alone.
const comparisonKey = (name) => Array.from(name, (c) => c.toUpperCase().toLowerCase()).join('');

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function percentDecode(s) {
  const out = [];
  for (let i = 0; i < s.length; ) {
    if (s[i] === '%') {
      const h = s.slice(i + 1, i + 3);
      if (/^[0-9A-F]{2}$/.test(h)) {
        const b = parseInt(h, 16);
        if (/[A-Za-z0-9]/.test(String.fromCharCode(b))) refuse('setup:needless_escape', `%${h}`);
        out.push(b);
        i += 3;
      } else if (/^[0-9A-Fa-f]{2}$/.test(h)) {
        refuse('setup:escape_case', `%${h}`);
      } else {
        refuse('setup:malformed', `bad escape '%${h}'`);
      }
    } else if (/^[A-Za-z0-9]$/.test(s[i])) {
      out.push(s.charCodeAt(i));
      i += 1;
    } else {
      refuse('setup:unescaped', `'${s[i]}'`);
    }
  }
  const bytes = Buffer.from(out);
  try {
    utf8.decode(bytes);
  } catch {
    refuse('setup:utf8');
  }
  return bytes;
}

function parseSetup(text) {
  if (Buffer.byteLength(text, 'utf8') > 1024) refuse('setup:too_long');
  const bad = /[^A-Za-z0-9._%-]/.exec(text);
  if (bad) refuse('setup:character', `'${bad[0]}' at ${bad.index}`);
  const f = text.split('.');
  if (f.length !== 7) refuse('setup:field_count', `${f.length} fields`);
  if (f[0] !== 'ns1') refuse('setup:version', f[0]);
  if (f[1] !== 'f' && f[1] !== 'h') refuse('setup:unit', f[1]);
  const range = f[2].split('-').map(num);
  if (range.length !== 2) refuse('setup:malformed', 'range');
  const [min, max] = range;
  const lines = f[3].split('-').map((part) => {
    const x = part.indexOf('x');
    if (x < 0) return { block: num(part), moves: 0 };
    const block = num(part.slice(0, x));
    const moves = num(part.slice(x + 1));
    if (moves === 0) refuse('setup:move_count', part);
    return { block, moves };
  });
  const bonus = num(f[4]);
  const points = f[5].split('-').map(num);
  if (points.length !== 4) refuse('setup:malformed', 'points');
  const nameParts = f[6].split('_');
  if (nameParts.length !== 3) refuse('setup:malformed', 'names');
  const names = nameParts.map(percentDecode);
  // §1 limits, names first.
  names.forEach(checkName);
  const keys = names.map((n) => comparisonKey(n.toString('utf8')));
  if (keys[0] === keys[1] || keys[0] === keys[2] || keys[1] === keys[2]) refuse('setup:duplicate');
  if (!(min >= 1 && min <= max && max <= 100)) refuse('setup:range', `${min}-${max}`);
  const lineOk = (l, i) => l.block >= 1 && l.block <= 86400000
    && (i === lines.length - 1 ? l.moves === 0 : l.moves >= 1 && l.moves <= 10000);
  if (lines.length < 1 || lines.length > 16 || !lines.every(lineOk)) refuse('setup:schedule');
  const [win, observer, loss, draw] = points;
  if (!(loss < observer && observer < win && win <= 1000 && draw <= 1000)) refuse('setup:points');
  if (bonus > 10000) refuse('setup:bonus');
  return { unit: f[1] === 'f' ? 0 : 1, min, max, lines, bonus, points, names };
}

// The one text of a setup (§1.1), to check round trips.
function setupText(s) {
  const enc = (b) => Array.from(b, (x) => (/[A-Za-z0-9]/.test(String.fromCharCode(x))
    ? String.fromCharCode(x) : `%${x.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
  const lines = s.lines.map((l) => (l.moves === 0 ? `${l.block}` : `${l.block}x${l.moves}`)).join('-');
  return `ns1.${s.unit === 0 ? 'f' : 'h'}.${s.min}-${s.max}.${lines}.${s.bonus}.${s.points.join('-')}.${s.names.map(enc).join('_')}`;
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

// §6: parse in order, then compare; throws a Refusal or returns the setup.
function verify(commitmentHex, seedHex, text, words) {
  const shown = parseHex32(commitmentHex, 'commitment');
  const seed = parseHex32(seedHex, 'seed');
  const setup = parseSetup(text);
  if (words.length > 16 || words.some((w) => Buffer.byteLength(w, 'utf8') > 256)) refuse('words:limit');
  const computed = sha256(Buffer.concat([lp(Buffer.from(COMMIT_DOMAIN)), setupBytes(setup), seed]));
  if (!computed.equals(shown)) refuse('mismatch', computed.toString('hex'));
  return setup;
}

function checkRefusal(c) {
  let got = null;
  let setup = null;
  try {
    setup = verify(c.commitment, c.seed, c.setup, c.words);
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    got = e.kind;
  }
  if (got !== c.error) return [`got ${got}, want ${c.error}`];
  if (setup && setupText(setup) !== c.setup) return [`round trip gave ${setupText(setup)}`];
  return [];
}

function check(c, count) {
  const problems = [];
  const expect = (what, got, want) => {
    if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  };
  const seed = Buffer.from(c.seed, 'hex');
  if (seed.length !== 32) return ['seed is not 32 bytes'];
  const setup = parseSetup(c.setup);
  expect('setup text round trip', setupText(setup), c.setup);
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
if (vectors.algorithm.includes('refusals')) {
  for (const c of vectors.cases) {
    const problems = checkRefusal(c);
    if (problems.length === 0) {
      passed++;
      console.log(`ok   ${c.name}: ${c.error ?? 'accepted'}`);
    } else {
      failed++;
      console.log(`FAIL ${c.name} (${c.rule}): ${problems.join('; ')}`);
    }
  }
  console.log(`refusals: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
}
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
