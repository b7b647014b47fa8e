// The walk through every screen of every game module, in one list (GAMES):
// each game's walk taps its way from the setup to the end, through every
// screen a player passes (setup with every part open, commitment,
// pass-the-phone, clock mode, board mode, each notice and question, menu,
// end, reveal), and calls `at(where)` on each. Tests that look at every
// screen (a11y.test.mjs: axe; layout.test.mjs: nothing covered or cut) pass
// their own `at`. A new module joins by adding its walk to GAMES.
//
// Real time, not Playwright's fake clock (axe schedules its work with
// timers): the banks are set long enough that no flag falls while a test
// looks.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO, switchLanguage } from "./harness.mjs";

const VECTOR = JSON.parse(readFileSync(join(REPO, "tests/vectors/nordau-v1.json"), "utf8")).cases.find(
  (c) => c.name === "doc example: counting seed, default setup",
);
/** Each language's locale and player names (typed in that language). */
export const LANGS = {
  en: { locale: "en-US", other: "ru", nordau: ["Anna", "Boris", "Chen"], zh: ["Dana", "Yossi"], bh: ["Ann", "Bob", "Cleo", "Dan"] },
  ru: { locale: "ru-RU", other: "en", nordau: ["Анна", "Борис", "Чэнь"], zh: ["Дана", "Йоси"], bh: ["Аня", "Боря", "Клава", "Дима"] },
  // Right to left, with Latin and Cyrillic names inside Hebrew sentences (issue #24).
  he: { locale: "he-IL", other: "en", nordau: ["ענבל", "Boris", "Чэнь"], zh: ["דנה", "Yossi"], bh: ["אורי", "Bob", "כרמל", "Дима"] },
};
/** Board-mode Crazyhouse to mate; after the first 12 plies both pockets hold pieces. */
const MATE_GAME = [
  "d2d3", "a7a5", "h2h4", "g7g6", "c1h6", "g8h6", "c2c4", "B@g4",
  "h1h3", "a5a4", "d1a4", "a8a4", "P@c2", "Q@c1",
];

/** What a walk does at an end screen's live region, when a test checks it (a11y); by default nothing. */
export const NO_LIVE = { says: async () => "", forgot: async () => {} };

/** `#/verify?…` as the app's links write it. */
function verifyFragment({ commitment, seed, setup }) {
  return `#/verify?c=${encodeURIComponent(commitment)}&s=${encodeURIComponent(seed)}&setup=${encodeURIComponent(setup)}`;
}

/** Taps a button that asks for a second tap ("… — Confirm"), twice. */
async function confirmTap(locator) {
  await locator.tap();
  await locator.tap();
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
      (other) => document.querySelector(".swap-overlay:not([hidden])") || document.querySelector(`.half.${other}-seat.to-move`),
      other,
    );
    if (await page.locator(".swap-overlay:not([hidden])").count()) return;
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

async function shell({ page, app, at }) {
  await page.goto(app.url);
  await page.locator("#main .tagline").waitFor();
  await at("home");
  await page.goto(`${app.url}#/about`);
  await page.locator(".page h1").waitFor();
  await at("about");
  await page.goto(`${app.url}#/verify`);
  await page.locator(".verify-form").waitFor();
  await at("verifier, empty");
  await page.goto(`${app.url}${verifyFragment(VECTOR)}`);
  await page.locator(".banner-ok").waitFor();
  await at("verifier, result");
  await page.goto(`${app.url}${verifyFragment({ ...VECTOR, commitment: VECTOR.commitment.slice(0, 63) })}`);
  await page.locator(".banner-bad").waitFor();
  await at("verifier, error");
}

async function nordau({ page, app, at, live, setup: { nordau: names, other }, lang }) {
  await page.goto(`${app.url}#/nordau`);
  await page.locator(".ns-setup").waitFor();
  const inputs = page.locator(".ns-setup input[type=text]");
  for (let i = 0; i < 3; i++) await inputs.nth(i).fill(names[i]);
  for (const summary of await page.locator(".ns-setup details > summary").all()) await summary.tap();
  // Two minutes a block: no flag falls while axe looks.
  await page.locator("#ns-block").fill("120");
  await at("Nordau setup (options and rules open)");
  await page.locator("input[name=ns-mode]").nth(0).check();
  await page.locator(".ns-setup button.primary.big").tap();
  await page.locator(".commit-screen").waitFor();
  await at("Nordau commitment");
  await page.locator(".commit-screen button.primary.big").tap(); // Lock words and draw seats
  await page.locator(".commit-screen .seat-list .seat-name").first().waitFor();
  await at("Nordau commitment, seats drawn");

  // Clock mode: before the start, running, the swap notice, the menu, the end.
  await page.locator(".commit-screen button.primary.big").tap();
  await page.locator(".game-play .half.black-seat.starts").waitFor();
  await at("Nordau play, clock mode, before the start");
  await page.locator(".half.black-seat").tap();
  await page.locator(".half.white-seat.to-move").waitFor();
  await at("Nordau play, clock mode");
  await pressUntilSwap(page);
  await at("Nordau swap notice");
  // C-4b: undoing the tap that announced the swap asks the opponent first; kept.
  await page.locator(".swap-corrections button.undo").tap();
  await page.locator("[data-testid=correction-ask]").waitFor();
  await at("Nordau swap notice, the opponent asked to allow an undo");
  await page.locator("[data-testid=correction-ask] button").nth(1).tap();
  await page.locator(".button.seated").tap();
  await page.locator(".swap-overlay:not([hidden])").waitFor({ state: "detached" });
  await openMenu(page);
  await at("Nordau menu");
  await resignFromMenu(page, ".game-end");
  await page.locator(".reveal").waitFor();
  await at("Nordau end with the reveal, clock mode");

  // Item 11: the result is said in the current language, and forgotten by the next game.
  const said = await live.says(page, "Nordau end");
  await switchLanguage(page, other);
  const saidOther = await live.says(page, `Nordau end, switched to ${other}`, said);
  await page.locator(".end-actions button.primary.big").tap(); // Next game
  await page.locator(".commit-screen").waitFor();
  await live.forgot(page, "Nordau next game's commitment", [said, saidOther]);
  await switchLanguage(page, lang);
  await live.forgot(page, `Nordau next game, back in ${lang}`, [said, saidOther]);
  await page.locator(".commit-screen button.primary.big").tap(); // Lock words and draw seats
  await page.locator(".commit-screen .seat-list .seat-name").first().waitFor();
  await page.locator(".commit-screen button.primary.big").tap();
  await page.locator(".game-play").waitFor();
  await live.forgot(page, "Nordau next game's play screen", [said, saidOther]);

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
  await at("Nordau play, board mode, a piece picked up");
  await openMenu(page);
  await resignFromMenu(page, ".game-end");
  await page.locator(".final-position").waitFor();
  await at("Nordau end, board mode");
}

async function crazyhouse({ page, app, at, live, setup: { zh: names, other }, lang }) {
  await page.goto(`${app.url}#/crazyhouse`);
  await page.locator(".zh-setup").waitFor();
  await at("Crazyhouse setup");
  const inputs = page.locator(".zh-setup input[type=text]");
  await inputs.nth(0).fill(names[0]);
  await inputs.nth(1).fill(names[1]);
  // Custom time, the rules and the PGN import open: every part of the form.
  await page.locator(".zh-setup label.chip").last().tap();
  await page.locator(".zh-setup select").waitFor();
  for (const summary of await page.locator(".zh-setup details > summary").all()) await summary.tap();
  await at("Crazyhouse setup (custom time, rules and import open)");
  await page.locator(".zh-setup label.chip").nth(1).tap(); // 5 + 3

  // Clock mode: play, the menu, resignation.
  await page.locator("input[name=zh-mode]").nth(0).check();
  await page.locator(".zh-setup button.primary.big").tap();
  await page.locator(".zh-play .half.black-seat.starts").waitFor();
  await page.locator(".half.black-seat.starts").tap();
  await page.locator(".half.white-seat.to-move").waitFor();
  await at("Crazyhouse play, clock mode");
  await openMenu(page);
  await at("Crazyhouse menu");
  await resignFromMenu(page, ".zh-end");
  await at("Crazyhouse end, clock mode");

  // Item 11, as in Nordau Shift.
  const said = await live.says(page, "Crazyhouse end");
  await switchLanguage(page, other);
  const saidOther = await live.says(page, `Crazyhouse end, switched to ${other}`, said);
  await page.locator(".zh-end .end-actions button.new-setup").tap();
  await page.locator(".zh-setup").waitFor();
  await live.forgot(page, "Crazyhouse new setup", [said, saidOther]);
  await switchLanguage(page, lang);
  await live.forgot(page, `Crazyhouse setup, back in ${lang}`, [said, saidOther]);

  // Board mode with both pockets filled, a pocket piece picked up, to mate.
  await page.locator("input[name=zh-mode]").nth(1).check();
  await page.locator(".zh-setup button.primary.big").tap();
  await page.locator(".zh-play .half.black-seat.starts").waitFor();
  await live.forgot(page, "Crazyhouse new game", [said, saidOther]);
  await at("Crazyhouse play, board mode, before the start");
  await page.locator(".half.black-seat.starts").tap();
  await page.locator(".half.white-seat.to-move").waitFor();
  for (const uci of MATE_GAME.slice(0, 12)) await playMove(page, uci, ".zh-end");
  await page.locator(".pocket-piece[data-colour=white][data-piece=P]").tap();
  await page.locator(".sq.target").first().waitFor();
  await at("Crazyhouse play, board mode, pockets filled, a drop picked up");
  await page.locator(".pocket-piece[data-colour=white][data-piece=P]").tap();
  for (const uci of MATE_GAME.slice(12)) await playMove(page, uci, ".zh-end");
  await page.locator(".zh-end .move-list").waitFor();
  await at("Crazyhouse end, board mode (mate)");
}

async function bughouse({ page, app, at, setup: { bh: names } }) {
  await page.goto(`${app.url}#/bughouse`);
  await page.locator(".bh-setup").waitFor();
  for (const [i, seat] of ["wa", "ba", "wb", "bb"].entries()) await page.locator(`#bh-name-${seat}`).fill(names[i]);
  // Custom time, the seating, the rules and the BPGN import open: every part of the form.
  await page.locator(".bh-setup label.chip").last().tap();
  await page.locator(".bh-setup select").first().waitFor();
  for (const summary of await page.locator(".bh-setup details > summary").all()) await summary.tap();
  await at("Bughouse setup (custom time, seating, rules and import open)");
  // An import refused: the error in the player's language.
  await page.locator(".bh-setup details.import textarea").fill("1A. e4 1a. e5 2A. Ke3");
  await page.locator(".bh-setup details.import button").tap();
  await page.locator(".bh-setup details.import .form-error").waitFor();
  await at("Bughouse setup, an import refused");
  await page.locator(".bh-setup label.chip").nth(1).tap(); // 5 + 0

  // Clock mode: before the start, running, an undo asking its question, the menu, the end.
  await page.locator("input[name=bh-mode]").nth(0).check();
  await page.locator(".bh-setup button.primary.big").tap();
  await page.locator(".bh-play .bh-quad[data-seat=Ab] .half.starts").waitFor();
  await at("Bughouse play, clock mode, before the start");
  await page.locator(".bh-quad[data-seat=Ab] .half").tap();
  await page.locator(".bh-quad[data-seat=Aw] .half.to-move").waitFor();
  await page.locator(".bh-quad[data-seat=Aw] .half").tap();
  await page.locator(".bh-quad[data-seat=Ab] .half.to-move").waitFor();
  await at("Bughouse play, clock mode");
  await page.locator(".bh-undo.board-a button").tap();
  await page.locator(".bh-undo-explain.shown").waitFor();
  await at("Bughouse play, clock mode, undo asking");
  // White B (team 2, across the table) taps; the undo of board B asks her, turned to her.
  await page.locator(".bh-quad[data-seat=Bw] .half").tap();
  await page.locator(".bh-quad[data-seat=Bb] .half.to-move").waitFor();
  await page.locator(".bh-undo.board-b button").tap();
  await page.locator(".bh-undo-explain.shown.far").waitFor();
  await at("Bughouse play, clock mode, undo asking White B across the table");
  await page.locator(".bh-middle .menu-button").tap();
  await page.locator(".sheet[role=dialog]").waitFor();
  await at("Bughouse menu");
  await resignFromMenu(page, ".bh-end");
  await at("Bughouse end, clock mode");

  // Board mode: board A with a piece picked up, then board B, then the end.
  await page.locator(".bh-end .end-actions button.new-setup").tap();
  await page.locator(".bh-setup").waitFor();
  await page.locator("input[name=bh-mode]").nth(1).check();
  await page.locator(".bh-setup button.primary.big").tap();
  await page.locator(".bh-panel.board-a .half.black-seat.starts").waitFor();
  await at("Bughouse play, board mode, before the start");
  await page.locator(".bh-panel.board-a .half.black-seat").tap();
  await page.locator(".bh-panel.board-a .half.white-seat.to-move").waitFor();
  for (const [from, to] of [["e2", "e4"], ["d7", "d5"], ["e4", "d5"]]) {
    await page.locator(`.bh-panel.board-a .sq[data-square=${from}]`).tap();
    await page.locator(`.bh-panel.board-a .sq[data-square=${to}].target`).tap();
  }
  await page.locator(".bh-panel.board-a .half.black-seat.to-move").waitFor();
  await page.locator(".bh-panel.board-a .sq[data-square=g8]").tap();
  await page.locator(".bh-panel.board-a .sq.target").first().waitFor();
  await at("Bughouse play, board mode, board A, a piece picked up");
  await page.locator(".bh-panel.board-a .sq[data-square=g8]").tap(); // put down again
  await page.locator(".bh-tab").nth(1).tap();
  await page.locator(".bh-panel.board-b.shown").waitFor();
  await at("Bughouse play, board mode, board B (a pawn in Black's pocket)");
  // The fool's mate on board B: White B is in check, a drop could block it and
  // her pocket is empty, so she has no move and waits for her partner (BH-6).
  for (const [from, to] of [["f2", "f3"], ["e7", "e5"], ["g2", "g4"], ["d8", "h4"]]) {
    await page.locator(`.bh-panel.board-b .sq[data-square=${from}]`).tap();
    await page.locator(`.bh-panel.board-b .sq[data-square=${to}].target`).tap();
  }
  await page.locator(".bh-panel.board-b .bh-quad.says[data-seat=Bw]").waitFor();
  await at("Bughouse play, board mode, board B, White has no move and waits");
  await page.locator(".bh-undo.board-b button").tap();
  await page.locator(".bh-undo-explain.shown").waitFor();
  await at("Bughouse play, board mode, undo asking Black B");
  // Black A (team 2, across the table) takes back on d5: his undo asks him, turned to him.
  await page.locator(".bh-tab").nth(0).tap();
  await page.locator(".bh-panel.board-a.shown").waitFor();
  await page.locator(".bh-panel.board-a .sq[data-square=d8]").tap();
  await page.locator(".bh-panel.board-a .sq[data-square=d5].target").tap();
  await page.locator(".bh-panel.board-a .half.white-seat.to-move").waitFor();
  await page.locator(".bh-undo.board-a button").tap();
  await page.locator(".bh-undo-explain.shown.far").waitFor();
  await at("Bughouse play, board mode, undo asking Black A across the table (a capture)");
  await page.locator(".bh-middle .menu-button").tap();
  await page.locator(".sheet[role=dialog]").waitFor();
  await resignFromMenu(page, ".bh-end");
  await page.locator(".bh-end .final-position").first().waitFor();
  await at("Bughouse end, board mode");
}

/** The card-series duel's screens, in builds that have it (feature `cards`). */
async function cards({ page, app, at, setup: { zh: names } }) {
  await page.goto(`${app.url}#/cards`);
  await page.locator(".cs-setup, .page > .notice").first().waitFor();
  if (!(await page.locator(".cs-setup").count())) return;
  const inputs = page.locator(".cs-setup input[type=text]");
  await inputs.nth(0).fill(names[0]);
  await inputs.nth(1).fill(names[1]);
  await page.locator(".cs-setup label.chip").last().tap();
  for (const summary of await page.locator(".cs-setup details > summary").all()) await summary.tap();
  await at("Card duel setup (custom time, rules open)");
  await page.locator(".cs-setup label.chip").nth(4).tap(); // 25 + 10: no flag while axe looks
  // Secret stacks, clock mode: the pass screen, laying the cards, the hand-back, the table, the menu, the end.
  await page.locator("input[name=cs-mode]").nth(0).check();
  await page.locator("input[name=cs-stacks]").nth(0).check();
  await page.locator(".cs-setup button.primary.big").tap();
  await page.locator(".cs-pass").waitFor();
  await at("Card duel, pass the phone");
  await page.locator(".cs-open-private").tap();
  for (let i = 0; i < 6; i++) await page.locator(".cs-card-button").nth(i).tap();
  await at("Card duel, laying the cards");
  await page.locator(".cs-confirm-stack:not([disabled])").tap();
  await page.locator(".cs-handback").waitFor();
  await at("Card duel, hand the phone back");
  await page.locator(".cs-continue").tap();
  await page.locator(".cs-play .half.black-seat.starts").waitFor();
  await at("Card duel play, clock mode, before the start");
  await page.locator(".half.black-seat").tap();
  await page.locator(".half.white-seat.to-move").waitFor();
  // White names the move and says it gave check: the end lists it on its card, whole, with one "+".
  await page.locator(".cs-note").fill("Nxc2+");
  await page.locator(".cs-check").tap();
  await page.locator(".cs-reveal").waitFor();
  await at("Card duel play, clock mode, a card turned (a check named)");
  await openMenu(page);
  await at("Card duel menu");
  await resignFromMenu(page, ".cs-end");
  await at("Card duel end, clock mode");
  // Blind stacks, board mode, no clock: the commitment, the board with a piece picked up, the end with the reveal.
  await page.locator(".cs-end button.new-setup").tap();
  await page.locator("input[name=cs-mode]").nth(1).check();
  await page.locator("input[name=cs-stacks]").nth(1).check();
  await page.locator("#cs-clock").uncheck();
  await page.locator(".cs-setup button.primary.big").tap();
  await page.locator(".cs-commit").waitFor();
  await at("Card duel commitment");
  await page.locator(".cs-lock").tap();
  await page.locator(".half.black-seat.starts").tap();
  await page.locator(".sq[data-square=g1]").tap();
  await page.locator(".sq.target").first().waitFor();
  await at("Card duel play, board mode, a piece picked up");
  // White's move turns a card: played (Yes) or put back (No), the strip says which.
  await page.locator(".sq[data-square=f3].target").tap();
  await page.locator(".cs-reveal").waitFor();
  await at("Card duel play, board mode, a card turned");
  await page.locator(".cs-play .menu-button").tap();
  await page.locator(".sheet[role=dialog]").waitFor();
  await resignFromMenu(page, ".cs-end");
  await page.locator("[data-testid=reveal-seed]").waitFor();
  await at("Card duel end, board mode, the reveal");
}

/** Undo Chess's screens, in builds that have it (feature `undo`). */
async function undoChess({ page, app, at, setup: { zh: names } }) {
  await page.goto(`${app.url}#/undo`);
  await page.locator(".uc-setup, .page > .notice").first().waitFor();
  if (!(await page.locator(".uc-setup").count())) return;
  const inputs = page.locator(".uc-setup input[type=text]");
  await inputs.nth(0).fill(names[0]);
  await inputs.nth(1).fill(names[1]);
  await page.locator("input[name=uc-start]").nth(2).check();
  await page.locator("#uc-number").fill("960"); // refused: the range in words
  for (const summary of await page.locator(".uc-setup details > summary").all()) await summary.tap();
  await at("Undo Chess setup (a refused number, rules and import open)");
  await page.locator("#uc-number").fill("0");
  await page.locator(".uc-setup label.chip").nth(4).tap(); // 25 + 10: no flag while axe looks
  // Clock mode: the back-rank diagram, an undo's "take back" sentence, the menu, the end.
  await page.locator("input[name=uc-mode]").nth(0).check();
  await page.locator(".uc-begin").tap();
  await page.locator(".uc-diagram:not(.compact)").waitFor();
  await at("Undo Chess play, clock mode, the back rank to set up");
  await page.locator(".half.black-seat").tap();
  for (const side of ["white", "black", "white"]) {
    await page.locator(`.half.${side}-seat.to-move`).tap();
  }
  await page.locator(".middle-controls button.undo:not([disabled])").tap();
  await at("Undo Chess play, clock mode, an undo asked");
  await page.locator(".middle-confirm button.danger").tap();
  await page.locator(".uc-take-back").waitFor();
  await at("Undo Chess play, clock mode, the moves to take back");
  // The moves taken back on the board, the side to move plays again.
  await page.locator(".half.to-move").tap();
  await page.locator(".uc-take-back").waitFor({ state: "detached" });
  await openMenu(page);
  await at("Undo Chess menu");
  // UC-7: the side to move is reported mated and holds a token: the question.
  await confirmTap(page.locator(".sheet .uc-report button").first());
  await page.locator(".uc-decision").waitFor();
  await at("Undo Chess play, clock mode, UC-7: mated with a token in hand");
  await confirmTap(page.locator(".uc-decision button").nth(1)); // the mate stands
  await page.locator(".uc-end").waitFor();
  await at("Undo Chess end, clock mode");
  // Drawn start, board mode: the commitment, the UC-7 decision, the end with the reveal.
  await page.locator(".uc-end button.new-setup").tap();
  await page.locator("input[name=uc-mode]").nth(1).check();
  await page.locator("input[name=uc-start]").nth(0).check();
  await page.locator(".uc-begin").tap();
  await page.locator(".uc-commit").waitFor();
  await at("Undo Chess commitment");
  await page.locator(".uc-lock").tap();
  await page.locator(".half.black-seat.starts").tap();
  await page.locator(".half.white-seat.to-move").waitFor();
  await at("Undo Chess play, board mode");
  // Pawn moves are legal from every drawn back rank; Black then takes back two half-moves.
  for (const uci of ["a2a3", "a7a6", "h2h3"]) await playMove(page, uci, ".uc-end");
  await page.locator(".middle-controls button.undo:not([disabled])").tap();
  await at("Undo Chess play, board mode, an undo asked");
  await page.locator(".middle-confirm button.danger").tap();
  await page.locator(".uc-undo-line").waitFor();
  await at("Undo Chess play, board mode, after an undo");
  await page.locator(".uc-play .menu-button").tap();
  await page.locator(".sheet[role=dialog]").waitFor();
  await resignFromMenu(page, ".uc-end");
  await page.locator(".uc-end .reveal").waitFor();
  await at("Undo Chess end, board mode, the reveal");
  // UC-7 on the board: the usual start, the fool's mate, White mated with a token in hand.
  await page.locator(".uc-end button.new-setup").tap();
  await page.locator("input[name=uc-start]").nth(1).check();
  await page.locator(".uc-begin").tap();
  await page.locator(".half.black-seat.starts").tap();
  await page.locator(".half.white-seat.to-move").waitFor();
  for (const uci of ["f2f3", "e7e5", "g2g4", "d8h4"]) await playMove(page, uci, ".uc-decision");
  await page.locator(".uc-decision").waitFor();
  await at("Undo Chess play, board mode, UC-7: mated with a token in hand");
  await confirmTap(page.locator(".uc-decision button").nth(1)); // the mate stands
  await page.locator(".uc-end .final-position").waitFor();
  await at("Undo Chess end, board mode, mate");
}


/** Every game module's walk, in the order the home screen lists them; the shell first. */
export const GAMES = [shell, nordau, crazyhouse, bughouse, cards, undoChess];

/**
 * Walks every screen of every game in `lang` on `page`, calling `at(where)`
 * on each; `live` checks the end screens' live region (a11y); `only` names
 * the walks to take (e.g. ["cards", "undoChess"]) while working on one game.
 */
export async function tour({ page, app, lang, at, live = NO_LIVE, only = null }) {
  const setup = LANGS[lang];
  for (const walk of GAMES) {
    if (only && !only.includes(walk.name)) continue;
    await walk({ page, app, at, live, setup, lang });
  }
}

export { switchLanguage };
