// Two windows, one game (issue #13): the same app open twice on one phone — a
// second tab, or the installed app beside a browser tab — must not fork a
// game. The first window holds it; the second says so and offers "Take over
// here"; a take-over stops the first window and loses none of its events,
// even one tapped just before. Two pages in one context share storage, Web
// Locks and BroadcastChannel exactly as two tabs of one browser do.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  FILLABLE_STORAGE,
  collectPageErrors,
  launchBrowser,
  phoneContext,
  screenshot,
  serveCopy,
  tapMove,
} from "./harness.mjs";

const TITLE = { en: "This game is open in another window", ru: "Эта партия открыта в другом окне" };
const TAKE = { en: "Take over here", ru: "Продолжить здесь" };

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Opens a page on the Crazyhouse route; `ready` is what it should show. */
async function open(context, url, ready) {
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${url}#/crazyhouse`);
  await page.locator(ready).waitFor();
  return { page, errors };
}

const piece = (page, square) => page.locator(`[data-square=${square}] .piece`).count();

describe("one window owns a running game", () => {
  test("a second window says so, takes over on request, and loses nothing either way", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const first = await open(context, app.url, ".zh-setup");
      await first.page.locator("input[name=zh-mode]").nth(1).check();
      await first.page.locator(".zh-setup button.primary.big").tap();
      await first.page.locator(".half.black-seat.starts").tap();
      await tapMove(first.page, "e2", "e4", "black");

      // The second window: the notice, no game screen, no second save.
      const second = await open(context, app.url, ".elsewhere");
      assert.equal(await second.page.locator(".elsewhere h2").innerText(), TITLE.en);
      assert.equal(await second.page.locator(".zh-play, .zh-setup").count(), 0);
      await screenshot(second.page, "tabs-elsewhere-en-portrait");

      // The first window keeps playing meanwhile.
      await tapMove(first.page, "e7", "e5", "white");

      // Take over: the second window has both moves; the first one stops.
      await second.page.getByRole("button", { name: TAKE.en }).tap();
      await second.page.locator(".zh-play").waitFor();
      assert.equal(await piece(second.page, "e4"), 1, "the first move was lost");
      assert.equal(await piece(second.page, "e5"), 1, "the move made after the second window opened was lost");
      await first.page.locator(".elsewhere").waitFor();
      assert.equal(await first.page.locator(".zh-play").count(), 0);

      // And back: the first window takes it again with the second one's move.
      await tapMove(second.page, "g1", "f3", "black");
      await first.page.getByRole("button", { name: TAKE.en }).tap();
      await first.page.locator(".zh-play").waitFor();
      assert.equal(await piece(first.page, "f3"), 1, "the move made in the second window was lost");
      await second.page.locator(".elsewhere").waitFor();

      // A tap in the holder at the very moment of a take-over: the tap and the
      // hand-over are one after the other in that window, so the move is
      // either handed over or refused before it is recorded — never lost.
      // Which comes first is up to the two windows, so the tap is made from
      // inside the page: if the take-over came first the board is gone and
      // there is nothing to tap (a locator would wait for it until the test
      // timed out); either way the outcome below must hold.
      await first.page.locator("[data-square=b8]").tap();
      const [tapped] = await Promise.all([
        first.page.evaluate(() => {
          const square = document.querySelector("[data-square=c6]");
          square?.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, composed: true }));
          return square !== null;
        }),
        second.page.getByRole("button", { name: TAKE.en }).tap(),
      ]);
      await second.page.locator(".zh-play").waitFor();
      await first.page.locator(".elsewhere").waitFor();
      const onC6 = (await piece(second.page, "c6")) === 1;
      const onB8 = (await piece(second.page, "b8")) === 1;
      assert.notEqual(onC6, onB8, `the knight is on ${onC6 ? "both squares" : "neither square"} (tapped: ${tapped})`);
      if (!tapped) assert.ok(onB8, "the knight moved without a tap");
      // The save holds exactly the moves the board shows.
      const savedMoves = await second.page.evaluate(() =>
        JSON.parse(localStorage.getItem("crazyhouse.game"))
          .events.filter((e) => e.event.type === "move")
          .map((e) => e.event.mv),
      );
      assert.deepEqual(savedMoves, ["e2e4", "e7e5", "g1f3", ...(onC6 ? ["b8c6"] : [])], `tapped: ${tapped}`);
      // And the turn with it: White after Nc6, Black (still) otherwise.
      await second.page.locator(`.half.${onC6 ? "white" : "black"}-seat.to-move`).waitFor();

      // A closed holder lets go at once: a new window plays without asking.
      await second.page.close();
      await first.page.close();
      const third = await open(context, app.url, ".zh-play");
      assert.equal(await third.page.locator(".elsewhere").count(), 0);
      assert.equal(await piece(third.page, "f3"), 1);
      for (const w of [first, second, third]) assert.deepEqual(w.errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("a take-over while storage refuses saves hands over the game in memory, not the stale save", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      await context.addInitScript(FILLABLE_STORAGE);
      const first = await open(context, app.url, ".zh-setup");
      await first.page.locator("input[name=zh-mode]").nth(1).check();
      await first.page.locator(".zh-setup button.primary.big").tap();
      await first.page.locator(".half.black-seat.starts").tap();
      await tapMove(first.page, "e2", "e4", "black");
      // The disk fills: two more moves live only in the first window.
      await first.page.evaluate(() => (window.__full = true));
      await tapMove(first.page, "e7", "e5", "white");
      await tapMove(first.page, "g1", "f3", "black");
      await first.page.locator(".unsaved-compact").waitFor();

      // The second window cannot store anything either.
      const second = await open(context, app.url, ".elsewhere");
      await second.page.evaluate(() => (window.__full = true));
      await second.page.getByRole("button", { name: TAKE.en }).tap();
      await second.page.locator(".zh-play").waitFor();
      for (const square of ["e4", "e5", "f3"]) {
        assert.equal(await piece(second.page, square), 1, `${square} was lost in the take-over`);
      }
      // It says the game is not saved here, and its export has every move.
      await second.page.locator(".unsaved-compact").waitFor();
      await first.page.locator(".elsewhere").waitFor();

      // Once storage works again, the next move saves the whole game.
      await second.page.evaluate(() => (window.__full = false));
      await tapMove(second.page, "b8", "c6", "white");
      await second.page.locator(".unsaved-compact").waitFor({ state: "detached" });
      const saved = await second.page.evaluate(() => localStorage.getItem("crazyhouse.game"));
      const moves = JSON.parse(saved).events.filter((e) => e.event.type === "move").map((e) => e.event.mv);
      assert.deepEqual(moves, ["e2e4", "e7e5", "g1f3", "b8c6"]);
      for (const w of [first, second]) assert.deepEqual(w.errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("Nordau too: a second window cannot fork the table, and a take-over keeps the commitment", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${app.url}#/nordau`);
      await page.locator(".ns-setup").waitFor();
      const inputs = page.locator(".ns-setup input[type=text]");
      for (const [i, name] of ["Dana", "Yossi", "Avi"].entries()) await inputs.nth(i).fill(name);
      await page.locator(".ns-setup button.primary.big").tap();
      const commitment = await page.locator("[data-testid=commitment]").innerText();

      const other = await context.newPage();
      const otherErrors = collectPageErrors(other);
      await other.goto(`${app.url}#/nordau`);
      await other.locator(".elsewhere").waitFor();
      assert.equal(await other.locator(".commit-screen, .ns-setup").count(), 0);
      // Crazyhouse is another game: its lock is its own.
      await other.goto(`${app.url}#/crazyhouse`);
      await other.locator(".zh-setup").waitFor();
      await other.goto(`${app.url}#/nordau`);
      await other.getByRole("button", { name: TAKE.en }).tap();
      // The same commitment, never a new draw: a take-over must not re-roll (fairness).
      assert.equal(await other.locator("[data-testid=commitment]").innerText(), commitment);
      await page.locator(".elsewhere").waitFor();
      assert.deepEqual([...errors, ...otherErrors], []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("the notice in Russian, landscape, and a crashed holder does not block", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser, { locale: "ru-RU", viewport: { width: 844, height: 390 } });
    try {
      const first = await open(context, app.url, ".zh-setup");
      const second = await open(context, app.url, ".elsewhere");
      assert.equal(await second.page.locator(".elsewhere h2").innerText(), TITLE.ru);
      await screenshot(second.page, "tabs-elsewhere-ru-landscape");
      // The holder's renderer dies: the browser frees its lock, so taking
      // over works without its answer.
      const cdp = await context.newCDPSession(first.page);
      cdp.send("Page.crash").catch(() => {});
      await first.page.waitForEvent("crash");
      await second.page.getByRole("button", { name: TAKE.ru }).tap();
      await second.page.locator(".zh-setup").waitFor();
      assert.deepEqual(second.errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });
});
