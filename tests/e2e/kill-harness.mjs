// "Kill at random, lose nothing" (issue #13): plays a game module with random
// legal actions read off the screen (taps on the clock halves, board moves and
// drops, pauses, undos, menu actions, swaps, next games, waits so the clocks
// run), kills the page at a random moment — CDP `Page.crash` or closing the
// tab, right after a painted action or while an action is in flight — reopens
// it in the same browser profile and compares what comes back with what was on
// screen before the kill:
//
// * the saved log (localStorage) holds every event of the last painted state
//   (0 events lost); anything more is explained by the action in flight or a
//   flag that fell meanwhile; a game never half-applied;
// * with nothing more in the log, the resumed screen is the painted one (its
//   position, pockets, turn, counters, names, seats, scores, commitment);
// * no clock gained time: a running clock shows at most what it showed minus
//   the real time since (one display unit of rounding), a stopped one exactly
//   what it showed; a flag falls only once the time is really gone;
// * no page error, no "damaged save" notice, no crash notice.
//
// Used by tests/e2e/kill.test.mjs (fixed seeds, CI) and tests/bench/kill.mjs
// (hundreds of random seeds, a tally). Time is the real clock here: the point
// is that a clock keeps running while the page is dead.
import { collectPageErrors, phoneContext } from "./harness.mjs";

/** The swap notice's correction buttons, while it shows (it is kept, hidden, between swaps). */
const NOTICE_BUTTONS = ".swap-overlay:not([hidden]) .swap-corrections button:not([hidden] *)";

// ---- randomness ------------------------------------------------------------------

/** mulberry32: a small seeded PRNG, [0, 1). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Rng {
  constructor(seed) {
    this.next = mulberry32(seed);
  }
  /** An integer in [lo, hi]. */
  int(lo, hi) {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p) {
    return this.next() < p;
  }
  pick(list) {
    return list[Math.floor(this.next() * list.length)];
  }
  /** One of `[weight, value]` pairs, by weight. */
  weighted(pairs) {
    const live = pairs.filter(([w]) => w > 0);
    let r = this.next() * live.reduce((s, [w]) => s + w, 0);
    for (const [w, v] of live) {
      if ((r -= w) < 0) return v;
    }
    return live.at(-1)?.[1];
  }
  shuffle(list) {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
/** Whether `promise` settles within `ms` (its error ignored). */
const within = (promise, ms) => {
  let timer;
  return Promise.race([
    promise.then(() => true, () => true),
    new Promise((done) => (timer = setTimeout(() => done(false), ms))),
  ]).finally(() => clearTimeout(timer));
};

// ---- the modules ---------------------------------------------------------------

export const MODULES = {
  crazyhouse: {
    route: "#/crazyhouse",
    key: "crazyhouse.game",
    ready: ".zh-setup, .zh-play, .zh-end, .damaged-notice, .elsewhere",
  },
  nordau: {
    route: "#/nordau",
    key: "nordau-shift.table",
    ready: ".ns-setup, .commit-screen, .game-play, .game-end, .damaged-notice, .elsewhere",
  },
  bughouse: {
    route: "#/bughouse",
    key: "bughouse.match",
    ready: ".bh-setup, .bh-play, .bh-end, .damaged-notice, .elsewhere",
  },
  cards: {
    route: "#/cards",
    key: "cards.game",
    ready: ".cs-setup, .cs-commit, .cs-arrange, .cs-play, .cs-end, .damaged-notice, .elsewhere",
  },
  undo: {
    route: "#/undo",
    key: "undo.game",
    ready: ".uc-setup, .uc-commit, .uc-play, .uc-end, .damaged-notice, .elsewhere",
  },
};

/** Card duel: screens that hold only what is on screen (a card being laid, the hand-back); a reopen shows the one before. */
const CS_UI_ONLY = ["cs-lay", "cs-handback"];

/** Bughouse's four clocks: board A or B, White or Black (the quadrants' `data-seat`). */
const BH_SEATS = ["Aw", "Ab", "Bw", "Bb"];

/** NS-7 default block (the harness plays the default Nordau setup). */
const NORDAU_BLOCK_MS = 15_000;
/** Scheduling slack on top of a display unit when comparing clocks (ms). */
const SLACK_MS = 250;
/** Crazyhouse time controls the harness picks from (short, so low time and flags happen). */
const ZH_CONTROLS = [
  { preset: 0 }, // 3 + 2
  { custom: { white: "0.5", black: "0.5", kind: "1", seconds: "2" } }, // Fischer
  { custom: { white: "0.5", black: "1", kind: "2", seconds: "3" } }, // Bronstein
  { custom: { white: "0.5", black: "0.5", kind: "3", seconds: "3" } }, // simple delay
  { custom: { white: "1", black: "0.5", kind: "0", seconds: "0" } }, // none
];
const ZH_NAMES = ["Dana", "Yossi"];
const NS_NAMES = ["Anna", "Boris", "Chen"];
/** Bughouse time controls (a preset chip, or custom minutes per seat and an increment kind). */
const BH_CONTROLS = [
  { preset: 0 }, // 3 + 0
  { preset: 2 }, // 2 + 1
  { custom: { minutes: ["0.5", "0.5", "0.5", "0.5"], kind: "0", seconds: "0" } }, // none
  { custom: { minutes: ["0.5", "0.5", "1", "0.5"], kind: "1", seconds: "2" } }, // Fischer, handicaps
  { custom: { minutes: ["0.5", "1", "0.5", "0.5"], kind: "3", seconds: "3" } }, // simple delay
];
const BH_NAMES = ["Ann", "Bob", "Cleo", "Dan"];
const WORDS = ["", "", "blue whale", "tea", "seven hedgehogs", "Ёжик"];

// ---- reading the screen --------------------------------------------------------------

/**
 * Everything the harness compares, read in the page in one go. `nudge` first
 * makes the clock faces current (the tickers' own visibility listener sets the
 * screen's time to now), so a face is never a stale redraw.
 */
async function pageSnapshot({ key, nudge, seats }) {
  if (nudge) {
    document.dispatchEvent(new Event("visibilitychange"));
    await new Promise((done) => setTimeout(done, 0));
  }
  const now = Date.now();
  const q = (s, root = document) => root.querySelector(s);
  const qa = (s, root = document) => [...root.querySelectorAll(s)];
  const txt = (el) => (el ? el.textContent.replace(/\s+/g, " ").trim() : null);
  const plain = (el) => {
    if (!el) return null;
    const copy = el.cloneNode(true);
    copy.querySelectorAll("button, input, select, textarea, .sr-only, a, svg, .sheet-backdrop").forEach((n) => n.remove());
    return txt(copy);
  };
  let screen = null;
  // Undo Chess first: its play and end screens also carry the shared ns-/zh- classes.
  if (q(".uc-setup")) screen = "uc-setup";
  else if (q(".uc-commit")) screen = "uc-commit";
  else if (q(".uc-play")) screen = "uc-play";
  else if (q(".uc-end")) screen = "uc-end";
  else if (q(".cs-setup")) screen = "cs-setup";
  else if (q(".cs-commit")) screen = "cs-commit";
  else if (q(".cs-lay")) screen = "cs-lay";
  else if (q(".cs-pass")) screen = "cs-pass";
  else if (q(".cs-handback")) screen = "cs-handback";
  else if (q(".cs-play")) screen = "cs-play";
  else if (q(".cs-end")) screen = "cs-end";
  else if (q(".bh-setup")) screen = "bh-setup";
  else if (q(".bh-play")) screen = "bh-play";
  else if (q(".bh-end")) screen = "bh-end";
  else if (q(".zh-setup")) screen = "zh-setup";
  else if (q(".zh-play")) screen = "zh-play";
  else if (q(".zh-end")) screen = "zh-end";
  else if (q(".ns-setup")) screen = "ns-setup";
  else if (q(".commit-screen")) screen = q(".commit-screen .seat-list") ? "ns-drawn" : "ns-committed";
  else if (q(".game-play")) screen = "game-play";
  else if (q(".game-end")) screen = "game-end";
  const half = (colour) => {
    const el = q(`.game-play .half.${colour}-seat`);
    if (!el) return null;
    const status = q(".half-status", el)?.cloneNode(true);
    status?.querySelectorAll(".delay").forEach((n) => n.remove());
    // Undo Chess says a running delay inside the status ("Your move · delay 1.4 · 2 tokens").
    const ucDelay = screen === "uc-play" ? / · delay \d+\.\d/i.exec(txt(status) ?? "") : null;
    return {
      name: txt(q(".half-name", el)),
      bank: txt(q(".bank", el)),
      status: ucDelay ? txt(status).replace(ucDelay[0], "") : txt(status),
      delay: ucDelay ? ucDelay[0].slice(3) : txt(q(".delay", el)),
      toMove: el.classList.contains("to-move"),
      starts: el.classList.contains("starts"),
    };
  };
  const play = screen === "zh-play" || screen === "game-play" || screen === "cs-play" || screen === "uc-play";
  // Bughouse: the four quadrants (clock mode; in board mode, the two of each board's panel).
  const quad = (seat) => {
    const el = q(`.bh-play .bh-quad[data-seat=${seat}] .half`);
    if (!el) return null;
    const status = q(".half-status", el)?.cloneNode(true);
    status?.querySelectorAll(".bh-place").forEach((n) => n.remove());
    // The status ends with the delay while one runs ("Tap when moved · Delay 1.4").
    const said = txt(status) ?? "";
    return {
      name: txt(q(".half-name", el)),
      bank: txt(q(".bank", el)),
      status: said.split(" · ")[0],
      delay: said.includes(" · ") ? said : null,
      toMove: el.classList.contains("to-move"),
      starts: el.classList.contains("starts"),
    };
  };
  const bh = screen === "bh-play";
  const clocks = bh
    ? Object.fromEntries(seats.map((s) => [s, quad(s)]))
    : play
      ? { white: half("white"), black: half("black") }
      : null;
  const position = (root) =>
    qa(".board .sq", root)
      .map((sq) => {
        const piece = q(".piece", sq);
        return piece ? `${sq.dataset.square}=${piece.classList.contains("w") ? "w" : "b"}${piece.textContent.trim()}` : null;
      })
      .filter(Boolean)
      .join(" ");
  return {
    now,
    screen,
    damaged: q(".damaged-notice") !== null,
    crashNotice: q(".crash-notice") !== null,
    // "One window owns a running game" (another change): its notice, if any.
    ownerNotice: q(".elsewhere") !== null,
    notice: txt(q(".middle-notice")),
    sheet: q(".sheet") !== null,
    // What the menu says (e.g. who agreed to a draw): to see an action land, not compared.
    sheetText: txt(q(".sheet")),
    white: play ? half("white") : null,
    black: play ? half("black") : null,
    counters: qa(".middle-info .counter strong").map(txt),
    observer: txt(q(".observer-name")),
    score: txt(q(".middle-score")),
    board: qa(".game-play .board .sq")
      .map((sq) => {
        const piece = q(".piece", sq);
        return piece ? `${sq.dataset.square}=${piece.classList.contains("w") ? "w" : "b"}${piece.textContent.trim()}` : null;
      })
      .filter(Boolean)
      .join(" "),
    pockets: qa(".game-play .pocket-piece")
      .map((p) => `${p.dataset.colour[0]}${p.dataset.piece}${txt(q(".pocket-count", p))}`)
      .join(" "),
    boardStatus: txt(q(".game-play .board-status")),
    boardNotice: txt(q(".game-play .board-notice")),
    swap: txt(q(".swap-overlay:not([hidden]) #swap-near .swap-message")),
    endText: plain(q(".zh-end, .game-end")),
    endClocks: qa(".zh-end .score-table tr, .cs-end .score-table tr, .uc-end .score-table tr, .bh-end .bh-final-clocks tr").map((tr) => [...tr.children].map(txt)),
    commitment: txt(q("[data-testid=commitment]")),
    seats: qa(".commit-screen .seat-list .seat-name").map(txt),
    unsealed: q(".unsealed-warning") !== null,
    leftDraw: txt(q("[data-testid=left-draw]")),
    // Card duel: the turned cards, the series and the refused moves; the pass screen.
    csSeries: txt(q(".cs-series")),
    csPass: txt(q(".cs-pass")),
    // Undo Chess: the undo line (what an undo would take back, or the moves to
    // take back), UC-7's decision (its title; the buttons' armed state is the
    // screen's only), the back-rank diagram in clock mode.
    ucUndoLine: screen === "uc-play" ? txt(q(".uc-undo-line")) : null,
    ucDecision: screen === "uc-play" ? txt(q(".uc-decision-title")) : null,
    ucDiagram: screen === "uc-play" && q(".uc-diagram") ? `${txt(q(".uc-position-no"))}${q(".uc-diagram.compact") ? " compact" : ""}` : null,
    clocks,
    // Bughouse: each board's undo button, and in board mode its position, pockets and notices.
    bhUndo: bh ? qa(".bh-undo").map((u) => `${u.classList.contains("board-a") ? "A" : "B"}:${u.querySelector("button") ? 1 : 0}`).join(" ") : null,
    bhBoards: bh
      ? qa(".bh-panel").map((panel) => ({
          board: panel.classList.contains("board-a") ? "A" : "B",
          position: position(panel),
          pockets: qa(".pocket-piece", panel)
            .map((p) => `${p.dataset.colour?.[0]}${p.dataset.piece}${txt(q(".pocket-count", p))}`)
            .join(" "),
          status: txt(q(".board-status", panel)),
          notice: txt(q(".board-notice", panel)),
        }))
      : null,
    save: localStorage.getItem(key),
  };
}

/** What can be tapped now (the harness picks among these). */
function pageOptions(noticeButtons) {
  const q = (s) => document.querySelector(s);
  const qa = (s) => [...document.querySelectorAll(s)];
  const enabled = (el) => el && !el.disabled;
  const half = (c) => q(`.game-play .half.${c}-seat`);
  const colours = ["white", "black"];
  const toMove = colours.find((c) => half(c)?.classList.contains("to-move")) ?? null;
  const label = (el) => el.textContent.replace(/\s+/g, " ").trim();
  const pieces = [];
  if (toMove && q(".game-play .board") && !q(".promotion")) {
    const cls = toMove === "white" ? "w" : "b";
    for (const sq of qa(".game-play .board .sq")) if (sq.querySelector(`.piece.${cls}`)) pieces.push(`sq:${sq.dataset.square}`);
    for (const p of qa(`.game-play .pocket-piece[data-colour=${toMove}]`)) if (!p.disabled) pieces.push(`pocket:${p.dataset.piece}`);
  }
  return {
    starts: colours.find((c) => half(c)?.classList.contains("starts")) ?? null,
    toMove,
    board: q(".game-play .board") !== null,
    pieces,
    pause: enabled(q(".middle-controls > button.button:not(.undo):not(.primary)")),
    resume: q(".middle-controls > button.primary") !== null,
    undo: enabled(q(".middle-controls > button.undo")),
    menu: q(".middle-controls .menu-button") !== null,
    overlay: q(".swap-overlay:not([hidden])") !== null,
    overlayButtons: qa(noticeButtons).map(label),
    sheet: q(".sheet") !== null,
    sheetButtons: qa(".sheet button").map((b) => ({ label: label(b), enabled: !b.disabled, adjust: b.closest(".adjust-row") !== null, head: b.closest(".sheet-head") !== null })),
    endButtons: qa(".zh-end .end-actions button, .game-end .end-actions button").map((b) => ({ label: label(b), primary: b.classList.contains("primary"), newSetup: b.classList.contains("new-setup") })),
    commitButtons: qa(".commit-screen button").map((b) => ({ label: label(b), primary: b.classList.contains("primary"), link: b.classList.contains("link") })),
    // Bughouse: the quadrants that start the match or run, the undo buttons, board mode.
    // (In board mode only the shown board's panel can be tapped.)
    bhStarts: qa(".bh-play .bh-quad .half.starts")
      .filter((h) => !h.closest(".bh-panel") || h.closest(".bh-panel.shown"))
      .map((h) => h.closest(".bh-quad").dataset.seat),
    bhToMove: qa(".bh-play .bh-quad .half.to-move").map((h) => h.closest(".bh-quad").dataset.seat),
    bhUndo: qa(".bh-play .bh-undo button").map((b) => (b.closest(".bh-undo").classList.contains("board-a") ? "a" : "b")),
    bhBoardMode: q(".bh-play.board-mode") !== null,
    bhShown: q(".bh-panel.shown")?.classList.contains("board-a") ? "A" : q(".bh-panel.shown") ? "B" : null,
    // Card duel: "gives check" (clock mode), the menu of a game without a clock, a blind game's end.
    csCheck: q(".cs-check") !== null,
    csMenu: q(".cs-middle .menu-button") !== null,
    csBlindEnd: q(".cs-end [data-testid=reveal-seed]") !== null,
    // Undo Chess: UC-7's decision (Undo, Accept; each a second tap to confirm).
    ucDecision: q(".uc-play .uc-decision") !== null,
  };
}

/** Bughouse board mode: the own pieces (squares, pocket) of the side to move on the shown board. */
function pageBhPieces() {
  const panel = document.querySelector(".bh-play .bh-panel.shown");
  if (!panel || panel.querySelector(".promotion")) return [];
  const running = panel.querySelector(".bh-quad .half.to-move");
  if (!running) return [];
  const colour = running.closest(".bh-quad").dataset.seat[1] === "w" ? "white" : "black";
  const cls = colour === "white" ? "w" : "b";
  const pieces = [];
  for (const sq of panel.querySelectorAll(".board .sq")) if (sq.querySelector(`.piece.${cls}`)) pieces.push(`sq:${sq.dataset.square}`);
  for (const p of panel.querySelectorAll(`.pocket-piece[data-colour=${colour}]`)) if (!p.disabled) pieces.push(`pocket:${p.dataset.piece}`);
  return pieces;
}

/** Finds the first own piece (in `order`) with legal targets and leaves it selected. */
async function pageSelectPiece({ order, root = ".game-play" }) {
  const tick = () => new Promise((done) => setTimeout(done, 0));
  for (const id of order) {
    const [kind, name] = id.split(":");
    const el =
      kind === "sq"
        ? document.querySelector(`${root} .sq[data-square=${name}]`)
        : document.querySelector(`${root} .pocket-piece[data-piece=${name}]:not([disabled])`);
    if (!el) continue;
    el.click();
    await tick();
    const targets = [...document.querySelectorAll(`${root} .sq.target`)].map((t) => t.dataset.square);
    if (targets.length) {
      const pawn = kind === "sq" && el.querySelector(".piece")?.textContent.trim() === "♟";
      return { id, from: kind === "sq" ? name : `${name}@`, pawn, targets };
    }
  }
  return null;
}

// ---- saves -------------------------------------------------------------------------

/**
 * The save as the harness compares it: the stage, a game identity, the events
 * (with their times), and for Nordau the session's games and draws.
 */
export function parseSave(module, raw) {
  if (raw == null) return { stage: "none", id: null, events: [], games: [], draws: [], control: null };
  let v;
  try {
    v = JSON.parse(raw);
  } catch (e) {
    return { stage: "unreadable", id: null, events: [], games: [], draws: [], error: String(e) };
  }
  if (module === "bughouse") {
    return { stage: "game", id: JSON.stringify(v.setup), events: v.events ?? [], games: [], draws: [], control: v.setup?.controls ?? [] };
  }
  if (module === "cards") {
    // A sealed save's stacks are ciphertext until the game is over, then plain: compared as "•".
    const events = (v.events ?? []).map((e) => (e.event?.type === "set_stack" ? { ...e, event: { ...e.event, stack: "•" } } : e));
    const clock = v.setup?.clock;
    return {
      stage: v.awaiting_words ? "words" : "game",
      id: JSON.stringify(v.setup),
      events,
      games: [],
      draws: [],
      control: clock ? { stages: [{ increment: { type: "fischer", ms: clock.increment_ms } }] } : null,
    };
  }
  if (module === "crazyhouse" || module === "undo") {
    return { stage: "game", id: JSON.stringify(v.setup), events: v.events ?? [], games: [], draws: [], control: v.setup?.control };
  }
  const st = v.stage ?? {};
  const log = st.log;
  const seed = log ? log.seed : st.seed;
  return {
    stage: st.stage ?? "?",
    // The seed is sealed while secret and readable once revealed: it is part
    // of the identity only when both sides of a comparison show it readable.
    id: JSON.stringify(log ? { setup: log.setup, words: log.words } : { setup: st.setup ?? null, mode: st.mode ?? null }),
    seed: seed === "sealed" ? `sealed:${v.sealed_seed}` : seed ?? null,
    events: log?.events ?? [],
    games: v.session?.games ?? [],
    draws: v.session?.draws ?? [],
    control: null,
  };
}

/** One game: its identity and, for Nordau, its seed (sealed or not, the first event's time). */
const gameKey = (save) => `${save.id}|${save.events[0]?.t_ms ?? ""}`;
const eventType = (e) => e?.event?.type ?? "?";
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** The largest a clock may grow through one press (increment, stage bonus). */
function pressGainMs(module, save) {
  if (module === "nordau") return NORDAU_BLOCK_MS;
  let gain = 0;
  const controls = Array.isArray(save.control) ? save.control : [save.control];
  for (const stage of controls.flatMap((c) => c?.stages ?? [])) {
    const inc = stage.increment ?? {};
    const ms = inc.type === "fischer" || inc.type === "bronstein" ? inc.ms ?? 0 : 0;
    gain = Math.max(gain, ms + (stage.add_ms ?? 0));
  }
  return gain;
}

// ---- clocks ---------------------------------------------------------------------------

/** A clock face in ms: `h:mm:ss`, `m:ss`, `s.t`. */
export function faceMs(face) {
  if (face == null) return null;
  let m;
  if ((m = /^(\d+):(\d\d):(\d\d)$/.exec(face))) return ((+m[1] * 60 + +m[2]) * 60 + +m[3]) * 1000;
  if ((m = /^(\d+):(\d\d)$/.exec(face))) return (+m[1] * 60 + +m[2]) * 1000;
  if ((m = /^(\d+)\.(\d)$/.exec(face))) return +m[1] * 1000 + +m[2] * 100;
  return NaN;
}
const unitOf = (ms) => (ms < 10_000 ? 100 : 1000);
const delayMs = (text) => {
  const m = /(\d+)\.(\d)\s*$/.exec(text ?? "");
  return m ? +m[1] * 1000 + +m[2] * 100 + 100 : 0;
};

// ---- one series: a context, a page, kill points one after another -------------------

/**
 * A phone playing one module in one browser context (one profile: its
 * localStorage and IndexedDB survive every kill), killed and reopened again
 * and again. `killPoint(seed)` runs one kill point and returns its record.
 */
export class KillSeries {
  constructor({ browser, url, module, maxActions = 6, maxDowntimeMs = 1200, timeoutMs = 90_000 }) {
    Object.assign(this, { browser, url, module, maxActions, maxDowntimeMs, timeoutMs });
    this.spec = MODULES[module];
    this.context = null;
    this.page = null;
    this.highest = new Map();
  }

  async open() {
    this.context = await phoneContext(this.browser);
    await this.openPage();
  }

  async close() {
    await this.context?.close().catch(() => {});
  }

  /** Opens the module in a new tab and waits until its screen is up. */
  async openPage() {
    const page = await this.newTab();
    this.errors = collectPageErrors(page);
    const started = Date.now();
    await page.goto(`${this.url}${this.spec.route}`, { waitUntil: "domcontentloaded" });
    await page.locator(this.spec.ready).first().waitFor({ timeout: 20_000 });
    // "Open in another window" (one window owns a game): the killed tab held
    // the game. Wait for the notice to go; if it stays, take over (one tap, as
    // a player would) and count it.
    this.ownerWaitMs = 0;
    this.tookOver = false;
    for (let snap = await this.snap(false); snap.ownerNotice; snap = await this.snap(false)) {
      this.ownerWaitMs = Date.now() - started;
      if (this.ownerWaitMs > 3_000 && !this.tookOver) {
        this.tookOver = true;
        await page.locator(".elsewhere .take-over").tap({ timeout: 5_000 });
      }
      if (this.ownerWaitMs > 10_000) break;
      await sleep(50);
    }
    if (this.ownerWaitMs) await page.locator(this.spec.ready).first().waitFor({ timeout: 5_000 });
    return page;
  }

  /** A new tab, with a CDP session of its own (for Page.crash) and its target id. */
  async newTab() {
    this.page = await this.context.newPage();
    this.cdp = await this.context.newCDPSession(this.page);
    this.targetId = (await this.cdp.send("Target.getTargetInfo")).targetInfo.targetId;
    return this.page;
  }

  snap(nudge = true, page = this.page) {
    return page.evaluate(pageSnapshot, { key: this.spec.key, nudge, seats: BH_SEATS });
  }

  /**
   * A snapshot with its save parsed. The highest face each clock showed in
   * each game is kept: an undo may give a clock back what it showed, no more.
   */
  async state(nudge = true) {
    const s = await this.snap(nudge);
    s.saved = parseSave(this.module, s.save);
    if (s.clocks) {
      const key = gameKey(s.saved);
      const seen = this.highest.get(key) ?? {};
      for (const c of Object.keys(s.clocks)) seen[c] = Math.max(seen[c] ?? 0, faceMs(s.clocks[c].bank) || 0);
      this.highest.set(key, seen);
    }
    return s;
  }

  // ---- actions --------------------------------------------------------------------------

  /**
   * Picks an action legal on the current screen. Each is `{ name, events,
   * pre: [steps], final: step | null, wait }`: `pre` steps are taps that
   * change only what is on screen (select a piece, open a confirmation),
   * `final` is the tap that sends the event(s) `events` (the types the log
   * may gain from it); `eventOnly` leaves out actions without one.
   */
  async choose(rng, { eventOnly = false } = {}) {
    const page = this.page;
    const snap = await this.snap(false);
    const o = await page.evaluate(pageOptions, NOTICE_BUTTONS);
    const tap = (selector, nth = 0) => ({ selector, nth });
    const choices = [];
    const add = (weight, action) => choices.push([weight, action]);
    const zh = this.module === "crazyhouse";
    switch (snap.screen) {
      case "zh-setup":
        add(1, { name: "setup-start", events: ["start-game"], setup: this.pickZhSetup(rng), final: tap(".zh-setup button.primary.big") });
        break;
      case "ns-setup":
        add(1, { name: "setup-start", events: ["stage:committed"], board: rng.chance(0.4), final: tap(".ns-setup button.primary.big") });
        break;
      case "ns-committed": {
        const lock = o.commitButtons.findIndex((b) => b.primary);
        const change = o.commitButtons.findIndex((b) => b.link);
        add(8, { name: "lock-words", events: ["stage:drawn"], words: true, final: tap(".commit-screen button", lock) });
        if (change >= 0) add(0.5, { name: "change-setup", events: ["stage:setup"], final: tap(".commit-screen button", change) });
        break;
      }
      case "ns-drawn": {
        const begin = o.commitButtons.findIndex((b) => b.primary);
        const abandon = o.commitButtons.findIndex((b) => /^Abandon this draw/.test(b.label));
        add(8, { name: "begin", events: ["stage:playing"], final: tap(".commit-screen button", begin) });
        if (abandon >= 0) add(0.5, { name: "abandon-draw", events: ["stage:setup"], pre: [tap(".commit-screen button", abandon)], final: tap(".commit-screen button", abandon) });
        break;
      }
      case "zh-play":
      case "game-play":
        if (o.sheet) {
          const buttons = o.sheetButtons;
          const idx = (re) => buttons.findIndex((b) => b.enabled && re.test(b.label));
          const confirm = (weight, name, re, events) => {
            const i = idx(re);
            if (i >= 0) add(weight, { name, events, pre: [tap(".sheet button", i)], final: tap(".sheet button", i) });
          };
          const close = buttons.findIndex((b) => b.head);
          add(5, { name: "menu-close", events: ["resume"], ui: "sheet-closed", final: tap(".sheet button", close) });
          confirm(0.8, "resign", /resigns$/, ["resign"]);
          if (zh) {
            confirm(0.6, "agree-draw", /^Both agree to a draw$/, ["agree_draw"]);
            confirm(1, "claim-threefold", /^Claim threefold/, ["claim_threefold"]);
            confirm(0.3, "report-mate", /is checkmated$/, ["report"]);
            confirm(0.2, "report-stalemate", /^Stalemate$/, ["report"]);
            confirm(0.25, "discard", /discard/i, ["stage:none"]);
            const adjust = buttons.map((b, i) => (b.adjust ? i : -1)).filter((i) => i >= 0);
            if (adjust.length) add(2, { name: "adjust", events: ["adjust"], gain: 60_000, final: tap(".sheet button", rng.pick(adjust)) });
          } else {
            const agree = buttons.map((b, i) => (b.enabled && / agrees$/.test(b.label) ? i : -1)).filter((i) => i >= 0);
            if (agree.length) add(1.5, { name: "agree-draw", events: ["agree_draw"], final: tap(".sheet button", rng.pick(agree)) });
            confirm(1, "claim-draw", /^Claim draw/, ["claim_draw"]);
            confirm(0.3, "report-mate", /gave mate$/, ["report_mate"]);
            confirm(0.2, "report-stalemate", /^Report stalemate$/, ["report_stalemate"]);
            confirm(0.2, "abandon", /^Abandon game$/, ["stage:setup"]);
          }
          break;
        }
        if (o.overlay) {
          const i = (re) => o.overlayButtons.findIndex((l) => re.test(l));
          add(8, { name: "seated", events: ["seated"], final: tap(".swap-overlay:not([hidden]) button.seated") });
          const undo = i(/^Undo last (tap|move)$/);
          // C-4b: undoing the half-move that announced the swap is a correction.
          if (undo >= 0) add(1, { name: "undo-swap", events: ["undo_press", "correct_after_swap"], undo: true, pre: [tap(NOTICE_BUTTONS, undo)], final: tap(NOTICE_BUTTONS, undo) });
          const mate = i(/gave mate$/);
          if (mate >= 0) add(0.3, { name: "report-mate", events: ["report_mate"], pre: [tap(NOTICE_BUTTONS, mate)], final: tap(NOTICE_BUTTONS, mate) });
          const stale = i(/^Report stalemate$/);
          if (stale >= 0) add(0.2, { name: "report-stalemate", events: ["report_stalemate"], pre: [tap(NOTICE_BUTTONS, stale)], final: tap(NOTICE_BUTTONS, stale) });
          break;
        }
        if (o.starts) add(12, { name: "start", events: ["start"], final: tap(`.game-play .half.${o.starts}-seat`) });
        if (o.toMove && !o.board) add(8, { name: "press", events: ["press"], gain: "press", final: tap(`.game-play .half.${o.toMove}-seat`) });
        if (o.toMove && o.board && o.pieces.length) {
          const picked = await page.evaluate(pageSelectPiece, { order: rng.shuffle(o.pieces) });
          if (picked) {
            const to = rng.pick(picked.targets);
            const promotes = picked.pawn && (to.endsWith("8") || to.endsWith("1"));
            const target = tap(`.game-play .sq[data-square=${to}]`);
            add(8, {
              name: "move",
              events: ["move"],
              gain: "press",
              mv: picked.from + to,
              pre: promotes ? [target, { waitFor: ".promotion" }] : [],
              final: promotes ? tap(".promotion button.promo", rng.int(0, 3)) : target,
            });
          }
        }
        if (o.pause) add(1, { name: "pause", events: ["pause"], final: tap(".middle-controls > button.button:not(.undo):not(.primary)") });
        if (o.resume) add(5, { name: "resume", events: ["resume"], final: tap(".middle-controls > button.primary") });
        if (o.undo) add(1, { name: "undo", events: [zh ? "undo" : "undo_press"], undo: true, pre: [tap(".middle-controls > button.undo"), { waitFor: ".middle-confirm" }], final: tap(".middle-confirm button.danger") });
        if (o.menu) add(1, { name: "menu-open", events: ["pause"], ui: "sheet-open", final: tap(".middle-controls .menu-button") });
        if (!eventOnly) add(1, { name: "wait", events: [], final: null });
        break;
      case "zh-end": {
        const b = o.endButtons;
        const rematch = b.findIndex((x) => x.primary);
        const fresh = b.findIndex((x) => x.newSetup);
        const undo = b.findIndex((x) => /^Undo last move$/.test(x.label));
        add(5, { name: "rematch", events: ["start-game"], final: tap(".zh-end .end-actions button", rematch) });
        if (fresh >= 0) add(1, { name: "new-setup", events: ["stage:none"], final: tap(".zh-end .end-actions button", fresh) });
        if (undo >= 0) add(1, { name: "undo-end", events: ["undo"], undo: true, pre: [tap(".zh-end .end-actions button", undo)], final: tap(".zh-end .end-actions button", undo) });
        break;
      }
      case "game-end": {
        const b = o.endButtons;
        const next = b.findIndex((x) => x.primary);
        const fresh = b.findIndex((x) => /^New session$/.test(x.label));
        add(8, { name: "next-game", events: ["stage:committed"], final: tap(".game-end .end-actions button", next) });
        if (fresh >= 0) add(0.3, { name: "new-session", events: ["stage:setup"], pre: [tap(".game-end .end-actions button", fresh)], final: tap(".game-end .end-actions button", fresh) });
        break;
      }
      case "cs-setup": {
        const setup = this.pickCsSetup(rng);
        add(1, { name: "setup-start", events: [setup.blind ? "stage:words" : "start-game"], setup, final: tap(".cs-setup button.primary.big") });
        break;
      }
      case "cs-commit":
        add(1, { name: "lock-words", events: ["stage:game"], words: true, final: tap(".cs-lock") });
        break;
      case "cs-pass":
        add(1, { name: "open-private", events: [], final: tap(".cs-open-private") });
        break;
      case "cs-lay":
        // Each card tapped once, in a random order: the first three tapped are Yes.
        add(1, {
          name: "lay-stack",
          events: ["set_stack"],
          gain: "press",
          pre: rng.shuffle([0, 1, 2, 3, 4, 5]).map((i) => tap(".cs-card-button", i)),
          final: tap(".cs-confirm-stack"),
        });
        break;
      case "cs-handback":
        add(1, { name: "continue", events: [], final: tap(".cs-continue") });
        break;
      case "cs-play":
        if (o.sheet) {
          const buttons = o.sheetButtons;
          const idx = (re) => buttons.findIndex((b) => b.enabled && re.test(b.label));
          const confirm = (weight, name, re, events) => {
            const i = idx(re);
            if (i >= 0) add(weight, { name, events, pre: [tap(".sheet button", i)], final: tap(".sheet button", i) });
          };
          const close = buttons.findIndex((b) => b.head);
          add(5, { name: "menu-close", events: ["resume"], ui: "sheet-closed", final: tap(".sheet button", close) });
          confirm(0.8, "resign", /resigns$/, ["resign"]);
          confirm(0.6, "agree-draw", /^Agreed draw$/, ["agree_draw"]);
          confirm(1, "claim", /^Claim /, ["claim"]);
          confirm(0.3, "report-mate", /is mated$/, ["report"]);
          confirm(0.2, "report-stalemate", /^Stalemate$/, ["report"]);
          confirm(0.25, "discard", /discard/i, ["stage:none"]);
          const adjust = buttons.map((b, i) => (b.adjust ? i : -1)).filter((i) => i >= 0);
          if (adjust.length) add(2, { name: "adjust", events: ["adjust"], gain: 60_000, final: tap(".sheet button", rng.pick(adjust)) });
          break;
        }
        if (o.starts) add(12, { name: "start", events: ["start"], final: tap(`.cs-play .half.${o.starts}-seat`) });
        if (o.toMove && !o.board) add(8, { name: "played", events: ["played"], gain: "press", final: tap(`.cs-play .half.${o.toMove}-seat`) });
        if (o.toMove && !o.board && o.csCheck) add(1, { name: "played-check", events: ["played"], gain: "press", final: tap(".cs-check") });
        if (o.toMove && o.board && o.pieces.length) {
          const picked = await page.evaluate(pageSelectPiece, { order: rng.shuffle(o.pieces) });
          if (picked) {
            const to = rng.pick(picked.targets);
            const promotes = picked.pawn && (to.endsWith("8") || to.endsWith("1"));
            const target = tap(`.game-play .sq[data-square=${to}]`);
            add(8, {
              name: "move",
              events: ["move"],
              gain: "press",
              mv: picked.from + to,
              pre: promotes ? [target, { waitFor: ".promotion" }] : [],
              final: promotes ? tap(".promotion button.promo", rng.int(0, 3)) : target,
            });
          }
        }
        if (o.pause) add(1, { name: "pause", events: ["pause"], final: tap(".middle-controls > button.button:not(.undo):not(.primary)") });
        if (o.resume) add(5, { name: "resume", events: ["resume"], final: tap(".middle-controls > button.primary") });
        if (o.menu) add(1, { name: "menu-open", events: ["pause"], ui: "sheet-open", final: tap(".middle-controls .menu-button") });
        if (o.csMenu) add(0.5, { name: "menu-open", events: [], ui: "sheet-open", final: tap(".cs-middle .menu-button") });
        if (!eventOnly) add(1, { name: "wait", events: [], final: null });
        break;
      case "cs-end": {
        const b = o.endButtons;
        const rematch = b.findIndex((x) => x.primary);
        const fresh = b.findIndex((x) => x.newSetup);
        add(5, { name: "rematch", events: [o.csBlindEnd ? "stage:words" : "start-game"], final: tap(".cs-end .end-actions button", rematch) });
        if (fresh >= 0) add(1, { name: "new-setup", events: ["stage:none"], final: tap(".cs-end .end-actions button", fresh) });
        break;
      }
      case "uc-setup":
        add(1, { name: "setup-start", events: ["start-game"], setup: this.pickUcSetup(rng), final: tap(".uc-setup button.primary.big") });
        break;
      case "uc-play":
        if (o.sheet) {
          const buttons = o.sheetButtons;
          const idx = (re) => buttons.findIndex((b) => b.enabled && re.test(b.label));
          const confirm = (weight, name, re, events) => {
            const i = idx(re);
            if (i >= 0) add(weight, { name, events, pre: [tap(".sheet button", i)], final: tap(".sheet button", i) });
          };
          const close = buttons.findIndex((b) => b.head);
          add(3, { name: "menu-close", events: ["resume"], ui: "sheet-closed", final: tap(".sheet button", close) });
          confirm(0.8, "resign", /resigns$/, ["resign"]);
          confirm(0.6, "agree-draw", /^Both agree to a draw$/, ["agree_draw"]);
          confirm(1, "claim", /^Claim /, ["claim"]);
          // Clock mode: with a token left, a report opens UC-7's decision.
          confirm(4, "report-mate", /is checkmated$/, ["report"]);
          confirm(1.5, "report-stalemate", /^Stalemate$/, ["report"]);
          confirm(0.25, "discard", /discard/i, ["stage:none"]);
          const adjust = buttons.map((b, i) => (b.adjust ? i : -1)).filter((i) => i >= 0);
          if (adjust.length) add(2, { name: "adjust", events: ["adjust"], gain: 60_000, final: tap(".sheet button", rng.pick(adjust)) });
          break;
        }
        if (o.ucDecision) {
          // UC-7: "Undo (give a token)" or accept, each confirmed by a second tap.
          const button = (i) => tap(".uc-decision .button-row button", i);
          add(6, { name: "decision-undo", events: ["undo"], undo: true, pre: [button(0)], final: button(0) });
          add(4, { name: "decision-accept", events: ["accept"], pre: [button(1)], final: button(1) });
        }
        if (o.starts) add(12, { name: "start", events: ["start"], final: tap(`.game-play .half.${o.starts}-seat`) });
        if (o.toMove && !o.board && !o.ucDecision) add(8, { name: "press", events: ["press"], gain: "press", final: tap(`.game-play .half.${o.toMove}-seat`) });
        if (o.toMove && o.board && !o.ucDecision && o.pieces.length) {
          const picked = await page.evaluate(pageSelectPiece, { order: rng.shuffle(o.pieces) });
          if (picked) {
            const to = rng.pick(picked.targets);
            const promotes = picked.pawn && (to.endsWith("8") || to.endsWith("1"));
            const target = tap(`.game-play .sq[data-square=${to}]`);
            add(8, {
              name: "move",
              events: ["move"],
              gain: "press",
              mv: picked.from + to,
              pre: promotes ? [target, { waitFor: ".promotion" }] : [],
              final: promotes ? tap(".promotion button.promo", rng.int(0, 3)) : target,
            });
          }
        }
        if (o.pause) add(1, { name: "pause", events: ["pause"], final: tap(".middle-controls > button.button:not(.undo):not(.primary)") });
        if (o.resume) add(5, { name: "resume", events: ["resume"], final: tap(".middle-controls > button.primary") });
        if (o.undo) add(2, { name: "undo", events: ["undo"], undo: true, pre: [tap(".middle-controls > button.undo"), { waitFor: ".middle-confirm" }], final: tap(".middle-confirm button.danger") });
        if (o.menu) add(2, { name: "menu-open", events: ["pause"], ui: "sheet-open", final: tap(".middle-controls .menu-button") });
        if (!eventOnly) add(1, { name: "wait", events: [], final: null });
        break;
      case "uc-end": {
        const b = o.endButtons;
        const rematch = b.findIndex((x) => x.primary);
        const fresh = b.findIndex((x) => x.newSetup);
        add(5, { name: "rematch", events: ["start-game"], final: tap(".uc-end .end-actions button", rematch) });
        if (fresh >= 0) add(1, { name: "new-setup", events: ["stage:none"], final: tap(".uc-end .end-actions button", fresh) });
        break;
      }
      case "bh-setup":
        add(1, { name: "setup-start", events: ["start-game"], setup: this.pickBhSetup(rng), final: tap(".bh-setup button.primary.big") });
        break;
      case "bh-play":
        if (o.sheet) {
          const buttons = o.sheetButtons;
          const all = (re) => buttons.map((b, i) => (b.enabled && re.test(b.label) ? i : -1)).filter((i) => i >= 0);
          // A button that asks for a second tap: both taps, on one of those matching.
          const confirm = (weight, name, re, events) => {
            const found = all(re);
            if (!found.length) return;
            const i = rng.pick(found);
            add(weight, { name, events, pre: [tap(".sheet button", i)], final: tap(".sheet button", i) });
          };
          const close = buttons.findIndex((b) => b.head);
          add(5, { name: "menu-close", events: ["resume"], ui: "sheet-closed", final: tap(".sheet button", close) });
          // A match lasts long at 3 minutes a player: the menu ends one now and then.
          confirm(1.5, "resign", /resigns$/, ["resign"]);
          confirm(1, "agree-draw", /^All four agree to a draw$/, ["agree_draw"]);
          confirm(0.3, "report-mate", /is checkmated$/, ["report"]);
          confirm(0.2, "report-nobody", /^Nobody to move can move/, ["report"]);
          confirm(0.25, "discard", /^End and discard this match$/, ["stage:none"]);
          const adjust = buttons.map((b, i) => (b.adjust ? i : -1)).filter((i) => i >= 0);
          if (adjust.length) add(2, { name: "adjust", events: ["adjust"], gain: 60_000, final: tap(".sheet button", rng.pick(adjust)) });
          break;
        }
        if (o.bhStarts.length) add(12, { name: "start", events: ["start"], final: tap(`.bh-play .bh-quad[data-seat=${rng.pick(o.bhStarts)}] .half`) });
        if (o.bhToMove.length && !o.bhBoardMode) {
          const seat = rng.pick(o.bhToMove);
          add(8, { name: "press", events: ["press"], gain: "press", final: tap(`.bh-play .bh-quad[data-seat=${seat}] .half`) });
        }
        if (o.bhToMove.length && o.bhBoardMode) {
          // A board where a clock runs; if it is not the one shown, its tab first (nothing is sent).
          const board = rng.pick(o.bhToMove)[0];
          if (board !== o.bhShown) {
            await page.locator(".bh-tab").nth(board === "A" ? 0 : 1).tap({ timeout: 5_000 });
            await page.locator(`.bh-panel.shown.board-${board.toLowerCase()}`).waitFor({ timeout: 3_000 });
          }
          const pieces = await page.evaluate(pageBhPieces);
          const picked = pieces.length ? await page.evaluate(pageSelectPiece, { order: rng.shuffle(pieces), root: ".bh-panel.shown" }) : null;
          if (picked) {
            const to = rng.pick(picked.targets);
            const promotes = picked.pawn && (to.endsWith("8") || to.endsWith("1"));
            const target = tap(`.bh-panel.shown .sq[data-square=${to}]`);
            add(8, {
              name: "move",
              events: ["move"],
              gain: "press",
              mv: picked.from + to,
              pre: promotes ? [target, { waitFor: ".bh-panel.shown .promotion" }] : [],
              final: promotes ? tap(".bh-panel.shown .promotion button.promo", rng.int(0, 3)) : target,
            });
          }
        }
        if (o.pause) add(1, { name: "pause", events: ["pause"], final: tap(".middle-controls > button.button:not(.undo):not(.primary)") });
        if (o.resume) add(5, { name: "resume", events: ["resume"], final: tap(".middle-controls > button.primary") });
        for (const board of o.bhUndo) {
          const button = tap(`.bh-undo.board-${board} button`);
          add(0.6, { name: `undo-${board}`, events: ["undo"], undo: true, pre: [button], final: button });
        }
        if (o.menu) add(1.5, { name: "menu-open", events: ["pause"], ui: "sheet-open", final: tap(".middle-controls .menu-button") });
        if (!eventOnly) add(1, { name: "wait", events: [], final: null });
        break;
      case "bh-end": {
        const b = o.endButtons;
        const rematch = b.findIndex((x) => x.primary);
        const fresh = b.findIndex((x) => x.newSetup);
        add(5, { name: "rematch", events: ["start-game"], final: tap(".bh-end .end-actions button", rematch) });
        if (fresh >= 0) add(1, { name: "new-setup", events: ["stage:none"], final: tap(".bh-end .end-actions button", fresh) });
        break;
      }
      default:
        break;
    }
    const action = rng.weighted(choices) ?? { name: "wait", events: [], final: null };
    action.pre ??= [];
    return action;
  }

  pickBhSetup(rng) {
    const shift = rng.int(0, 3);
    return { board: rng.chance(0.4), control: rng.pick(BH_CONTROLS), names: BH_NAMES.map((_, i) => BH_NAMES[(i + shift) % 4]) };
  }

  pickCsSetup(rng) {
    const swap = rng.chance(0.5);
    // 3 + 2 or 5 + 3, or no clock.
    return { board: rng.chance(0.5), blind: rng.chance(0.4), clock: rng.chance(0.8) ? rng.int(0, 1) : null, names: swap ? [...ZH_NAMES].reverse() : ZH_NAMES };
  }

  /** Undo Chess: the standard position (518) or a typed number, tokens 0–3 each (mostly some), a Crazyhouse-like time control. */
  pickUcSetup(rng) {
    const swap = rng.chance(0.5);
    const tokens = () => String(rng.chance(0.15) ? 0 : rng.int(1, 3));
    return {
      board: rng.chance(0.5),
      number: rng.chance(0.5) ? null : rng.int(0, 959),
      tokens: [tokens(), tokens()],
      control: rng.pick(ZH_CONTROLS),
      names: swap ? [...ZH_NAMES].reverse() : ZH_NAMES,
    };
  }

  pickZhSetup(rng) {
    const swap = rng.chance(0.5);
    return { board: rng.chance(0.6), control: rng.pick(ZH_CONTROLS), names: swap ? [...ZH_NAMES].reverse() : ZH_NAMES };
  }

  /** Fills a setup form (no event: the form is not the game). */
  async fillForm(action, rng) {
    const page = this.page;
    if (action.name === "setup-start" && this.module === "crazyhouse") {
      const { board, control, names } = action.setup;
      const inputs = page.locator(".zh-setup input[type=text]");
      await inputs.nth(0).fill(names[0]);
      await inputs.nth(1).fill(names[1]);
      await page.locator("input[name=zh-mode]").nth(board ? 1 : 0).check();
      const chips = page.locator(".zh-setup label.chip");
      if (control.preset !== undefined) {
        await chips.nth(control.preset).tap();
      } else {
        await chips.nth(6).tap();
        await page.locator("#zh-min-black").waitFor();
        await page.locator("#zh-min-white").fill(control.custom.white);
        await page.locator("#zh-min-black").fill(control.custom.black);
        await page.locator(".zh-setup select").selectOption(control.custom.kind);
        if (control.custom.kind !== "0") await page.locator("#zh-increment").fill(control.custom.seconds);
      }
    } else if (action.name === "setup-start" && this.module === "bughouse") {
      const { board, control, names } = action.setup;
      const seats = ["wa", "ba", "wb", "bb"];
      for (let i = 0; i < 4; i++) await page.locator(`#bh-name-${seats[i]}`).fill(names[i]);
      await page.locator("input[name=bh-mode]").nth(board ? 1 : 0).check();
      const chips = page.locator(".bh-setup label.chip");
      if (control.preset !== undefined) {
        await chips.nth(control.preset).tap();
      } else {
        await chips.nth(4).tap();
        await page.locator("#bh-min-bb").waitFor();
        for (let i = 0; i < 4; i++) await page.locator(`#bh-min-${seats[i]}`).fill(control.custom.minutes[i]);
        await page.locator(".bh-setup select").selectOption(control.custom.kind);
        if (control.custom.kind !== "0") await page.locator("#bh-increment").fill(control.custom.seconds);
      }
    } else if (action.name === "setup-start" && this.module === "undo") {
      const { board, number, tokens, control, names } = action.setup;
      const inputs = page.locator(".uc-setup input[type=text]");
      await inputs.nth(0).fill(names[0]);
      await inputs.nth(1).fill(names[1]);
      await page.locator("input[name=uc-mode]").nth(board ? 1 : 0).check();
      // The standard position or a typed number (never the drawn start and its commitment).
      await page.locator("input[name=uc-start]").nth(number === null ? 1 : 2).check();
      if (number !== null) {
        await page.locator("#uc-number").waitFor();
        await page.locator("#uc-number").fill(String(number));
      }
      await page.locator("#uc-tokens-white").fill(tokens[0]);
      await page.locator("#uc-tokens-black").fill(tokens[1]);
      const chips = page.locator(".uc-setup label.chip");
      if (control.preset !== undefined) {
        await chips.nth(control.preset).tap();
      } else {
        await chips.nth(6).tap();
        await page.locator("#uc-min-black").waitFor();
        await page.locator("#uc-min-white").fill(control.custom.white);
        await page.locator("#uc-min-black").fill(control.custom.black);
        await page.locator(".uc-setup select").selectOption(control.custom.kind);
        if (control.custom.kind !== "0") await page.locator("#uc-increment").fill(control.custom.seconds);
      }
    } else if (action.name === "setup-start" && this.module === "cards") {
      const { board, blind, clock, names } = action.setup;
      const inputs = page.locator(".cs-setup input[type=text]");
      await inputs.nth(0).fill(names[0]);
      await inputs.nth(1).fill(names[1]);
      await page.locator("input[name=cs-mode]").nth(board ? 1 : 0).check();
      await page.locator("input[name=cs-stacks]").nth(blind ? 1 : 0).check();
      const box = page.locator("#cs-clock");
      if (clock === null) {
        if (await box.isChecked()) await box.uncheck();
      } else {
        if (!(await box.isChecked())) await box.check();
        await page.locator(".cs-setup label.chip").nth(clock).tap();
      }
    } else if (action.name === "setup-start") {
      const inputs = page.locator(".ns-setup input[type=text]");
      for (let i = 0; i < 3; i++) await inputs.nth(i).fill(NS_NAMES[i]);
      await page.locator("input[name=ns-mode]").nth(action.board ? 1 : 0).check();
    } else if (action.words) {
      const entries = page.locator(".commit-screen input.word-entry");
      const n = await entries.count();
      for (let i = 0; i < n; i++) {
        const word = rng.pick(WORDS);
        if (word) await entries.nth(i).fill(word);
      }
    }
  }

  async doStep(step) {
    if (step.waitFor) {
      await this.page.locator(step.waitFor).first().waitFor({ timeout: 3_000 });
      return;
    }
    await this.page.locator(step.selector).nth(step.nth).tap({ timeout: 5_000 });
  }

  /**
   * Performs an action and waits until the screen shows its effect: for an
   * event, the screen's state (not its clocks) differs; for the menu, the
   * sheet opened or closed. Returns whether it was painted.
   */
  async perform(action, rng) {
    await this.fillForm(action, rng);
    for (const step of action.pre) await this.doStep(step);
    if (!action.final) return true;
    const seen = (s) => signature(s) + s.sheetText;
    const before = seen(await this.snap(false));
    await this.doStep(action.final);
    const deadline = Date.now() + 3_000;
    while (Date.now() < deadline) {
      const s = await this.snap(false);
      if (action.ui === "sheet-open" ? s.sheet : action.ui === "sheet-closed" ? !s.sheet : seen(s) !== before) return true;
      await sleep(20);
    }
    return false;
  }

  // ---- the kill -----------------------------------------------------------------------

  /** Kills the page: `crash` (CDP Page.crash, the renderer dies) or `close` (the tab is closed). */
  async kill(kind) {
    const page = this.page;
    const crash = async () => {
      const crashed = page.waitForEvent("crash", { timeout: 3_000 }).catch(() => null);
      // Page.crash never answers: not awaited.
      this.cdp.send("Page.crash").catch(() => {});
      await crashed;
    };
    if (kind === "crash") await crash();
    // Chromium sometimes leaves a tab closed early in its navigation open and
    // stuck (seen once in ~15 closes in the first 30 ms): close its target.
    const closed = page.close({ runBeforeUnload: false });
    if (!(await within(closed, 3_000))) {
      this.hungCloses = (this.hungCloses ?? 0) + 1;
      this.browserCdp ??= await this.browser.newBrowserCDPSession();
      await within(this.browserCdp.send("Target.closeTarget", { targetId: this.targetId }), 3_000);
      await within(closed, 3_000);
    }
  }

  /**
   * One kill point: random actions, a kill, a reopen, the checks. Returns
   * `{ seed, module, kind, timing, actions, painted, lost, gained, failures, … }`.
   */
  async killPoint(seed) {
    const rng = new Rng(seed);
    const record = {
      module: this.module,
      seed,
      steps: [],
      kind: rng.chance(0.6) ? "crash" : "close",
      timing: rng.chance(0.4) ? "in-flight" : "after-paint",
      failures: [],
      painted: 0,
      lost: 0,
      gained: 0,
      lostTime: 0,
      pageErrors: 0,
      applied: null,
    };
    // A kill point that hangs (a page that never answers) fails, named by the
    // phase it hung in, and the next one starts in a fresh profile.
    let timer;
    const watchdog = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no progress for ${this.timeoutMs / 1000} s`)), this.timeoutMs);
    });
    try {
      await Promise.race([this.playAndKill(rng, record), watchdog]);
    } catch (e) {
      record.failures.push(`harness (${record.phase}): ${String(e?.stack ?? e).split("\n").slice(0, 3).join(" | ")}`);
      if (/no progress/.test(String(e))) {
        await this.close();
        await this.open();
      } else {
        // Start the next kill point from a clean tab.
        await this.page?.close().catch(() => {});
        await this.openPage().catch(async () => {
          await this.close();
          await this.open();
        });
      }
    } finally {
      clearTimeout(timer);
    }
    return record;
  }

  async playAndKill(rng, record) {
    const hung = this.hungCloses ?? 0;
    const n = rng.int(0, this.maxActions);
    for (let i = 0; i < n; i++) {
      record.phase = `action ${i + 1} of ${n}`;
      const action = await this.choose(rng);
      record.phase += ` (${action.name})`;
      const painted = await this.perform(action, rng);
      record.steps.push(`${action.name}${action.mv ? ` ${action.mv}` : ""}${painted ? "" : " (no change)"}`);
      await sleep(rng.chance(0.3) ? rng.int(0, 200) : rng.int(0, 1500));
    }
    const errorsBefore = [...this.errors];
    let before;
    let inflight = null;
    if (record.timing === "in-flight") {
      record.phase = "in flight";
      const action = await this.choose(rng, { eventOnly: true });
      if (action.final) {
        await this.fillForm(action, rng);
        for (const step of action.pre) await this.doStep(step);
        inflight = action;
        record.inflight = action.name;
        before = await this.state();
        const how = rng.pick(["tap", "click", "click-awaited"]);
        record.how = how;
        const delay = rng.pick([0, 0, 2, 5, 10, 20, 40, 80]);
        record.steps.push(`in flight: ${action.name}${action.mv ? ` ${action.mv}` : ""} (${how}, kill after ${delay} ms)`);
        const target = this.page.locator(action.final.selector).nth(action.final.nth);
        if (how === "tap") target.tap({ timeout: 5_000 }).catch(() => {});
        else if (how === "click") target.dispatchEvent("click").catch(() => {});
        else await target.evaluate((el) => el.click());
        if (delay) await sleep(delay);
      } else {
        record.timing = "after-paint";
      }
    }
    if (!inflight) before = await this.state();
    record.painted = before.saved.events.length;
    record.screenBefore = before.screen;
    record.phase = "kill";
    await this.kill(record.kind);
    const deadAt = Date.now();
    await sleep(rng.int(0, this.maxDowntimeMs));
    if (rng.chance(0.15)) {
      record.phase = "kill while reopening";
      // Killed again while reopening, before (or just as) the game is restored.
      const ms = rng.int(0, 400);
      record.steps.push(`reopened and killed again after ${ms} ms`);
      record.reloadKill = true;
      await this.newTab();
      this.page.goto(`${this.url}${this.spec.route}`).catch(() => {});
      await sleep(ms);
      await this.kill(rng.chance(0.5) ? "crash" : "close");
    }
    record.phase = "reopen";
    await this.openPage();
    record.hungClose = (this.hungCloses ?? 0) > hung;
    record.phase = "check";
    record.ownerWaitMs = this.ownerWaitMs;
    record.tookOver = this.tookOver;
    const after = await this.state();
    record.downMs = after.now - deadAt;
    record.screenAfter = after.screen;
    this.check(before, after, inflight, record);
    const errors = [...errorsBefore, ...this.errors];
    record.pageErrors = errors.length;
    for (const e of errors) record.failures.push(`page error: ${e}`);
    record.resumed = after;
  }

  // ---- the checks -----------------------------------------------------------------------

  check(before, after, inflight, record) {
    const fail = (text) => record.failures.push(text);
    if (after.damaged) fail(`the reopened page shows the damaged-save notice`);
    if (after.crashNotice) fail(`the reopened page shows the crash notice`);
    if (after.ownerNotice) fail(`the reopened page still says the game is open in another window`);
    const P = before.saved;
    const R = after.saved;
    if (R.stage === "unreadable") fail(`the save is not JSON after the reopen: ${R.error}`);

    // 1. The log: every painted event is still there.
    const allowed = new Set(inflight?.events ?? []);
    const stageChange = [...allowed].find((e) => e.startsWith("stage:") || e === "start-game");
    let extras = [];
    let sameGame = false;
    // A seed is compared when both are sealed or both readable (the reveal unseals it).
    const sealed = (seed) => seed?.startsWith("sealed:");
    const sameSeed = P.seed == null || R.seed == null || P.seed === R.seed || sealed(P.seed) !== sealed(R.seed);
    if (P.stage === R.stage) {
      sameGame = P.id === R.id && sameSeed;
    }
    if (this.module === "nordau") {
      // The session's finished games and draws only ever grow (until a new session).
      const prefix = (a, b) => a.length <= b.length && a.every((x, i) => same(x, b[i]));
      if (!(inflight?.name === "new-session" && R.games.length === 0)) {
        if (!prefix(P.games, R.games)) fail(`session games lost: ${P.games.length} before, ${R.games.length} after`);
        if (!prefix(P.draws, R.draws)) fail(`session draw records lost: ${P.draws.length} before, ${R.draws.length} after`);
      }
      if (P.stage === "committed" && R.stage === "committed" && P.seed !== R.seed) sameGame = false;
      // The draw and the game use the seed committed to (NS-11), never a new one.
      const order = ["committed", "drawn", "playing"];
      if (order.indexOf(P.stage) >= 0 && order.indexOf(R.stage) > order.indexOf(P.stage) && P.seed !== R.seed && sealed(P.seed) === sealed(R.seed)) {
        fail(`the seed changed from ${P.stage} to ${R.stage}`);
      }
    }
    const newGame = () => {
      // The in-flight action replaced the game: the new one has at most its own start.
      if (stageChange === "start-game") return R.stage === "game" && R.events.length === 0 && (P.stage === "none" || P.id !== R.id || P.events.length > 0);
      return stageChange === `stage:${R.stage}`;
    };
    if (sameGame) {
      const common = P.events.findIndex((e, i) => !same(e, R.events[i]));
      const kept = common === -1 ? P.events.length : common;
      if (kept < P.events.length) {
        record.lost += P.events.length - kept;
        fail(`${P.events.length - kept} painted event(s) lost: ${P.events.slice(kept).map(eventType).join(", ")} (log ${P.events.length} → ${R.events.length})`);
      }
      extras = R.events.slice(kept);
    } else if (inflight && newGame()) {
      record.applied = true;
    } else if (P.stage === R.stage && P.stage === "none") {
      // No game before, none after.
    } else {
      record.lost += P.events.length;
      fail(`the game changed: ${P.stage} (${P.events.length} events) → ${R.stage} (${R.events.length} events)` + (inflight ? ` with "${inflight.name}" in flight` : ""));
    }
    const unexplained = [];
    let flagged = false;
    let used = false;
    for (const e of extras) {
      const type = eventType(e);
      if (type === "flag") flagged = true;
      else if (!used && allowed.has(type)) {
        used = true;
        if (inflight.mv && !String(e.event.mv).startsWith(inflight.mv)) unexplained.push(`move ${e.event.mv} (${inflight.mv} was sent)`);
      } else unexplained.push(type);
    }
    if (unexplained.length) fail(`the log gained events nobody sent: ${unexplained.join(", ")}`);
    if (inflight && record.applied === null) record.applied = used;
    if (!inflight) record.applied = null;

    // 2. Nothing more in the log: the resumed screen is the painted one (a
    // card duel's screen that held only what was on it comes back as the one before).
    if (sameGame && !used && !flagged && !CS_UI_ONLY.includes(before.screen)) {
      const a = signature(before, { clocks: false });
      const b = signature(after, { clocks: false });
      if (a !== b) fail(`the resumed screen differs from the painted one:\n  before ${a}\n  after  ${b}`);
    }
    if (used && inflight?.mv && after.board && !flagged) {
      // A move in flight that landed: its piece is on its square.
      const to = inflight.mv.slice(-2);
      if (!new RegExp(`(^| )${to}=`).test(after.board) && after.screen.endsWith("play")) fail(`the move ${inflight.mv} is in the log but ${to} is empty`);
    }

    // 3. Clocks.
    if (!sameGame || !before.clocks || unexplained.length) return;
    // The most a landed event may give a clock.
    const highest = this.highest.get(gameKey(P));
    const limitFor = (colour, bms) => {
      if (inflight.undo) return highest?.[colour] !== undefined ? Math.max(bms, highest[colour]) : Infinity;
      if (inflight.gain === "press") {
        const reset = this.module === "nordau" ? NORDAU_BLOCK_MS * 1.5 : 0; // NS-5: a swap restarts both banks
        return Math.max(bms + pressGainMs(this.module, P), reset);
      }
      return bms + (inflight.gain ?? 0);
    };
    const elapsed = after.now - before.now;
    if (flagged && !used && !Object.values(before.clocks).some((h) => h.toMove)) fail(`a flag fell although no clock was running`);
    // Bughouse: a flag names its board; only that board's clock had to run out.
    const flagBoards = new Set(extras.filter((e) => eventType(e) === "flag").map((e) => String(e.event.board ?? "").toUpperCase()));
    const flagHere = (colour) => this.module !== "bughouse" || flagBoards.has(colour[0]);
    for (const colour of Object.keys(before.clocks)) {
      const b = before.clocks[colour];
      const bms = faceMs(b.bank);
      const a = after.clocks?.[colour];
      if (a) {
        const ams = faceMs(a.bank);
        if (Number.isNaN(ams) || Number.isNaN(bms)) {
          fail(`unreadable clock face: ${b.bank} → ${a.bank}`);
          continue;
        }
        if (used) {
          // An event landed: the clock may have gained what that event gives, no more.
          const limit = limitFor(colour, bms) + unitOf(bms) + SLACK_MS;
          if (ams > limit) {
            record.gained++;
            fail(`${colour}'s clock gained time: ${b.bank} → ${a.bank} with "${inflight.name}" landing (allowed up to ${limit} ms)`);
          }
        } else if (b.toMove && !flagged) {
          const limit = bms - elapsed + unitOf(bms) + delayMs(b.delay) + SLACK_MS;
          if (ams > limit) {
            record.gained++;
            fail(`${colour}'s running clock gained time: ${b.bank} → ${a.bank} after ${elapsed} ms (at most ${Math.max(0, limit)} ms allowed)`);
          }
          const floor = bms - elapsed - unitOf(ams) - SLACK_MS;
          if (ams < floor && ams > 0) {
            record.lostTime++;
            fail(`${colour}'s running clock lost time: ${b.bank} → ${a.bank} after ${elapsed} ms`);
          }
          if (!a.toMove) fail(`${colour}'s clock was running and is not after the reopen`);
        } else if (!b.toMove && a.bank !== b.bank) {
          if (faceMs(a.bank) > bms) record.gained++;
          else record.lostTime++;
          fail(`${colour}'s stopped clock changed: ${b.bank} → ${a.bank}`);
        }
      }
      if (flagged && b.toMove && !used && flagHere(colour)) {
        // A flag that fell while the page was dead fell only once the time was gone.
        if (bms - elapsed > SLACK_MS + delayMs(b.delay)) {
          record.lostTime++;
          fail(`${colour}'s flag fell with ${bms - elapsed} ms still on the clock`);
        }
      }
      if (flagged && !b.toMove && !used && after.endClocks.length) {
        const row = after.endClocks.find((r) => r.includes(b.name) && r.some((c) => c?.toLowerCase() === colour));
        if (row && row.at(-1) !== b.bank) fail(`${colour}'s stopped clock ends at ${row.at(-1)}, it showed ${b.bank}`);
      }
    }
  }
}

/**
 * What a screen says about the game, as one string. Clock faces are left out
 * while they run (they change by themselves); `clocks: false` leaves out all
 * faces (compared separately, with the time that passed).
 */
export function signature(s, { clocks = true } = {}) {
  const half = (h) =>
    h && {
      name: h.name,
      status: h.status,
      toMove: h.toMove,
      starts: h.starts,
      bank: clocks && !h.toMove ? h.bank : undefined,
    };
  const play = s.screen === "zh-play" || s.screen === "game-play" || s.screen === "cs-play" || s.screen === "uc-play";
  return JSON.stringify({
    screen: s.screen,
    damaged: s.damaged,
    white: half(s.white),
    black: half(s.black),
    counters: play ? s.counters : undefined,
    observer: s.observer,
    score: s.score,
    board: s.board,
    pockets: s.pockets,
    boardStatus: s.boardStatus,
    boardNotice: s.boardNotice,
    swap: s.swap,
    endText: s.endText,
    endClocks: s.endClocks,
    commitment: s.commitment,
    seats: s.seats,
    unsealed: s.unsealed,
    leftDraw: s.leftDraw,
    quads: s.screen === "bh-play" && s.clocks ? BH_SEATS.map((seat) => half(s.clocks[seat])) : undefined,
    bhUndo: s.bhUndo ?? undefined,
    bhBoards: s.bhBoards ?? undefined,
    csSeries: s.csSeries ?? undefined,
    csPass: s.csPass ?? undefined,
    ucUndoLine: s.ucUndoLine ?? undefined,
    ucDecision: s.ucDecision ?? undefined,
    ucDiagram: s.ucDiagram ?? undefined,
  });
}

// ---- tallies ------------------------------------------------------------------------------

export function emptyTally() {
  return { runs: 0, crash: 0, close: 0, afterPaint: 0, inFlight: 0, applied: 0, notApplied: 0, handledNotKept: 0, ownerNotice: 0, tookOver: 0, reloadKill: 0, hungClose: 0, painted: 0, lost: 0, gained: 0, lostTime: 0, pageErrors: 0, damaged: 0, failed: [], actions: {}, handledNotKeptBy: {} };
}

export function addToTally(t, r) {
  t.runs++;
  t[r.kind]++;
  if (r.timing === "in-flight") {
    t.inFlight++;
    if (r.applied === true) t.applied++;
    else if (r.applied === false) t.notApplied++;
    // The click's handler had run (awaited) and still the event is not there:
    // allowed (it was never painted) but worth knowing.
    if (r.how === "click-awaited" && r.applied === false) {
      t.handledNotKept++;
      t.handledNotKeptBy[r.inflight] = (t.handledNotKeptBy[r.inflight] ?? 0) + 1;
    }
  } else t.afterPaint++;
  if (r.ownerWaitMs) t.ownerNotice++;
  if (r.reloadKill) t.reloadKill++;
  if (r.hungClose) t.hungClose++;
  if (r.tookOver) t.tookOver++;
  for (const step of r.steps.filter((x) => !x.startsWith("reopened"))) {
    const name = step.replace(/^in flight: /, "").split(" ")[0];
    t.actions[name] = (t.actions[name] ?? 0) + 1;
  }
  t.painted += r.painted;
  t.lost += r.lost;
  t.gained += r.gained;
  t.lostTime += r.lostTime;
  t.pageErrors += r.pageErrors;
  if (r.failures.some((f) => /damaged-save/.test(f))) t.damaged++;
  if (r.failures.length) t.failed.push(r.seed);
  return t;
}

/** A record in a few lines: for a failure message. */
export function describeRecord(r) {
  return [
    `${r.module} seed ${r.seed}: ${r.kind}, ${r.timing}; screen ${r.screenBefore} → ${r.screenAfter}; ${r.painted} events painted; down ${r.downMs} ms`,
    `  steps: ${r.steps.join("; ") || "(none)"}`,
    ...r.failures.map((f) => `  FAIL ${f}`),
  ].join("\n");
}
