// Undo Chess as two club players meet it (route #/undo, issue #16): a
// board-mode game from the standard position where White blunders the queen,
// gives a token to take it back (UC-3), and mates with Scholar's mate while
// Black still holds tokens, so UC-7 offers Black the choice; a reload and an
// offline reload that resume exactly; clock mode with the back-rank diagram,
// two undos that say which moves to take back on the board, and a flag; the
// drawn start with its commitment, the reveal and the verifier on a second
// phone printing the position; screenshots in both languages and
// orientations.
//
// Time is Playwright's fake clock (see crazyhouse.test.mjs).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import {
  FILLABLE_STORAGE,
  LANDSCAPE,
  PORTRAIT,
  launchBrowser,
  openWithFakeClock,
  phoneContext,
  screenshot,
  serveCopy,
  waitForServiceWorkerControl,
} from "./harness.mjs";

const T0 = Date.UTC(2026, 11, 1, 19, 0, 0);
const SAVE_KEY = "undo.game";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

function openUc(context, url) {
  return openWithFakeClock(context, url, {
    route: "/undo",
    ready: ".uc-setup, .uc-play, .uc-end, .uc-commit",
    time: T0,
  });
}

async function toRussian(page) {
  await page.getByRole("button", { name: "Русский" }).tap();
  await page.locator("html[lang=ru]").waitFor();
}

/** start: 0 drawn, 1 standard, 2 a number. */
async function fillSetup(page, { white = "Anna", black = "Boris", board = true, start = 1, number = null, preset = 1 } = {}) {
  const inputs = page.locator(".uc-setup input[type=text]");
  await inputs.nth(0).fill(white);
  await inputs.nth(1).fill(black);
  await page.locator("input[name=uc-mode]").nth(board ? 1 : 0).check();
  await page.locator("input[name=uc-start]").nth(start).check();
  if (number !== null) await page.locator("#uc-number").fill(String(number));
  await page.locator(".uc-setup label.chip").nth(preset).tap();
}

async function begin(page) {
  await page.locator(".uc-begin").tap();
  await page.locator(".uc-play .half.black-seat.starts").waitFor();
}

async function blackStarts(page) {
  await page.locator(".half.black-seat.starts").tap();
  await page.locator(".half.white-seat.to-move").waitFor();
}

function readPlay(page) {
  return page.evaluate(() => {
    const half = (colour) => {
      const el = document.querySelector(`.uc-play .half.${colour}-seat`);
      return {
        name: el.querySelector(".half-name").textContent,
        bank: el.querySelector(".bank").textContent,
        tokens: el.querySelector(".uc-tokens strong").textContent,
        toMove: el.classList.contains("to-move"),
      };
    };
    return {
      white: half("white"),
      black: half("black"),
      moveNumber: document.querySelector(".middle-info .counter strong")?.textContent,
      undoEnabled: !(document.querySelector(".middle-controls button.undo")?.disabled ?? true),
      undoLine: document.querySelector(".uc-undo-line")?.textContent ?? null,
      decision: document.querySelector(".uc-decision-title")?.textContent ?? null,
    };
  });
}

const toMove = (s) => (s.white.toMove ? "white" : s.black.toMove ? "black" : null);

/** Taps a move (UCI; castling as king then rook) and waits for the other side or a decision/end. */
async function play(page, uci, thinkMs = 1000) {
  await page.clock.runFor(thinkMs);
  const side = toMove(await readPlay(page));
  assert.ok(side, `no side to move before ${uci}`);
  const other = side === "white" ? "black" : "white";
  await page.locator(`.sq[data-square=${uci.slice(0, 2)}]`).tap();
  await page.locator(`.sq[data-square=${uci.slice(2, 4)}].target`).tap();
  await page.waitForFunction(
    (other) => document.querySelector(".uc-end") || document.querySelector(".uc-decision") || document.querySelector(`.half.${other}-seat.to-move`),
    other,
  );
}

/** The side to move gives a token: Undo, then Confirm. */
async function undo(page) {
  await page.locator(".middle-controls button.undo:not([disabled])").tap();
  await page.locator(".middle-confirm button.danger").tap();
  await page.locator(".uc-undo-line.uc-take-back").waitFor();
}

/** The pieces on the board as "e4:wP …", for comparing positions. */
function boardText(page) {
  return page.locator(".board .sq").evaluateAll((els) =>
    els
      .filter((el) => el.querySelector(".piece"))
      .map((el) => el.dataset.square + (el.querySelector(".piece").classList.contains("w") ? "w" : "b") + el.textContent.trim()[0])
      .join(" "),
  );
}

describe("Undo Chess, board mode (UC-2, UC-3, UC-6, UC-7)", () => {
  test("White blunders the queen, gives a token to take it back, and mates; Black is offered the choice", async () => {
    const server = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openUc(context, server.url);
      await screenshot(page, "uc-setup-en-portrait");
      await fillSetup(page, { start: 1 });
      await begin(page);
      await screenshot(page, "uc-play-board-waiting-en-portrait");
      let s = await readPlay(page);
      assert.equal(s.white.tokens, "2 tokens");
      assert.equal(s.black.tokens, "2 tokens");
      await blackStarts(page);
      // UC-6: never before your first move.
      s = await readPlay(page);
      assert.equal(s.undoEnabled, false, "White may not undo before moving");
      for (const mv of ["e2e4", "e7e5", "d1h5", "b8c6"]) await play(page, mv);
      assert.equal((await readPlay(page)).undoEnabled, true, "White has moved and holds a token");
      const beforeBlunder = await boardText(page);
      await play(page, "h5e5"); // 3. Qxe5+?? Nxe5 wins the queen
      // Black to move: the only undo offered is the side to move's, and Black has moved.
      await play(page, "c6e5");
      s = await readPlay(page);
      assert.match(s.undoLine, /3\.\.\. Nxe5, 3\. Qxe5\+/);
      await screenshot(page, "uc-play-board-blunder-en-portrait");
      await undo(page);
      s = await readPlay(page);
      assert.equal(s.white.tokens, "1 token", "White gave a token");
      assert.equal(s.black.tokens, "3 tokens", "Black received it");
      assert.equal(toMove(s), "white", "White moves again");
      assert.equal(s.moveNumber, "3");
      assert.match(s.undoLine, /Anna gave Boris a token: 3\.\.\. Nxe5, 3\. Qxe5\+ taken back/);
      assert.equal(await boardText(page), beforeBlunder, "the position before the blunder is back");
      await screenshot(page, "uc-play-board-undone-en-portrait");
      // Reload: everything resumes exactly.
      await page.reload();
      await page.locator(".uc-play").waitFor();
      assert.equal(await boardText(page), beforeBlunder);
      assert.equal((await readPlay(page)).black.tokens, "3 tokens");
      // Scholar's mate.
      for (const mv of ["f1c4", "g8f6", "h5f7"]) await play(page, mv);
      await page.locator(".uc-decision").waitFor();
      s = await readPlay(page);
      assert.match(s.decision, /Boris is checkmated — but holds a token/);
      assert.ok(s.black.toMove, "Black's clock runs while deciding (UC-7)");
      await screenshot(page, "uc-play-board-decision-en-portrait");
      // Accept the mate (two taps).
      const accept = page.locator(".uc-decision button").nth(1);
      await accept.tap();
      await accept.tap();
      await page.locator(".uc-end").waitFor();
      assert.equal(await page.locator(".end-result").textContent(), "Anna wins");
      assert.equal(await page.locator(".end-reason").textContent(), "checkmate");
      assert.match(await page.locator(".uc-end-tokens").textContent(), /Anna: 1 token · Boris: 3 tokens · 1 undo/);
      await screenshot(page, "uc-end-board-en-portrait");
      const save = await page.evaluate((key) => localStorage.getItem(key), SAVE_KEY);
      assert.match(save, /"game":"undo"/);
      // The PGN: Chess960 tags, the standing moves, the undo as a comment.
      const button = page.getByRole("button", { name: "Download PGN" });
      const [download] = await Promise.all([page.waitForEvent("download"), button.tap()]);
      assert.equal(download.suggestedFilename(), "undo-chess.pgn");
      const pgn = readFileSync(await download.path(), "utf8");
      assert.match(pgn, /\[Variant "Chess960"\]/);
      assert.match(pgn, /\[FEN "rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w KQkq - 0 1"\]/);
      assert.match(pgn, /\[White "Anna"\]/);
      // Movetext wraps between any two words, comments too.
      assert.match(pgn.replace(/\s+/g, " "), /Undo 1: White gives a token to Black/);
      assert.match(pgn, /Qxf7# /);
      assert.match(pgn, /1-0/);
      // Imported back for review: step through it.
      await page.locator(".uc-end button.new-setup").tap();
      await page.locator(".uc-setup details.import > summary").tap();
      await page.locator(".uc-setup textarea").fill(pgn);
      await page.locator(".uc-setup details.import button").last().tap();
      await page.locator(".uc-review").waitFor();
      assert.match(await page.locator(".uc-review .board-status").textContent(), /Qxf7#/);
      await page.locator(".uc-prev").tap();
      assert.match(await page.locator(".uc-review .board-status").textContent(), /Nf6/);
      await screenshot(page, "uc-review-en-portrait");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await server.stop();
    }
  });

  test("a mated player with a token undoes instead; a flag while deciding lets the mate stand", async () => {
    const server = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openUc(context, server.url);
      await fillSetup(page, { start: 1, preset: 0 }); // 3 + 2
      await begin(page);
      await blackStarts(page);
      for (const mv of ["f2f3", "e7e5", "g2g4", "d8h4"]) await play(page, mv);
      await page.locator(".uc-decision").waitFor();
      let s = await readPlay(page);
      assert.match(s.decision, /Anna is checkmated — but holds a token/);
      const undoButton = page.locator(".uc-decision button").nth(0);
      await undoButton.tap();
      await undoButton.tap();
      await page.locator(".uc-undo-line.uc-take-back").waitFor();
      s = await readPlay(page);
      assert.equal(s.white.tokens, "1 token");
      assert.equal(s.black.tokens, "3 tokens");
      assert.equal(s.moveNumber, "2");
      // Fool's mate again; now let the clock run out while deciding.
      await play(page, "g2g4");
      await play(page, "d8h4", 500);
      await page.locator(".uc-decision").waitFor();
      await page.clock.runFor(200_000);
      await page.locator(".uc-end").waitFor();
      assert.equal(await page.locator(".end-result").textContent(), "Boris wins");
      assert.equal(await page.locator(".end-reason").textContent(), "checkmate");
      await page.locator(".uc-stands").waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await server.stop();
    }
  });

  test("Chess960 by number: castling by tapping the king, then its rook", async () => {
    const server = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openUc(context, server.url);
      // Position 0: BBQNNRKR — the king already on g1: O-O moves only the rook.
      await fillSetup(page, { start: 2, number: 0 });
      await begin(page);
      await blackStarts(page);
      assert.match(await page.locator(".uc-position").textContent(), /Chosen position 0/);
      for (const mv of ["f2f4", "f7f5", "f1f3", "f8f6"]) await play(page, mv);
      // White castles king-side: king g1 onto its rook h1 → king g1, rook f1.
      await play(page, "g1h1");
      const text = await boardText(page);
      assert.match(text, /f1w♜/);
      assert.match(text, /g1w♚/);
      assert.doesNotMatch(text, /h1/);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await server.stop();
    }
  });

  test("UC-2, UC-1: out-of-range tokens and start numbers are refused with the range, never replaced", async () => {
    const server = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openUc(context, server.url);
      await fillSetup(page, { start: 2, number: 960 });
      await page.locator("#uc-tokens-white").fill("-1");
      assert.match(await page.locator(".field-number.invalid:has(#uc-tokens-white)").innerText(), /from 0 to 3\./);
      assert.match(await page.locator(".field-number.invalid:has(#uc-number)").innerText(), /from 0 to 959\./);
      await page.locator(".uc-begin").tap();
      assert.equal(await page.locator(".uc-setup .form-error").innerText(), "Correct the marked numbers first.");
      assert.equal(await page.locator(".uc-play").count(), 0, "no game started");
      assert.equal(await page.evaluate((key) => localStorage.getItem(key), SAVE_KEY), null, "nothing saved");
      await screenshot(page, "uc-setup-refused-numbers-en-portrait");
      // Fixed: the game starts with exactly the numbers typed.
      await page.locator("#uc-tokens-white").fill("3");
      await page.locator("#uc-number").fill("959");
      await begin(page);
      await blackStarts(page);
      assert.match(await page.locator(".uc-position").textContent(), /Chosen position 959/);
      const s = await readPlay(page);
      assert.equal(s.white.tokens, "3 tokens");
      assert.equal(s.black.tokens, "2 tokens");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await server.stop();
    }
  });

  test("a refused number in a field the setup no longer uses does not block the start", async () => {
    const server = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openUc(context, server.url);
      await fillSetup(page, { start: 2, number: 2000 });
      // The standard start is chosen instead: the number field leaves the screen.
      await page.locator("input[name=uc-start]").nth(1).check();
      await begin(page);
      await blackStarts(page);
      assert.match(await page.locator(".uc-position").textContent(), /Chosen position 518/);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await server.stop();
    }
  });

  test("offline: the game resumes with the server stopped", async () => {
    const server = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page } = await openUc(context, server.url);
      await waitForServiceWorkerControl(page);
      await fillSetup(page, { start: 1 });
      await begin(page);
      await blackStarts(page);
      for (const mv of ["e2e4", "e7e5"]) await play(page, mv);
      await undo(page);
      const before = await boardText(page);
      await server.stop();
      await page.reload();
      await page.locator(".uc-play").waitFor();
      assert.equal(await boardText(page), before);
      const s = await readPlay(page);
      assert.equal(s.white.tokens, "1 token");
      assert.equal(s.black.tokens, "3 tokens");
    } finally {
      await context.close();
      await server.stop().catch(() => {});
    }
  });
});

/** Clock mode: the side to move taps its half (it moved on the physical board). */
async function press(page, colour, thinkMs = 2000) {
  await page.clock.runFor(thinkMs);
  const other = colour === "white" ? "black" : "white";
  await page.locator(`.half.${colour}-seat.to-move`).tap();
  await page.locator(`.half.${other}-seat.to-move`).waitFor();
}

describe("Undo Chess, clock mode (UC-1, UC-3, UC-5, C-4)", () => {
  test("the back rank to set up, two undos that say which moves to take back, and a flag", async () => {
    const server = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openUc(context, server.url);
      await fillSetup(page, { board: false, start: 2, number: 0 });
      await begin(page);
      // Before the start: a large diagram of both back ranks and the number.
      const diagram = page.locator(".uc-diagram:not(.compact)");
      await diagram.waitFor();
      assert.match(await diagram.locator(".uc-position-no").textContent(), /Chosen position 0 · BBQNNRKR/);
      assert.equal(await diagram.locator(".uc-rank.w-rank .piece.w").count(), 8);
      assert.equal(await diagram.locator(".uc-rank.b-rank .piece.b").count(), 8);
      await screenshot(page, "uc-play-clock-setup-en-portrait");
      await blackStarts(page);
      assert.equal(await page.locator(".uc-diagram.compact").count(), 1, "the diagram shrinks once play starts");
      await press(page, "white");
      await press(page, "black");
      await press(page, "white");
      // Black has moved: Black may undo, taking back 2. White and 1... Black.
      let s = await readPlay(page);
      assert.equal(s.undoEnabled, true);
      assert.match(s.undoLine, /Undo takes back 2\. White, 1\.\.\. Black/);
      const blackBefore = s.black.bank;
      await undo(page);
      s = await readPlay(page);
      assert.match(s.undoLine, /Take back on the board: first 2\. White, then 1\.\.\. Black\./);
      assert.equal(s.white.tokens, "3 tokens");
      assert.equal(s.black.tokens, "1 token");
      assert.ok(s.black.toMove, "Black moves again, on the same running clock");
      assert.equal(s.black.bank, blackBefore, "no time given back (UC-5)");
      await screenshot(page, "uc-play-clock-undone-en-portrait");
      await press(page, "black");
      await press(page, "white");
      await press(page, "black");
      await undo(page);
      s = await readPlay(page);
      assert.match(s.undoLine, /first 2\.\.\. Black, then 2\. White/);
      assert.equal(s.white.tokens, "2 tokens");
      assert.equal(s.black.tokens, "2 tokens");
      assert.ok(s.white.toMove);
      // White thinks too long: the flag falls.
      await page.clock.runFor(400_000);
      await page.locator(".uc-end").waitFor();
      assert.equal(await page.locator(".end-result").textContent(), "Boris wins");
      assert.equal(await page.locator(".end-reason").textContent(), "the flag fell");
      assert.match(await page.locator(".uc-end-tokens").textContent(), /Anna: 2 tokens · Boris: 2 tokens · 2 undos/);
      await screenshot(page, "uc-end-clock-en-portrait");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await server.stop();
    }
  });
});

describe("Undo Chess, clock mode: a reported mate (UC-7)", () => {
  for (const viewport of [PORTRAIT, LANDSCAPE]) {
    const orientation = viewport === PORTRAIT ? "portrait" : "landscape";
    test(`${orientation}: reported mate of a player with a token opens the decision; undo, then a stalemate accepted`, async () => {
      const server = await serveCopy();
      const context = await phoneContext(browser, { viewport });
      try {
        const { page, errors } = await openUc(context, server.url);
        await fillSetup(page, { board: false, start: 1 });
        await begin(page);
        await blackStarts(page);
        await press(page, "white");
        await press(page, "black");
        await press(page, "white");
        // Black is mated on the physical board: reported from the menu.
        await page.locator(".middle-controls .menu-button").tap();
        const mated = page.getByRole("button", { name: /Boris \(Black\) is checkmated/ });
        await mated.tap();
        await page.getByRole("button", { name: "Confirm" }).first().tap();
        await page.locator(".uc-decision.far").waitFor();
        assert.match(await page.locator(".uc-decision-title").textContent(), /Boris is checkmated — but holds a token/);
        assert.ok((await readPlay(page)).black.toMove, "the decider's clock runs");
        await screenshot(page, `uc-play-clock-decision-en-${orientation}`);
        const undoButton = page.locator(".uc-decision button").nth(0);
        await undoButton.tap();
        await undoButton.tap();
        await page.locator(".uc-take-back").waitFor();
        assert.match(await page.locator(".uc-take-back").textContent(), /first 2\. White, then 1\.\.\. Black/);
        assert.equal((await readPlay(page)).black.tokens, "1 token");
        // Black moves again; White reports a stalemate and, holding a token, accepts it.
        await press(page, "black");
        await page.locator(".middle-controls .menu-button").tap();
        const stalemate = page.getByRole("button", { name: "Stalemate" });
        await stalemate.tap();
        await stalemate.tap();
        await page.locator(".uc-decision:not(.far)").waitFor();
        const accept = page.locator(".uc-decision button").nth(1);
        await accept.tap();
        // The decider's clock runs between the two taps: the first one holds.
        await page.clock.runFor(1500);
        assert.match(await accept.textContent(), /Confirm$/, "the first tap survives the clock's ticks");
        await accept.tap();
        await page.locator(".uc-end").waitFor();
        assert.equal(await page.locator(".end-result").textContent(), "Draw");
        assert.equal(await page.locator(".end-reason").textContent(), "stalemate");
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
        await server.stop();
      }
    });
  }
});

describe("Undo Chess, the drawn start (UC-1, C-3)", () => {
  test("commitment before move one, seed sealed until the draw, reveal after, the verifier on a second phone prints the position", async () => {
    const server = await serveCopy();
    const context = await phoneContext(browser);
    const second = await phoneContext(browser);
    try {
      const { page, errors } = await openUc(context, server.url);
      await fillSetup(page, { start: 0 });
      await page.locator(".uc-begin").tap();
      await page.locator(".uc-commit").waitFor();
      const commitment = (await page.locator("[data-testid=commitment]").textContent()).replace(/\s/g, "");
      assert.match(commitment, /^[0-9a-f]{64}$/);
      await screenshot(page, "uc-commit-en-portrait");
      // The seed is nowhere readable: storage holds it sealed, the page shows only the commitment.
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
      assert.match(stored, /aesgcm1\./, "the pending seed is sealed");
      assert.doesNotMatch(stored, /plain:/);
      const hexes = (await page.evaluate(() => document.body.innerText.replace(/\s/g, ""))).match(/[0-9a-f]{64}/g) ?? [];
      assert.ok(hexes.every((h) => h === commitment), "no other 32-byte hex on the page");
      // A reload before the words keeps the same commitment (unsealed again).
      await page.reload();
      await page.locator(".uc-commit").waitFor();
      assert.equal((await page.locator("[data-testid=commitment]").textContent()).replace(/\s/g, ""), commitment);
      // Stored as versioned JSON; the lines older versions wrote still resume.
      const pending = JSON.parse(await page.evaluate(() => localStorage.getItem("undo.pending")));
      assert.equal(pending.format, "undo-pending");
      assert.equal(pending.version, 1);
      await page.evaluate((p) => localStorage.setItem("undo.pending", `${p.mode === "board" ? "b" : "c"}\n${p.setup}\n${p.secret}`), pending);
      await page.reload();
      await page.locator(".uc-commit").waitFor();
      assert.equal((await page.locator("[data-testid=commitment]").textContent()).replace(/\s/g, ""), commitment);
      // Boris's entry is one no-break space (Option+Space): an entry that changes the draw.
      await page.locator(".word-entry").nth(0).fill("apple");
      await page.locator(".word-entry").nth(1).fill("\u00a0");
      await page.locator(".uc-lock").tap();
      await page.locator(".uc-play .half.black-seat.starts").waitFor();
      // A drawn start says so (a chosen one says "Chosen position").
      const positionText = await page.locator(".uc-position").textContent();
      assert.match(positionText, /^Drawn position \d+$/);
      const position = positionText.match(/\d+/)[0];
      // The commitment stays on the play screen until move one, for whoever joins late.
      const glance = await page.locator("[data-testid=play-commitment] .mono").textContent();
      assert.equal(glance, `${commitment.slice(0, 8)} … ${commitment.slice(-8)}`);
      await page.locator(".play-commitment-toggle").tap();
      assert.equal((await page.locator("[data-testid=play-commitment-hex]").textContent()).replace(/\s/g, ""), commitment);
      await screenshot(page, "uc-play-commitment-en-portrait");
      await page.getByRole("button", { name: "Close" }).tap();
      await blackStarts(page);
      assert.equal(await page.locator("[data-testid=play-commitment]").count(), 1, "still shown before the first move");
      await play(page, "e2e4");
      assert.equal(await page.locator("[data-testid=play-commitment]").count(), 0, "gone once a move stands");
      // Resign: the end shows the reveal.
      await page.locator(".menu-button").tap();
      const resign = page.getByRole("button", { name: /Boris \(Black\) resigns/ });
      await resign.tap();
      await page.getByRole("button", { name: "Confirm" }).first().tap();
      await page.locator(".uc-end").waitFor();
      await page.locator(".reveal").waitFor();
      assert.equal((await page.locator(".reveal [data-testid=reveal-commitment]").textContent()).replace(/\s/g, ""), commitment);
      assert.match((await page.locator("[data-testid=reveal-seed]").textContent()).replace(/\s/g, ""), /^[0-9a-f]{64}$/);
      // The words are on the reveal, the invisible one named by its code point.
      assert.deepEqual(await page.locator("[data-testid=reveal-words] .word").allTextContents(), ["apple", "\u00a0"]);
      assert.equal(await page.locator("[data-testid=reveal-words] .word-unseen").textContent(), "U+00A0");
      assert.match(await page.locator(".uc-end-tokens").textContent(), new RegExp(`Drawn position ${position}`));
      await page.locator(".reveal").scrollIntoViewIfNeeded();
      await screenshot(page, "uc-end-reveal-en-portrait");
      const link = await page.locator("[data-testid=verify-link]").getAttribute("href");
      const pgnButton = page.getByRole("button", { name: "Download PGN" });
      const [download] = await Promise.all([page.waitForEvent("download"), pgnButton.tap()]);
      const pgn = readFileSync(await download.path(), "utf8");
      assert.ok(pgn.includes('[Words "[\\"apple\\",\\"\u00a0\\"]"]'), pgn);
      // The verifier on another phone, from the link and from the pasted PGN: the same position.
      assert.match(link, /^#\/verify\?c=/);
      const other = await second.newPage();
      await other.goto(`${server.url}${link}`);
      await other.locator("[data-testid=uc-number]").waitFor();
      assert.equal(await other.locator("[data-testid=uc-number]").textContent(), `Position ${position}`);
      assert.match(await other.locator("[data-testid=uc-back-rank]").textContent(), /^[KQRBN]{8}$/);
      await screenshot(other, "uc-verifier-en-portrait");
      const fresh = await second.newPage();
      await fresh.goto(`${server.url}#/verify`);
      await fresh.locator("#verify-commitment").fill(pgn);
      await fresh.locator("[data-testid=uc-number]").waitFor();
      assert.equal(await fresh.locator("[data-testid=uc-number]").textContent(), `Position ${position}`);
      assert.equal(await fresh.locator("#verify-words").inputValue(), "apple\n\u00a0");
      assert.match(await fresh.locator(".verify-result").textContent(), /Commitment matches/);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await second.close();
      await server.stop();
    }
  });
});

describe("Undo Chess: every drawn start that is left is revealed in the evening's record", () => {
  test("an unreadable evening record is kept aside under a key of its own each time, never overwritten", async () => {
    const server = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openUc(context, server.url);
      const discardOne = async () => {
        await fillSetup(page, { start: 0 });
        await page.locator(".uc-begin").tap();
        await page.locator(".uc-commit").waitFor();
        const discard = page.locator(".uc-commit button", { hasText: "Discard" });
        await discard.tap();
        await discard.tap();
        await page.locator("[data-testid=left-draw]").waitFor();
      };
      const stored = (key) => page.evaluate((k) => localStorage.getItem(k), key);
      for (const [garbage, aside] of [["{broken one", "evening.draws.unreadable"], ["{broken two", "evening.draws.unreadable.2"]]) {
        await page.evaluate((g) => localStorage.setItem("evening.draws", g), garbage);
        await discardOne();
        assert.equal(await stored(aside), garbage, `kept aside under ${aside}`);
        assert.equal(JSON.parse(await stored("evening.draws")).draws.length, 1, "a new record holds the withdrawn draw");
      }
      assert.equal(await stored("evening.draws.unreadable"), "{broken one", "the first one is not overwritten");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await server.stop();
    }
  });

  test("a commitment discarded, a drawn start abandoned, a game played: three fates, each verifiable, in both languages (issue #21, 1)", async () => {
    const server = await serveCopy();
    const context = await phoneContext(browser);
    const second = await phoneContext(browser);
    try {
      const { page, errors } = await openUc(context, server.url);
      const commitmentShown = async () => {
        await page.locator(".uc-commit").waitFor();
        return (await page.locator("[data-testid=commitment]").textContent()).replace(/\s/g, "");
      };
      const confirmTwice = async (button) => {
        await button.tap();
        await button.tap();
      };
      // Draw 1: the commitment screen's Discard, before the words.
      await fillSetup(page, { start: 0 });
      await page.locator(".uc-begin").tap();
      const first = await commitmentShown();
      await confirmTwice(page.locator(".uc-commit button", { hasText: "Discard" }));
      const left = page.locator("[data-testid=left-draw]");
      await left.waitFor();
      assert.match(await left.innerText(), /Draw 1 withdrawn before the words were locked — seed [0-9a-f]{8}( [0-9a-f]{8}){7}/);
      assert.ok((await left.locator("a").getAttribute("href")).includes(`c=${first}`));
      await screenshot(page, "uc-left-draw-en-portrait");

      // Draw 2: words locked, the position drawn and disliked, the game discarded.
      await fillSetup(page, { start: 0 });
      await page.locator(".uc-begin").tap();
      const secondCommitment = await commitmentShown();
      assert.notEqual(secondCommitment, first);
      await page.locator(".word-entry").nth(0).fill("apple");
      await page.locator(".uc-lock").tap();
      await page.locator(".uc-play .half.black-seat.starts").waitFor();
      await page.locator(".menu-button").tap();
      await confirmTwice(page.locator(".sheet button", { hasText: "End and discard this game" }));
      await page.locator(".uc-setup").waitFor();
      assert.match(await left.innerText(), /Draw 2 abandoned before move one — seed/);
      const abandonedLink = await left.locator("a").getAttribute("href");
      assert.ok(abandonedLink.includes(`c=${secondCommitment}`));

      // Draw 3: played to the end; the end screen lists all three with their fates.
      await fillSetup(page, { start: 0 });
      await page.locator(".uc-begin").tap();
      await commitmentShown();
      await page.locator(".uc-lock").tap();
      await blackStarts(page);
      await page.locator(".menu-button").tap();
      await page.getByRole("button", { name: /Anna \(White\) resigns/ }).tap();
      await page.getByRole("button", { name: "Confirm" }).first().tap();
      await page.locator(".uc-end").waitFor();
      const records = page.locator("[data-testid=draws] .draw-record");
      assert.deepEqual(
        await records.evaluateAll((els) => els.map((el) => el.dataset.fate)),
        ["withdrawn", "abandoned", "played"],
      );
      await screenshot(page, "uc-end-draws-en-portrait");
      await toRussian(page);
      await page.getByText("Обязательства за вечер").waitFor();
      assert.match(await records.nth(1).innerText(), /Жеребьёвка 2 брошена до первого хода/);
      await screenshot(page, "uc-end-draws-ru-portrait");

      // The abandoned draw verifies on another phone, words included.
      const other = await second.newPage();
      await other.goto(new URL(abandonedLink, server.url).href);
      await other.locator(".banner-ok").waitFor();
      assert.deepEqual(await other.locator(".words-used li").allInnerTexts(), ["apple"]);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await second.close();
      await server.stop();
    }
  });
});

describe("Undo Chess at the table: screenshots in both languages and orientations", () => {
  for (const [lang, viewport] of [["ru", PORTRAIT], ["en", LANDSCAPE], ["ru", LANDSCAPE]]) {
    const orientation = viewport === PORTRAIT ? "portrait" : "landscape";
    test(`${lang} ${orientation}: setup, the diagram, an undo in both modes, the decision, the end`, async () => {
      const server = await serveCopy();
      const context = await phoneContext(browser, { viewport, locale: lang === "ru" ? "ru-RU" : "en-US" });
      try {
        const { page, errors } = await openUc(context, server.url);
        if (lang === "ru" && (await page.locator("html[lang=ru]").count()) === 0) await toRussian(page);
        const names = lang === "ru" ? { white: "Анна", black: "Борис" } : {};
        await screenshot(page, `uc-setup-${lang}-${orientation}`);
        // Clock mode from position 0.
        await fillSetup(page, { ...names, board: false, start: 2, number: 0 });
        await begin(page);
        await screenshot(page, `uc-play-clock-setup-${lang}-${orientation}`);
        await blackStarts(page);
        await press(page, "white");
        await press(page, "black");
        await press(page, "white");
        await undo(page);
        await screenshot(page, `uc-play-clock-undone-${lang}-${orientation}`);
        await page.locator(".middle-controls .menu-button").tap();
        await page.locator(".sheet[role=dialog]").waitFor();
        await screenshot(page, `uc-menu-${lang}-${orientation}`);
        const first = page.locator(".sheet .button-row").first().locator("button").first();
        await first.tap();
        await first.tap();
        await page.locator(".uc-end").waitFor();
        await page.locator(".uc-end button.new-setup").tap();
        // Board mode, standard start: the blunder, the undo, the mate and the decision.
        await fillSetup(page, { ...names, board: true, start: 1 });
        await begin(page);
        await blackStarts(page);
        for (const mv of ["e2e4", "e7e5", "d1h5", "b8c6", "h5e5", "c6e5"]) await play(page, mv);
        await screenshot(page, `uc-play-board-blunder-${lang}-${orientation}`);
        await undo(page);
        await screenshot(page, `uc-play-board-undone-${lang}-${orientation}`);
        for (const mv of ["f1c4", "g8f6", "h5f7"]) await play(page, mv);
        await page.locator(".uc-decision").waitFor();
        await screenshot(page, `uc-play-board-decision-${lang}-${orientation}`);
        const accept = page.locator(".uc-decision button").nth(1);
        await accept.tap();
        await accept.tap();
        await page.locator(".uc-end").waitFor();
        await screenshot(page, `uc-end-board-${lang}-${orientation}`);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
        await server.stop();
      }
    });
  }
});

describe("Undo Chess reliability: two windows, storage refusing", () => {
  test("a second window offers the take-over and gets the undo and the tokens; storage full keeps playing with the warning", async () => {
    const server = await serveCopy();
    const context = await phoneContext(browser);
    await context.addInitScript(FILLABLE_STORAGE);
    try {
      const { page: first, errors } = await openUc(context, server.url);
      await fillSetup(first, { start: 1 });
      await begin(first);
      await blackStarts(first);
      for (const mv of ["e2e4", "e7e5"]) await play(first, mv);
      const second = await context.newPage();
      await second.goto(`${server.url}#/undo`);
      await second.locator(".elsewhere").waitFor();
      assert.equal(await second.locator(".uc-play, .uc-setup").count(), 0);
      // The first window undoes meanwhile; the take-over brings it along.
      await undo(first);
      const before = await boardText(first);
      await second.getByRole("button", { name: "Take over here" }).tap();
      await second.locator(".uc-play").waitFor();
      await first.locator(".elsewhere").waitFor();
      assert.equal(await boardText(second), before);
      assert.equal((await readPlay(second)).white.tokens, "1 token");
      assert.equal((await readPlay(second)).black.tokens, "3 tokens");
      // Storage full: the game plays on in memory with the warning; space returns, the next save holds all.
      await second.evaluate(() => (window.__full = true));
      await second.locator(".sq[data-square=d2]").tap();
      await second.locator(".sq[data-square=d4].target").tap();
      await second.locator(".half.black-seat.to-move").waitFor();
      await second.locator(".unsaved-compact").waitFor();
      await second.evaluate(() => (window.__full = false));
      await second.locator(".sq[data-square=d7]").tap();
      await second.locator(".sq[data-square=d5].target").tap();
      await second.locator(".unsaved-compact").waitFor({ state: "detached" });
      const saved = await second.evaluate(() => localStorage.getItem("undo.game"));
      assert.match(saved, /"mv":"d2d4"/);
      assert.match(saved, /"type":"undo"/);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await server.stop();
    }
  });
});


describe("Undo Chess: correcting a mistaken tap (C-4a)", () => {
  const secs = (face) => face.split(":").reduce((a, p) => a * 60 + Number(p), 0);
  const undoTap = (page) => page.locator(".middle-controls button.undo-tap");

  test("C-4a: clock mode, Undo last tap behind a second question charges the tapper; board mode offers no free correction", async () => {
    const server = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openUc(context, server.url);
      await fillSetup(page, { board: false, start: 1 });
      await begin(page);
      await blackStarts(page);
      assert.equal(await undoTap(page).count(), 0, "the starting press is no tap to correct");
      await press(page, "white");
      await press(page, "black");
      // White taps by mistake after 2 s more.
      await page.clock.runFor(2000);
      const whiteBefore = secs((await readPlay(page)).white.bank);
      await page.locator(".half.white-seat.to-move").tap();
      await page.locator(".half.black-seat.to-move").waitFor();
      const blackAtTap = (await readPlay(page)).black.bank;
      await undoTap(page).waitFor();
      await page.clock.runFor(3000);
      assert.equal(await undoTap(page).textContent(), "Undo last tap");
      await undoTap(page).tap();
      assert.match(await page.locator(".middle-confirm p").textContent(), /Take back Anna's last tap\? The time since it is charged to Anna; Boris's clock shows again/);
      await screenshot(page, "uc-play-clock-undo-tap-confirm-en-portrait");
      await page.locator(".middle-confirm button.danger").tap();
      await page.locator(".half.white-seat.to-move").waitFor();
      let s = await readPlay(page);
      assert.equal(s.black.bank, blackAtTap, "Black's clock shows what it showed at the tap");
      assert.equal(secs(s.white.bank), whiteBefore - 3, "the 3 s since the tap are White's, and no increment");
      assert.equal(s.white.tokens, "2 tokens");
      assert.equal(s.black.tokens, "2 tokens");
      assert.equal(await undoTap(page).count(), 0, "only once");
      await screenshot(page, "uc-play-clock-undo-tap-done-en-portrait");
      // The same in Russian, then the opponent's move ends the chance.
      await press(page, "white");
      // In Russian (the language switch is on the home screen): the game resumes after a reload.
      await page.evaluate(() => localStorage.setItem("nordau-shift.lang", "ru"));
      await page.reload();
      await page.locator("html[lang=ru] .uc-play").waitFor();
      assert.equal(await undoTap(page).textContent(), "Отменить последнее нажатие");
      await undoTap(page).tap();
      assert.match(await page.locator(".middle-confirm p").textContent(), /спишется с нажавшего — Anna/);
      await screenshot(page, "uc-play-clock-undo-tap-confirm-ru-portrait");
      await page.locator(".middle-confirm button:not(.danger)").tap();
      await press(page, "black");
      // Black's tap is the last now: offered for Black, the token undo for White.
      assert.equal(await undoTap(page).count(), 1);
      await screenshot(page, "uc-play-clock-two-undos-ru-portrait");
      await page.clock.runFor(1000);
      await page.locator(".half.white-seat.to-move").tap();
      await page.locator(".half.black-seat.to-move").waitFor();
      await page.locator(".middle-controls button.undo:not([disabled])").tap();
      await page.locator(".middle-confirm button.danger").tap();
      await page.locator(".uc-undo-line.uc-take-back").waitFor();
      assert.equal(await undoTap(page).count(), 0, "not after a token undo (UC-3)");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await server.stop();
    }
  });

  test("C-4a: board mode, a move entered on the screen board comes back only with a token", async () => {
    const server = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openUc(context, server.url);
      await fillSetup(page, { start: 1 });
      await begin(page);
      await blackStarts(page);
      await play(page, "e2e4");
      assert.equal(await undoTap(page).count(), 0, "no free correction on the board");
      await play(page, "e7e5");
      assert.equal(await undoTap(page).count(), 0);
      assert.equal((await readPlay(page)).undoEnabled, true, "the token undo is there");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await server.stop();
    }
  });
});
