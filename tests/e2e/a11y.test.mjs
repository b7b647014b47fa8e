// Accessibility: axe-core (tests/node_modules, pinned in package.json) finds
// no violation on any screen, in English and in Russian: home, About, the
// verifier (empty, a result, an error), every Nordau Shift screen (setup,
// commitment, play in clock and board mode, the swap notice, the menu, the end
// with the reveal) and every Crazyhouse screen (setup, play in clock mode and
// in board mode with both pockets filled, the menu, the end) and every
// Swedish chess screen (setup, the four clocks with an undo asking its
// question, the menu, board mode with each board and a piece picked up, both
// ends) and every card-duel screen where the build has it (setup, pass the
// phone, laying the cards, the hand-back, the table in both modes, the menu,
// the commitment, both ends), and every Undo Chess screen where the build has
// it (setup with a refused number, the back-rank diagram, an undo asked and
// the moves to take back, the menu, the commitment, board mode, both ends). And the
// screen-reader live region never carries an old result into a new game or
// another language (issue #10, item 11).
//
// Real time, not Playwright's fake clock: axe schedules its work with timers,
// which a paused fake clock would never fire. The banks are set long enough
// that no flag falls while axe looks.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { REPO, collectPageErrors, launchBrowser, phoneContext, serveCopy } from "./harness.mjs";

const AXE_SOURCE = readFileSync(join(REPO, "tests/node_modules/axe-core/axe.min.js"), "utf8");
const VECTOR = JSON.parse(readFileSync(join(REPO, "tests/vectors/nordau-v1.json"), "utf8")).cases.find(
  (c) => c.name === "doc example: counting seed, default setup",
);
const LANGS = {
  en: { locale: "en-US", other: "ru", nordau: ["Anna", "Boris", "Chen"], zh: ["Dana", "Yossi"], bh: ["Ann", "Bob", "Cleo", "Dan"] },
  ru: { locale: "ru-RU", other: "en", nordau: ["Анна", "Борис", "Чэнь"], zh: ["Дана", "Йоси"], bh: ["Аня", "Боря", "Клава", "Дима"] },
};
/** Board-mode Crazyhouse to mate; after the first 12 plies both pockets hold pieces. */
const MATE_GAME = [
  "d2d3", "a7a5", "h2h4", "g7g6", "c1h6", "g8h6", "c2c4", "B@g4",
  "h1h3", "a5a4", "d1a4", "a8a4", "P@c2", "Q@c1",
];
const LIVE = ".game-table > [aria-live]";

let browser;
let app;
before(async () => {
  browser = await launchBrowser();
  app = await serveCopy();
});
after(async () => {
  await app?.stop();
  await browser?.close();
});

// ---- helpers ------------------------------------------------------------------

/**
 * Runs axe on the whole page; returns one line per violation: where, rule id,
 * impact, and the targets of its nodes. axe is evaluated through the DevTools
 * protocol, which the app's CSP (no inline scripts) does not govern.
 */
async function audit(page, where) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(" ")) }));
  });
  return violations.map((v) => `${where}: ${v.id} (${v.impact}) on ${v.targets.length} node(s): ${v.targets.join(" | ")}`);
}

/** `#/verify?…` as the app's links write it. */
function verifyFragment({ commitment, seed, setup }) {
  return `#/verify?c=${encodeURIComponent(commitment)}&s=${encodeURIComponent(seed)}&setup=${encodeURIComponent(setup)}`;
}

/** Taps a button that asks for a second tap ("… — Confirm"), twice. */
async function confirmTap(locator) {
  await locator.tap();
  await locator.tap();
}

async function switchLanguage(page, lang) {
  await page.locator(`.lang-option[lang=${lang}]`).tap();
  await page.locator(`html[lang=${lang}]`).waitFor();
}

const liveText = (page) => page.locator(LIVE).evaluate((el) => el.textContent.trim());

/** The end screen's headline and reason, as the live region should say them. */
async function endHeadline(page) {
  return { result: await page.locator(".end-result").innerText(), reason: await page.locator(".end-reason").innerText() };
}

/** The live region holds this end screen's result, not `old` (the same result in another language). */
async function assertLiveSaysResult(page, where, old = null) {
  const { result, reason } = await endHeadline(page);
  const said = await liveText(page);
  assert.ok(said.includes(result) && said.includes(reason), `${where}: the live region says "${said}", not "${result}" / "${reason}"`);
  if (old) assert.notEqual(said, old, `${where}: the live region still says "${old}"`);
  return said;
}

/** The live region holds none of `old` (results of games gone by). */
async function assertLiveForgot(page, where, old) {
  const said = await liveText(page);
  for (const text of old) assert.ok(!said.includes(text), `${where}: the live region still says "${text}"`);
  assert.equal(said, "", `${where}: the live region says "${said}"`);
}

/** Opens the game menu of a play screen. */
async function openMenu(page) {
  await page.locator(".middle-controls .menu-button").tap();
  await page.locator(".sheet[role=dialog]").waitFor();
}

/** Resigns for White from the open game menu (the first resign button, confirmed). */
async function resignFromMenu(page, endScreen) {
  await confirmTap(page.locator(".sheet .button-row").first().locator("button").first());
  await page.locator(endScreen).waitFor();
}

/** Taps the side to move's half until the swap notice stands (a shift is at most 6 full moves). */
async function pressUntilSwap(page) {
  for (let presses = 0; presses < 14; presses++) {
    const side = (await page.locator(".half.white-seat.to-move").count()) ? "white" : "black";
    const other = side === "white" ? "black" : "white";
    await page.locator(`.half.${side}-seat`).tap();
    await page.waitForFunction(
      (other) => document.querySelector(".swap-overlay") || document.querySelector(`.half.${other}-seat.to-move`),
      other,
    );
    if (await page.locator(".swap-overlay").count()) return;
  }
  throw new Error("no swap within 14 presses");
}

/** Plays one UCI move or drop on the board by tapping, and waits for the other side or the end. */
async function playMove(page, uci, endScreen) {
  const side = (await page.locator(".half.white-seat.to-move").count()) ? "white" : "black";
  const other = side === "white" ? "black" : "white";
  if (uci[1] === "@") {
    await page.locator(`.pocket-piece[data-colour=${side}][data-piece=${uci[0]}]`).tap();
  } else {
    await page.locator(`.sq[data-square=${uci.slice(0, 2)}]`).tap();
  }
  await page.locator(`.sq[data-square=${uci.slice(2, 4)}].target`).tap();
  await page.waitForFunction(
    ({ other, endScreen }) => document.querySelector(endScreen) || document.querySelector(`.half.${other}-seat.to-move`),
    { other, endScreen },
  );
}

// ---- the walk through every screen ---------------------------------------------

async function shell(page, problems) {
  await page.goto(app.url);
  await page.locator("#main .tagline").waitFor();
  problems.push(...(await audit(page, "home")));
  await page.goto(`${app.url}#/about`);
  await page.locator(".page h1").waitFor();
  problems.push(...(await audit(page, "about")));
  await page.goto(`${app.url}#/verify`);
  await page.locator(".verify-form").waitFor();
  problems.push(...(await audit(page, "verifier, empty")));
  await page.goto(`${app.url}${verifyFragment(VECTOR)}`);
  await page.locator(".banner-ok").waitFor();
  problems.push(...(await audit(page, "verifier, result")));
  await page.goto(`${app.url}${verifyFragment({ ...VECTOR, commitment: VECTOR.commitment.slice(0, 63) })}`);
  await page.locator(".banner-bad").waitFor();
  problems.push(...(await audit(page, "verifier, error")));
}

async function nordau(page, problems, { nordau: names, other }, lang) {
  await page.goto(`${app.url}#/nordau`);
  await page.locator(".ns-setup").waitFor();
  const inputs = page.locator(".ns-setup input[type=text]");
  for (let i = 0; i < 3; i++) await inputs.nth(i).fill(names[i]);
  for (const summary of await page.locator(".ns-setup details > summary").all()) await summary.tap();
  // Two minutes a block: no flag falls while axe looks.
  await page.locator("#ns-block").fill("120");
  problems.push(...(await audit(page, "Nordau setup (options and rules open)")));
  await page.locator("input[name=ns-mode]").nth(0).check();
  await page.locator(".ns-setup button.primary.big").tap();
  await page.locator(".commit-screen").waitFor();
  problems.push(...(await audit(page, "Nordau commitment")));
  await page.locator(".commit-screen button.primary.big").tap(); // Lock words and draw seats
  await page.locator(".commit-screen .seat-list .seat-name").first().waitFor();
  problems.push(...(await audit(page, "Nordau commitment, seats drawn")));

  // Clock mode: before the start, running, the swap notice, the menu, the end.
  await page.locator(".commit-screen button.primary.big").tap();
  await page.locator(".game-play .half.black-seat.starts").waitFor();
  problems.push(...(await audit(page, "Nordau play, clock mode, before the start")));
  await page.locator(".half.black-seat").tap();
  await page.locator(".half.white-seat.to-move").waitFor();
  problems.push(...(await audit(page, "Nordau play, clock mode")));
  await pressUntilSwap(page);
  problems.push(...(await audit(page, "Nordau swap notice")));
  await page.locator(".button.seated").tap();
  await page.locator(".swap-overlay").waitFor({ state: "detached" });
  await openMenu(page);
  problems.push(...(await audit(page, "Nordau menu")));
  await resignFromMenu(page, ".game-end");
  await page.locator(".reveal").waitFor();
  problems.push(...(await audit(page, "Nordau end with the reveal, clock mode")));

  // Item 11: the result is said in the current language, and forgotten by the next game.
  const said = await assertLiveSaysResult(page, "Nordau end");
  await switchLanguage(page, other);
  const saidOther = await assertLiveSaysResult(page, `Nordau end, switched to ${other}`, said);
  await page.locator(".end-actions button.primary.big").tap(); // Next game
  await page.locator(".commit-screen").waitFor();
  await assertLiveForgot(page, "Nordau next game's commitment", [said, saidOther]);
  await switchLanguage(page, lang);
  await assertLiveForgot(page, `Nordau next game, back in ${lang}`, [said, saidOther]);
  await page.locator(".commit-screen button.primary.big").tap(); // Lock words and draw seats
  await page.locator(".commit-screen .seat-list .seat-name").first().waitFor();
  await page.locator(".commit-screen button.primary.big").tap();
  await page.locator(".game-play").waitFor();
  await assertLiveForgot(page, "Nordau next game's play screen", [said, saidOther]);

  // Board mode: a new setup, a few moves, a piece picked up, then the end.
  await page.locator(".half.black-seat").tap();
  await page.locator(".half.white-seat.to-move").waitFor();
  await openMenu(page);
  await confirmTap(page.locator(".sheet .button-row").last().locator("button").last()); // Abandon
  await page.locator(".ns-setup").waitFor();
  await page.locator("input[name=ns-mode]").nth(1).check();
  await page.locator(".ns-setup button.primary.big").tap();
  await page.locator(".commit-screen").waitFor();
  await page.locator(".commit-screen button.primary.big").tap(); // Lock words and draw seats
  await page.locator(".commit-screen .seat-list .seat-name").first().waitFor();
  await page.locator(".commit-screen button.primary.big").tap();
  await page.locator(".game-play.board-mode .half.black-seat.starts").waitFor();
  await page.locator(".half.black-seat").tap();
  await page.locator(".half.white-seat.to-move").waitFor();
  for (const uci of ["e2e4", "e7e5", "g1f3"]) await playMove(page, uci, ".game-end");
  await page.locator("[data-square=b8]").tap();
  await page.locator(".sq.target").first().waitFor();
  problems.push(...(await audit(page, "Nordau play, board mode, a piece picked up")));
  await openMenu(page);
  await resignFromMenu(page, ".game-end");
  await page.locator(".final-position").waitFor();
  problems.push(...(await audit(page, "Nordau end, board mode")));
}

async function crazyhouse(page, problems, { zh: names, other }, lang) {
  await page.goto(`${app.url}#/crazyhouse`);
  await page.locator(".zh-setup").waitFor();
  problems.push(...(await audit(page, "Crazyhouse setup")));
  const inputs = page.locator(".zh-setup input[type=text]");
  await inputs.nth(0).fill(names[0]);
  await inputs.nth(1).fill(names[1]);
  // Custom time, the rules and the PGN import open: every part of the form.
  await page.locator(".zh-setup label.chip").last().tap();
  await page.locator(".zh-setup select").waitFor();
  for (const summary of await page.locator(".zh-setup details > summary").all()) await summary.tap();
  problems.push(...(await audit(page, "Crazyhouse setup (custom time, rules and import open)")));
  await page.locator(".zh-setup label.chip").nth(1).tap(); // 5 + 3

  // Clock mode: play, the menu, resignation.
  await page.locator("input[name=zh-mode]").nth(0).check();
  await page.locator(".zh-setup button.primary.big").tap();
  await page.locator(".zh-play .half.black-seat.starts").waitFor();
  await page.locator(".half.black-seat.starts").tap();
  await page.locator(".half.white-seat.to-move").waitFor();
  problems.push(...(await audit(page, "Crazyhouse play, clock mode")));
  await openMenu(page);
  problems.push(...(await audit(page, "Crazyhouse menu")));
  await resignFromMenu(page, ".zh-end");
  problems.push(...(await audit(page, "Crazyhouse end, clock mode")));

  // Item 11, as in Nordau Shift.
  const said = await assertLiveSaysResult(page, "Crazyhouse end");
  await switchLanguage(page, other);
  const saidOther = await assertLiveSaysResult(page, `Crazyhouse end, switched to ${other}`, said);
  await page.locator(".zh-end .end-actions button.new-setup").tap();
  await page.locator(".zh-setup").waitFor();
  await assertLiveForgot(page, "Crazyhouse new setup", [said, saidOther]);
  await switchLanguage(page, lang);
  await assertLiveForgot(page, `Crazyhouse setup, back in ${lang}`, [said, saidOther]);

  // Board mode with both pockets filled, a pocket piece picked up, to mate.
  await page.locator("input[name=zh-mode]").nth(1).check();
  await page.locator(".zh-setup button.primary.big").tap();
  await page.locator(".zh-play .half.black-seat.starts").waitFor();
  await assertLiveForgot(page, "Crazyhouse new game", [said, saidOther]);
  await page.locator(".half.black-seat.starts").tap();
  await page.locator(".half.white-seat.to-move").waitFor();
  for (const uci of MATE_GAME.slice(0, 12)) await playMove(page, uci, ".zh-end");
  await page.locator(".pocket-piece[data-colour=white][data-piece=P]").tap();
  await page.locator(".sq.target").first().waitFor();
  problems.push(...(await audit(page, "Crazyhouse play, board mode, pockets filled, a drop picked up")));
  await page.locator(".pocket-piece[data-colour=white][data-piece=P]").tap();
  for (const uci of MATE_GAME.slice(12)) await playMove(page, uci, ".zh-end");
  await page.locator(".zh-end .move-list").waitFor();
  problems.push(...(await audit(page, "Crazyhouse end, board mode (mate)")));
}

async function bughouse(page, problems, { bh: names }) {
  await page.goto(`${app.url}#/bughouse`);
  await page.locator(".bh-setup").waitFor();
  for (const [i, seat] of ["wa", "ba", "wb", "bb"].entries()) await page.locator(`#bh-name-${seat}`).fill(names[i]);
  // Custom time, the seating, the rules and the BPGN import open: every part of the form.
  await page.locator(".bh-setup label.chip").last().tap();
  await page.locator(".bh-setup select").first().waitFor();
  for (const summary of await page.locator(".bh-setup details > summary").all()) await summary.tap();
  problems.push(...(await audit(page, "Bughouse setup (custom time, seating, rules and import open)")));
  // An import refused: the error in the player's language.
  await page.locator(".bh-setup details.import textarea").fill("1A. e4 1a. e5 2A. Ke3");
  await page.locator(".bh-setup details.import button").tap();
  await page.locator(".bh-setup details.import .form-error").waitFor();
  problems.push(...(await audit(page, "Bughouse setup, an import refused")));
  await page.locator(".bh-setup label.chip").nth(1).tap(); // 5 + 0

  // Clock mode: before the start, running, an undo asking its question, the menu, the end.
  await page.locator("input[name=bh-mode]").nth(0).check();
  await page.locator(".bh-setup button.primary.big").tap();
  await page.locator(".bh-play .bh-quad[data-seat=Ab] .half.starts").waitFor();
  problems.push(...(await audit(page, "Bughouse play, clock mode, before the start")));
  await page.locator(".bh-quad[data-seat=Ab] .half").tap();
  await page.locator(".bh-quad[data-seat=Aw] .half.to-move").waitFor();
  await page.locator(".bh-quad[data-seat=Aw] .half").tap();
  await page.locator(".bh-quad[data-seat=Ab] .half.to-move").waitFor();
  problems.push(...(await audit(page, "Bughouse play, clock mode")));
  await page.locator(".bh-undo.board-a button").tap();
  await page.locator(".bh-undo-explain.shown").waitFor();
  problems.push(...(await audit(page, "Bughouse play, clock mode, undo asking")));
  await page.locator(".bh-middle .menu-button").tap();
  await page.locator(".sheet[role=dialog]").waitFor();
  problems.push(...(await audit(page, "Bughouse menu")));
  await resignFromMenu(page, ".bh-end");
  problems.push(...(await audit(page, "Bughouse end, clock mode")));

  // Board mode: board A with a piece picked up, then board B, then the end.
  await page.locator(".bh-end .end-actions button.new-setup").tap();
  await page.locator(".bh-setup").waitFor();
  await page.locator("input[name=bh-mode]").nth(1).check();
  await page.locator(".bh-setup button.primary.big").tap();
  await page.locator(".bh-panel.board-a .half.black-seat.starts").waitFor();
  problems.push(...(await audit(page, "Bughouse play, board mode, before the start")));
  await page.locator(".bh-panel.board-a .half.black-seat").tap();
  await page.locator(".bh-panel.board-a .half.white-seat.to-move").waitFor();
  for (const [from, to] of [["e2", "e4"], ["d7", "d5"], ["e4", "d5"]]) {
    await page.locator(`.bh-panel.board-a .sq[data-square=${from}]`).tap();
    await page.locator(`.bh-panel.board-a .sq[data-square=${to}].target`).tap();
  }
  await page.locator(".bh-panel.board-a .half.black-seat.to-move").waitFor();
  await page.locator(".bh-panel.board-a .sq[data-square=g8]").tap();
  await page.locator(".bh-panel.board-a .sq.target").first().waitFor();
  problems.push(...(await audit(page, "Bughouse play, board mode, board A, a piece picked up")));
  await page.locator(".bh-tab").nth(1).tap();
  await page.locator(".bh-panel.board-b.shown").waitFor();
  problems.push(...(await audit(page, "Bughouse play, board mode, board B (a pawn in Black's pocket)")));
  await page.locator(".bh-undo.board-a button").tap();
  await page.locator(".bh-undo-explain.shown").waitFor();
  problems.push(...(await audit(page, "Bughouse play, board mode, undo asking")));
  await page.locator(".bh-middle .menu-button").tap();
  await page.locator(".sheet[role=dialog]").waitFor();
  await resignFromMenu(page, ".bh-end");
  await page.locator(".bh-end .final-position").first().waitFor();
  problems.push(...(await audit(page, "Bughouse end, board mode")));
}

/** The card-series duel's screens, in builds that have it (feature `cards`). */
async function cards(page, problems, { zh: names }) {
  await page.goto(`${app.url}#/cards`);
  await page.locator(".cs-setup, .page > .notice").first().waitFor();
  if (!(await page.locator(".cs-setup").count())) return;
  const inputs = page.locator(".cs-setup input[type=text]");
  await inputs.nth(0).fill(names[0]);
  await inputs.nth(1).fill(names[1]);
  await page.locator(".cs-setup label.chip").last().tap();
  for (const summary of await page.locator(".cs-setup details > summary").all()) await summary.tap();
  problems.push(...(await audit(page, "Card duel setup (custom time, rules open)")));
  await page.locator(".cs-setup label.chip").nth(4).tap(); // 25 + 10: no flag while axe looks
  // Secret stacks, clock mode: the pass screen, laying the cards, the hand-back, the table, the menu, the end.
  await page.locator("input[name=cs-mode]").nth(0).check();
  await page.locator("input[name=cs-stacks]").nth(0).check();
  await page.locator(".cs-setup button.primary.big").tap();
  await page.locator(".cs-pass").waitFor();
  problems.push(...(await audit(page, "Card duel, pass the phone")));
  await page.locator(".cs-open-private").tap();
  for (let i = 0; i < 6; i++) await page.locator(".cs-card-button").nth(i).tap();
  problems.push(...(await audit(page, "Card duel, laying the cards")));
  await page.locator(".cs-confirm-stack:not([disabled])").tap();
  await page.locator(".cs-handback").waitFor();
  problems.push(...(await audit(page, "Card duel, hand the phone back")));
  await page.locator(".cs-continue").tap();
  await page.locator(".cs-play .half.black-seat.starts").waitFor();
  problems.push(...(await audit(page, "Card duel play, clock mode, before the start")));
  await page.locator(".half.black-seat").tap();
  await page.locator(".half.white-seat.to-move").waitFor();
  await page.locator(".half.white-seat").tap();
  await page.locator(".cs-reveal").waitFor();
  problems.push(...(await audit(page, "Card duel play, clock mode, a card turned")));
  await openMenu(page);
  problems.push(...(await audit(page, "Card duel menu")));
  await resignFromMenu(page, ".cs-end");
  problems.push(...(await audit(page, "Card duel end, clock mode")));
  // Blind stacks, board mode, no clock: the commitment, the board with a piece picked up, the end with the reveal.
  await page.locator(".cs-end button.new-setup").tap();
  await page.locator("input[name=cs-mode]").nth(1).check();
  await page.locator("input[name=cs-stacks]").nth(1).check();
  await page.locator("#cs-clock").uncheck();
  await page.locator(".cs-setup button.primary.big").tap();
  await page.locator(".cs-commit").waitFor();
  problems.push(...(await audit(page, "Card duel commitment")));
  await page.locator(".cs-lock").tap();
  await page.locator(".half.black-seat.starts").tap();
  await page.locator(".sq[data-square=g1]").tap();
  await page.locator(".sq.target").first().waitFor();
  problems.push(...(await audit(page, "Card duel play, board mode, a piece picked up")));
  await page.locator(".cs-play .menu-button").tap();
  await page.locator(".sheet[role=dialog]").waitFor();
  await resignFromMenu(page, ".cs-end");
  await page.locator("[data-testid=reveal-seed]").waitFor();
  problems.push(...(await audit(page, "Card duel end, board mode, the reveal")));
}

/** Undo Chess's screens, in builds that have it (feature `undo`). */
async function undoChess(page, problems, { zh: names }) {
  await page.goto(`${app.url}#/undo`);
  await page.locator(".uc-setup, .page > .notice").first().waitFor();
  if (!(await page.locator(".uc-setup").count())) return;
  const inputs = page.locator(".uc-setup input[type=text]");
  await inputs.nth(0).fill(names[0]);
  await inputs.nth(1).fill(names[1]);
  await page.locator("input[name=uc-start]").nth(2).check();
  await page.locator("#uc-number").fill("960"); // refused: the range in words
  for (const summary of await page.locator(".uc-setup details > summary").all()) await summary.tap();
  problems.push(...(await audit(page, "Undo Chess setup (a refused number, rules and import open)")));
  await page.locator("#uc-number").fill("0");
  await page.locator(".uc-setup label.chip").nth(4).tap(); // 25 + 10: no flag while axe looks
  // Clock mode: the back-rank diagram, an undo's "take back" sentence, the menu, the end.
  await page.locator("input[name=uc-mode]").nth(0).check();
  await page.locator(".uc-begin").tap();
  await page.locator(".uc-diagram:not(.compact)").waitFor();
  problems.push(...(await audit(page, "Undo Chess play, clock mode, the back rank to set up")));
  await page.locator(".half.black-seat").tap();
  for (const side of ["white", "black", "white"]) {
    await page.locator(`.half.${side}-seat.to-move`).tap();
  }
  await page.locator(".middle-controls button.undo:not([disabled])").tap();
  problems.push(...(await audit(page, "Undo Chess play, clock mode, an undo asked")));
  await page.locator(".middle-confirm button.danger").tap();
  await page.locator(".uc-take-back").waitFor();
  problems.push(...(await audit(page, "Undo Chess play, clock mode, the moves to take back")));
  await openMenu(page);
  problems.push(...(await audit(page, "Undo Chess menu")));
  await resignFromMenu(page, ".uc-end");
  problems.push(...(await audit(page, "Undo Chess end, clock mode")));
  // Drawn start, board mode: the commitment, the UC-7 decision, the end with the reveal.
  await page.locator(".uc-end button.new-setup").tap();
  await page.locator("input[name=uc-mode]").nth(1).check();
  await page.locator("input[name=uc-start]").nth(0).check();
  await page.locator(".uc-begin").tap();
  await page.locator(".uc-commit").waitFor();
  problems.push(...(await audit(page, "Undo Chess commitment")));
  await page.locator(".uc-lock").tap();
  await page.locator(".half.black-seat.starts").tap();
  await page.locator(".half.white-seat.to-move").waitFor();
  problems.push(...(await audit(page, "Undo Chess play, board mode")));
  await page.locator(".uc-play .menu-button").tap();
  await page.locator(".sheet[role=dialog]").waitFor();
  await resignFromMenu(page, ".uc-end");
  await page.locator(".uc-end .reveal").waitFor();
  problems.push(...(await audit(page, "Undo Chess end, board mode, the reveal")));
}

describe("accessibility (axe-core)", () => {
  for (const [lang, setup] of Object.entries(LANGS)) {
    test(`every screen in ${lang}: no axe violation; the live region forgets old results`, async () => {
      const context = await phoneContext(browser, { locale: setup.locale });
      try {
        const page = await context.newPage();
        const errors = collectPageErrors(page);
        const problems = [];
        await shell(page, problems);
        assert.equal(await page.locator("html").getAttribute("lang"), lang);
        await nordau(page, problems, setup, lang);
        await crazyhouse(page, problems, setup, lang);
        await bughouse(page, problems, setup);
        await cards(page, problems, setup);
        await undoChess(page, problems, setup);
        assert.deepEqual(problems, [], `axe found violations:\n${problems.join("\n")}`);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
});
