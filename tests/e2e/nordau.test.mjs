// The Nordau Shift table as three club players meet it: whole games in clock
// mode and board mode, swaps
// announced and banks reset (NS-5), a flag (NS-6) and the points (NS-8), the
// reveal checked against what was announced (C-3) and never leaked before the
// end (NS-9), reload and offline resume, undo, a damaged save, and screenshots
// of every screen in both languages and orientations.
//
// Time is Playwright's fake clock: installed at a fixed instant, left running
// while the app loads, then paused; from there only `runFor` moves it, so every
// bank on screen is exact.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import {
  LANDSCAPE,
  PORTRAIT,
  centreOf,
  collectPageErrors,
  launchBrowser,
  openWithFakeClock,
  phoneContext,
  screenshot,
  serveCopy,
  waitForServiceWorkerControl,
} from "./harness.mjs";

const T0 = Date.UTC(2026, 10, 30, 19, 0, 0);
const NAMES = ["Anna", "Boris", "Chen"];
const NAMES_RU = ["Анна", "Борис", "Чэнь"];
const SAVE_KEY = "nordau-shift.table";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// ---- helpers ------------------------------------------------------------------

/** Opens #/nordau with a fake clock that is paused once the app is up. */
function openTable(context, url) {
  return openWithFakeClock(context, url, {
    route: "/nordau",
    ready: ".ns-setup, .commit-screen, .game-play, .game-end",
    time: T0,
  });
}

/** Fills the setup form and shows the commitment. */
async function setUp(page, { board = false, names = NAMES } = {}) {
  const inputs = page.locator(".ns-setup input[type=text]");
  for (let i = 0; i < 3; i++) await inputs.nth(i).fill(names[i]);
  await page.locator("input[name=ns-mode]").nth(board ? 1 : 0).check();
  await page.locator(".ns-setup button.primary.big").tap();
  await page.locator(".commit-screen").waitFor();
}

/** "Lock words and draw seats" (issue 11): only then do the drawn seats appear. */
async function lockWords(page) {
  await page.locator(".commit-screen button.primary.big").tap();
  await page.locator(".commit-screen .seat-list .seat-name").first().waitFor();
}

/** Locks the words, taps "Begin" and then the Black half, which starts White's clock. */
async function beginAndStart(page) {
  await lockWords(page);
  await page.locator(".commit-screen button.primary.big").tap();
  await page.locator(".game-play .half.black-seat.starts").waitFor();
  await page.locator(".half.black-seat").tap();
  await page.locator(".half.white-seat.to-move").waitFor();
}

/** A clock-mode table set up with the usual names and started: White's clock runs. */
async function openStartedTable(context, url) {
  const opened = await openTable(context, url);
  await setUp(opened.page);
  await beginAndStart(opened.page);
  return opened;
}

/** What the play screen shows: per colour the name, bank and state; the observer and counters. */
function readPlay(page) {
  return page.evaluate(() => {
    const half = (colour) => {
      const el = document.querySelector(`.half.${colour}-seat`);
      return {
        name: el.querySelector(".half-name").textContent,
        bank: el.querySelector(".bank").textContent,
        toMove: el.classList.contains("to-move"),
        low: el.classList.contains("low"),
      };
    };
    const counters = [...document.querySelectorAll(".middle-info .counter strong")].map((s) => s.textContent);
    return {
      white: half("white"),
      black: half("black"),
      observer: document.querySelector(".observer-name")?.textContent,
      moveNumber: counters[0],
      swaps: counters[1],
      overlay: document.querySelector(".swap-overlay:not([hidden])") !== null,
    };
  });
}

/** A score table as { name: points }. */
function readScores(page, table) {
  return page.locator(`${table} tbody tr`).evaluateAll((rows) =>
    Object.fromEntries(rows.map((r) => [r.querySelector("th").textContent, r.querySelector(".num").textContent])),
  );
}

const toMove = (state) => (state.white.toMove ? "white" : state.black.toMove ? "black" : null);

/**
 * Taps the half of the side to move ("I moved"), or presses it as `press`
 * does, and waits for the screen to follow: the other side to move, or a
 * swap announcement.
 */
async function pressMoved(page, press = (half) => half.tap()) {
  const before = await readPlay(page);
  const side = toMove(before);
  assert.ok(side, `no side to move: ${JSON.stringify(before)}`);
  const other = side === "white" ? "black" : "white";
  await press(page.locator(`.half.${side}-seat`));
  await page.waitForFunction(
    (other) => document.querySelector(".swap-overlay:not([hidden])") || document.querySelector(`.half.${other}-seat.to-move`),
    other,
  );
  return { side, before };
}

/** Reads the swap announcement (the near copy, the one not turned round). */
function readSwap(page) {
  return page.evaluate(() => {
    const near = document.querySelector("#swap-near .swap-message");
    const far = document.querySelector(".swap-message.far");
    const strongs = [...near.querySelectorAll(".swap-line strong")].map((s) => s.textContent);
    return {
      out: strongs[0],
      in: strongs[1],
      colour: near.querySelector(".seat-chip").textContent,
      colourClass: near.querySelector(".seat-chip").classList.contains("white") ? "white" : "black",
      text: near.textContent,
      farText: far?.textContent,
      farTransform: far ? getComputedStyle(far).transform : null,
    };
  });
}

const hex = (text) => text.replace(/\s+/g, "");

/** RULES.md "Commitment and draw" / docs/fairness.md §3: the stream key from seed and words. */
function streamKey(seedHex, words) {
  const u32 = (v) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(v);
    return b;
  };
  const lp = (bytes) => Buffer.concat([u32(bytes.length), bytes]);
  const ws = words.map((w) => w.trim().toLowerCase()).filter((w) => w.length > 0);
  const seed = Buffer.from(seedHex, "hex");
  if (ws.length === 0) return seedHex;
  const parts = [lp(Buffer.from("nordau-shift/player-words/v1")), seed, u32(ws.length)];
  for (const w of ws) parts.push(lp(Buffer.from(w, "utf8")));
  return createHash("sha256").update(Buffer.concat(parts)).digest("hex");
}

/**
 * Plays clock-mode presses (`press`: pressMoved's) until a swap is announced,
 * or made without its notice staying; returns the presses it took.
 */
async function pressUntilSwap(page, { onStep = async () => {}, thinkMs = 2000, press } = {}) {
  const { swaps } = await readPlay(page);
  for (let presses = 1; presses <= 12; presses++) {
    await page.clock.runFor(thinkMs);
    await pressMoved(page, press);
    await onStep();
    if ((await page.locator(".swap-overlay:not([hidden])").count()) || (await readPlay(page)).swaps !== swaps) return presses;
  }
  throw new Error("no swap within 12 half-moves (a shift is at most 6 full moves)");
}

/**
 * Nothing on the play screen is cut off: every half's name, bank and status,
 * and every control of the middle strip, lie inside their box and the screen.
 */
async function assertNothingClipped(page, where) {
  const problems = await page.evaluate(() => {
    const out = [];
    const inside = (inner, outer) =>
      inner.left >= outer.left - 1 && inner.right <= outer.right + 1 && inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1;
    const screen = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
    for (const half of document.querySelectorAll(".game-play .half")) {
      const box = half.getBoundingClientRect();
      if (!inside(box, screen)) out.push(`${half.className} leaves the screen`);
      for (const part of half.querySelectorAll(".half-name, .bank, .half-status, .seat-chip")) {
        if (getComputedStyle(part).display === "none") continue;
        if (!inside(part.getBoundingClientRect(), box)) out.push(`${part.className} of ${half.className} is cut off`);
      }
    }
    for (const el of document.querySelectorAll(".game-play .middle .button, .game-play .middle .observer, .game-play .board")) {
      if (!inside(el.getBoundingClientRect(), screen)) out.push(`${el.className} leaves the screen`);
    }
    return out;
  });
  assert.deepEqual(problems, [], `${where}: ${problems.join("; ")}`);
}

/** Every element matching `selector` lies fully on the screen (the swap notice must be read whole). */
async function assertOnScreen(page, selector, where) {
  const off = await page.locator(selector).evaluateAll((els) =>
    els
      .map((el) => [el, el.getBoundingClientRect(), el.scrollWidth > el.clientWidth + 1])
      .filter(([, r, overflows]) => overflows || r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight)
      .map(([el]) => el.textContent.trim()),
  );
  assert.deepEqual(off, [], `${where}: cut off: ${off.join(" | ")}`);
}

/** Runs the side to move's bank down to between 4 and 5 seconds. */
async function runToLow(page) {
  const state = await readPlay(page);
  const [m, s] = state[toMove(state)].bank.split(":").map(Number);
  await page.clock.runFor((m * 60 + s - 4) * 1000);
  return state;
}

// ---- tests --------------------------------------------------------------------

describe("Nordau Shift table", () => {
  test("clock mode: commitment, two swaps with NS-5 banks, a flag, points, session and reveal", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openTable(context, app.url);
      // NS-9: everything a player could see before the end.
      const seen = [];
      const capture = async (step) => {
        seen.push({
          step,
          html: await page.content(),
          title: await page.title(),
          // The seed at rest is sealed: no storage value may hold it either.
          storage: await page.evaluate(() => Object.entries(localStorage).flat().join("\n")),
        });
      };
      await capture("setup");

      await setUp(page);
      await capture("commitment");
      // The commitment screen opens at its top, not where the setup's button was.
      assert.equal(await page.evaluate(() => window.scrollY), 0, "the commitment screen opened scrolled down");
      // The commitment in full, readable and not clipped, with its QR code.
      const commitmentEl = page.locator("[data-testid=commitment]");
      const commitment = hex(await commitmentEl.innerText());
      assert.match(commitment, /^[0-9a-f]{64}$/);
      assert.ok(
        await commitmentEl.evaluate((el) => el.scrollWidth <= el.clientWidth),
        "the commitment hex overflows its box",
      );
      assert.equal(await page.locator(".commit-screen svg").count(), 1, "no QR code on the commitment screen");
      // Issue 11: nothing derived from the seed is on screen before the lock,
      // and typing words changes nothing on screen but the fields.
      assert.equal(await page.locator(".seat-list, .seat-name, .seat-chip").count(), 0, "seats shown before the lock");
      const screen = () => page.locator(".commit-screen").evaluate((el) => [el.outerHTML, el.innerText]);
      const untouched = await screen();
      // One entry per player, each in the field labelled with their name; a
      // multi-word entry stays one entry (the stream key then differs from the seed).
      const words = ["Blue whale", "", "seven orange hedgehogs"];
      for (const [i, name] of NAMES.entries()) await page.getByLabel(`${name}’s words`).fill(words[i]);
      assert.deepEqual(await screen(), untouched, "typing words changed the screen");
      await capture("commitment with words");
      await lockWords(page);
      for (const name of NAMES) assert.ok(!(await page.getByLabel(`${name}’s words`).isEditable()), "words editable after the lock");
      const seats = await page.locator(".seat-list .seat-name").allInnerTexts();
      assert.equal(seats.length, 3);
      assert.deepEqual([...seats].sort(), [...NAMES].sort(), "the drawn seats are not the three players");
      await capture("seats drawn");

      await page.getByRole("button", { name: "Begin — Black starts White's clock" }).tap();
      await page.locator(".game-play").waitFor();
      let state = await readPlay(page);
      assert.deepEqual([state.white.name, state.black.name, state.observer], seats, "play seats differ from the drawn ones");
      assert.equal(state.white.bank, "0:15");
      assert.equal(state.black.bank, "0:15");
      assert.match(await page.locator(".half.black-seat .half-status").innerText(), /Tap to start White's clock/);
      await capture("before start");

      // The far half (Black's) is turned round to face its player.
      const farTransform = await page.locator(".half.black-seat").evaluate((el) => getComputedStyle(el).transform);
      assert.equal(farTransform, "matrix(-1, 0, 0, -1, 0, 0)");

      await page.locator(".half.black-seat").tap();
      await page.locator(".half.white-seat.to-move").waitFor();
      await page.clock.runFor(3_000);
      assert.equal((await readPlay(page)).white.bank, "0:12", "White's bank does not run");
      await capture("running");

      const announced = [];
      let totalPresses = 0;
      for (let swapNo = 1; swapNo <= 2; swapNo++) {
        const beforeSwap = await readPlay(page);
        const presses = await pressUntilSwap(page, { onStep: () => capture(`press ${totalPresses + 1}`) });
        totalPresses += presses;
        const swap = await readSwap(page);
        await capture(`swap ${swapNo}`);
        const newcomer = swap.colourClass;
        const keeper = newcomer === "white" ? "black" : "white";
        // NS-3: the Observer sits down on the coin's seat; its player stands up.
        assert.equal(swap.in, beforeSwap.observer, "the newcomer is not the Observer");
        assert.equal(swap.out, beforeSwap[newcomer].name, "the one standing up did not sit at that colour");
        assert.equal(swap.colour, newcomer === "white" ? "White" : "Black");
        assert.match(swap.text, new RegExp(`${swap.out}\\s+stands up`));
        assert.match(swap.text, new RegExp(`${swap.in}\\s+sits down as`));
        assert.equal(swap.farText, swap.text, "the far copy says something else");
        assert.equal(swap.farTransform, "matrix(-1, 0, 0, -1, 0, 0)", "the far copy is not turned round");
        // NS-5: one block for the colour that kept its player, one and a half for the newcomer.
        state = await readPlay(page);
        assert.equal(state[keeper].bank, "0:15", `${keeper} bank after swap ${swapNo}`);
        assert.equal(state[newcomer].bank, "0:22", `${newcomer} bank after swap ${swapNo}`);
        // The clocks stand still until "Seated".
        await page.clock.runFor(4_000);
        state = await readPlay(page);
        assert.equal(state[keeper].bank, "0:15");
        assert.equal(state[newcomer].bank, "0:22");
        announced.push({ ...swap, atPress: totalPresses });

        await page.getByRole("button", { name: "Seated" }).tap();
        await page.locator(".swap-overlay:not([hidden])").waitFor({ state: "detached" });
        state = await readPlay(page);
        assert.equal(state[newcomer].name, swap.in);
        assert.equal(state.observer, swap.out);
        assert.equal(state.swaps, String(swapNo));
        await capture(`seated ${swapNo}`);
      }

      // Let the side to move run out of time. The last five seconds look alarming.
      state = await readPlay(page);
      const loserColour = toMove(state);
      const winnerColour = loserColour === "white" ? "black" : "white";
      const people = { loser: state[loserColour].name, winner: state[winnerColour].name, observer: state.observer };
      await runToLow(page);
      state = await readPlay(page);
      assert.match(state[loserColour].bank, /^4\.\d$/);
      assert.ok(state[loserColour].low, "no low-bank warning in the last 5 s");
      assert.ok(!state[winnerColour].low);
      await capture("low bank");
      // The low half pulses: its overlay lit for the first half of each
      // second (the redraw timer, not a CSS animation), the other half never.
      const pulseLit = (colour) =>
        page.evaluate((c) => {
          const style = getComputedStyle(document.querySelector(`.half.${c}-seat`), "::before");
          return style.content !== "none" && style.opacity === "1";
        }, colour);
      const lit = [];
      for (let i = 0; i < 12; i++) {
        lit.push(await pulseLit(loserColour));
        assert.ok(!(await pulseLit(winnerColour)), "a half that is not low pulses");
        await page.clock.runFor(100);
      }
      const flips = lit.filter((on, i) => i > 0 && on !== lit[i - 1]).length;
      assert.ok(flips >= 2 && flips <= 3, `the low half's pulse over 1.2 s: ${lit.map(Number).join("")}`);

      await page.clock.runFor(6_000);
      await page.locator(".game-end").waitFor();
      assert.match(await page.locator(".end-reason").innerText(), /the bank ran out/);
      assert.match(await page.locator(".end-result").innerText(), new RegExp(`${people.winner} .* wins`));

      // NS-8: winner 2, Observer 1, loser 0 — to the people sitting there at the end.
      const points = await readScores(page, ".game-end .score-table:not(.session)");
      assert.deepEqual(points, { [people.winner]: "2", [people.observer]: "1", [people.loser]: "0" });
      const session = await readScores(page, ".score-table.session");
      assert.deepEqual(session, points, "session table after one game");
      assert.match(await page.locator(".game-end").innerText(), /Games 1/);

      // C-3: the reveal. The commitment is the one shown before move one; the
      // swapped shifts are the swaps announced, in order, at the drawn lengths.
      const revealText = await page.locator(".reveal").innerText();
      assert.ok(revealText.replace(/\s+/g, "").includes(commitment), "the revealed commitment differs");
      const seed = hex(await page.locator("[data-testid=reveal-seed]").innerText());
      assert.match(seed, /^[0-9a-f]{64}$/);
      const rows = await page.locator("[data-testid=schedule] tbody tr").evaluateAll((trs) =>
        trs.map((tr) => ({
          swapped: tr.dataset.swapped,
          length: parseInt(tr.children[1].textContent, 10),
          happened: tr.children[3].textContent,
        })),
      );
      const swappedRows = rows.filter((r) => r.swapped === "true");
      assert.deepEqual(
        swappedRows.map((r) => r.happened),
        announced.map((a) => `${a.out} → ${a.in} (${a.colour})`),
      );
      // NS-2: a shift of N full moves ends after 2N taps.
      assert.equal(rows[0].swapped, "true");
      assert.equal(rows[1].swapped, "true");
      assert.equal(announced[0].atPress, 2 * rows[0].length);
      assert.equal(announced[1].atPress, 2 * (rows[0].length + rows[1].length));
      assert.ok(rows.length >= 3 && rows[2].swapped === "false");

      // NS-9: neither the seed nor the stream key was ever in the page or the title.
      const key = streamKey(seed, words);
      assert.notEqual(key, seed);
      assert.ok(seen.length >= 10);
      for (const { step, html, title, storage } of seen) {
        for (const secret of [seed, key]) {
          for (const form of [secret, secret.match(/.{8}/g).join(" "), secret.toUpperCase()]) {
            assert.ok(!html.includes(form), `the secret was in the page at step "${step}"`);
            assert.ok(!title.includes(form), `the secret was in the title at step "${step}"`);
            assert.ok(!storage.includes(form), `the secret was in localStorage at step "${step}"`);
          }
        }
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("board mode: fool's mate by tapping squares ends in checkmate with a PGN", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openTable(context, app.url);
      await setUp(page, { board: true });
      await beginAndStart(page);
      assert.equal(await page.locator(".board .sq").count(), 64);
      // In board mode a move, not a tap, is what can be undone.
      await page.getByRole("button", { name: "Undo last move" }).waitFor();
      const seated = await readPlay(page);
      const [white, black] = [seated.white.name, seated.black.name];

      // A piece's legal targets show once it is selected.
      await page.locator("[data-square=f2]").tap();
      await page.locator("[data-square=f2].selected").waitFor();
      const targets = await page.locator(".sq.target").evaluateAll((els) => els.map((e) => e.dataset.square).sort());
      assert.deepEqual(targets, ["f3", "f4"]);
      // An illegal target does nothing; the board keeps the selection.
      await page.locator("[data-square=f5]").tap();
      assert.equal(await page.locator("[data-square=f2] .piece").count(), 1);

      const play = async (from, to, mover) => {
        await page.clock.runFor(1_500);
        await page.locator(`[data-square=${from}]`).tap();
        await page.locator(`[data-square=${to}].target`).waitFor();
        await page.locator(`[data-square=${to}]`).tap();
        await page.locator(`[data-square=${to}] .piece.${mover}`).waitFor();
      };
      await play("f2", "f3", "w");
      assert.ok((await readPlay(page)).black.toMove, "Black is not to move after White's move");
      await play("e7", "e5", "b");
      await play("g2", "g4", "w");
      await page.clock.runFor(1_500);
      await page.locator("[data-square=d8]").tap();
      await page.locator("[data-square=h4].target").waitFor();
      await page.locator("[data-square=h4]").tap();

      await page.locator(".game-end").waitFor();
      assert.match(await page.locator(".end-reason").innerText(), /checkmate/);
      assert.match(await page.locator(".end-result").innerText(), new RegExp(`${black}.*Black.*wins`));
      const points = await readScores(page, ".game-end .score-table:not(.session)");
      assert.equal(points[black], "2");
      assert.equal(points[white], "0");
      // The final position stands next to the result: Black's queen on h4,
      // the mating move marked, and the board takes no more moves.
      const final = page.locator(".final-position");
      assert.match(await final.locator(".card-title").innerText(), /Final position/);
      assert.match(await final.locator("[data-square=h4] .piece").innerText(), /^♛/);
      assert.ok(await final.locator("[data-square=h4]").evaluate((el) => el.classList.contains("last")));
      await final.locator("[data-square=e1]").tap();
      assert.equal(await final.locator(".sq.target").count(), 0, "the final position offered a move");
      // No swap before ply 6: the reveal says the first shift did not end.
      const rows = await page.locator("[data-testid=schedule] tbody tr[data-swapped=true]").count();
      assert.equal(rows, 0);

      const exportButton = page.getByRole("button", { name: "Export PGN" });
      await exportButton.waitFor();
      const [download] = await Promise.all([page.waitForEvent("download"), exportButton.tap()]);
      const pgn = readFileSync(await download.path(), "utf8");
      assert.match(pgn.replace(/\s+/g, " "), /1\. f3 e5 2\. g4 Qh4#/);
      assert.match(pgn, /\[Result "0-1"\]/);
      // The date the game was played (the fake clock starts on 2026-11-30), not "????.??.??".
      assert.match(pgn, /\[Date "2026\.11\.30"\]/);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("a reload in the middle of a shift resumes exactly, with the server up and stopped", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openStartedTable(context, app.url);
      // Three taps: no swap can come before the sixth (shifts are 3..6 full moves).
      for (const think of [2_000, 3_000, 1_000]) {
        await page.clock.runFor(think);
        await pressMoved(page);
      }
      await page.clock.runFor(4_300);
      const before = await readPlay(page);
      assert.equal(toMove(before), "black");
      assert.equal(before.overlay, false);

      await waitForServiceWorkerControl(page);
      await page.reload();
      await page.locator(".game-play").waitFor();
      assert.deepEqual(await readPlay(page), before, "the reloaded table differs");
      // The bank really runs on after the reload.
      await page.clock.runFor(2_000);
      const running = await readPlay(page);
      assert.equal(running.white.bank, before.white.bank);
      assert.notEqual(running.black.bank, before.black.bank);

      // The network gone: the same, from the service worker's cache.
      await app.stop();
      await page.reload();
      await page.locator(".game-play").waitFor();
      assert.deepEqual(await readPlay(page), running, "the offline reload differs");
      await pressMoved(page);
      assert.equal(toMove(await readPlay(page)), "white", "a tap after the offline reload did not count");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("leaving the table mid-game and coming back: nothing fires into the old screen, the clock ran on", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openStartedTable(context, app.url);
      await page.clock.runFor(1_000);
      await pressMoved(page);
      const before = await readPlay(page);

      await page.evaluate(() => (location.hash = "#/about"));
      await page.locator("article.about").waitFor();
      // The table's redraw timer and its visibility listener must be gone with it.
      await page.clock.runFor(3_000);
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));

      await page.evaluate(() => (location.hash = "#/nordau"));
      await page.locator(".game-play").waitFor();
      const after = await readPlay(page);
      assert.equal(toMove(after), toMove(before));
      assert.equal(after.white.bank, before.white.bank, "the waiting side's bank moved");
      assert.notEqual(after.black.bank, before.black.bank, "the running bank stood still while away");
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("a press counts as the finger lands, and that tap's click never presses the swap notice that appears under it", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openStartedTable(context, app.url);

      // White thinks 3 s, then rests a finger on the half for 2 s: the clock
      // stopped as it landed, as a chess clock's button does.
      const cdp = await context.newCDPSession(page);
      await page.clock.runFor(3_000);
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [await centreOf(page.locator(".half.white-seat"))] });
      await page.locator(".half.black-seat.to-move").waitFor();
      await page.clock.runFor(2_000);
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      let state = await readPlay(page);
      assert.equal(state.white.bank, "0:27", "White was charged the 2 s the finger rested"); // 15 − 3 + 15
      assert.equal(state.black.bank, "0:13", "Black's clock did not run from the landing");
      assert.equal(toMove(state), "black", "lifting the finger pressed again");

      // Where the swap notice's buttons stand, from a first swap.
      await pressUntilSwap(page, { thinkMs: 500 });
      const buttons = page.locator(".swap-overlay:not([hidden]) button");
      const labels = await buttons.allInnerTexts();
      assert.deepEqual([labels[0], labels[1], labels.at(-1)], ["Seated", "Undo last tap", "Report stalemate"]);
      const targets = await Promise.all((await buttons.all()).map(centreOf));
      await page.getByRole("button", { name: "Seated" }).tap();
      await page.locator(".swap-overlay:not([hidden])").waitFor({ state: "detached" });

      // Up to the next swap, each half is tapped where one of those buttons
      // will stand: the tap that ends the shift lands on one.
      const inside = (point, box) => point.x > box.x && point.x < box.x + box.width && point.y > box.y && point.y < box.y + box.height;
      const aimed = new Set();
      const aimAtNotice = async (half) => {
        const box = await half.boundingBox();
        const target = targets.find((point) => inside(point, box));
        assert.ok(target, "a button of the notice stands over each half");
        aimed.add(target);
        await page.touchscreen.tap(target.x, target.y);
      };
      await pressUntilSwap(page, { thinkMs: 500, press: aimAtNotice });
      assert.ok(aimed.size >= 1);
      // The notice stands as it appeared: nothing seated, asked or confirmed.
      assert.equal(await page.locator(".swap-overlay:not([hidden])").count(), 1, "the tap's click pressed Seated");
      // (The mate button names this swap's mover.)
      const now = await buttons.allInnerTexts();
      assert.equal(now.length, labels.length, `the notice's buttons: ${now}`);
      assert.deepEqual([now[0], now[1], now.at(-1)], ["Seated", "Undo last tap", "Report stalemate"]);
      assert.equal(await page.locator("[data-testid=correction-ask]").count(), 0, "the tap's click asked for an undo");
      assert.equal(await page.locator(".swap-overlay:not([hidden]) button.danger").count(), 0, "the tap's click armed a report");
      // A tap meant for the notice still works.
      await page.getByRole("button", { name: "Seated" }).tap();
      await page.locator(".swap-overlay:not([hidden])").waitFor({ state: "detached" });
      assert.equal((await readPlay(page)).swaps, "2");

      // The keyboard (a click with no pointer) still presses.
      await pressMoved(page, async (half) => {
        await half.focus();
        await page.keyboard.press("Enter");
      });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("NS-10: the swap is sounded, three rising square tones, and their wave is made before the swap's tap, not in it", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    // Web Audio as the app uses it, in order: each oscillator's shape as it is
    // set, each tone as it starts (its pitch then), and each press of a half.
    await context.addInitScript(() => {
      const log = (window.__audio = []);
      const proto = OscillatorNode.prototype;
      const type = Object.getOwnPropertyDescriptor(proto, "type");
      Object.defineProperty(proto, "type", { ...type, set(shape) { log.push({ shape }); type.set.call(this, shape); } });
      const start = proto.start;
      proto.start = function (...when) {
        log.push({ tone: [this.frequency.value, this.type] });
        return start.apply(this, when);
      };
      addEventListener("pointerdown", (e) => e.target.closest?.(".half") && log.push({ tap: true }), { capture: true });
    });
    try {
      const { page, errors } = await openStartedTable(context, app.url);
      await pressUntilSwap(page);
      await page.locator(".swap-overlay:not([hidden])").waitFor();
      const log = await page.evaluate(() => window.__audio);
      const swapTap = log.findLastIndex((e) => e.tap);
      const tones = log.slice(swapTap).filter((e) => e.tone).map((e) => e.tone);
      assert.deepEqual(tones, [[660, "square"], [880, "square"], [1320, "square"]], "the swap's call");
      // The browser computes a wave's tables at a page's first oscillator of
      // that shape: that one is made soon after the tap that woke the sound
      // (Black's start), so the swap's tap, and the notice's first paint, do
      // not wait for it.
      const firstSquare = log.findIndex((e) => e.shape === "square");
      assert.ok(firstSquare < swapTap, `the square wave was first made in the swap's press: ${JSON.stringify(log)}`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("C-4b: an undo question still open when a tap brings the swap is withdrawn with the plain undo", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openStartedTable(context, app.url);
      await page.clock.runFor(2_000);
      await pressMoved(page);
      // Someone asks to take that tap back and leaves the question standing.
      await page.locator(".middle-controls button.undo").tap();
      await page.locator(".middle-confirm").waitFor();
      // Play goes on under it until a tap ends the shift.
      await pressUntilSwap(page);
      await page.getByRole("button", { name: "Seated" }).tap();
      await page.locator(".swap-overlay:not([hidden])").waitFor({ state: "detached" });
      // The plain undo is refused once the swap is known: its question went
      // with it, and the strip offers the opponent's correction instead.
      assert.equal(await page.locator(".middle-confirm").count(), 0, "the plain undo's question still stands");
      assert.equal(await page.locator(".middle .middle-controls button.undo").count(), 0);
      assert.equal(await page.locator(".middle > .swap-correction:not([hidden]) > button.undo").count(), 1, "the swap's correction is offered in the strip");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("NS-10: each swap's notice starts unarmed: a report armed at one swap and left by 'Seated' is not armed at the next, even where a tapped button takes no focus (Safari)", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openStartedTable(context, app.url);
      // As on Safari, a tapped button takes no focus: no blur disarms a report.
      await page.evaluate(() => addEventListener("mousedown", (e) => e.preventDefault(), { capture: true }));
      await pressUntilSwap(page);
      const notice = page.locator(".swap-overlay:not([hidden])");
      // The first tap on "Report stalemate" arms it; nobody confirms.
      await notice.getByRole("button", { name: "Report stalemate", exact: true }).tap();
      await notice.getByRole("button", { name: "Report stalemate — Confirm" }).waitFor();
      await notice.getByRole("button", { name: "Seated" }).tap();
      await notice.waitFor({ state: "detached" });
      await pressUntilSwap(page);
      await notice.waitFor();
      assert.equal(await notice.locator("button.danger").count(), 0, "a report is armed on a new swap's notice");
      // One tap on it arms it again, and ends nothing.
      await notice.getByRole("button", { name: "Report stalemate", exact: true }).tap();
      await notice.getByRole("button", { name: "Report stalemate — Confirm" }).waitFor();
      assert.equal(await page.locator(".game-end").count(), 0, "one tap ended the game");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("undo last tap, behind a confirmation, returns the turn and undoes a swap", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openStartedTable(context, app.url);
      const undoButton = page.getByRole("button", { name: "Undo last tap" });
      assert.ok(await undoButton.isDisabled(), "undo offered before any tap");

      await page.clock.runFor(3_000);
      await pressMoved(page); // White moved after 3 s: 12 s left + 15 s block
      let state = await readPlay(page);
      assert.equal(state.white.bank, "0:27");
      await page.clock.runFor(2_000);

      await undoButton.tap();
      // Nothing happens until confirmed; "Cancel" keeps the tap.
      await page.getByText("Undo the last tap? The turn goes back; time already spent is not returned.").waitFor();
      await page.getByRole("button", { name: "Cancel" }).tap();
      assert.equal(toMove(await readPlay(page)), "black");
      await undoButton.tap();
      await page.getByRole("button", { name: "Confirm" }).tap();
      await page.locator(".half.white-seat.to-move").waitFor();
      state = await readPlay(page);
      // C-4: White's clock ran all along: 15 − 5 s, and Black's credit is gone too.
      assert.equal(state.white.bank, "0:10");
      assert.equal(state.black.bank, "0:15");
      assert.equal(state.moveNumber, "1");
      assert.ok(await undoButton.isDisabled(), "a second undo is offered");

      // A tap that ended the shift: after "Seated" the undo is the opponent's
      // to allow (C-4b), and the same tap again brings the same swap.
      const seating = await readPlay(page);
      await pressUntilSwap(page, { thinkMs: 500 });
      const swap = await readSwap(page);
      await page.getByRole("button", { name: "Seated" }).tap();
      await page.locator(".swap-overlay:not([hidden])").waitFor({ state: "detached" });
      const afterSwap = await readPlay(page);
      assert.equal(afterSwap.swaps, "1");
      const mover = toMove(afterSwap) === "white" ? "black" : "white";
      const opponent = seating[mover === "white" ? "black" : "white"].name;
      await undoButton.tap();
      await page.locator("[data-testid=correction-ask]").waitFor();
      // The question faces the opponent: turned when Black sits across.
      assert.equal(
        await page.locator("[data-testid=correction-ask]").evaluate((e) => e.classList.contains("far")),
        mover === "white",
        "the question does not face the opponent",
      );
      await page.getByRole("button", { name: `${opponent}: allow` }).tap();
      await page.locator(`.half.${mover}-seat.to-move`).waitFor();
      state = await readPlay(page);
      assert.equal(state.swaps, "0");
      assert.deepEqual(
        [state.white.name, state.black.name, state.observer],
        [seating.white.name, seating.black.name, seating.observer],
        "the swap was not undone",
      );
      // The same tap again ends the same shift with the same coin.
      await pressMoved(page);
      await page.locator(".swap-overlay:not([hidden])").waitFor();
      assert.deepEqual(await readSwap(page), swap);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("the swap notice corrects the shift-ending tap: undo, or mate credited to the real mover (C-4a, NS-3, NS-8)", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openTable(context, app.url);
      await setUp(page, { names: NAMES_RU });
      await beginAndStart(page);
      // Tap until a shift ends, remembering who made that last move.
      let last;
      for (let presses = 1; presses <= 12 && !(await page.locator(".swap-overlay:not([hidden])").count()); presses++) {
        await page.clock.runFor(1_000);
        last = await pressMoved(page);
      }
      await page.locator(".swap-overlay:not([hidden])").waitFor();
      const seatsBefore = last.before;
      const mover = seatsBefore[last.side].name;
      const observer = seatsBefore.observer;
      const loser = seatsBefore[last.side === "white" ? "black" : "white"].name;
      const swap = await readSwap(page);
      const corrections = page.locator(".swap-corrections");

      // Undo from the notice itself, allowed by the opponent (C-4b): the
      // swap waits for the corrected tap.
      await corrections.getByRole("button", { name: "Undo last tap", exact: true }).tap();
      assert.equal(await page.locator(".swap-overlay:not([hidden])").count(), 1, "one tap undid the tap");
      await corrections.getByRole("button", { name: `${loser}: allow` }).tap();
      await page.locator(".swap-overlay:not([hidden])").waitFor({ state: "detached" });
      let state = await readPlay(page);
      assert.equal(toMove(state), last.side);
      assert.equal(state.swaps, "0");
      assert.deepEqual([state.white.name, state.black.name, state.observer], [
        seatsBefore.white.name,
        seatsBefore.black.name,
        seatsBefore.observer,
      ]);

      // The same move again ends the same shift; this time it gave mate.
      await pressMoved(page);
      await page.locator(".swap-overlay:not([hidden])").waitFor();
      assert.deepEqual(await readSwap(page), swap);
      const colourName = last.side === "white" ? "White" : "Black";
      const mate = corrections.getByRole("button", { name: `${mover} (${colourName}) gave mate`, exact: true });
      await mate.tap();
      await corrections.getByRole("button", { name: `${mover} (${colourName}) gave mate — Confirm` }).tap();
      await page.locator(".game-end").waitFor();
      assert.match(await page.locator(".end-result").innerText(), new RegExp(`${mover} .* wins`));
      // NS-8 to the people seated before the announcement: the mover wins, not the newcomer.
      const points = await readScores(page, ".game-end .score-table:not(.session)");
      assert.deepEqual(points, { [mover]: "2", [observer]: "1", [loser]: "0" });
      // The committed setup shows the names as typed, not percent-encoded.
      const names = await page.locator("[data-testid=setup-names]").innerText();
      assert.equal(names, NAMES_RU.join(", "));
      assert.ok(!names.includes("%"), names);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("C-4b: the issue 21 reproduction in board mode: the swap notice's undo asks the opponent, keeps the swap and is recorded", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser, { viewport: { width: 360, height: 740 } });
    try {
      const { page, errors } = await openTable(context, app.url);
      await setUp(page, { board: true });
      await beginAndStart(page);
      const seats = await readPlay(page);
      const tapMove = async (from, to) => {
        await page.clock.runFor(1_000);
        await page.locator(`[data-square=${from}]`).tap();
        await page.locator(`[data-square=${to}].target`).waitFor();
        await page.locator(`[data-square=${to}]`).tap();
        await page.waitForFunction(
          (to) => document.querySelector(".swap-overlay:not([hidden])") || document.querySelector(`[data-square=${to}] .piece`),
          to,
        );
      };
      // 1.Nf3 Nf6 2.Ng1 Ng8 3.Nc3 Nc6 (and on, knights only, until the hidden
      // shift of 3 to 6 moves ends: always on a Black move).
      const moves = [
        ["g1", "f3", "Nf3"], ["g8", "f6", "Nf6"], ["f3", "g1", "Ng1"], ["f6", "g8", "Ng8"],
        ["b1", "c3", "Nc3"], ["b8", "c6", "Nc6"], ["c3", "b1", "Nb1"], ["c6", "b8", "Nb8"],
        ["g1", "f3", "Nf3"], ["g8", "f6", "Nf6"], ["f3", "g1", "Ng1"], ["f6", "g8", "Ng8"],
      ];
      let ply = 0;
      while (!(await page.locator(".swap-overlay:not([hidden])").count())) {
        assert.ok(ply < moves.length, "no swap within six moves");
        await tapMove(moves[ply][0], moves[ply][1]);
        ply += 1;
      }
      assert.equal(ply % 2, 0, "a shift ends on Black's move");
      const [from, to, san] = moves[ply - 1];
      const swap = await readSwap(page);
      const mover = seats.black.name;
      const opponent = seats.white.name;
      const corrections = page.locator(".swap-corrections");

      // The mover's undo asks the opponent, by name, saying the swap is known.
      await corrections.getByRole("button", { name: "Undo last move", exact: true }).tap();
      const ask = page.locator("[data-testid=correction-ask]");
      await ask.waitFor();
      assert.match(
        await ask.innerText(),
        new RegExp(
          `^${opponent}, ${mover} wants to take back the last move\\. The swap is already announced: ` +
            `after the corrected move ${swap.out} will still stand up and ${swap.in} sit down as ${swap.colour}\\.`,
        ),
      );
      await assertOnScreen(page, "[data-testid=correction-ask] p, [data-testid=correction-ask] .button", "the question");
      assert.equal(await ask.evaluate((e) => e.classList.contains("far")), false, "White, the opponent, sits at the near side");
      await screenshot(page, "nordau-c4b-question");
      // "Keep the move" changes nothing.
      await ask.getByRole("button", { name: "Keep the move" }).tap();
      await page.locator(".swap-overlay:not([hidden])").waitFor();
      assert.equal(await page.locator(`[data-square=${to}] .piece.b`).count(), 1);
      // The opponent allows it: Black's move is taken back, the seats stay.
      await corrections.getByRole("button", { name: "Undo last move", exact: true }).tap();
      await page.getByRole("button", { name: `${opponent}: allow` }).tap();
      await page.locator(".swap-overlay:not([hidden])").waitFor({ state: "detached" });
      let state = await readPlay(page);
      assert.equal(toMove(state), "black");
      assert.equal(state.swaps, "0");
      assert.deepEqual([state.white.name, state.black.name, state.observer], [seats.white.name, seats.black.name, seats.observer]);
      assert.equal(await page.locator(`[data-square=${from}] .piece.b`).count(), 1);

      // 3...a6 instead: the same notice with the same people, nothing drawn anew.
      await tapMove("a7", "a6");
      await page.locator(".swap-overlay:not([hidden])").waitFor();
      assert.deepEqual(await readSwap(page), swap);
      await page.getByRole("button", { name: "Seated" }).tap();
      await page.locator(".swap-overlay:not([hidden])").waitFor({ state: "detached" });
      // No plain undo is left for that move: the strip offers the opponent's question.
      assert.equal(await page.locator(".middle-controls .undo").count(), 0);

      // The bank runs out: the end screen and the PGN record the correction.
      await page.clock.runFor(60_000);
      await page.locator(".game-end").waitFor();
      const moveLabel = `${ply / 2}…`;
      const line = `Correction after an announced swap: move ${moveLabel} (${san} → a6), allowed by ${opponent}`;
      assert.equal(await page.locator("[data-testid=corrections] li").innerText(), line);
      await screenshot(page, "nordau-c4b-end");
      const exportButton = page.getByRole("button", { name: "Export PGN" });
      const [download] = await Promise.all([page.waitForEvent("download"), exportButton.tap()]);
      const pgn = readFileSync(await download.path(), "utf8");
      const flat = pgn.replace(/\s+/g, " ");
      assert.ok(
        flat.includes(` a6 {Correction after an announced swap: ${san} taken back, allowed by ${opponent}.}`),
        pgn,
      );
      assert.ok(!flat.includes(` ${san} {Correction`), "the move taken back is not in the record");
      for (const l of pgn.split("\n")) assert.ok(l.startsWith("[") || l.length < 80, l);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("setup refuses malformed or out-of-range numbers with the range in words, never changing them silently", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openTable(context, app.url);
      const inputs = page.locator(".ns-setup input[type=text]");
      for (let i = 0; i < 3; i++) await inputs.nth(i).fill(NAMES[i]);
      await page.locator(".ns-setup details.options summary").tap();
      const block = page.locator("#ns-block");
      const error = page.locator("#ns-block-error");
      for (const bad of ["0", "-5", "", "2.5", "99999999", "1e3", "abc"]) {
        await block.fill(bad);
        assert.equal(await error.innerText(), "Enter a whole number from 1 to 600.", `"${bad}"`);
        assert.equal(await block.getAttribute("aria-invalid"), "true");
        assert.equal(await block.inputValue(), bad, "the typed text was changed");
      }
      // Start is refused while a number is refused; nothing was committed.
      await page.locator(".ns-setup button.primary.big").tap();
      await page.getByText("Correct the marked numbers first.").waitFor();
      assert.equal(await page.locator(".commit-screen").count(), 0);
      // In words: what the later block means.
      const later = page.locator("#ns-block-later");
      await later.fill("10");
      assert.equal(await page.locator("[data-testid=block-later-words]").innerText(), "After move 40: 10 s per move.");
      await later.fill("0");
      assert.equal(await page.locator("[data-testid=block-later-words]").innerText(), "After move 40: the same block.");
      await page.locator("#ns-points-draw").fill("100");
      assert.equal(await page.locator("#ns-points-draw-error").innerText(), "Enter a whole number from 0 to 99.");
      await page.locator("#ns-points-draw").fill("1");
      // A good value is taken as typed, and the game starts with it.
      await block.fill("20");
      assert.equal(await error.innerText(), "");
      await page.locator(".ns-setup button.primary.big").tap();
      await page.locator(".commit-screen").waitFor();
      await beginAndStart(page);
      assert.equal((await readPlay(page)).white.bank, "0:20");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("the menu holds the clocks, and undo survives a pause, charging only running time (C-4, C-4a)", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openStartedTable(context, app.url);
      await page.clock.runFor(3_000);
      await pressMoved(page); // White taps with 12 s left; Black's clock runs.
      // The menu stops the clocks and says so; closing starts them again.
      await page.locator(".middle-controls .menu-button").tap();
      await page.getByText("The clocks are stopped while the menu is open.").waitFor();
      await page.clock.runFor(10_000);
      await page.locator(".sheet-head .button").tap();
      await page.locator(".sheet").waitFor({ state: "detached" });
      assert.equal((await readPlay(page)).black.bank, "0:15", "a clock ran behind the menu");
      await page.clock.runFor(1_000);
      // A pause to sort out a mis-tap: undo stays offered through it.
      await page.getByRole("button", { name: "Pause", exact: true }).tap();
      await page.clock.runFor(30_000);
      await page.getByRole("button", { name: "Resume", exact: true }).tap();
      await page.clock.runFor(1_000);
      const undo = page.getByRole("button", { name: "Undo last tap" });
      assert.ok(!(await undo.isDisabled()), "undo was lost after Pause and Resume");
      await undo.tap();
      await page.getByRole("button", { name: "Confirm" }).tap();
      await page.locator(".half.white-seat.to-move").waitFor();
      const state = await readPlay(page);
      // C-4a: White is charged the 2 s Black's clock ran (not the menu, not
      // the pause); Black's bank is what it showed at the tap.
      assert.equal(state.white.bank, "0:10");
      assert.equal(state.black.bank, "0:15");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("every commitment shown is revealed: a changed setup and an abandoned draw show their seeds at once, the end lists all (issue 11)", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openTable(context, app.url);
      const commitmentOnScreen = async () => hex(await page.locator("[data-testid=commitment]").innerText());
      const left = page.locator("[data-testid=left-draw]");
      const seedOf = async (record) => hex((await record.locator(".draw-fate").innerText()).split(/seed/)[1]);

      // Draw 1: the setup changed before the words were locked.
      await setUp(page);
      const first = await commitmentOnScreen();
      await page.getByRole("button", { name: "Change setup", exact: true }).tap();
      await page.locator(".ns-setup").waitFor();
      assert.match(await left.innerText(), /Draw 1 withdrawn before the words were locked — seed [0-9a-f]{8}( [0-9a-f]{8}){7}/);
      assert.ok(hex(await left.locator(".draw-commitment").innerText()).endsWith(first));

      // Draw 2: seats drawn, disliked, abandoned before move one (a second tap confirms).
      await setUp(page);
      const second = await commitmentOnScreen();
      assert.notEqual(second, first);
      await lockWords(page);
      await page.getByRole("button", { name: "Abandon this draw (its seed is revealed)", exact: true }).tap();
      await page.getByRole("button", { name: "Abandon this draw (its seed is revealed) — Confirm" }).tap();
      await page.locator(".ns-setup").waitFor();
      assert.match(await left.innerText(), /Draw 2 abandoned before move one — seed/);
      const seed2 = await seedOf(left);
      assert.match(seed2, /^[0-9a-f]{64}$/);
      // It stays revealed after a reload.
      await page.reload();
      await left.waitFor();
      assert.equal(await seedOf(left), seed2);

      // Draw 3: played to the end (White's bank runs out).
      await setUp(page);
      const third = await commitmentOnScreen();
      await beginAndStart(page);
      await page.clock.runFor(16_000);
      await page.locator(".game-end").waitFor();
      const records = page.locator("[data-testid=draws] .draw-record");
      assert.deepEqual(await records.evaluateAll((els) => els.map((el) => el.dataset.fate)), ["withdrawn", "abandoned", "played"]);
      const listed = await records.locator(".draw-commitment").allInnerTexts();
      assert.deepEqual(listed.map((t) => hex(t).slice(-64)), [first, second, third]);
      assert.equal(await seedOf(records.nth(1)), seed2);

      // The export lists the same, with every seed.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export session record" }).tap(),
      ]);
      const record = JSON.parse(readFileSync(await download.path(), "utf8"));
      assert.deepEqual(record.draws.map((d) => [d.fate, d.commitment_hex]), [
        ["withdrawn", first],
        ["abandoned", second],
        ["played", third],
      ]);
      assert.equal(record.draws[1].seed_hex, seed2);
      assert.equal(record.draws[1].half_moves, 0);
      assert.equal(record.games.length, 1, "an abandoned draw was scored");

      // The abandoned draw's own link verifies against its commitment.
      const href = await records.nth(1).locator("a").getAttribute("href");
      await page.evaluate((h) => (location.hash = h), href);
      await page.locator(".banner-ok").waitFor();
      assert.equal(hex(await page.locator(".banner-ok .hex-display").innerText()), second);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("multi-word entries round-trip to a second phone that witnessed the commitment; a third phone says it did not (issue 11)", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    const witnessPhone = await phoneContext(browser);
    const otherPhone = await phoneContext(browser);
    try {
      const { page, errors } = await openTable(context, app.url);
      await setUp(page);
      const commitment = hex(await page.locator("[data-testid=commitment]").innerText());
      // What the commitment QR code holds: the verifier link without a seed.
      const link = await page.locator(".commit-card").getAttribute("data-verify-url");
      assert.ok(link.includes(`#/verify?c=${commitment}&setup=`), link);
      assert.ok(!link.includes("&s="), link);

      // Before move one the second phone opens it and witnesses it.
      const witness = await witnessPhone.newPage();
      const witnessErrors = collectPageErrors(witness);
      await witness.goto(link);
      await witness.getByRole("button", { name: "Witness this commitment" }).tap();
      const note = await witness.locator(".witness-note").innerText();
      const at = note.match(/^Witnessed on this phone at (\d\d:\d\d)\.$/)?.[1];
      assert.ok(at, note);
      const kept = await witness.locator(".witness-list").innerText();
      assert.match(kept, /Anna, Boris, Chen/);
      assert.ok(hex(kept).includes(commitment));

      // One entry per player, several words each.
      const entries = ["Blue   WHALE", "7 оранжевых Ёжиков", "tea with lemon"];
      for (const [i, name] of NAMES.entries()) await page.getByLabel(`${name}’s words`).fill(entries[i]);
      await lockWords(page);
      const seats = await page.locator(".seat-list .seat-name").allInnerTexts();
      await page.getByRole("button", { name: "Begin — Black starts White's clock" }).tap();
      await page.locator(".half.black-seat").tap();
      for (let i = 0; i < 4; i++) {
        await page.clock.runFor(1_000);
        await pressMoved(page);
      }
      // No swap within four taps (shifts are at least 3 moves); then a flag.
      await page.clock.runFor(60_000);
      await page.locator(".game-end").waitFor();

      // The reveal lists the entries as the stream key uses them, one per line.
      const normalised = ["blue whale", "7 оранжевых Ёжиков", "tea with lemon"];
      assert.deepEqual(await page.locator("[data-testid=reveal-words] .word").allInnerTexts(), normalised);
      const game = await page.locator("[data-testid=schedule] tbody tr").evaluateAll((trs) =>
        trs.map((tr) => ({ length: parseInt(tr.children[1].textContent, 10), coin: tr.children[2].textContent.toLowerCase() })),
      );
      const reveal = await page.locator(".reveal a.button").getAttribute("href");
      assert.match(reveal, /^#\/verify\?c=/);

      const check = async (phone) => {
        const p = await phone.newPage();
        const pageErrors = collectPageErrors(p);
        await p.goto(`${app.url}${reveal}`);
        await p.locator(".banner-ok").waitFor();
        // The verifier's draw is the game's draw.
        const seating = await Promise.all(["white", "black", "observer"].map((s) => p.locator(`.seat-${s} dd`).innerText()));
        assert.deepEqual(seating, seats);
        assert.deepEqual(await p.locator(".words-used li").allInnerTexts(), normalised);
        assert.equal(await p.locator("#verify-words").inputValue(), normalised.join("\n"));
        const rows = await p.$$eval(".schedule tbody tr", (trs) =>
          trs.map((tr) => ({ length: Number(tr.querySelector(".shift-length").textContent), coin: tr.dataset.coin })),
        );
        assert.deepEqual(rows.slice(0, game.length), game);
        const said = await p.locator(".witness-check").innerText();
        assert.deepEqual(pageErrors, []);
        return said;
      };
      assert.equal(await check(witnessPhone), `It matches the commitment you witnessed at ${at}.`);
      assert.equal(await check(otherPhone), "Not witnessed on this phone: compare with the commitment you photographed.");
      assert.deepEqual(witnessErrors, []);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await witnessPhone.close();
      await otherPhone.close();
      await app.stop();
    }
  });

  test("a damaged save is explained, downloadable, and the app stays usable", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page } = await openTable(context, app.url);
      const garbage = '{"format":"nordau-shift-table","version":1,"stage":{"stage":"playing","log":42}';
      await page.evaluate(([key, text]) => localStorage.setItem(key, text), [SAVE_KEY, garbage]);
      await page.reload();
      const alert = page.locator(".damaged-notice");
      await alert.waitFor();
      assert.match(await alert.innerText(), /The saved game on this phone cannot be read/);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download the saved data" }).tap(),
      ]);
      assert.equal(readFileSync(await download.path(), "utf8"), garbage);

      await page.getByRole("button", { name: /Start fresh/ }).tap();
      await alert.waitFor({ state: "detached" });
      // "The old data stays downloadable": it is offered again on the next visit…
      await page.reload();
      await alert.waitFor();
      // …until it is deleted, which takes a second, confirming tap.
      const deleteButton = page.getByRole("button", { name: /Delete the old data/ });
      await deleteButton.tap();
      assert.equal(await alert.count(), 1, "one tap deleted the old data");
      await page.getByRole("button", { name: /Delete the old data — Confirm/ }).tap();
      await alert.waitFor({ state: "detached" });
      await page.reload();
      await page.locator(".ns-setup").waitFor();
      assert.equal(await alert.count(), 0, "deleted data is offered again");
      await setUp(page);
      await beginAndStart(page);
      await pressMoved(page);
      assert.equal(toMove(await readPlay(page)), "black");
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("screenshots of every screen, English and Russian, portrait and landscape", async () => {
    const app = await serveCopy();
    try {
      for (const [orientation, viewport] of [["portrait", PORTRAIT], ["landscape", LANDSCAPE]]) {
        for (const lang of ["en", "ru"]) {
          const context = await phoneContext(browser, { viewport });
          const { page, errors } = await openTable(context, app.url);
          const shot = (name) => screenshot(page, `table-${name}-${lang}-${orientation}`);
          if (lang === "ru") {
            await page.getByRole("button", { name: "Русский" }).tap();
            await page.locator("html[lang=ru]").waitFor();
          }
          const names = lang === "ru" ? NAMES_RU : NAMES;
          await shot("setup");
          await setUp(page, { names });
          await shot("commitment");
          await beginAndStart(page);
          await page.clock.runFor(2_000);
          await pressMoved(page);
          await page.clock.runFor(3_400);
          await shot("play-clock");
          // Landscape: the players sit at the short edges, and each half faces
          // its player (Black's a quarter clockwise, White's anticlockwise).
          const faces = await page.evaluate(() =>
            ["black", "white"].map((c) => {
              const style = getComputedStyle(document.querySelector(`.half.${c}-seat`));
              return [style.writingMode, style.transform];
            }),
          );
          if (orientation === "landscape") {
            assert.deepEqual(faces.map(([mode]) => mode), ["vertical-rl", "vertical-rl"]);
            assert.equal(faces[0][1], "none");
            assert.match(faces[1][1], /^matrix\(-1, /);
          } else {
            assert.deepEqual(faces.map(([mode]) => mode), ["horizontal-tb", "horizontal-tb"]);
          }
          await assertNothingClipped(page, `clock mode, ${lang} ${orientation}`);
          await pressUntilSwap(page, { thinkMs: 700 });
          await shot("swap");
          await assertOnScreen(page, ".swap-title, .swap-line, .button.seated", `swap notice, ${lang} ${orientation}`);
          if (orientation === "landscape") {
            // Each copy of the notice faces a short edge, like the halves.
            const modes = await page.locator(".swap-message").evaluateAll((els) => els.map((el) => getComputedStyle(el).writingMode));
            assert.deepEqual(modes, ["vertical-rl", "vertical-rl"]);
          }
          await page.locator(".button.seated").tap();
          await page.locator(".swap-overlay:not([hidden])").waitFor({ state: "detached" });
          await runToLow(page);
          await shot("play-low");
          await assertNothingClipped(page, `low bank, ${lang} ${orientation}`);
          await page.locator(".middle-controls .menu-button").tap();
          await page.locator(".sheet").waitFor();
          await shot("menu");
          await page.locator(".sheet-head .button").tap();
          await page.clock.runFor(60_000);
          await page.locator(".game-end").waitFor();
          await shot("end");
          await page.locator(".reveal").scrollIntoViewIfNeeded();
          await shot("reveal");

          // A new session in board mode.
          const newSession = page.locator(".end-actions .button").last();
          await newSession.tap();
          await newSession.tap();
          await page.locator(".ns-setup").waitFor();
          await setUp(page, { board: true, names });
          await beginAndStart(page);
          for (const [from, to] of [["e2", "e4"], ["e7", "e5"], ["g1", "f3"]]) {
            await page.locator(`[data-square=${from}]`).tap();
            await page.locator(`[data-square=${to}]`).tap();
          }
          await page.locator("[data-square=b8]").tap();
          await page.locator(".sq.target").first().waitFor();
          await page.clock.runFor(1_200);
          await shot("play-board");
          await assertNothingClipped(page, `board mode, ${lang} ${orientation}`);

          // A damaged save.
          await page.evaluate((key) => localStorage.setItem(key, "not a save"), SAVE_KEY);
          await page.reload();
          await page.locator(".damaged-notice").waitFor();
          await shot("damaged");
          assert.deepEqual(errors, []);
          await context.close();
        }
      }
    } finally {
      await app.stop();
    }
  });
});
