// The Crazyhouse module as two club players meet it (route #/crazyhouse): a
// whole board-mode game with
// captures, pockets and drops to mate (C-1, ZH-1, ZH-5) and its PGN; a
// clock-mode game with a Fischer increment to a flag (C-1, C-4); a reload and
// an offline reload that resume exactly (C-4); undo as a correction that
// charges the tapper (C-4a), pause and time adjustment (C-4); PGN import; and screenshots of every screen
// in both languages and orientations.
//
// Time is Playwright's fake clock: installed at a fixed instant, left running
// while the app loads, then paused; from there only `runFor` moves it, so every
// clock on screen is exact. The clock's log is replayed on reload, so a
// reloaded page sees the same instant plus whatever `runFor` added.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import {
  LANDSCAPE,
  PORTRAIT,
  launchBrowser,
  openWithFakeClock,
  phoneContext,
  screenshot,
  serveCopy,
  waitForServiceWorkerControl,
} from "./harness.mjs";

const T0 = Date.UTC(2026, 10, 30, 19, 0, 0);
const SAVE_KEY = "crazyhouse.game";
const NAMES = { white: "Dana", black: "Yossi" };
const NAMES_RU = { white: "Дана", black: "Йоси" };
/** Preset chips in order; Custom comes after them. */
const PRESET = { "3 + 2": 0, "5 + 3": 1, "10 + 5": 2, "15 + 10": 3, "25 + 10": 4, "90/40 + 30, +30": 5, custom: 6 };
const INCREMENT = { none: "0", fischer: "1", bronstein: "2", delay: "3" };

/** The mating game of the brief, in UCI (drops as `B@g4`). */
const MATE_GAME = [
  "d2d3", "a7a5", "h2h4", "g7g6", "c1h6", "g8h6", "c2c4", "B@g4",
  "h1h3", "a5a4", "d1a4", "a8a4", "P@c2", "Q@c1",
];
const MATE_PGN = `[Event "Crazyhouse"]
[White "Dana"]
[Black "Yossi"]
[Result "0-1"]
[Variant "Crazyhouse"]

1. d3 a5 2. h4 g6 3. Bh6 Nxh6 4. c4 B@g4 5. Rh3 a4 6. Qxa4 Rxa4 7. P@c2 Q@c1# 0-1
`;

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// ---- helpers ------------------------------------------------------------------

/** Opens #/crazyhouse with a fake clock that is paused once the app is up. */
function openZh(context, url) {
  return openWithFakeClock(context, url, {
    route: "/crazyhouse",
    ready: ".zh-setup, .zh-play, .zh-end",
    time: T0,
  });
}

/** Switches the app to Russian with the app bar's language button. */
async function toRussian(page) {
  await page.getByRole("button", { name: "Русский" }).tap();
  await page.locator("html[lang=ru]").waitFor();
}

/** Sets a number field of the setup form (it commits on `change`). */
const NUMBER_FIELDS = ["#zh-min-white", "#zh-min-black", "#zh-increment"];

async function setNumber(page, index, value) {
  await page.locator(NUMBER_FIELDS[index]).fill(String(value));
}

/**
 * Fills the setup form: names, mode, and a preset or a custom time control
 * `{ white, black, kind, seconds }` (minutes; kind as in INCREMENT).
 */
async function fillSetup(page, { names = NAMES, board = true, preset = "5 + 3", custom = null } = {}) {
  const inputs = page.locator(".zh-setup input[type=text]");
  await inputs.nth(0).fill(names.white);
  await inputs.nth(1).fill(names.black);
  await page.locator("input[name=zh-mode]").nth(board ? 1 : 0).check();
  const chip = page.locator(".zh-setup label.chip").nth(custom ? PRESET.custom : PRESET[preset]);
  await chip.tap();
  assert.ok(await chip.locator("input").isChecked(), `the time control chip did not take`);
  if (custom) {
    await page.locator(NUMBER_FIELDS[1]).waitFor();
    await setNumber(page, 0, custom.white);
    await setNumber(page, 1, custom.black);
    await page.locator(".zh-setup select").selectOption(custom.kind);
    if (custom.kind !== INCREMENT.none) await setNumber(page, 2, custom.seconds);
  }
}

/** Taps Start and waits for the play screen with Black's half offering the start. */
async function startGame(page) {
  await page.locator(".zh-setup button.primary.big").tap();
  await page.locator(".zh-play .half.black-seat.starts").waitFor();
}

/** Black taps its half, which starts White's clock. */
async function blackStarts(page) {
  await page.locator(".half.black-seat.starts").tap();
  await page.locator(".half.white-seat.to-move").waitFor();
}

/** What the play screen shows: per colour the name, clock and state; the move number. */
function readPlay(page) {
  return page.evaluate(() => {
    const half = (colour) => {
      const el = document.querySelector(`.zh-play .half.${colour}-seat`);
      return {
        name: el.querySelector(".half-name").textContent,
        bank: el.querySelector(".bank").textContent,
        status: el.querySelector(".half-status").textContent,
        toMove: el.classList.contains("to-move"),
        low: el.classList.contains("low"),
        starts: el.classList.contains("starts"),
      };
    };
    return {
      white: half("white"),
      black: half("black"),
      moveNumber: document.querySelector(".middle-info .counter strong")?.textContent,
      paused: document.querySelector(".middle-controls button.primary") !== null,
    };
  });
}

const toMove = (state) => (state.white.toMove ? "white" : state.black.toMove ? "black" : null);

const GLYPHS = { "♚": "K", "♛": "Q", "♜": "R", "♝": "B", "♞": "N", "♟": "P" };

/** The board as { e2: "wP", … } for occupied squares (64 squares must be there). */
async function readBoard(page) {
  const squares = await page.locator(".board .sq").evaluateAll((els) =>
    els.map((el) => {
      const piece = el.querySelector(".piece");
      return [el.dataset.square, piece ? (piece.classList.contains("w") ? "w" : "b") + piece.textContent.trim()[0] : null];
    }),
  );
  assert.equal(squares.length, 64, "the board does not have 64 squares");
  return Object.fromEntries(squares.filter(([, p]) => p).map(([sq, p]) => [sq, p[0] + GLYPHS[p.slice(1)]]));
}

/** Both pockets as { white: { P, N, B, R, Q }, black: {…} }, from the counts shown. */
async function readPockets(page) {
  const pieces = await page.locator(".pocket-piece").evaluateAll((els) =>
    els.map((el) => [el.dataset.colour, el.dataset.piece, Number(el.querySelector(".pocket-count").textContent)]),
  );
  const pockets = { white: {}, black: {} };
  for (const [colour, role, count] of pieces) pockets[colour][role] = count;
  return pockets;
}

const pocket = (counts = {}) => ({ P: 0, N: 0, B: 0, R: 0, Q: 0, ...counts });

/** Squares currently offered as targets, sorted. */
function targets(page) {
  return page.locator(".sq.target").evaluateAll((els) => els.map((e) => e.dataset.square).sort());
}

/**
 * Plays one UCI move or drop by tapping, as the side to move, after `thinkMs`
 * of thinking, and waits until the other side is to move or the game is over.
 */
async function play(page, uci, { thinkMs = 0, dispatch = false } = {}) {
  if (thinkMs) await page.clock.runFor(thinkMs);
  const side = toMove(await readPlay(page));
  assert.ok(side, `no side to move before ${uci}`);
  const other = side === "white" ? "black" : "white";
  const to = uci.slice(2, 4);
  const tap = (locator) => (dispatch ? locator.dispatchEvent("click") : locator.tap());
  if (uci[1] === "@") {
    await tap(page.locator(`.pocket-piece[data-colour=${side}][data-piece=${uci[0]}]`));
    await page.locator(`.pocket-piece[data-colour=${side}][data-piece=${uci[0]}].selected`).waitFor();
  } else {
    await tap(page.locator(`.sq[data-square=${uci.slice(0, 2)}]`));
    await page.locator(`.sq[data-square=${uci.slice(0, 2)}].selected`).waitFor({ state: "attached" });
  }
  const target = page.locator(`.sq[data-square=${to}].target`);
  if (dispatch) {
    await target.waitFor({ state: "attached" });
    await target.dispatchEvent("click");
  } else {
    await target.waitFor();
    await target.tap();
  }
  await page.waitForFunction(
    (other) => document.querySelector(".zh-end") || document.querySelector(`.half.${other}-seat.to-move`),
    other,
  );
}

/** The end screen: headline, reason, and the final clocks as [name, colour, time] rows. */
async function readEnd(page) {
  await page.locator(".zh-end").waitFor();
  return {
    result: await page.locator(".end-result").innerText(),
    reason: await page.locator(".end-reason").innerText(),
    clocks: await page
      .locator(".zh-end .score-table tr")
      .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent.trim()))),
  };
}

/** Opens the game menu. */
async function openMenu(page) {
  await page.locator(".middle-controls .menu-button").tap();
  await page.locator(".sheet[role=dialog]").waitFor();
}

/** Opens the PGN import, pastes `text` and imports it. */
async function importPgn(page, text) {
  const details = page.locator(".zh-setup details.import");
  if (!(await details.evaluate((el) => el.open))) await details.locator("summary").tap();
  await page.locator("textarea.pgn-input").fill(text);
  await details.locator("button").tap();
}

/** Downloads the end screen's PGN and returns its text. */
async function downloadPgn(page) {
  const button = page.getByRole("button", { name: "Download PGN" });
  const [download] = await Promise.all([page.waitForEvent("download"), button.tap()]);
  assert.equal(download.suggestedFilename(), "crazyhouse.pgn");
  return readFileSync(await download.path(), "utf8");
}

/** The move list of the end screen, one string per row ("1. d3 a5"). */
function moveList(page) {
  return page
    .locator(".zh-end .move-list li")
    .evaluateAll((els) => els.map((li) => [...li.children].map((c) => c.textContent.trim()).filter(Boolean).join(" ")));
}

/**
 * Nothing on the screen is cut off: halves, their name, clock and status,
 * the middle strip's controls, the board and the pockets lie inside the screen
 * (and inside their half); no text overflows its box sideways.
 */
function clippedProblems(page) {
  return page.evaluate(() => {
    const out = [];
    const inside = (inner, outer) =>
      inner.left >= outer.left - 1 && inner.right <= outer.right + 1 && inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1;
    const screen = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
    const shown = (el) => getComputedStyle(el).display !== "none" && el.getClientRects().length > 0;
    for (const half of document.querySelectorAll(".zh-play .half")) {
      const box = half.getBoundingClientRect();
      if (!inside(box, screen)) out.push(`${half.className} leaves the screen`);
      for (const part of half.querySelectorAll(".half-name, .bank, .half-status, .seat-chip")) {
        if (!shown(part)) continue;
        if (!inside(part.getBoundingClientRect(), box)) out.push(`${part.className} of ${half.className} is cut off`);
        if (part.scrollWidth > part.clientWidth + 1 && getComputedStyle(part).overflow !== "visible")
          out.push(`${part.className} of ${half.className} overflows`);
      }
    }
    for (const el of document.querySelectorAll(".zh-play .middle .button, .zh-play .board, .zh-play .pocket-piece, .zh-play .middle-info")) {
      if (!shown(el)) continue;
      if (!inside(el.getBoundingClientRect(), screen)) out.push(`${el.className} leaves the screen`);
    }
    return out;
  });
}

async function assertNothingClipped(page, where) {
  const problems = await clippedProblems(page);
  assert.deepEqual(problems, [], `${where}: ${problems.join("; ")}`);
}

/**
 * C-1 on a phone: every square of the board is a square a finger can hit
 * (same size as the others, not squeezed flat), on the screen, and neither
 * pocket nor the status line lies over the board.
 */
function boardProblems(page) {
  return page.evaluate(() => {
    const out = [];
    const squares = [...document.querySelectorAll(".zh-play .board .sq")].map((el) => el.getBoundingClientRect());
    if (squares.length !== 64) return [`${squares.length} squares on the board`];
    // Where the squares really are (they may spill out of the board's own box).
    const b = {
      left: Math.min(...squares.map((r) => r.left)),
      top: Math.min(...squares.map((r) => r.top)),
      right: Math.max(...squares.map((r) => r.right)),
      bottom: Math.max(...squares.map((r) => r.bottom)),
    };
    if (b.left < -1 || b.top < -1 || b.right > innerWidth + 1 || b.bottom > innerHeight + 1) out.push("the board leaves the screen");
    const sizes = {};
    for (const r of squares) {
      const key = `${Math.round(r.width)}×${Math.round(r.height)}`;
      sizes[key] = (sizes[key] ?? 0) + 1;
    }
    const [w, h] = [squares[0].width, squares[0].height];
    const even = squares.every((r) => Math.abs(r.width - w) <= 1.5 && Math.abs(r.height - h) <= 1.5);
    if (!even || Math.abs(w - h) > 1.5 || w < 20) {
      out.push(`squares are not equal squares of 20 px or more: ${Object.entries(sizes).map(([k, n]) => `${n} of ${k}`).join(", ")}`);
    }
    const overlaps = (r) => r.left < b.right - 1 && r.right > b.left + 1 && r.top < b.bottom - 1 && r.bottom > b.top + 1;
    for (const el of document.querySelectorAll(".zh-play .pocket, .zh-play .board-status")) {
      if (overlaps(el.getBoundingClientRect())) out.push(`.${el.className.replaceAll(" ", ".")} lies over the squares`);
    }
    return out;
  });
}

/** Nothing is wider than the screen (no sideways scrolling), and no text spills out of its box. */
async function sidewaysProblems(page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  return wide > 1 ? [`the page scrolls sideways by ${wide}px`] : [];
}

// ---- tests --------------------------------------------------------------------

describe("Crazyhouse", () => {
  test("C-1 ZH-1 ZH-5: a board-mode game with captures and drops to mate, and its PGN", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openZh(context, app.url);
      await fillSetup(page, { board: true, preset: "5 + 3" });
      await startGame(page);
      let state = await readPlay(page);
      assert.equal(state.white.name, "Dana");
      assert.equal(state.black.name, "Yossi");
      assert.equal(state.white.bank, "5:00");
      assert.equal(state.black.bank, "5:00");
      assert.ok(state.black.starts && !state.white.starts, "Black's half must be the one that starts White's clock");
      // Before the start no move can be made: nothing is offered on the board.
      assert.equal(await page.locator(".board .sq").count(), 64);
      await page.locator(".sq[data-square=e2]").tap();
      assert.deepEqual(await targets(page), [], "moves offered before the clock was started");
      await blackStarts(page);
      assert.deepEqual(await readPockets(page), { white: pocket(), black: pocket() });
      const initial = await readBoard(page);
      assert.equal(Object.keys(initial).length, 32);
      await assertNothingClipped(page, "board mode, portrait");
      assert.deepEqual(await boardProblems(page), []);

      // Tapping an empty square selects nothing and changes nothing.
      await page.locator(".sq[data-square=e4]").tap();
      assert.equal(await page.locator(".sq.selected").count(), 0);
      assert.deepEqual(await targets(page), []);
      // Black's pieces cannot be picked up on White's move.
      await page.locator(".sq[data-square=e7]").tap();
      assert.deepEqual(await targets(page), [], "Black's pawn offered moves on White's turn");
      // A piece's legal targets show once it is selected.
      await page.locator(".sq[data-square=d2]").tap();
      assert.deepEqual(await targets(page), ["d3", "d4"]);
      // An illegal target does nothing; the selection stays.
      await page.locator(".sq[data-square=d5]").tap();
      assert.deepEqual(await readBoard(page), initial);
      assert.equal(toMove(await readPlay(page)), "white");

      // Two seconds per move: each mover's clock gains 3 − 2 = 1 s per move (Fischer 3 s).
      const think = 2_000;
      for (const [i, uci] of MATE_GAME.slice(0, 6).entries()) {
        await play(page, uci, { thinkMs: think });
        const n = Math.floor(i / 2) + 1;
        state = await readPlay(page);
        const mover = i % 2 === 0 ? "white" : "black";
        assert.equal(state[mover].bank, `5:0${n}`, `${mover}'s clock after its move ${n}`);
      }
      // C-1 / ZH-1: Nxh6 took White's bishop; it is now Black's, in Black's pocket.
      let board = await readBoard(page);
      assert.equal(board.h6, "bN");
      assert.equal(board.c1, undefined);
      assert.deepEqual(await readPockets(page), { white: pocket(), black: pocket({ B: 1 }) });
      assert.equal((await readPlay(page)).moveNumber, "4");
      // Black's pocket cannot be used on White's move: its bishop is not offered.
      const blackBishop = page.locator(".pocket-piece[data-colour=black][data-piece=B]");
      assert.ok(await blackBishop.isDisabled(), "Black's pocket bishop is usable on White's move");
      await blackBishop.tap({ force: true });
      assert.deepEqual(await targets(page), []);

      await play(page, "c2c4", { thinkMs: think });
      await page.clock.runFor(think); // Black thinks, then drops the bishop
      // ZH-1: a drop may go to any empty square; the bishop is offered on every one of them.
      await blackBishop.tap();
      const dropTargets = await targets(page);
      const empty = [];
      board = await readBoard(page);
      for (const f of "abcdefgh") for (let r = 1; r <= 8; r++) if (!board[`${f}${r}`]) empty.push(`${f}${r}`);
      assert.deepEqual(dropTargets, empty.sort(), "a pocket bishop is not droppable on every empty square");
      await blackBishop.tap(); // tapped again: deselected
      assert.deepEqual(await targets(page), []);
      await play(page, "B@g4", { thinkMs: 0 });
      board = await readBoard(page);
      assert.equal(board.g4, "bB");
      assert.deepEqual(await readPockets(page), { white: pocket(), black: pocket() });
      assert.match(await page.locator(".board-status").innerText(), /B@g4/);

      for (const uci of MATE_GAME.slice(8, 11)) await play(page, uci, { thinkMs: think });
      // Qxa4 took a pawn: White's pocket has it.
      assert.deepEqual(await readPockets(page), { white: pocket({ P: 1 }), black: pocket() });
      await play(page, "a8a4", { thinkMs: think });
      // Rxa4 took White's queen: Black's pocket has a queen.
      assert.deepEqual(await readPockets(page), { white: pocket({ P: 1 }), black: pocket({ Q: 1 }) });

      // ZH-2: no pawn drop on the last rank (a8 and b8… are empty now) nor on the first.
      const whitePawn = page.locator(".pocket-piece[data-colour=white][data-piece=P]");
      await page.clock.runFor(think);
      await whitePawn.tap();
      const pawnDrops = await targets(page);
      assert.ok(pawnDrops.includes("c2") && pawnDrops.includes("a3"), `pawn drops: ${pawnDrops}`);
      assert.ok(!pawnDrops.some((sq) => sq.endsWith("8") || sq.endsWith("1")), `pawn drop on rank 1 or 8 offered: ${pawnDrops}`);
      board = await readBoard(page);
      await page.locator(".sq[data-square=a8]").tap();
      assert.deepEqual(await readBoard(page), board, "a pawn was dropped on the eighth rank");
      assert.equal(toMove(await readPlay(page)), "white");
      // Black's queen in its pocket is not White's to drop.
      const blackQueen = page.locator(".pocket-piece[data-colour=black][data-piece=Q]");
      assert.ok(await blackQueen.isDisabled());
      await blackQueen.tap({ force: true });
      await page.locator(".sq[data-square=c1]").tap();
      assert.deepEqual(await readBoard(page), board, "Black's pocket queen was dropped on White's move");
      assert.deepEqual(await readPockets(page), { white: pocket({ P: 1 }), black: pocket({ Q: 1 }) });
      assert.equal(await page.locator(".middle-notice").count(), 0, "a wrong tap produced a notice");

      await play(page, "P@c2", { thinkMs: 0 });
      assert.equal((await readBoard(page)).c2, "wP");
      await play(page, "Q@c1", { thinkMs: think });

      // ZH-5: the queen drop mates; the referee sees it.
      assert.deepEqual(await readEnd(page), {
        result: "Yossi wins",
        reason: "checkmate",
        clocks: [
          ["Dana", "White", "5:07"],
          ["Yossi", "Black", "5:07"],
        ],
      });
      const rows = await moveList(page);
      assert.equal(rows.length, 7);
      assert.equal(rows[3], "4. c4 B@g4");
      assert.equal(rows[6], "7. P@c2 Q@c1#");

      const pgn = await downloadPgn(page);
      assert.match(pgn, /\[Variant "Crazyhouse"\]/);
      assert.match(pgn, /\[White "Dana"\]/);
      assert.match(pgn, /\[Black "Yossi"\]/);
      assert.match(pgn, /\[Result "0-1"\]/);
      assert.match(pgn, /\[TimeControl "300\+3"\]/);
      // The date the game was played (the fake clock starts on 2026-11-30), not "????.??.??".
      assert.match(pgn, /\[Date "2026\.11\.30"\]/);
      // [%clk]: the mover's time right after the move, increment included.
      const moves = pgn.replace(/\s+/g, " ");
      assert.match(moves, /1\. d3 \{\[%clk 0:05:01\]\} (1\.\.\. )?a5 \{\[%clk 0:05:01\]\}/);
      assert.match(moves, /3\.\.\. Nxh6 \{\[%clk 0:05:03\]\}|Bh6 \{\[%clk 0:05:03\]\} Nxh6 \{\[%clk 0:05:03\]\}/);
      assert.match(moves, /B@g4 \{\[%clk 0:05:04\]\}/);
      assert.match(moves, /7\. P@c2 \{\[%clk 0:05:07\]\} (7\.\.\. )?Q@c1# \{\[%clk 0:05:07\]\}/);
      assert.match(pgn, /0-1\s*$/);

      // ZH-5, C-4a: a mate the board found may have been mis-tapped. "Undo last
      // move" (two taps) reopens the game, paused, with the queen back in
      // Black's pocket: the clocks stopped at the mate, so the 20 s spent on
      // the end screen cost nobody anything, and Black's increment is gone.
      await page.clock.runFor(20_000);
      const undo = page.locator(".zh-end .end-actions").getByRole("button", { name: "Undo last move" });
      await undo.tap();
      await undo.tap();
      await page.locator(".zh-play").waitFor();
      state = await readPlay(page);
      assert.equal(state.white.bank, "5:07");
      assert.equal(state.black.bank, "5:04");
      assert.equal((await readPockets(page)).black.Q, 1);
      await page.locator(".middle-controls button.primary").tap();
      await page.locator(".zh-play .half.black-seat.to-move").waitFor();
      await play(page, "Q@c1");
      await page.locator(".zh-end").waitFor();
      assert.equal(await page.locator(".end-reason").innerText(), "checkmate");

      // A rematch swaps the colours: Yossi is White now, on a fresh board.
      await page.locator(".zh-end .end-actions button.primary").tap();
      await page.locator(".zh-play .half.black-seat.starts").waitFor();
      state = await readPlay(page);
      assert.equal(state.white.name, "Yossi");
      assert.equal(state.black.name, "Dana");
      assert.equal(state.white.bank, "5:00");
      assert.deepEqual(await readBoard(page), initial);
      assert.deepEqual(await readPockets(page), { white: pocket(), black: pocket() });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("C-1 C-4: clock mode with a Fischer increment runs down to a flag at its exact instant", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openZh(context, app.url);
      await fillSetup(page, { board: false, custom: { white: 0.5, black: 0.5, kind: INCREMENT.fischer, seconds: 2 } });
      await startGame(page);
      assert.equal(await page.locator(".board").count(), 0, "clock mode shows a board");
      let state = await readPlay(page);
      assert.equal(state.white.bank, "0:30");
      assert.equal(state.black.bank, "0:30");
      assert.equal(state.black.status.startsWith("Tap to start White's clock"), true, state.black.status);
      // Only Black's tap starts the game; White's half does nothing yet.
      assert.equal(await page.locator(".half.white-seat").getAttribute("aria-disabled"), "true");
      await page.locator(".half.white-seat").tap({ force: true });
      await page.clock.runFor(1_000);
      state = await readPlay(page);
      assert.equal(toMove(state), null, "White's tap started the game");
      assert.equal(state.white.bank, "0:30");

      await blackStarts(page);
      await page.clock.runFor(3_000);
      state = await readPlay(page);
      assert.equal(state.white.bank, "0:27");
      assert.equal(state.black.bank, "0:30");
      assert.equal(state.moveNumber, "1");
      assert.match(state.white.status, /^Tap when you have moved/);
      // Black's half does nothing while White is to move.
      assert.equal(await page.locator(".half.black-seat").getAttribute("aria-disabled"), "true");
      await page.locator(".half.black-seat").tap({ force: true });
      assert.equal(toMove(await readPlay(page)), "white", "Black's tap counted on White's move");

      await page.locator(".half.white-seat").tap();
      await page.locator(".half.black-seat.to-move").waitFor();
      state = await readPlay(page);
      assert.equal(state.white.bank, "0:29", "30 − 3 + 2");
      assert.ok(!state.white.toMove);
      assert.equal(state.moveNumber, "1");

      await page.clock.runFor(5_000);
      await page.locator(".half.black-seat").tap();
      await page.locator(".half.white-seat.to-move").waitFor();
      state = await readPlay(page);
      assert.equal(state.black.bank, "0:27", "30 − 5 + 2");
      assert.equal(state.white.bank, "0:29");
      assert.equal(state.moveNumber, "2");

      // Down to ten and a half seconds: still m:ss, no warning yet.
      await page.clock.runFor(18_500);
      state = await readPlay(page);
      assert.equal(state.white.bank, "0:10");
      assert.ok(!state.white.low, "low-time warning above 10 s");
      // Below 10 s: tenths, and the warning on the running side only.
      await page.clock.runFor(600);
      state = await readPlay(page);
      assert.equal(state.white.bank, "9.9", "tenths below 10 s");
      assert.ok(state.white.low, "no low-time warning below 10 s");
      assert.ok(!state.black.low);
      await page.clock.runFor(5_000);
      assert.equal((await readPlay(page)).white.bank, "4.9");
      // One millisecond before the flag the game still runs.
      await page.clock.runFor(4_899);
      state = await readPlay(page);
      assert.equal(state.white.bank, "0.0");
      assert.equal(await page.locator(".zh-play").count(), 1, "the flag fell early");

      await page.clock.runFor(100);
      assert.deepEqual(await readEnd(page), {
        result: "Yossi wins",
        reason: "the flag fell",
        clocks: [
          ["Dana", "White", "0.0"],
          ["Yossi", "Black", "0:27"],
        ],
      });
      // Clock mode records no moves: no move list, no PGN to download.
      assert.equal(await page.locator(".zh-end .move-list").count(), 0);
      assert.equal(await page.getByRole("button", { name: "Download PGN" }).count(), 0);
      // The save holds the finished game.
      const saved = JSON.parse(await page.evaluate((key) => localStorage.getItem(key), SAVE_KEY));
      assert.ok(Array.isArray(saved.events) && saved.events.length >= 3, "the game log was not saved");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  // Issue #25: below ten seconds the redraw timer writes the running bank's
  // tenths straight into its half; the whole screen is drawn again each whole
  // second and on every event. What the players read must never differ.
  test("C-1 C-4a: tenths written straight stay exact across a tap, an undo of it, a pause and a resume", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openZh(context, app.url);
      await fillSetup(page, { board: false, custom: { white: 0.5, black: 0.5, kind: INCREMENT.none, seconds: 0 } });
      await startGame(page);
      await blackStarts(page);
      await page.clock.runFor(20_050);
      assert.equal((await readPlay(page)).white.bank, "9.9");
      // Every tenth within the second, as the clock runs.
      for (const face of ["9.8", "9.7", "9.6", "9.5", "9.4", "9.3"]) {
        await page.clock.runFor(100);
        assert.equal((await readPlay(page)).white.bank, face);
      }
      // White's tap at 9.35 s: its half stops at what it showed, Black's runs.
      await page.locator(".half.white-seat").tap();
      await page.locator(".half.black-seat.to-move").waitFor();
      await page.clock.runFor(700);
      let state = await readPlay(page);
      assert.equal(state.white.bank, "9.3");
      assert.equal(state.black.bank, "0:29");
      // C-4a: undoing the tap gives White back its clock at the tap, less the
      // 0.7 s Black's clock ran since; it runs on from there.
      await page.locator(".middle-controls button.undo").tap();
      await page.locator(".middle-confirm button.danger").tap();
      await page.locator(".half.white-seat.to-move").waitFor();
      state = await readPlay(page);
      assert.equal(state.white.bank, "8.6");
      assert.equal(state.black.bank, "0:30");
      await page.clock.runFor(300);
      assert.equal((await readPlay(page)).white.bank, "8.3");
      // Paused, the face stands; resumed, it counts on from where it stood.
      await page.locator(".middle-controls button", { hasText: "Pause" }).tap();
      await page.locator(".middle-controls button.primary").waitFor();
      await page.clock.runFor(2_000);
      assert.equal((await readPlay(page)).white.bank, "8.3");
      await page.locator(".middle-controls button.primary").tap();
      await page.locator(".half.white-seat.to-move").waitFor();
      await page.clock.runFor(400);
      state = await readPlay(page);
      assert.equal(state.white.bank, "7.9");
      assert.ok(state.white.low, "the low-time warning below 10 s");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  // The delay counts down beside a standing face; the timer never writes it into the face.
  test("C-1: under ten seconds with a simple delay, the face stands through the delay, then runs in tenths", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openZh(context, app.url);
      await fillSetup(page, { board: false, custom: { white: 0.5, black: 0.5, kind: INCREMENT.delay, seconds: 2 } });
      await startGame(page);
      await blackStarts(page);
      // White's 2 s delay, then 21.5 s of its 30: 8.5 s left.
      await page.clock.runFor(23_550);
      assert.equal((await readPlay(page)).white.bank, "8.4");
      await page.locator(".half.white-seat").tap();
      await page.locator(".half.black-seat.to-move").waitFor();
      await page.clock.runFor(24_000); // Black: its delay, then 22 s: 8 s left
      await page.locator(".half.black-seat").tap();
      await page.locator(".half.white-seat.to-move").waitFor();
      // White's delay runs: its face stands at 8.4 while the delay shows tenths.
      for (const delay of ["1.9", "1.5", "1.1", "0.7", "0.3"]) {
        await page.clock.runFor(delay === "1.9" ? 50 : 400);
        const state = await readPlay(page);
        assert.equal(state.white.bank, "8.4", `the face moved during the delay (${delay})`);
        assert.match(await page.locator(".half.white-seat .delay").innerText(), new RegExp(delay.replace(".", "\\.")));
      }
      // Past the delay the face runs again, tenth by tenth.
      await page.clock.runFor(600); // 0.25 s past the delay
      assert.equal((await readPlay(page)).white.bank, "8.2");
      await page.clock.runFor(100);
      const state = await readPlay(page);
      assert.equal(state.white.bank, "8.1");
      assert.equal(state.black.bank, "8.0");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("setup refuses minutes and seconds out of range, naming the range; discard ends an unstarted game", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openZh(context, app.url);
      await fillSetup(page, { board: true, custom: { white: 5, black: 5, kind: INCREMENT.fischer, seconds: 2 } });
      for (const bad of ["0", "-1", "", "601", "1e2"]) {
        await setNumber(page, 0, bad);
        assert.equal(await page.locator("#zh-min-white-error").innerText(), "Enter a number from 0.5 to 600.", `"${bad}"`);
      }
      await setNumber(page, 2, "2.5");
      assert.equal(await page.locator("#zh-increment-error").innerText(), "Enter a whole number from 0 to 300.");
      await page.locator(".zh-setup button.primary.big").tap();
      await page.getByText("Correct the marked numbers first.").waitFor();
      assert.equal(await page.locator(".zh-play").count(), 0);
      // Decimal minutes with a comma are fine.
      await setNumber(page, 0, "1,5");
      await setNumber(page, 2, "2");
      await startGame(page);
      assert.equal((await readPlay(page)).white.bank, "1:30");
      // Board mode before the starting press: White's half says why the board
      // takes no move (on White's side, not over the board: issue #22).
      assert.equal(await page.locator(".board-notice").count(), 0);
      assert.match(await page.locator(".half.white-seat .half-status").innerText(), /Black starts White's clock first/);
      // The menu discards the game (clock never started): the setup comes back.
      await page.locator(".middle-controls .menu-button").tap();
      const discard = page.getByRole("button", { name: "End and discard this game", exact: true });
      await discard.tap();
      await page.getByRole("button", { name: "End and discard this game — Confirm" }).tap();
      await page.locator(".zh-setup").waitFor();
      await page.reload();
      await page.locator(".zh-setup").waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("the one name rule of every game: a refused name is named with the reason, in English and Russian", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openZh(context, app.url);
      // 35 Cyrillic letters: 70 bytes, over the 64 of the one rule (fairness.md §1.2).
      await fillSetup(page, { names: { white: "Ж".repeat(35), black: "Yossi" } });
      await page.locator(".zh-setup button.primary.big").tap();
      await page.getByText("Name 1 is too long: at most 64 bytes (64 Latin or 32 Cyrillic letters).").waitFor();
      assert.equal(await page.locator(".zh-play").count(), 0);
      // A no-break space inside a name is an invisible character: said, not stripped.
      await fillSetup(page, { names: { white: "Dana", black: "Yo\u00a0ssi" } });
      await page.locator(".zh-setup button.primary.big").tap();
      await page.getByText("Name 2 contains an invisible or control character (U+00A0); please retype it.").waitFor();
      await toRussian(page);
      await page.locator(".zh-setup button.primary.big").tap();
      await page.getByText("В имени № 2 есть невидимый или управляющий символ (U+00A0); наберите имя заново.").waitFor();
      await page.locator(".zh-setup .form-error").scrollIntoViewIfNeeded();
      await screenshot(page, "zh-setup-name-refused-ru-portrait");
      await fillSetup(page, { names: NAMES_RU });
      await page.locator(".zh-setup button.primary.big").tap();
      await page.locator(".zh-play").waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("C-4: a reload mid-game resumes the same position, pockets, turn and clocks, online and offline", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openZh(context, app.url);
      await fillSetup(page, { board: true, preset: "5 + 3" });
      await startGame(page);
      await blackStarts(page);
      for (const [uci, think] of [["e2e4", 2_000], ["d7d5", 3_000], ["e4d5", 1_000], ["d8d5", 4_000], ["b1c3", 2_500]]) {
        await play(page, uci, { thinkMs: think });
      }
      await page.clock.runFor(4_300);
      const before = {
        play: await readPlay(page),
        board: await readBoard(page),
        pockets: await readPockets(page),
      };
      assert.equal(toMove(before.play), "black");
      assert.equal(before.board.d5, "bQ");
      assert.equal(before.board.c3, "wN");
      assert.deepEqual(before.pockets, { white: pocket({ P: 1 }), black: pocket({ P: 1 }) });
      // White: 300 − 2 + 3 − 1 + 3 − 2.5 + 3 = 303.5; Black: 300 − 3 + 3 − 4 + 3 − 4.3 = 294.7.
      assert.equal(before.play.white.bank, "5:03");
      assert.equal(before.play.black.bank, "4:54");
      const save = await page.evaluate((key) => localStorage.getItem(key), SAVE_KEY);
      assert.ok(JSON.parse(save).events.length >= 6, "the save does not hold every event");

      await waitForServiceWorkerControl(page);
      await page.reload();
      await page.locator(".zh-play").waitFor();
      const reloaded = { play: await readPlay(page), board: await readBoard(page), pockets: await readPockets(page) };
      assert.deepEqual(reloaded, before, "the reloaded game differs");
      assert.match(await page.locator(".board-status").innerText(), /Nc3/);
      // The running clock (Black's) is charged for time passing; White's stands.
      await page.clock.runFor(2_000);
      const running = await readPlay(page);
      assert.equal(running.white.bank, "5:03");
      assert.equal(running.black.bank, "4:52");

      // The network gone: the same, from the service worker's cache.
      await app.stop();
      await page.reload();
      await page.locator(".zh-play").waitFor();
      assert.deepEqual(await readPlay(page), running, "the offline reload differs");
      assert.deepEqual(await readBoard(page), before.board);
      assert.deepEqual(await readPockets(page), before.pockets);
      // And play goes on offline: Black drops its pawn.
      await play(page, "P@e4", { thinkMs: 1_000 });
      const after = await readPlay(page);
      assert.equal(toMove(after), "white");
      assert.equal(after.black.bank, "4:54", "294.7 − 2 − 1 + 3 = 294.7");
      assert.deepEqual(await readPockets(page), { white: pocket({ P: 1 }), black: pocket() });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("C-4a: undo takes the move back and charges the tapper; pause, +1 min, resume", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openZh(context, app.url);
      await fillSetup(page, { board: true, preset: "5 + 3" });
      await startGame(page);
      const undo = page.locator(".middle-controls button.undo");
      assert.ok(await undo.isDisabled(), "undo offered before the start");
      await blackStarts(page);
      assert.ok(await undo.isDisabled(), "undo offered before any move (the start is not a move)");

      await play(page, "e2e4", { thinkMs: 2_000 }); // White 300 − 2 + 3 = 301
      await play(page, "d7d5", { thinkMs: 3_000 }); // Black 300 − 3 + 3 = 300
      await play(page, "e4d5", { thinkMs: 1_000 }); // White 301 − 1 + 3 = 303, takes a pawn
      const beforeCapture = await readBoard(page);
      assert.deepEqual(await readPockets(page), { white: pocket({ P: 1 }), black: pocket() });
      await page.clock.runFor(4_000);
      let state = await readPlay(page);
      assert.equal(state.white.bank, "5:03");
      assert.equal(state.black.bank, "4:56");

      // Undo asks again; Cancel keeps the move.
      await undo.tap();
      await page.locator(".middle-confirm").waitFor();
      await page.locator(".middle-confirm button:not(.danger)").tap();
      await page.locator(".middle-confirm").waitFor({ state: "detached" });
      assert.deepEqual(await readBoard(page), beforeCapture);
      await undo.tap();
      await page.locator(".middle-confirm button.danger").tap();
      await page.locator(".half.white-seat.to-move").waitFor();

      // The capture is gone: d5 is Black's pawn again, e4 White's, the pocket empty.
      const board = await readBoard(page);
      assert.equal(board.d5, "bP");
      assert.equal(board.e4, "wP");
      assert.deepEqual(await readPockets(page), { white: pocket(), black: pocket() });
      state = await readPlay(page);
      assert.equal(state.moveNumber, "2");
      // C-4a: the undo corrects a mistaken tap. White was to move all along:
      // its 300 s at the tap, less the 4 s Black's clock ran since, and its
      // increment gone.
      assert.equal(state.white.bank, "4:56", "300 − 4 = 296");
      // Black's clock shows again what it showed at the tap (C-4a).
      assert.equal(state.black.bank, "5:00");
      await page.clock.runFor(1_000);
      assert.equal((await readPlay(page)).white.bank, "4:55", "White's clock does not run after the undo");

      // Pause: the clocks stand; the menu adjusts time only then.
      await page.locator(".middle-controls button", { hasText: "Pause" }).tap();
      await page.locator(".middle-controls button.primary").waitFor();
      await page.clock.runFor(5_000);
      state = await readPlay(page);
      assert.equal(state.white.bank, "4:55");
      assert.equal(state.black.bank, "5:00");
      assert.ok(state.paused);
      assert.equal(toMove(state), null, "a half is lit while paused");
      assert.match(state.white.status + state.black.status, /Paused/);
      // No move can be made while paused.
      await page.locator(".sq[data-square=g1]").tap();
      assert.deepEqual(await targets(page), []);

      await openMenu(page);
      await page.getByRole("button", { name: "White +1 min" }).tap();
      await page.locator(".sheet .adjust-row strong", { hasText: "5:55" }).waitFor();
      await page.getByRole("button", { name: "Black −10 s" }).tap();
      await page.locator(".sheet .adjust-row strong", { hasText: "4:50" }).waitFor();
      await page.locator(".sheet .sheet-head button", { hasText: "Close" }).tap();
      await page.locator(".sheet").waitFor({ state: "detached" });
      state = await readPlay(page);
      assert.equal(state.white.bank, "5:55");
      assert.equal(state.black.bank, "4:50");

      await page.locator(".middle-controls button.primary").tap();
      await page.locator(".half.white-seat.to-move").waitFor();
      await page.clock.runFor(3_000);
      state = await readPlay(page);
      assert.equal(state.white.bank, "5:52");
      assert.equal(state.black.bank, "4:50");
      // The game goes on: the same capture again.
      await play(page, "e4d5", { thinkMs: 0 });
      assert.deepEqual(await readPockets(page), { white: pocket({ P: 1 }), black: pocket() });
      // Opening the menu while a clock runs stops it, and says so: no flag
      // falls while the players sort something out in the menu (C-4).
      const running = await readPlay(page);
      await openMenu(page);
      await page.getByText("The clocks are stopped while the menu is open.").waitFor();
      await page.clock.runFor(20_000);
      const held = await readPlay(page);
      assert.deepEqual([held.white.bank, held.black.bank], [running.white.bank, running.black.bank], "a clock ran behind the menu");
      assert.equal(running.black.bank, "4:50");
      // The menu's pause allows adjusting; closing the menu starts the clock again.
      assert.equal(await page.getByRole("button", { name: "White +1 min" }).count(), 1);
      await page.locator(".sheet .sheet-head button", { hasText: "Close" }).tap();
      await page.locator(".sheet").waitFor({ state: "detached" });
      await page.clock.runFor(2_000);
      const after = await readPlay(page);
      assert.equal(after.black.bank, "4:48", "closing the menu did not restart Black's clock");
      assert.equal(after.white.bank, running.white.bank);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("PGN import: a bad move is named, an unfinished game continues, a finished one opens for review", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openZh(context, app.url);
      await fillSetup(page, { board: false, preset: "5 + 3", names: { white: "", black: "" } });

      await importPgn(page, "1. e4 e5 2. Nf9 Nc6 *");
      const error = page.locator(".zh-setup details.import .form-error[role=alert]");
      await error.waitFor();
      assert.match(await error.innerText(), /2\. Nf9/);
      assert.match(await error.innerText(), /not a move/);
      assert.equal(await page.locator(".zh-setup").count(), 1, "a bad PGN left the setup");
      assert.equal(await page.evaluate((key) => localStorage.getItem(key), SAVE_KEY), null, "a bad PGN was saved");
      // Editing the text clears the error.
      await page.locator("textarea.pgn-input").fill("1. e4 d5 2. exd5 Qxd5 3. Nc3 *");
      await error.waitFor({ state: "detached" });

      await page.locator(".zh-setup details.import button").tap();
      await page.locator(".zh-play").waitFor();
      // An unfinished game goes on in board mode, even though the form said "Physical board".
      assert.equal(await page.locator(".board .sq").count(), 64);
      const board = await readBoard(page);
      assert.equal(board.d5, "bQ");
      assert.equal(board.c3, "wN");
      assert.equal(board.e2, undefined);
      assert.deepEqual(await readPockets(page), { white: pocket({ P: 1 }), black: pocket({ P: 1 }) });
      let state = await readPlay(page);
      // Names not in the PGN: the default names.
      assert.equal(state.white.name, "White");
      assert.equal(state.black.name, "Black");
      // Black is to move, so White's half starts Black's clock.
      assert.ok(state.white.starts, "White's half does not start the clock");
      assert.ok(!state.black.starts);
      assert.equal(state.moveNumber, "3");
      // What the halves say is checked at the end (so the rest is checked too).
      const startWords = { white: state.white.status, black: state.black.status };
      await page.locator(".half.white-seat.starts").tap();
      await page.locator(".half.black-seat.to-move").waitFor();
      await page.clock.runFor(2_000);
      state = await readPlay(page);
      assert.equal(state.black.bank, "4:58");
      assert.equal(state.white.bank, "5:00");
      // The imported moves cannot be undone.
      assert.ok(await page.locator(".middle-controls button.undo").isDisabled());
      await play(page, "d5a5");
      assert.ok(!(await page.locator(".middle-controls button.undo").isDisabled()), "the game's own move cannot be undone");

      // Leave the game for a new one: resign, then a new setup.
      await openMenu(page);
      // "Black resigns" (the name is the colour's), or "Black (Black) resigns".
      await page.locator(".sheet button", { hasText: /^Black( \(Black\))? resigns$/ }).tap();
      await page.locator(".sheet button", { hasText: /^Black( \(Black\))? resigns — Confirm$/ }).tap();
      await page.locator(".zh-end").waitFor();
      assert.equal(await page.locator(".end-result").innerText(), "White wins");
      assert.equal(await page.locator(".end-reason").innerText(), "resignation");
      assert.deepEqual(await moveList(page), ["1. e4 d5", "2. exd5 Qxd5", "3. Nc3 Qa5"]);
      await page.locator(".zh-end .end-actions button", { hasText: "New setup" }).tap();
      await page.locator(".zh-setup").waitFor();

      // A finished game opens on the end screen for review.
      await importPgn(page, MATE_PGN);
      await page.locator(".zh-end").waitFor();
      assert.equal(await page.locator(".end-result").innerText(), "Yossi wins");
      assert.deepEqual(await moveList(page), [
        "1. d3 a5", "2. h4 g6", "3. Bh6 Nxh6", "4. c4 B@g4", "5. Rh3 a4", "6. Qxa4 Rxa4", "7. P@c2 Q@c1#",
      ]);
      const pgn = await downloadPgn(page);
      assert.match(pgn, /\[Variant "Crazyhouse"\]/);
      assert.match(pgn.replace(/\s+/g, " "), /7\. P@c2 .*Q@c1#/);
      assert.match(pgn, /0-1\s*$/);
      assert.deepEqual(errors, []);

      // With Black to move, White's half starts Black's clock and must say so;
      // Black's half must not tell Black to start the clock.
      assert.match(startWords.white, /^Tap to start Black's clock/, `White's half said: "${startWords.white}"`);
      assert.doesNotMatch(startWords.black, /Black starts the clock/, `Black's half said: "${startWords.black}"`);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("C-1: the board with both pockets has 64 tappable squares, portrait and landscape", async () => {
    const app = await serveCopy();
    const problems = [];
    try {
      for (const [orientation, viewport] of [["portrait", PORTRAIT], ["landscape", LANDSCAPE]]) {
        const context = await phoneContext(browser, { viewport });
        const { page, errors } = await openZh(context, app.url);
        await fillSetup(page, { board: true, preset: "3 + 2" });
        await startGame(page);
        await blackStarts(page);
        for (const p of await boardProblems(page)) problems.push(`${orientation}, at the start: ${p}`);
        // Empty ranks are the ones that get squeezed: play into the middle of the board.
        for (const uci of MATE_GAME.slice(0, 3)) await play(page, uci, { dispatch: true });
        for (const p of await boardProblems(page)) problems.push(`${orientation}, after 2. h4: ${p}`);
        for (const p of await clippedProblems(page)) problems.push(`${orientation}: ${p}`);
        assert.deepEqual(errors, []);
        await context.close();
      }
      assert.deepEqual(problems, [], problems.join("\n"));
    } finally {
      await app.stop();
    }
  });

  test("screenshots of every screen, English and Russian, portrait and landscape", async () => {
    const app = await serveCopy();
    // Layout problems are gathered and reported at the end, so every screen is shot.
    const layout = [];
    const check = async (page, where, ...checks) => {
      for (const c of checks) for (const p of await c(page)) layout.push(`${where}: ${p}`);
    };
    try {
      for (const [orientation, viewport] of [["portrait", PORTRAIT], ["landscape", LANDSCAPE]]) {
        for (const lang of ["en", "ru"]) {
          const context = await phoneContext(browser, { viewport });
          const { page, errors } = await openZh(context, app.url);
          // Landscape squares may be squeezed to nothing (see the test above): click them directly.
          const dispatch = orientation === "landscape";
          const shot = (name) => screenshot(page, `zh-${name}-${lang}-${orientation}`);
          const where = (screen) => `${screen}, ${lang} ${orientation}`;
          if (lang === "ru") await toRussian(page);
          const names = lang === "ru" ? NAMES_RU : NAMES;

          await shot("setup");
          await check(page, where("setup"), sidewaysProblems);
          await fillSetup(page, { names, board: false, custom: { white: 0.5, black: 1, kind: INCREMENT.bronstein, seconds: 5 } });
          await page.locator(".zh-setup select").scrollIntoViewIfNeeded();
          await shot("setup-custom");
          await check(page, where("setup with Custom"), sidewaysProblems);

          // Clock mode, White thinking with a Bronstein delay running.
          await startGame(page);
          await blackStarts(page);
          await page.clock.runFor(2_000);
          await page.locator(".half.white-seat").tap();
          await page.locator(".half.black-seat.to-move").waitFor();
          await page.clock.runFor(1_400);
          await shot("play-clock");
          await check(page, where("clock mode"), clippedProblems);
          await openMenu(page);
          await shot("menu");
          await check(page, where("menu"), sidewaysProblems);
          await page.locator(".sheet .sheet-head button").tap();
          await page.locator(".sheet").waitFor({ state: "detached" });
          await page.locator(".middle-controls button:not(.undo):not(.icon-button)").tap(); // Pause
          await page.locator(".middle-controls button.primary").waitFor();
          await openMenu(page);
          await shot("menu-paused");
          await page.locator(".sheet .sheet-head button").tap();
          await page.locator(".sheet").waitFor({ state: "detached" });
          await page.locator(".middle-controls button.primary").tap(); // Resume
          await page.locator(".half.black-seat.to-move").waitFor();
          await page.clock.runFor(60_000); // Black's flag
          await page.locator(".zh-end").waitFor();
          await shot("end-clock");
          await check(page, where("end, clock mode"), sidewaysProblems);

          // Board mode: the mating game, shot with both pockets filled and White's pawn picked up.
          await page.locator(".zh-end .end-actions button.new-setup").tap(); // New setup
          await page.locator(".zh-setup").waitFor();
          await fillSetup(page, { names, board: true, preset: "3 + 2" });
          await startGame(page);
          await blackStarts(page);
          for (const uci of MATE_GAME.slice(0, 12)) await play(page, uci, { thinkMs: 1_300, dispatch });
          await page.clock.runFor(1_300);
          const whitePawn = page.locator(".pocket-piece[data-colour=white][data-piece=P]");
          await whitePawn.tap();
          await page.locator(".sq.target").first().waitFor({ state: "attached" });
          await shot("play-board");
          await check(page, where("board mode"), clippedProblems, boardProblems);
          await whitePawn.tap();
          for (const uci of MATE_GAME.slice(12)) await play(page, uci, { thinkMs: 1_000, dispatch });
          await page.locator(".zh-end").waitFor();
          await shot("end");
          await check(page, where("end, board mode"), sidewaysProblems);
          await page.locator(".zh-end .move-list").scrollIntoViewIfNeeded();
          await shot("end-moves");

          // A PGN that does not import.
          await page.locator(".zh-end .end-actions button.new-setup").tap();
          await page.locator(".zh-setup").waitFor();
          await importPgn(page, "1. e4 e5 2. Nf9 Nc6 *");
          await page.locator(".zh-setup details.import .form-error").waitFor();
          await page.locator(".zh-setup details.import .form-error").scrollIntoViewIfNeeded();
          await shot("import-error");
          await check(page, where("import error"), sidewaysProblems);
          assert.deepEqual(errors, []);
          await context.close();
        }
      }
      assert.deepEqual(layout, [], layout.join("\n"));
    } finally {
      await app.stop();
    }
  });
  // CE-5 on a browser that cannot deflate (Safari before 16.4 has no
  // CompressionStream; this one is made to lack it): the app then puts the
  // record in stored deflate blocks, and the code reads back the same.
  test("CE-5: a phone whose browser cannot deflate still hands the game home in a code that opens", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    const plain = await phoneContext(browser);
    try {
      await context.addInitScript(() => delete window.CompressionStream);
      const links = [];
      for (const phone of [context, plain]) {
        const { page, errors } = await openZh(phone, app.url);
        await fillSetup(page, { board: true });
        await startGame(page);
        await blackStarts(page);
        for (const uci of ["f2f3", "e7e5", "g2g4", "d8h4"]) await play(page, uci);
        assert.match((await readEnd(page)).reason, /checkmate/);
        const code = page.locator("[data-testid=take-home-crazyhouse] .take-home-code");
        await code.waitFor();
        links.push(await code.getAttribute("data-link"));
        assert.deepEqual(errors, []);
      }
      const [stored, deflated] = links.map((link) => link.slice(link.lastIndexOf(".") + 1));
      assert.ok(stored.length > deflated.length, `stored ${stored.length} chars, deflated ${deflated.length}`);
      const page = await plain.newPage();
      await page.goto(links[0]);
      await page.locator("[data-testid=review]").waitFor();
      const tags = await page.locator(".review-tag").evaluateAll((els) => Object.fromEntries(els.map((e) => [e.dataset.tag, e.querySelector("dd").textContent])));
      assert.deepEqual([tags.White, tags.Black, tags.Result], [NAMES.white, NAMES.black, "0-1"]);
      assert.match(await page.locator("[data-testid=review-moves]").innerText(), /^1\. f3 .*e5 .*2\. g4 .*Qh4#/s);
    } finally {
      await context.close();
      await plain.close();
      await app.stop();
    }
  });
});
