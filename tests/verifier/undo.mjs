#!/usr/bin/env node
// Independent verifier of Undo Chess's drawn start position (v1), written
// from docs/fairness.md §12 alone. Node 20, no dependencies beyond node:crypto.
//
//   node tests/verifier/undo.mjs tests/vectors/undo-v1.json
//
// It checks the Chess960 numbering of all 960 positions against the file's
// `back_ranks`, then for every case parses the setup text, recomputes the
// setup bytes, the commitment, the stream key, the first words of stream 5,
// the drawn number, its back rank and FEN. It prints one line per case and a
// final line "undo verifier: N passed, M failed" (exit status 1 on any failure).

import { createHash, createCipheriv } from 'node:crypto';
import { readFileSync } from 'node:fs';

const COMMIT_DOMAIN = 'undo-chess/commitment/v1';
const WORDS_DOMAIN = 'nordau-shift/player-words/v1';
const STREAM_CHESS960 = 5n;

const sha256 = (buf) => createHash('sha256').update(buf).digest();
const u8 = (v) => Buffer.from([v]);
const u32 = (v) => { const b = Buffer.alloc(4); b.writeUInt32BE(v); return b; };
const lp = (bytes) => Buffer.concat([u32(bytes.length), bytes]);

// ---- §12.2 the numbering (Scharnagl)
const KNIGHTS = [[0, 1], [0, 2], [0, 3], [0, 4], [1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]];

function backRank(n) {
  const r = Array(8).fill(null);
  r[2 * (n % 4) + 1] = 'B';
  n = Math.floor(n / 4);
  r[2 * (n % 4)] = 'B';
  n = Math.floor(n / 4);
  const empty = () => r.map((c, i) => (c === null ? i : -1)).filter((i) => i >= 0);
  r[empty()[n % 6]] = 'Q';
  n = Math.floor(n / 6);
  const free = empty();
  const [a, b] = KNIGHTS[n];
  r[free[a]] = 'N';
  r[free[b]] = 'N';
  empty().forEach((sq, i) => { r[sq] = 'RKR'[i]; });
  return r.join('');
}

const startFen = (rank) => `${rank.toLowerCase()}/pppppppp/8/8/8/8/PPPPPPPP/${rank} w KQkq - 0 1`;

// ---- §12.1 setup text: uc1.<start>.<tokens>.<bases>.<stages>.<white>_<black>
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

const INC_KINDS = { n: 0, f: 1, b: 2, d: 3 };

function parseStage(s) {
  const p = s.split('-');
  if (p.length !== 3) throw new Error(`stage '${s}'`);
  let kind;
  let ms = 0;
  if (p[2] === 'n') kind = 0;
  else if (/^[fbd]/.test(p[2])) { kind = INC_KINDS[p[2][0]]; ms = num(p[2].slice(1)); }
  else throw new Error(`increment '${p[2]}'`);
  return { moves: num(p[0]), add: num(p[1]), kind, ms };
}

function parseSetup(text) {
  if (/[^A-Za-z0-9._%-]/.test(text)) throw new Error('bad character');
  const f = text.split('.');
  if (f.length !== 6) throw new Error(`${f.length} fields`);
  if (f[0] !== 'uc1') throw new Error(`version ${f[0]}`);
  let start = null;
  if (f[1] !== 'r') {
    start = num(f[1]);
    if (start > 959) throw new Error(`start ${start}`);
  }
  const tokens = f[2].split('-').map(num);
  const bases = f[3].split('-').map(num);
  if (tokens.length !== 2 || bases.length !== 2) throw new Error('tokens or bases');
  if (tokens.some((t) => t > 3)) throw new Error('tokens above 3');
  const stages = f[4].split('_').map(parseStage);
  const names = f[5].split('_');
  if (names.length !== 2) throw new Error('names');
  return { start, tokens, bases, stages, names: names.map(decodeName) };
}

function setupText(s) {
  const inc = (st) => (st.kind === 0 ? 'n' : `${'nfbd'[st.kind]}${st.ms}`);
  return [
    'uc1',
    s.start === null ? 'r' : String(s.start),
    s.tokens.join('-'),
    s.bases.join('-'),
    s.stages.map((st) => `${st.moves}-${st.add}-${inc(st)}`).join('_'),
    s.names.map(encodeName).join('_'),
  ].join('.');
}

// §12.2 the commitment
function setupBytes(s) {
  const parts = [u8(s.start === null ? 0 : 1), u32(s.start ?? 0), u32(s.tokens[0]), u32(s.tokens[1]),
    u32(s.bases[0]), u32(s.bases[1]), u32(s.stages.length)];
  for (const st of s.stages) parts.push(u32(st.moves), u32(st.add), u8(st.kind), u32(st.ms));
  parts.push(u32(2), ...s.names.map(lp));
  return Buffer.concat(parts);
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

function check(c) {
  const problems = [];
  const expect = (what, got, want) => {
    if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  };
  const seed = Buffer.from(c.seed, 'hex');
  if (seed.length !== 32) return ['seed is not 32 bytes'];
  const setup = parseSetup(c.setup);
  if (setup.start !== null) return ['the setup names its start: nothing was drawn'];
  expect('setup text round trip', setupText(setup), c.setup);
  const sb = setupBytes(setup);
  expect('setup bytes', sb.toString('hex'), c.setup_bytes);
  const commitment = sha256(Buffer.concat([lp(Buffer.from(COMMIT_DOMAIN)), sb, seed]));
  expect('commitment', commitment.toString('hex'), c.commitment);
  const key = streamKey(seed, c.words);
  expect('key', key.toString('hex'), c.key);
  const raw = new Stream(key, STREAM_CHESS960);
  const words = c.stream5_words.map(() => raw.nextWord().toString(16).padStart(8, '0'));
  expect('stream 5 words', words, c.stream5_words);
  const n = new Stream(key, STREAM_CHESS960).uniform(960);
  expect('start', n, c.start);
  expect('back rank', backRank(n), c.back_rank);
  expect('fen', startFen(backRank(n)), c.fen);
  return problems;
}

const file = process.argv[2];
if (!file) {
  console.error('usage: node undo.mjs <undo-vectors.json>');
  process.exit(2);
}
const vectors = JSON.parse(readFileSync(file, 'utf8'));
let numbering = 0;
const ranks = vectors.back_ranks ?? [];
for (let n = 0; n < 960; n++) if (ranks[n] === backRank(n)) numbering++;
const anchors = backRank(0) === 'BBQNNRKR' && backRank(518) === 'RNBQKBNR' && backRank(959) === 'RKRNNQBB';
console.log(`numbering: ${numbering} back ranks agree${anchors ? '' : ' (ANCHORS WRONG)'}`);
let passed = 0;
let failed = numbering === 960 && anchors ? 0 : 1;
for (const c of vectors.cases) {
  let problems;
  try {
    problems = check(c);
  } catch (e) {
    problems = [`error: ${e.message}`];
  }
  if (problems.length === 0) {
    passed++;
    console.log(`ok   ${c.name}: commitment ${c.commitment.slice(0, 16)}…, start ${c.start} ${c.back_rank}`);
  } else {
    failed++;
    console.log(`FAIL ${c.name}: ${problems.join('; ')}`);
  }
}
console.log(`undo verifier: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
