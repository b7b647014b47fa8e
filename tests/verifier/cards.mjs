#!/usr/bin/env node
// Independent verifier of the card-series duel's blind stacks (v1), written
// from docs/fairness.md §11 alone. Node 20, no dependencies beyond node:crypto.
//
//   node tests/verifier/cards.mjs tests/vectors/cards-v1.json
//
// For every case it parses the setup text, recomputes the setup bytes, the
// commitment, the stream key and the first stacks, and prints one line per
// case and a final line "cards verifier: N passed, M failed" (exit status 1
// on any failure).

import { createHash, createCipheriv } from 'node:crypto';
import { readFileSync } from 'node:fs';

const COMMIT_DOMAIN = 'card-series-duel/commitment/v1';
const WORDS_DOMAIN = 'nordau-shift/player-words/v1';
const STREAM_CARDS = 4n;

const sha256 = (buf) => createHash('sha256').update(buf).digest();
const u8 = (v) => Buffer.from([v]);
const u32 = (v) => { const b = Buffer.alloc(4); b.writeUInt32BE(v); return b; };
const lp = (bytes) => Buffer.concat([u32(bytes.length), bytes]);

// ---- setup text §11.1: cs1.<clock>.<white>_<black>
function num(s) {
  if (!/^(0|[1-9][0-9]*)$/.test(s)) throw new Error(`bad number '${s}'`);
  const n = Number(s);
  if (n > 0xffffffff) throw new Error(`number too large '${s}'`);
  return n;
}

function decodeName(s) {
  const out = [];
  for (let i = 0; i < s.length; ) {
    if (s[i] === '%') {
      const h = s.slice(i + 1, i + 3);
      if (!/^[0-9A-F]{2}$/.test(h)) throw new Error(`bad escape %${h}`);
      const b = parseInt(h, 16);
      if (/[A-Za-z0-9]/.test(String.fromCharCode(b))) throw new Error(`needless escape %${h}`);
      out.push(b);
      i += 3;
    } else if (/^[A-Za-z0-9]$/.test(s[i])) {
      out.push(s.charCodeAt(i));
      i += 1;
    } else {
      throw new Error(`unescaped '${s[i]}'`);
    }
  }
  const bytes = Buffer.from(out);
  new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  return bytes;
}

const encodeName = (b) => Array.from(b, (x) => (/[A-Za-z0-9]/.test(String.fromCharCode(x))
  ? String.fromCharCode(x) : `%${x.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

function parseSetup(text) {
  if (/[^A-Za-z0-9._%-]/.test(text)) throw new Error('bad character');
  const f = text.split('.');
  if (f.length !== 3) throw new Error(`${f.length} fields`);
  if (f[0] !== 'cs1') throw new Error(`version ${f[0]}`);
  let clock = null;
  if (f[1] !== 'none') {
    const t = f[1].split('-').map(num);
    if (t.length !== 3) throw new Error('clock');
    clock = { white: t[0], black: t[1], increment: t[2] };
  }
  const names = f[2].split('_');
  if (names.length !== 2) throw new Error('names');
  return { clock, names: names.map(decodeName) };
}

const setupText = (s) => `cs1.${s.clock ? `${s.clock.white}-${s.clock.black}-${s.clock.increment}` : 'none'}.${s.names.map(encodeName).join('_')}`;

// §11.2
function setupBytes(s) {
  const c = s.clock ?? { white: 0, black: 0, increment: 0 };
  return Buffer.concat([u8(s.clock ? 1 : 0), u32(c.white), u32(c.black), u32(c.increment), u32(2), ...s.names.map(lp)]);
}

// §3: the same words and key as every game.
function normaliseWord(w) {
  return w.split(/[ \t\n\f\r]+/).filter((p) => p.length > 0).join(' ').replace(/[A-Z]/g, (c) => c.toLowerCase());
}

function streamKey(seed, words) {
  const ws = words.map(normaliseWord).filter((w) => w.length > 0);
  if (ws.length === 0) return seed;
  const parts = [lp(Buffer.from(WORDS_DOMAIN)), seed, u32(ws.length)];
  for (const w of ws) parts.push(lp(Buffer.from(w, 'utf8')));
  return sha256(Buffer.concat(parts));
}

// §4: OpenSSL's chacha20 iv = LE32(0) ‖ LE32(0) ‖ LE64(stream id).
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
      this.buf = this.cipher.update(Buffer.alloc(256));
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

// §11.3: stack k is the k-th Fisher–Yates shuffle of YYYNNN on stream 4.
function stacks(key, count) {
  const s = new Stream(key, STREAM_CARDS);
  const out = [];
  for (let k = 0; k < count; k++) {
    const cards = ['Y', 'Y', 'Y', 'N', 'N', 'N'];
    for (let i = 5; i >= 1; i--) {
      const j = s.uniform(i + 1);
      [cards[i], cards[j]] = [cards[j], cards[i]];
    }
    out.push(cards.join(''));
  }
  return out;
}

function check(c) {
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
  expect('stacks', stacks(key, c.stacks.length), c.stacks);
  return problems;
}

const file = process.argv[2];
if (!file) {
  console.error('usage: node cards.mjs <cards-vectors.json>');
  process.exit(2);
}
const vectors = JSON.parse(readFileSync(file, 'utf8'));
let passed = 0;
let failed = 0;
for (const c of vectors.cases) {
  let problems;
  try {
    problems = check(c);
  } catch (e) {
    problems = [`error: ${e.message}`];
  }
  if (problems.length === 0) {
    passed++;
    console.log(`ok   ${c.name}: commitment ${c.commitment.slice(0, 16)}…, stacks ${c.stacks.slice(0, 4).join(' ')}…`);
  } else {
    failed++;
    console.log(`FAIL ${c.name}: ${problems.join('; ')}`);
  }
}
console.log(`cards verifier: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
