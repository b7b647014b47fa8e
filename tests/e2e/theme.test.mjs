// Sun mode (issue #10 item 15): a light, maximum-contrast theme for tables in
// daylight. The default follows the system's light/dark setting (also when it
// changes) until the user chooses, and pre.js shows the static first screen in the same
// theme; the switch in the clock strip (both games) and in the app bar changes
// it at once and it is remembered after a reload; the clock digits, names and
// buttons of the play screens keep at least 7:1 (WCAG AAA) against their
// background in both themes, in every state of a half, and stay the largest
// text; black pieces keep 7:1 on the Sun board; and screenshots of every play
// screen in both themes, both orientations and both languages, plus every
// other screen in Sun mode (theme-*.png).
//
// Time is Playwright's fake clock (see nordau.test.mjs): installed at a fixed
// instant, left running while the app loads, then paused.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import {
  LANDSCAPE,
  PORTRAIT,
  REPO,
  collectPageErrors,
  launchBrowser,
  openWithFakeClock,
  phoneContext,
  screenshot,
  serveCopy,
} from "./harness.mjs";

const T0 = Date.UTC(2026, 10, 30, 19, 0, 0);
const THEME_KEY = "nordau-shift.theme";
const NAMES = ["Anna", "Boris", "Chen"];
const NAMES_RU = ["Анна", "Борис", "Чэнь"];
const ZH_NAMES = ["Dana", "Yossi"];
const ZH_NAMES_RU = ["Дана", "Йоси"];
/** A short Crazyhouse opening with a capture each: both pockets hold a pawn. */
const ZH_OPENING = ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5"];

/** A verifier link with a result to show (tests/vectors, as a11y.test.mjs uses it). */
const VECTOR = JSON.parse(readFileSync(join(REPO, "tests/vectors/nordau-v1.json"), "utf8")).cases.find(
  (c) => c.name === "doc example: counting seed, default setup",
);
const verifyFragment = ({ commitment, seed, setup }) =>
  `#/verify?c=${encodeURIComponent(commitment)}&s=${encodeURIComponent(seed)}&setup=${encodeURIComponent(setup)}`;

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// ---- helpers ------------------------------------------------------------------

/** What the page says about its theme: the attribute, the two metas, and the switches. */
function readTheme(page) {
  return page.evaluate(() => ({
    theme: document.documentElement.dataset.theme ?? null,
    themeColor: document.querySelector("meta[name=theme-color]").content,
    colorScheme: document.querySelector("meta[name=color-scheme]").content,
    pressed: [...document.querySelectorAll(".sun-toggle")].map((b) => b.getAttribute("aria-pressed")),
    background: getComputedStyle(document.body).backgroundColor,
  }));
}

const SUN = { theme: "sun", themeColor: "#ffffff", colorScheme: "light", background: "rgb(255, 255, 255)" };
const DARK = { theme: null, themeColor: "#11161c", colorScheme: "dark", background: "rgb(17, 22, 28)" };

/** Asserts the page is in `expected` (SUN or DARK) with every switch showing it. */
async function assertTheme(page, expected, where) {
  const seen = await readTheme(page);
  const { pressed, ...rest } = seen;
  assert.deepEqual(rest, expected, `${where}: ${JSON.stringify(seen)}`);
  assert.ok(pressed.length > 0, `${where}: no Sun mode switch on screen`);
  const want = String(expected === SUN);
  assert.ok(pressed.every((p) => p === want), `${where}: aria-pressed ${pressed} in ${expected.colorScheme}`);
}

/** Taps the Sun mode switch (`.middle-controls` on play screens, the app bar elsewhere). */
async function tapSun(page, where = ".middle-controls") {
  const before = await page.evaluate(() => document.documentElement.dataset.theme === "sun");
  await page.locator(`${where} .sun-toggle`).tap();
  await page.waitForFunction((was) => (document.documentElement.dataset.theme === "sun") !== was, before);
}

/**
 * The WCAG contrast of every visible element matching `selector` (disabled
 * buttons excepted) against the background it is painted on: the nearest
 * ancestors' background colours, blended down to the first opaque one.
 */
function contrasts(page, selector) {
  return page.evaluate((selector) => {
    const parse = (css) => {
      const m = css.match(/rgba?\(([^)]+)\)/);
      if (!m) return null;
      const [r, g, b, a = 1] = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
      return { r, g, b, a };
    };
    const over = (top, bottom) => ({
      r: top.r * top.a + bottom.r * (1 - top.a),
      g: top.g * top.a + bottom.g * (1 - top.a),
      b: top.b * top.a + bottom.b * (1 - top.a),
      a: 1,
    });
    const luminance = ({ r, g, b }) => {
      const lin = (c) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const backgroundOf = (el) => {
      const layers = [];
      for (let e = el; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c && c.a > 0) layers.push(c);
        if (c && c.a >= 1) break;
      }
      return layers.reduceRight((below, layer) => over(layer, below), { r: 255, g: 255, b: 255, a: 1 });
    };
    return [...document.querySelectorAll(selector)]
      .filter((el) => el.getClientRects().length > 0 && !el.disabled && getComputedStyle(el).visibility !== "hidden")
      .map((el) => {
        const bg = backgroundOf(el);
        const fg = over(parse(getComputedStyle(el).color), bg);
        const [lo, hi] = [luminance(fg), luminance(bg)].sort((x, y) => x - y);
        const round = (c) => `rgb(${Math.round(c.r)}, ${Math.round(c.g)}, ${Math.round(c.b)})`;
        return {
          what: `${el.className} "${el.textContent.trim() || el.getAttribute("aria-label")}"`,
          ratio: Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100,
          colours: `${round(fg)} on ${round(bg)}`,
        };
      });
  }, selector);
}

/** The clock digits, names and buttons of a play screen: all at least 7:1. */
async function assertAAA(page, where) {
  const seen = await contrasts(
    page,
    ".game-play .bank, .game-play .half-name, .game-play .observer-name, .game-play .middle .button",
  );
  const banks = seen.filter((s) => s.what.startsWith("bank"));
  assert.equal(banks.length, 2, `${where}: ${banks.length} clock faces measured`);
  const low = seen.filter((s) => s.ratio < 7);
  assert.deepEqual(low, [], `${where}: below 7:1: ${low.map((s) => `${s.what} ${s.ratio} (${s.colours})`).join("; ")}`);
  // The digits stay the largest text on the play screen.
  const sizes = await page.evaluate(() => {
    const size = (el) => parseFloat(getComputedStyle(el).fontSize);
    const banks = [...document.querySelectorAll(".game-play .bank")].map(size);
    const others = [...document.querySelectorAll(".game-play *:not(.bank)")]
      .filter((el) => el.getClientRects().length > 0 && [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
      .map((el) => ({ what: el.className, size: size(el) }));
    return { bank: Math.min(...banks), largest: others.sort((a, b) => b.size - a.size)[0] };
  });
  assert.ok(sizes.bank >= sizes.largest.size, `${where}: ${JSON.stringify(sizes)}`);
}

/** Opens `route` with a fake clock paused once `ready` shows. */
function open(context, url, route, ready) {
  return openWithFakeClock(context, url, { route, ready, time: T0 });
}

/** Nordau: fills the setup form (clock or board mode) and shows the commitment. */
async function nordauSetUp(page, { board = false, names = NAMES } = {}) {
  const inputs = page.locator(".ns-setup input[type=text]");
  for (let i = 0; i < 3; i++) await inputs.nth(i).fill(names[i]);
  await page.locator("input[name=ns-mode]").nth(board ? 1 : 0).check();
  await page.locator(".ns-setup button.primary.big").tap();
  await page.locator(".commit-screen").waitFor();
}

/** Nordau: "Lock words and draw seats", "Begin", then Black's half starts White's clock. */
async function nordauBegin(page) {
  await page.locator(".commit-screen button.primary.big").tap();
  await page.locator(".commit-screen .seat-list .seat-name").first().waitFor();
  await page.locator(".commit-screen button.primary.big").tap();
  await page.locator(".game-play .half.black-seat.starts").waitFor();
}

async function blackStarts(page) {
  await page.locator(".half.black-seat.starts").tap();
  await page.locator(".half.white-seat.to-move").waitFor();
}

/** Taps the half of the side to move and waits for the other side (or a swap notice). */
async function pressMoved(page) {
  const side = await page.evaluate(() => (document.querySelector(".half.white-seat.to-move") ? "white" : "black"));
  const other = side === "white" ? "black" : "white";
  await page.locator(`.half.${side}-seat`).tap();
  await page.waitForFunction(
    (other) => document.querySelector(".swap-overlay:not([hidden])") || document.querySelector(`.half.${other}-seat.to-move`),
    other,
  );
}

/** Runs the side to move down to its last five seconds. */
async function runToLow(page) {
  const bank = await page.locator(".half.to-move .bank").innerText();
  const [m, s] = bank.split(":").map(Number);
  await page.clock.runFor((m * 60 + s - 4) * 1000);
  await page.locator(".half.low").waitFor();
}

/** Crazyhouse: names, mode and the 3 + 2 preset; Start; the play screen. */
async function zhStart(page, { board, names = ZH_NAMES }) {
  const inputs = page.locator(".zh-setup input[type=text]");
  await inputs.nth(0).fill(names[0]);
  await inputs.nth(1).fill(names[1]);
  await page.locator("input[name=zh-mode]").nth(board ? 1 : 0).check();
  await page.locator(".zh-setup label.chip").first().tap();
  await page.locator(".zh-setup button.primary.big").tap();
  await page.locator(".zh-play .half.black-seat.starts").waitFor();
}

/** Plays a move or drop (UCI) by tapping; clicks directly where landscape squeezes the board. */
async function zhPlay(page, uci, { dispatch = false } = {}) {
  const tap = (locator) => (dispatch ? locator.dispatchEvent("click") : locator.tap());
  const side = await page.evaluate(() => (document.querySelector(".half.white-seat.to-move") ? "white" : "black"));
  const other = side === "white" ? "black" : "white";
  await page.clock.runFor(1_200);
  await tap(page.locator(`.sq[data-square=${uci.slice(0, 2)}]`));
  await page.locator(`.sq[data-square=${uci.slice(0, 2)}].selected`).waitFor({ state: "attached" });
  const target = page.locator(`.sq[data-square=${uci.slice(2, 4)}].target`);
  await target.waitFor({ state: "attached" });
  await tap(target);
  await page.waitForFunction((other) => document.querySelector(`.half.${other}-seat.to-move`), other);
}

/**
 * On a play screen: a screenshot and the AAA check in each theme, ending in
 * Sun mode. `name` is the screenshot's name with `{theme}` in it.
 */
async function bothThemes(page, name, where) {
  const current = () => page.evaluate(() => (document.documentElement.dataset.theme === "sun" ? "sun" : "dark"));
  for (let i = 0; i < 2; i++) {
    const theme = await current();
    await screenshot(page, name.replace("{theme}", theme));
    await assertAAA(page, `${where}, ${theme}`);
    if (theme === "sun") {
      // Black pieces on every square (last move included) and in the pockets.
      const pieces = await contrasts(page, ".game-play .piece.b");
      const low = pieces.filter((p) => p.ratio < 7);
      assert.deepEqual(low, [], `${where}: black pieces below 7:1: ${low.map((p) => `${p.ratio} (${p.colours})`).join("; ")}`);
    }
    await tapSun(page);
  }
  if ((await current()) === "dark") await tapSun(page);
  await assertTheme(page, SUN, where);
}

// ---- tests --------------------------------------------------------------------

describe("Sun mode", () => {
  test("the default follows prefers-color-scheme until the user chooses, and the choice is remembered", async () => {
    const app = await serveCopy();
    try {
      for (const [scheme, expected, other] of [["light", SUN, DARK], ["dark", DARK, SUN]]) {
        const context = await phoneContext(browser, { colorScheme: scheme });
        const page = await context.newPage();
        const errors = collectPageErrors(page);
        await page.goto(app.url);
        await page.locator(".app-bar .sun-toggle").waitFor();
        await assertTheme(page, expected, `first visit, system ${scheme}`);
        // The system changes (sunset): with no choice made, the app follows.
        const flipped = scheme === "light" ? "dark" : "light";
        await page.emulateMedia({ colorScheme: flipped });
        await page.waitForFunction((sun) => (document.documentElement.dataset.theme === "sun") === sun, flipped === "light");
        await assertTheme(page, other, `system switched to ${flipped}`);
        await page.emulateMedia({ colorScheme: scheme });
        await page.waitForFunction((sun) => (document.documentElement.dataset.theme === "sun") === sun, scheme === "light");

        // The app bar's switch: the other theme, remembered over the system's wish.
        await tapSun(page, ".app-bar");
        await assertTheme(page, other, `switched in the app bar, system ${scheme}`);
        assert.equal(await page.evaluate((k) => localStorage.getItem(k), THEME_KEY), other === SUN ? "sun" : "dark");
        await page.reload();
        await page.locator(".app-bar .sun-toggle").waitFor();
        await assertTheme(page, other, `reloaded after the choice, system ${scheme}`);
        // A chosen theme no longer follows the system.
        await page.emulateMedia({ colorScheme: flipped });
        await page.waitForTimeout(100);
        await assertTheme(page, other, `system switched after the choice, system ${scheme}`);
        assert.deepEqual(errors, []);
        await context.close();
      }
    } finally {
      await app.stop();
    }
  });

  test("pre.js puts the static first screen in the same theme before the wasm runs", async () => {
    const app = await serveCopy();
    // No service worker, so the wasm request reaches the route below, which never answers.
    const context = await browser.newContext({ colorScheme: "light", serviceWorkers: "block", viewport: PORTRAIT });
    try {
      const splashTheme = async () => {
        const page = await context.newPage();
        let asked;
        const wasmAsked = new Promise((resolve) => (asked = resolve));
        await page.route("**/*.wasm*", () => asked());
        await page.goto(app.url, { waitUntil: "commit" });
        await wasmAsked;
        assert.equal(await page.locator("#static-shell").count(), 1, "the app ran");
        const theme = await page.evaluate(() => document.documentElement.dataset.theme ?? null);
        await page.close();
        return theme;
      };
      assert.equal(await splashTheme(), "sun", "system light, no choice");
      const page = await context.newPage();
      await page.goto(app.url);
      await page.evaluate((key) => localStorage.setItem(key, "dark"), THEME_KEY);
      await page.close();
      assert.equal(await splashTheme(), null, "system light, dark chosen");
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("Nordau Shift: the clock strip's switch changes the play screen at once and survives a reload", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await open(context, app.url, "/nordau", ".ns-setup, .game-play");
      await nordauSetUp(page);
      await nordauBegin(page);
      // Before the start: the starting half is highlighted.
      await assertTheme(page, DARK, "Nordau, before the start");
      await assertAAA(page, "Nordau before the start, dark");
      await tapSun(page);
      await assertTheme(page, SUN, "Nordau, switched on");
      await assertAAA(page, "Nordau before the start, sun");
      await blackStarts(page);
      await page.clock.runFor(2_000);
      await pressMoved(page);
      await assertAAA(page, "Nordau running, sun");
      const bank = await page.locator(".half.white-seat .bank").innerText();

      await page.reload();
      await page.locator(".game-play .half.black-seat.to-move").waitFor();
      await assertTheme(page, SUN, "Nordau, reloaded");
      assert.equal(await page.locator(".half.white-seat .bank").innerText(), bank, "the reload changed the game");
      await runToLow(page);
      await assertAAA(page, "Nordau low bank, sun");
      await tapSun(page);
      await assertTheme(page, DARK, "Nordau, switched off");
      await assertAAA(page, "Nordau low bank, dark");
      await page.reload();
      await page.locator(".game-play .half.low").waitFor();
      await assertTheme(page, DARK, "Nordau, reloaded after switching off");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("Crazyhouse: the clock strip's switch changes the play screen at once and survives a reload", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser, { colorScheme: "light" });
    try {
      const { page, errors } = await open(context, app.url, "/crazyhouse", ".zh-setup, .zh-play");
      await assertTheme(page, SUN, "Crazyhouse setup, system light");
      await zhStart(page, { board: true });
      await assertAAA(page, "Crazyhouse before the start, sun");
      await blackStarts(page);
      await zhPlay(page, "e2e4");
      await assertAAA(page, "Crazyhouse board mode running, sun");
      await tapSun(page);
      await assertTheme(page, DARK, "Crazyhouse, switched off");
      await assertAAA(page, "Crazyhouse board mode running, dark");

      await page.reload();
      await page.locator(".zh-play .half.black-seat.to-move").waitFor();
      await assertTheme(page, DARK, "Crazyhouse, reloaded");
      await tapSun(page);
      await page.reload();
      await page.locator(".zh-play .half.black-seat.to-move").waitFor();
      await assertTheme(page, SUN, "Crazyhouse, reloaded after switching on");
      await runToLow(page);
      await assertAAA(page, "Crazyhouse low time, sun");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("screenshots: every play screen in both themes, every other screen in Sun mode, both languages and orientations", async () => {
    const app = await serveCopy();
    try {
      for (const [orientation, viewport] of [["portrait", PORTRAIT], ["landscape", LANDSCAPE]]) {
        for (const lang of ["en", "ru"]) {
          const context = await phoneContext(browser, { viewport });
          const dispatch = orientation === "landscape";
          const at = (screen) => `${screen}, ${lang} ${orientation}`;
          const shotName = (game, screen) => `theme-${game}-${screen}-{theme}-${lang}-${orientation}`;
          const sunShot = (page, game, screen) => screenshot(page, shotName(game, screen).replace("{theme}", "sun"));

          // ---- Nordau Shift ----
          const { page, errors } = await open(context, app.url, "/nordau", ".ns-setup");
          if (lang === "ru") {
            await page.getByRole("button", { name: "Русский" }).tap();
            await page.locator("html[lang=ru]").waitFor();
          }
          await tapSun(page, ".app-bar");
          await sunShot(page, "nordau", "setup");
          const names = lang === "ru" ? NAMES_RU : NAMES;
          await nordauSetUp(page, { names });
          await sunShot(page, "nordau", "commitment");
          await nordauBegin(page);
          await blackStarts(page);
          await page.clock.runFor(2_000);
          await pressMoved(page);
          await page.clock.runFor(3_400);
          await bothThemes(page, shotName("nordau", "play-clock"), at("Nordau clock mode"));
          for (let i = 0; i < 12 && !(await page.locator(".swap-overlay:not([hidden])").count()); i++) {
            await page.clock.runFor(700);
            await pressMoved(page);
          }
          await page.locator(".swap-overlay:not([hidden])").waitFor();
          await sunShot(page, "nordau", "swap");
          await page.locator(".button.seated").tap();
          await page.locator(".swap-overlay:not([hidden])").waitFor({ state: "detached" });
          await runToLow(page);
          await bothThemes(page, shotName("nordau", "play-low"), at("Nordau low bank"));
          await page.locator(".middle-controls .icon-button:not(.sun-toggle)").tap();
          await page.locator(".sheet").waitFor();
          await sunShot(page, "nordau", "menu");
          await page.locator(".sheet-head .button").tap();
          await page.clock.runFor(60_000);
          await page.locator(".game-end").waitFor();
          await sunShot(page, "nordau", "end");
          await page.locator(".reveal").scrollIntoViewIfNeeded();
          await sunShot(page, "nordau", "reveal");
          const newSession = page.locator(".end-actions .button").last();
          await newSession.tap();
          await newSession.tap();
          await page.locator(".ns-setup").waitFor();
          await nordauSetUp(page, { board: true, names });
          await nordauBegin(page);
          await blackStarts(page);
          for (const [from, to] of [["e2", "e4"], ["e7", "e5"], ["g1", "f3"]]) {
            await page.locator(`[data-square=${from}]`).tap();
            await page.locator(`[data-square=${to}]`).tap();
          }
          await page.locator("[data-square=b8]").tap();
          await page.locator(".sq.target").first().waitFor();
          await page.clock.runFor(1_200);
          await bothThemes(page, shotName("nordau", "play-board"), at("Nordau board mode"));
          await page.evaluate((key) => localStorage.setItem(key, "not a save"), "nordau-shift.table");
          await page.reload();
          await page.locator(".damaged-notice").waitFor();
          await sunShot(page, "nordau", "damaged");

          // ---- Crazyhouse ----
          await page.evaluate(() => (location.hash = "#/crazyhouse"));
          await page.locator(".zh-setup").waitFor();
          await sunShot(page, "zh", "setup");
          const zhNames = lang === "ru" ? ZH_NAMES_RU : ZH_NAMES;
          await zhStart(page, { board: false, names: zhNames });
          await blackStarts(page);
          await page.clock.runFor(2_000);
          await page.locator(".half.white-seat").tap();
          await page.locator(".half.black-seat.to-move").waitFor();
          await page.clock.runFor(1_400);
          await bothThemes(page, shotName("zh", "play-clock"), at("Crazyhouse clock mode"));
          await page.locator(".middle-controls .icon-button:not(.sun-toggle)").tap();
          await page.locator(".sheet").waitFor();
          await sunShot(page, "zh", "menu");
          await page.locator(".sheet-head .button").tap();
          await page.locator(".sheet").waitFor({ state: "detached" });
          await page.clock.runFor(200_000);
          await page.locator(".zh-end").waitFor();
          await sunShot(page, "zh", "end");
          await page.locator(".zh-end .end-actions button.new-setup").tap();
          await page.locator(".zh-setup").waitFor();
          await zhStart(page, { board: true, names: zhNames });
          await blackStarts(page);
          for (const uci of ZH_OPENING) await zhPlay(page, uci, { dispatch });
          await page.locator(".pocket-piece[data-colour=white][data-piece=P]").tap();
          await page.locator(".sq.target").first().waitFor({ state: "attached" });
          await bothThemes(page, shotName("zh", "play-board"), at("Crazyhouse board mode"));

          // ---- the shell ----
          await page.evaluate(() => (location.hash = "#/"));
          await page.locator(".game-list").waitFor();
          await sunShot(page, "shell", "home");
          await page.evaluate(() => (location.hash = "#/about"));
          await page.locator("article.about").waitFor();
          await sunShot(page, "shell", "about");
          await page.evaluate((fragment) => (location.hash = fragment), verifyFragment(VECTOR));
          await page.locator(".banner-ok").waitFor();
          await sunShot(page, "shell", "verifier");
          await page.locator(".schedule").scrollIntoViewIfNeeded();
          await sunShot(page, "shell", "verifier-schedule");
          assert.deepEqual(errors, []);
          await context.close();
        }
      }
    } finally {
      await app.stop();
    }
  });
});
