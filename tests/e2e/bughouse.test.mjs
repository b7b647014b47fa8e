// The bughouse module as four players at a table meet it (route #/bughouse,
// issue #14): clock mode with the phone between the boards — four quadrants,
// the far two turned to face across the table (BH-1), both boards running
// independently (BH-2), undo per board charging the tapper (C-4a), pause of
// all four clocks, a reload that resumes exactly (C-4), and a flag on one
// board that ends the match for both, naming the winning team and the rule
// (BH-4); its BPGN. Each undo says, between its two taps, what it takes back
// on which board (C-4a). Board mode: both boards drawn from team 1's side
// (board B with Black at the bottom, BH-1), a capture passed to the
// partner's pocket and dropped on the other board (BH-3), a refused BPGN
// import told in the player's language. Screenshots of setup, play, board
// mode and end in English and Russian, portrait and landscape.
//
// Time is Playwright's fake clock, as in crazyhouse.test.mjs: paused once the
// app is up, then moved only by `runFor`, so every clock on screen is exact.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import {
  LANDSCAPE,
  PORTRAIT,
  centreOf,
  launchBrowser,
  openWithFakeClock,
  phoneContext,
  screenshot,
  serveCopy,
  waitForServiceWorkerControl,
} from "./harness.mjs";

const T0 = Date.UTC(2026, 11, 1, 19, 0, 0);
const SAVE_KEY = "bughouse.match";
/** Team 1: Ann (White A) and Dan (Black B); team 2: Bob (Black A) and Cleo (White B). */
const NAMES = { wa: "Ann", ba: "Bob", wb: "Cleo", bb: "Dan" };
const NAMES_RU = { wa: "Аня", ba: "Боря", wb: "Клава", bb: "Дима" };
const SEATS = ["Aw", "Ab", "Bw", "Bb"];

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

function openBh(context, url) {
  return openWithFakeClock(context, url, {
    route: "/bughouse",
    ready: ".bh-setup, .bh-play, .bh-end",
    time: T0,
  });
}

async function toRussian(page) {
  await page.getByRole("button", { name: "Русский" }).tap();
  await page.locator("html[lang=ru]").waitFor();
}

/** Fills the four names and the mode; `preset` is a chip index (0 = 3 + 0). */
async function fillSetup(page, { names = NAMES, board = false, preset = null } = {}) {
  for (const [seat, name] of Object.entries(names)) await page.locator(`#bh-name-${seat}`).fill(name);
  await page.locator("input[name=bh-mode]").nth(board ? 1 : 0).check();
  if (preset !== null) await page.locator(".bh-setup label.chip").nth(preset).tap();
}

async function startMatch(page) {
  await page.locator(".bh-setup button.primary.big").tap();
  await page.locator(".bh-play").waitFor();
}

const quad = (page, seat) => page.locator(`.bh-quad[data-seat=${seat}] .half`);

/** Every quadrant: name, time, status and state; whether the clocks stand paused. */
function readPlay(page) {
  return page.evaluate((seats) => {
    const out = {};
    for (const seat of seats) {
      const el = document.querySelector(`.bh-quad[data-seat=${seat}] .half`);
      out[seat] = {
        name: el.querySelector(".half-name").textContent,
        bank: el.querySelector(".bank").textContent,
        status: el.querySelector(".half-status").textContent,
        toMove: el.classList.contains("to-move"),
        low: el.classList.contains("low"),
        starts: el.classList.contains("starts"),
        disabled: el.getAttribute("aria-disabled") === "true",
      };
    }
    out.paused = document.querySelector(".bh-middle .middle-controls button.primary") !== null;
    return out;
  }, SEATS);
}

const banks = (state) => Object.fromEntries(SEATS.map((s) => [s, state[s].bank]));
const running = (state) => SEATS.filter((s) => state[s].toMove);

/** A player taps their quadrant after moving; waits for the opponent's clock to run. */
async function tap(page, seat) {
  await quad(page, seat).tap();
  const opponent = seat[0] + (seat[1] === "w" ? "b" : "w");
  await page.locator(`.bh-quad[data-seat=${opponent}] .half.to-move`).waitFor();
}

/** Undo on one board: the button, then its confirmation; returns the sentence shown in between. */
async function undo(page, board) {
  const button = page.locator(`.bh-undo.board-${board.toLowerCase()} button`);
  await button.tap();
  const said = await page.locator(".bh-undo-explain.shown").innerText();
  await button.tap();
  await page.waitForFunction(() => !document.querySelector(".bh-undo-explain.shown"));
  return said;
}

/**
 * How a board is drawn, as the players see it: the square at each corner
 * (top-left, bottom-left), where each colour's king and pocket and clock
 * are (above or below the board's middle).
 */
function drawnAs(page, board) {
  return page.locator(`.bh-panel.board-${board}`).evaluate((panel) => {
    if (getComputedStyle(panel).display === "none") throw new Error("the board is not shown");
    const mid = (el) => {
      const r = el.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    };
    const grid = panel.querySelector(".board");
    const centre = mid(grid).y;
    const at = (x, y) => {
      const r = grid.getBoundingClientRect();
      return document.elementFromPoint(r.left + x * r.width, r.top + y * r.height)?.closest(".sq")?.dataset.square;
    };
    const side = (el) => (mid(el).y < centre ? "top" : "bottom");
    // Pockets stand above and below the board, or (landscape) beside it.
    const box = grid.getBoundingClientRect();
    const pocketSide = (el) => {
      const { x } = mid(el);
      if (x < box.left) return "left";
      if (x > box.right) return "right";
      return side(el);
    };
    const king = (colour) =>
      side([...panel.querySelectorAll(".sq")].find((sq) => sq.querySelector(`.piece.${colour}`)?.textContent.startsWith("\u265A")));
    return {
      topLeft: at(0.03, 0.03),
      bottomLeft: at(0.03, 0.97),
      whiteKing: king("w"),
      blackKing: king("b"),
      whitePocket: pocketSide(panel.querySelector(".pocket.white")),
      blackPocket: pocketSide(panel.querySelector(".pocket.black")),
      whiteClock: side(panel.querySelector(".half.white-seat")),
      blackClock: side(panel.querySelector(".half.black-seat")),
      // The far clock and pocket face across the table.
      turned: [...panel.querySelectorAll(".bh-quad, .pocket")]
        .filter((el) => getComputedStyle(el).transform !== "none")
        .map((el) => (el.classList.contains("pocket") ? `pocket ${el.classList.contains("white") ? "white" : "black"}` : `clock ${el.dataset.seat}`)),
    };
  });
}

/** From team 1's side of the table: A with White at the bottom, B with Black. */
const FROM_TEAM_1 = {
  a: { topLeft: "a8", bottomLeft: "a1", whiteKing: "bottom", blackKing: "top", whitePocket: "bottom", blackPocket: "top", whiteClock: "bottom", blackClock: "top", turned: ["clock Ab", "pocket black"] },
  b: { topLeft: "h1", bottomLeft: "h8", whiteKing: "top", blackKing: "bottom", whitePocket: "top", blackPocket: "bottom", whiteClock: "top", blackClock: "bottom", turned: ["clock Bw", "pocket white"] },
};

/** The same in landscape, where the far pocket stands left of the board and the near one right. */
const FROM_TEAM_1_LANDSCAPE = {
  a: { ...FROM_TEAM_1.a, whitePocket: "right", blackPocket: "left" },
  b: { ...FROM_TEAM_1.b, whitePocket: "left", blackPocket: "right" },
};

/** Board mode's layout trouble: the page scrolls, a shown board, pocket or clock is cut or covered. */
function boardLayoutProblems(page) {
  return page.evaluate(() => {
    const problems = [];
    if (document.documentElement.scrollWidth > innerWidth + 1) problems.push("the page scrolls sideways");
    if (document.documentElement.scrollHeight > innerHeight + 1) problems.push("the page scrolls down");
    for (const panel of document.querySelectorAll(".bh-panel")) {
      if (getComputedStyle(panel).display === "none") continue;
      const name = panel.classList.contains("board-a") ? "A" : "B";
      for (const el of panel.querySelectorAll(".board, .pocket-piece, .bh-quad .bank")) {
        const r = el.getBoundingClientRect();
        if (r.width < 1 || r.height < 1) problems.push(`${name}: ${el.className} is not shown`);
        if (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1) problems.push(`${name}: ${el.className} leaves the screen`);
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (hit && !el.contains(hit) && !hit.contains(el)) problems.push(`${name}: ${el.className} is covered by ${hit.className}`);
      }
      const board = panel.querySelector(".board").getBoundingClientRect();
      if (board.width < 150) problems.push(`${name}: the board is only ${Math.round(board.width)} px wide`);
    }
    return problems;
  });
}

async function openMenu(page) {
  await page.locator(".bh-middle .menu-button").tap();
  await page.locator(".sheet[role=dialog]").waitFor();
}

/** A button of the menu that asks for a second tap: both taps. */
async function confirmInMenu(page, name) {
  const button = page.locator(".sheet button", { hasText: name });
  await button.tap();
  await button.tap();
}

async function readEnd(page) {
  await page.locator(".bh-end").waitFor();
  return {
    result: await page.locator(".end-result").innerText(),
    reason: await page.locator(".end-reason").innerText(),
    clocks: await page
      .locator(".bh-final-clocks tr")
      .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent.trim()))),
  };
}

/** The rotation of a quadrant in degrees, from its computed transform. */
function rotation(page, seat) {
  return page.locator(`.bh-quad[data-seat=${seat}]`).evaluate((el) => {
    const t = getComputedStyle(el).transform;
    if (t === "none") return 0;
    const [a, b] = t.slice(7, -1).split(",").map(Number);
    return Math.round((Math.atan2(b, a) * 180) / Math.PI + 360) % 360;
  });
}

/** Layout trouble: anything wider than the screen, quadrants overlapping, clocks cut. */
function layoutProblems(page) {
  return page.evaluate(() => {
    const problems = [];
    if (document.documentElement.scrollWidth > innerWidth + 1) problems.push("the page scrolls sideways");
    for (const el of document.querySelectorAll(".bh-quad")) {
      const bank = el.querySelector(".bank");
      if (bank.scrollWidth > bank.clientWidth + 1) problems.push(`${el.dataset.seat}: the time is cut`);
      const q = el.getBoundingClientRect();
      const b = bank.getBoundingClientRect();
      if (b.top < q.top - 1 || b.bottom > q.bottom + 1) problems.push(`${el.dataset.seat}: the time overflows its quadrant`);
      const size = parseFloat(getComputedStyle(bank).fontSize);
      if (size < 36) problems.push(`${el.dataset.seat}: the time is only ${Math.round(size)} px high`);
      if (b.height > size * 1.5) problems.push(`${el.dataset.seat}: the time wraps`);
    }
    return problems;
  });
}

describe("Bughouse", () => {
  test("BH-2: two players pressing their boards' clocks at the same moment, two fingers on the phone, both count", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openBh(context, app.url);
      await fillSetup(page);
      await startMatch(page);
      await quad(page, "Ab").tap();
      await page.locator(".bh-quad[data-seat=Bw] .half.to-move").waitFor();
      await page.clock.runFor(4_000);
      // Ann (White A) and Cleo (White B) both press: the second finger lands
      // while the first is still down, and is lifted first.
      const cdp = await context.newCDPSession(page);
      const [ann, cleo] = [await centreOf(quad(page, "Aw")), await centreOf(quad(page, "Bw"))];
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ ...ann, id: 1 }] });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ ...ann, id: 1 }, { ...cleo, id: 2 }] });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [{ ...ann, id: 1 }] });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await page.locator(".bh-quad[data-seat=Bb] .half.to-move").waitFor();
      const state = await readPlay(page);
      assert.deepEqual(running(state), ["Ab", "Bb"], "one of the two presses was lost");
      assert.deepEqual(banks(state), { Aw: "2:56", Ab: "3:00", Bw: "2:56", Bb: "3:00" });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("BH-1 BH-2 BH-4 C-4 C-4a: a clock-mode match — four quadrants, two boards, undo, pause, reload, a flag ends both", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openBh(context, app.url);
      // BH-7: 3 minutes each unless chosen.
      assert.ok(await page.locator(".bh-setup label.chip").nth(0).locator("input").isChecked(), "3 + 0 is not the default");
      await fillSetup(page);
      await startMatch(page);
      assert.equal(await page.locator(".bh-quad").count(), 4);
      assert.equal(await page.locator(".board").count(), 0, "clock mode shows a board");
      // BH-1: team 2's side (Black A, White B) faces across the table; team 1's is upright.
      assert.deepEqual(
        Object.fromEntries(await Promise.all(SEATS.map(async (s) => [s, await rotation(page, s)]))),
        { Aw: 0, Ab: 180, Bw: 180, Bb: 0 },
      );
      // Each quadrant names its player, board, team and colour.
      let state = await readPlay(page);
      assert.deepEqual(
        SEATS.map((s) => state[s].name),
        [NAMES.wa, NAMES.ba, NAMES.wb, NAMES.bb],
      );
      assert.match(await page.locator(".bh-quad[data-seat=Bw]").innerText(), /White[\s\S]*Board B · Team 2/);
      assert.match(await page.locator(".bh-quad[data-seat=Bb]").innerText(), /Black[\s\S]*Board B · Team 1/);
      assert.deepEqual(banks(state), { Aw: "3:00", Ab: "3:00", Bw: "3:00", Bb: "3:00" });
      // Black starts both boards; a White tap does nothing yet.
      assert.ok(state.Aw.disabled && state.Bw.disabled);
      assert.ok(state.Ab.starts && state.Bb.starts);
      await quad(page, "Aw").tap({ force: true });
      await page.clock.runFor(1_000);
      assert.deepEqual(running(await readPlay(page)), [], "a White tap started the match");

      await quad(page, "Ab").tap();
      await page.locator(".bh-quad[data-seat=Bw] .half.to-move").waitFor();
      assert.deepEqual(running(await readPlay(page)), ["Aw", "Bw"], "one Start runs both White clocks");

      // BH-2: board A's tap starts Black A; board B runs on regardless.
      await page.clock.runFor(5_000);
      await tap(page, "Aw");
      await page.clock.runFor(10_000);
      state = await readPlay(page);
      assert.deepEqual(running(state), ["Ab", "Bw"]);
      assert.deepEqual(banks(state), { Aw: "2:55", Ab: "2:50", Bw: "2:45", Bb: "3:00" });
      // A tap out of turn changes nothing.
      await quad(page, "Bb").tap({ force: true });
      assert.deepEqual(running(await readPlay(page)), ["Ab", "Bw"]);
      assert.match(state.Bw.status, /^Tap when you have moved/);

      // C-4a, on board B only: the 3 s since Cleo's tap are charged to Cleo,
      // as the undo says between its two taps.
      await tap(page, "Bw");
      await page.clock.runFor(3_000);
      assert.equal(
        await undo(page, "B"),
        "Take back Cleo's last tap on board B? The time since that tap is charged to Cleo. Board A is not touched.",
      );
      await page.locator(".bh-quad[data-seat=Bw] .half.to-move").waitFor();
      state = await readPlay(page);
      assert.deepEqual(running(state), ["Ab", "Bw"]);
      assert.deepEqual(banks(state), { Aw: "2:55", Ab: "2:47", Bw: "2:42", Bb: "3:00" });
      // Board A's undo still takes back Ann's tap, not board B's.
      assert.equal(await page.locator(".bh-undo.board-a button").count(), 1);
      await page.clock.runFor(2_000);
      await tap(page, "Bw");
      state = await readPlay(page);
      assert.deepEqual(running(state), ["Ab", "Bb"]);
      assert.deepEqual(banks(state), { Aw: "2:55", Ab: "2:45", Bw: "2:40", Bb: "3:00" });

      // Pause stops all four; Resume starts the two that ran.
      await page.locator(".bh-middle .middle-controls button:not(.icon-button)").tap();
      await page.locator(".bh-middle .middle-controls button.primary").waitFor();
      await page.clock.runFor(20_000);
      state = await readPlay(page);
      assert.ok(state.paused);
      assert.deepEqual(running(state), []);
      assert.deepEqual(banks(state), { Aw: "2:55", Ab: "2:45", Bw: "2:40", Bb: "3:00" });
      await page.locator(".bh-middle .middle-controls button.primary").tap();
      await page.locator(".bh-quad[data-seat=Bb] .half.to-move").waitFor();
      await page.clock.runFor(4_000);
      const before = await readPlay(page);
      assert.deepEqual(banks(before), { Aw: "2:55", Ab: "2:41", Bw: "2:40", Bb: "2:56" });

      // C-4: a reload resumes exactly, and both running clocks go on.
      await waitForServiceWorkerControl(page);
      await page.reload();
      await page.locator(".bh-play").waitFor();
      assert.deepEqual(await readPlay(page), before, "the reloaded match differs");
      await page.clock.runFor(1_000);
      state = await readPlay(page);
      assert.deepEqual(banks(state), { Aw: "2:55", Ab: "2:40", Bw: "2:40", Bb: "2:55" });
      // With the network gone: the same match, from the service worker's cache.
      await app.stop();
      await page.reload();
      await page.locator(".bh-play").waitFor();
      assert.deepEqual(await readPlay(page), state, "the offline reload differs");

      // Low time on Bob's quadrant only.
      await page.clock.runFor(150_100);
      state = await readPlay(page);
      assert.equal(state.Ab.bank, "9.9");
      assert.ok(state.Ab.low, "no low-time warning below 10 s");
      assert.ok(!state.Bb.low, "Dan has 24.9 s: no warning");
      assert.equal(state.Bb.bank, "0:24");
      // One tenth before Bob's flag the match still runs.
      await page.clock.runFor(9_800);
      assert.equal((await readPlay(page)).Ab.bank, "0.1");
      assert.equal(await page.locator(".bh-play").count(), 1, "the flag fell early");

      // BH-4: Bob's flag on board A ends the match for both boards: team 1 wins.
      await page.clock.runFor(200);
      const end = await readEnd(page);
      assert.deepEqual(end, {
        result: "Team 1 wins: Ann & Dan",
        reason: "the flag fell on board A: Bob (BH-4)",
        clocks: [
          ["Ann", "White A", "2:55"],
          ["Bob", "Black A", "0.0"],
          ["Cleo", "White B", "2:40"],
          ["Dan", "Black B", "0:15"],
        ],
      });
      // Board B stopped with board A.
      await page.clock.runFor(5_000);
      assert.deepEqual((await readEnd(page)).clocks, end.clocks);
      // The record: BPGN with the four players and team 1's win.
      const [download] = await Promise.all([page.waitForEvent("download"), page.locator(".record-download").tap()]);
      assert.equal(download.suggestedFilename(), "bughouse.bpgn");
      const bpgn = readFileSync(await download.path(), "utf8");
      for (const tag of ['[WhiteA "Ann"]', '[BlackA "Bob"]', '[WhiteB "Cleo"]', '[BlackB "Dan"]']) {
        assert.ok(bpgn.includes(tag), `BPGN lacks ${tag}:\n${bpgn}`);
      }
      const saved = JSON.parse(await page.evaluate((key) => localStorage.getItem(key), SAVE_KEY));
      assert.equal(saved.game, "bughouse");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("BH-3: board mode — a capture on board A goes to the partner's pocket on board B, who drops it", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openBh(context, app.url);
      await fillSetup(page, { board: true });
      await startMatch(page);
      const panel = (b) => page.locator(`.bh-panel.board-${b}`);
      const move = async (b, from, to) => {
        await page.locator(`.bh-tab`).nth(b === "a" ? 0 : 1).tap();
        await panel(b).locator(`.sq[data-square=${from}]`).tap();
        await panel(b).locator(`.sq[data-square=${to}].target`).tap();
      };
      // BH-1: both boards from team 1's side — board B with Black (Dan) at the
      // bottom, White (Cleo) across the table; the far clock and pocket turned.
      assert.deepEqual(await drawnAs(page, "a"), FROM_TEAM_1.a);
      await page.locator(".bh-tab").nth(1).tap();
      assert.deepEqual(await drawnAs(page, "b"), FROM_TEAM_1.b);
      assert.equal(await panel("b").locator(".half.black-seat .half-name").innerText(), "Dan");
      assert.deepEqual(await boardLayoutProblems(page), []);
      // Black starts both boards.
      await page.locator(".bh-tab").nth(0).tap();
      await panel("a").locator(".half.black-seat").tap();
      await panel("a").locator(".half.white-seat.to-move").waitFor();
      await move("a", "e2", "e4");
      await move("a", "d7", "d5");
      await move("a", "e4", "d5");
      // Its undo would say that the pawn leaves Dan's pocket; a tap elsewhere
      // lets go of it.
      await page.locator(".bh-undo.board-a button").tap();
      assert.equal(
        await page.locator(".bh-undo-explain.shown").innerText(),
        "Take back Ann's last move on board A, exd5? The time since that move is charged to Ann, and the piece it captured leaves the partner's pocket. Board B is not touched.",
      );
      assert.equal(await page.locator(".bh-undo.board-a button").innerText(), "Confirm");
      // Ann (White A) took a black pawn: it goes to Dan, Black on B.
      await page.locator(".bh-tab").nth(1).tap();
      await page.waitForFunction(() => !document.querySelector(".bh-undo-explain.shown"));
      assert.equal(await page.locator(".bh-undo.board-a button").innerText(), "Undo move A");
      const pocketCount = (b, colour, piece) =>
        panel(b).locator(`.pocket-piece[data-colour=${colour}][data-piece=${piece}] .pocket-count`).innerText();
      assert.equal(await pocketCount("b", "black", "P"), "1");
      assert.equal(await pocketCount("a", "white", "P"), "0", "the capture stayed with the capturer");
      await move("b", "g1", "f3");
      // Dan drops the pawn on e5.
      await panel("b").locator(".pocket-piece[data-colour=black][data-piece=P]").tap();
      await panel("b").locator(".sq[data-square=e5].target").tap();
      await panel("b").locator(".half.white-seat.to-move").waitFor();
      assert.equal(await pocketCount("b", "black", "P"), "0");
      assert.equal(await panel("b").locator(".sq[data-square=e5] .piece").count(), 1);
      // C-4a: the undo of the drop says what it takes back; the pawn returns
      // to Dan's pocket, and Dan drops it again.
      assert.equal(
        await undo(page, "B"),
        "Take back Dan's last move on board B, P@e5? The time since that move is charged to Dan. Board A is not touched.",
      );
      await panel("b").locator(".half.black-seat.to-move").waitFor();
      assert.equal(await pocketCount("b", "black", "P"), "1");
      await panel("b").locator(".pocket-piece[data-colour=black][data-piece=P]").tap();
      await panel("b").locator(".sq[data-square=e5].target").tap();
      await panel("b").locator(".half.white-seat.to-move").waitFor();
      assert.deepEqual(await drawnAs(page, "b"), FROM_TEAM_1.b);
      await screenshot(page, "bh-play-board-en-portrait");

      // Ann resigns: the end shows both final positions and the moves; its BPGN
      // imports again for review.
      await openMenu(page);
      await confirmInMenu(page, "Ann (White A) resigns");
      const end = await readEnd(page);
      assert.equal(end.result, "Team 2 wins: Bob & Cleo");
      assert.equal(end.reason, "resignation on board A: Ann (BH-4)");
      assert.equal(await page.locator(".bh-end .final-position .board").count(), 2);
      // Both final positions as the boards were drawn: B from Black's side.
      const corners = await page
        .locator(".bh-end .bh-final")
        .evaluateAll((finals) => finals.map((f) => [...f.querySelectorAll(".sq")].map((sq) => sq.dataset.square)).map((sq) => [sq[0], sq[63]]));
      assert.deepEqual(corners, [["a8", "h1"], ["h1", "a8"]]);
      assert.deepEqual(await page.locator(".bh-moves").allInnerTexts(), ["e4 d5 exd5", "Nf3 P@e5"]);
      await screenshot(page, "bh-end-board-en-portrait");
      const [download] = await Promise.all([page.waitForEvent("download"), page.locator(".record-download").tap()]);
      const bpgn = readFileSync(await download.path(), "utf8");
      assert.match(bpgn, /\[Result "0-1"\]/);
      assert.match(bpgn.replace(/\s+/g, " "), /1A\. e4 .*1a\. d5 .*2A\. exd5 .*1B\. Nf3 .*1b\. P@e5/);

      await page.locator(".bh-end .end-actions button.new-setup").tap();
      const details = page.locator(".bh-setup details.import");
      await details.locator("summary").tap();
      await details.locator("textarea").fill(bpgn);
      await details.locator("button").tap();
      const review = await readEnd(page);
      assert.equal(review.result, "Team 2 wins: Bob & Cleo");
      assert.equal(review.reason, "result as recorded in the BPGN");
      assert.deepEqual(await page.locator(".bh-moves").allInnerTexts(), ["e4 d5 exd5", "Nf3 P@e5"]);
      // A text that is no BPGN is refused, saying why.
      await page.locator(".bh-end .end-actions button.new-setup").tap();
      await details.locator("summary").tap();
      await details.locator("textarea").fill("1A. e4 1a. e5 2A. Ke3");
      await details.locator("button").tap();
      assert.equal(await details.locator(".form-error").innerText(), "Not imported: move 2A. Ke3 is illegal in that position.");
      // In Russian the same refusal is told in Russian, and a new one too.
      await toRussian(page);
      assert.equal(await details.locator(".form-error").innerText(), "Не загружено: ход 2A. Ke3 невозможен в этой позиции.");
      await details.locator("textarea").fill("1A. e4 1A. d4");
      await details.locator("button").tap();
      assert.equal(await details.locator(".form-error").innerText(), "Не загружено: ход 1A. d4: на этой доске очередь другой стороны.");
      await details.locator("textarea").fill('[Variant "Crazyhouse"]\n\n1. e4');
      await details.locator("button").tap();
      assert.equal(await details.locator(".form-error").innerText(), "Не загружено: партии в Crazyhouse здесь не импортируются — только шведские шахматы.");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("BH-4 BH-5 BH-8: the menu's ends — a reported mate, a resignation, the four-way draw and the BH-8a report; rematch swaps colours", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openBh(context, app.url);
      await fillSetup(page);
      await startMatch(page);
      await quad(page, "Bb").tap();
      await page.clock.runFor(2_000);
      await tap(page, "Bw");
      // Dan (Black B, to move) is mated: team 2 wins, and all four clocks stop.
      await openMenu(page);
      await confirmInMenu(page, "Dan (Black B) is checkmated");
      let end = await readEnd(page);
      assert.equal(end.result, "Team 2 wins: Bob & Cleo");
      assert.equal(end.reason, "checkmate on board B: Dan (BH-5)");

      // Rematch: each team now plays the other colours on both boards.
      await page.locator(".bh-end .end-actions button.primary").tap();
      await page.locator(".bh-play").waitFor();
      let state = await readPlay(page);
      assert.deepEqual(SEATS.map((s) => state[s].name), ["Bob", "Ann", "Dan", "Cleo"]);
      await quad(page, "Ab").tap();
      await page.locator(".bh-quad[data-seat=Aw] .half.to-move").waitFor();
      await openMenu(page);
      // The menu holds the clocks while it is open.
      await page.clock.runFor(5_000);
      await confirmInMenu(page, "Cleo (Black B) resigns");
      end = await readEnd(page);
      assert.equal(end.result, "Team 2 wins: Ann & Dan");
      assert.equal(end.reason, "resignation on board B: Cleo (BH-4)");
      assert.deepEqual(end.clocks.map((r) => r[2]), ["3:00", "3:00", "3:00", "3:00"]);

      await page.locator(".bh-end .end-actions button.new-setup").tap();
      await fillSetup(page);
      await startMatch(page);
      await quad(page, "Ab").tap();
      await page.locator(".bh-quad[data-seat=Aw] .half.to-move").waitFor();
      await openMenu(page);
      await confirmInMenu(page, "All four agree to a draw");
      end = await readEnd(page);
      assert.equal(end.result, "Draw");
      assert.equal(end.reason, "all four agreed a draw (BH-8)");

      await page.locator(".bh-end .end-actions button.primary").tap();
      await quad(page, "Bb").tap();
      await page.locator(".bh-quad[data-seat=Bw] .half.to-move").waitFor();
      await openMenu(page);
      await screenshot(page, "bh-menu-en-portrait");
      await confirmInMenu(page, "Nobody to move can move");
      end = await readEnd(page);
      assert.equal(end.result, "Draw");
      assert.equal(end.reason, "nobody to move on either board could move (BH-8a)");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("board mode fits a small phone: nothing cut or covered at 360 × 640 and 640 × 360", async () => {
    const app = await serveCopy();
    const problems = [];
    try {
      for (const viewport of [{ width: 360, height: 640 }, { width: 640, height: 360 }]) {
        const context = await phoneContext(browser, { viewport });
        const { page, errors } = await openBh(context, app.url);
        await fillSetup(page, { board: true });
        await startMatch(page);
        const where = `${viewport.width} × ${viewport.height}`;
        for (const p of await boardLayoutProblems(page)) problems.push(`${where}, before the start: ${p}`);
        await page.locator(".bh-panel.board-a .half.black-seat").tap();
        await page.locator(".bh-panel.board-a .half.white-seat.to-move").waitFor();
        await page.locator(".bh-panel.board-a .sq[data-square=e2]").tap();
        await page.locator(".bh-panel.board-a .sq[data-square=e4].target").tap();
        await page.locator(".bh-panel.board-a .half.black-seat.to-move").waitFor();
        for (const p of await boardLayoutProblems(page)) problems.push(`${where}: ${p}`);
        await screenshot(page, `bh-play-board-small-${viewport.width}x${viewport.height}`);
        assert.deepEqual(errors, []);
        await context.close();
      }
      assert.deepEqual(problems, []);
    } finally {
      await app.stop();
    }
  });

  test("screenshots of setup, play and end, English and Russian, portrait and landscape", async () => {
    const app = await serveCopy();
    const layout = [];
    try {
      for (const [orientation, viewport] of [["portrait", PORTRAIT], ["landscape", LANDSCAPE]]) {
        for (const lang of ["en", "ru"]) {
          const context = await phoneContext(browser, { viewport });
          const { page, errors } = await openBh(context, app.url);
          const shot = (name) => screenshot(page, `bh-${name}-${lang}-${orientation}`);
          if (lang === "ru") await toRussian(page);
          await fillSetup(page, { names: lang === "ru" ? NAMES_RU : NAMES });
          await shot("setup");
          await startMatch(page);
          await shot("play-start");
          for (const p of await layoutProblems(page)) layout.push(`${lang} ${orientation}, start: ${p}`);
          // Board B's two tap first; then Ann: Bob thinks with time to spare,
          // Cleo is in low time.
          await quad(page, "Ab").tap();
          await page.clock.runFor(4_000);
          await tap(page, "Bw");
          await page.clock.runFor(2_000);
          await tap(page, "Bb");
          await page.clock.runFor(4_000);
          await tap(page, "Aw");
          await page.clock.runFor(165_500);
          const state = await readPlay(page);
          assert.deepEqual(running(state), ["Ab", "Bw"]);
          assert.ok(state.Bw.low && !state.Ab.low, "Cleo low, Bob not");
          await shot("play");
          for (const p of await layoutProblems(page)) layout.push(`${lang} ${orientation}: ${p}`);
          if (lang === "en") {
            await page.locator(".bh-middle .sun-toggle").tap();
            await page.locator("html[data-theme=sun]").waitFor();
            await shot("play-sun");
            await page.locator(".bh-middle .sun-toggle").tap();
            await page.locator("html:not([data-theme=sun])").waitFor();
          }
          await page.clock.runFor(7_000);
          await page.locator(".bh-end").waitFor();
          await shot("end");
          // Board mode: both boards (side by side in landscape).
          await page.locator(".bh-end .end-actions button.new-setup").tap();
          await fillSetup(page, { names: lang === "ru" ? NAMES_RU : NAMES, board: true });
          await startMatch(page);
          await page.locator(".bh-panel.board-a .half.black-seat").tap();
          await page.locator(".bh-panel.board-a .half.white-seat.to-move").waitFor();
          await page.clock.runFor(3_000);
          await shot("play-board");
          // A few moves on each board: captures in both partners' pockets,
          // a piece of Cleo's picked up on board B, where Black sits on team 1's side.
          const move = async (b, from, to) => {
            if (orientation === "portrait") await page.locator(".bh-tab").nth(b === "a" ? 0 : 1).tap();
            await page.locator(`.bh-panel.board-${b} .sq[data-square=${from}]`).tap();
            await page.locator(`.bh-panel.board-${b} .sq[data-square=${to}].target`).tap();
            await page.clock.runFor(1_500);
          };
          for (const [b, from, to] of [
            ["a", "e2", "e4"], ["b", "d2", "d4"], ["a", "d7", "d5"], ["b", "e7", "e5"],
            ["a", "e4", "d5"], ["b", "d4", "e5"], ["a", "d8", "d5"], ["b", "b8", "c6"],
          ]) await move(b, from, to);
          if (orientation === "portrait") await page.locator(".bh-tab").nth(0).tap();
          const drawn = orientation === "portrait" ? FROM_TEAM_1 : FROM_TEAM_1_LANDSCAPE;
          assert.deepEqual(await drawnAs(page, "a"), drawn.a, `${lang} ${orientation}: board A`);
          if (orientation === "portrait") await shot("play-board-a");
          if (orientation === "portrait") await page.locator(".bh-tab").nth(1).tap();
          assert.deepEqual(await drawnAs(page, "b"), drawn.b, `${lang} ${orientation}: board B`);
          await page.locator(".bh-panel.board-b .sq[data-square=g1]").tap();
          await page.locator(".bh-panel.board-b .sq.target").first().waitFor();
          for (const p of await boardLayoutProblems(page)) layout.push(`${lang} ${orientation}, board mode: ${p}`);
          await shot("play-board-b");
          await page.locator(".bh-panel.board-b .sq[data-square=g1]").tap();
          // The undo of board B asks, saying what it takes back.
          await page.locator(".bh-undo.board-b button").tap();
          const said = await page.locator(".bh-undo-explain.shown").innerText();
          assert.equal(
            said,
            lang === "ru"
              ? "Отменить последний ход на доске B: Nc6 (Дима)? Время после этого хода спишется с ходившего — Дима. Доска A не затрагивается."
              : "Take back Dan's last move on board B, Nc6? The time since that move is charged to Dan. Board A is not touched.",
          );
          await shot("play-board-undo");
          assert.deepEqual(errors, []);
          await context.close();
        }
      }
      assert.deepEqual(layout, []);
    } finally {
      await app.stop();
    }
  });
});
