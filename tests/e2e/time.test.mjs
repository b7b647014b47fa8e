// Time under stress (issue #13): a clock-mode game whose tab is hidden for
// ten minutes, whose phone sleeps, whose device clock the user changes, and
// whose page is frozen and resumed. Afterwards the clocks show exactly the
// time that really ran, and a flag falls at the instant the bank emptied,
// however late the page noticed (C-4, NS-6).
//
// Playwright's fake clock moves `Date` and `performance` together
// (`runFor`, `fastForward`: real time passing), or `Date` alone
// (`setSystemTime`: the device clock changed, or the phone slept while the
// monotonic clock stood still). Playwright never lets headless Chromium hide
// a page, so hiding is the page's own visibility state, overridden, and its
// event — except for the frozen page, which is really hidden and frozen in a
// browser without Playwright's focus emulation (harness.mjs).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import {
  launchBrowser,
  launchFreezableBrowser,
  openWithFakeClock,
  phoneContext,
  screenshot,
  serveCopy,
} from "./harness.mjs";

const T0 = Date.UTC(2026, 10, 30, 19, 0, 0);
const MIN = 60_000;

// The page's visibility, switchable from the test.
const VISIBILITY = () => {
  Object.defineProperty(document, "visibilityState", { get: () => (window.__hidden ? "hidden" : "visible") });
  Object.defineProperty(document, "hidden", { get: () => Boolean(window.__hidden) });
};
const setHidden = (page, hidden) =>
  page.evaluate((hidden) => {
    window.__hidden = hidden;
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// A counter on the real clock: the real setInterval, taken before Playwright's
// fake clock replaces it (init scripts run in the order they were added), so it
// counts real time even while the fake clock stands still; and its value when
// the page was told it is being frozen.
const REAL_TICKS = () => {
  window.__ticks = 0;
  setInterval(() => window.__ticks++, 10);
  document.addEventListener("freeze", () => (window.__ticksAtFreeze = window.__ticks));
};

/**
 * A clock-mode Crazyhouse game at 3 + 2 with White's clock running. Without
 * `touch` (a context with no phone emulation) it clicks instead of tapping;
 * `fakeVisibility: false` leaves the page's real visibility alone.
 */
async function startClockGame(context, url, { touch = true, fakeVisibility = true } = {}) {
  if (fakeVisibility) await context.addInitScript(VISIBILITY);
  const { page, errors } = await openWithFakeClock(context, url, { route: "/crazyhouse", ready: ".zh-setup", time: T0 });
  const press = (locator) => (touch ? locator.tap() : locator.click());
  await page.locator("input[name=zh-mode]").nth(0).check();
  await press(page.locator(".zh-setup label.chip").nth(0)); // 3 + 2
  await press(page.locator(".zh-setup button.primary.big"));
  await press(page.locator(".half.black-seat.starts"));
  await page.locator(".half.white-seat.to-move").waitFor();
  return { page, errors };
}

const bank = (page, colour) => page.locator(`.half.${colour}-seat .bank`).innerText();

/** The saved log's events, and the flag's instant relative to White's clock starting. */
async function flagAfterWhiteStarted(page) {
  const events = await page.evaluate(() => JSON.parse(localStorage.getItem("crazyhouse.game")).events);
  const flag = events.find((e) => e.event.type === "flag");
  const started = events.find((e) => e.event.type === "start");
  assert.ok(flag, `no flag in the log: ${JSON.stringify(events)}`);
  return flag.t_ms - started.t_ms;
}

describe("time under stress", () => {
  test("the device clock changed mid-game (forward, back, and across a reload) moves no bank", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await startClockGame(context, app.url);
      await page.clock.runFor(10_000);
      assert.equal(await bank(page, "white"), "2:50");
      const now = await page.evaluate(() => Date.now());
      await page.clock.setSystemTime(now + 60 * MIN); // an hour forward
      await page.clock.runFor(5_000);
      assert.equal(await bank(page, "white"), "2:45");
      await page.clock.setSystemTime(now - 60 * MIN); // two hours back
      await page.clock.runFor(5_000);
      assert.equal(await bank(page, "white"), "2:40");
      assert.equal(await bank(page, "black"), "3:00");
      // The page reloads with the device clock still an hour off.
      await page.reload();
      await page.locator(".half.white-seat.to-move").waitFor();
      assert.equal(await bank(page, "white"), "2:40");
      await page.clock.runFor(10_000);
      assert.equal(await bank(page, "white"), "2:30");
      await screenshot(page, "time-clock-changed-en");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("hidden ten minutes, timers asleep: the flag fell at its exact instant", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await startClockGame(context, app.url);
      await page.clock.runFor(30_000);
      await setHidden(page, true);
      // Ten minutes pass with the tab in the background; due timers fire at most once.
      await page.clock.fastForward(10 * MIN);
      await setHidden(page, false);
      await page.locator(".zh-end").waitFor();
      assert.equal(await flagAfterWhiteStarted(page), 3 * MIN, "the flag was not recorded when White's 3:00 ran out");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("the phone slept (monotonic clock stopped, wall clock ran): the time asleep is charged, to the instant", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await startClockGame(context, app.url);
      await page.clock.runFor(10_000);
      // Screen off for 40 s: the page is hidden and its monotonic clock stands still.
      await setHidden(page, true);
      let now = await page.evaluate(() => Date.now());
      await page.clock.setSystemTime(now + 40_000);
      await setHidden(page, false);
      await page.waitForFunction(() => document.querySelector(".half.white-seat .bank").textContent === "2:10");
      // Asleep past the end of White's time: the flag at 3:00 exactly.
      await setHidden(page, true);
      now = await page.evaluate(() => Date.now());
      await page.clock.setSystemTime(now + 5 * MIN);
      await setHidden(page, false);
      await page.locator(".zh-end").waitFor();
      assert.equal(await flagAfterWhiteStarted(page), 3 * MIN);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("Nordau's 15-second block: a device clock changed moves no bank; a sleeping phone flags at the instant", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      await context.addInitScript(VISIBILITY);
      const { page, errors } = await openWithFakeClock(context, app.url, { route: "/nordau", ready: ".ns-setup", time: T0 });
      const inputs = page.locator(".ns-setup input[type=text]");
      for (const [i, name] of ["Dana", "Yossi", "Avi"].entries()) await inputs.nth(i).fill(name);
      await page.locator("input[name=ns-mode]").nth(0).check();
      await page.locator(".ns-setup button.primary.big").tap();
      await page.locator(".commit-screen button.primary.big").tap(); // lock words, draw seats
      await page.locator(".commit-screen .seat-list .seat-name").first().waitFor();
      await page.locator(".commit-screen button.primary.big").tap(); // begin
      await page.locator(".half.black-seat.starts").tap();
      await page.locator(".half.white-seat.to-move").waitFor();
      await page.clock.runFor(3_000);
      assert.equal(await bank(page, "white"), "0:12");
      const now = await page.evaluate(() => Date.now());
      await page.clock.setSystemTime(now + 60 * MIN);
      await page.clock.runFor(2_000);
      assert.equal(await bank(page, "white"), "0:10");
      await page.clock.setSystemTime(now - 60 * MIN);
      await page.clock.runFor(1_500);
      assert.equal(await bank(page, "white"), "8.5");
      // The phone sleeps for a minute: White's block ran out 8.5 s into it.
      await setHidden(page, true);
      const asleep = await page.evaluate(() => Date.now());
      await page.clock.setSystemTime(asleep + MIN);
      await setHidden(page, false);
      await page.locator(".game-end").waitFor();
      const events = await page.evaluate(() => JSON.parse(localStorage.getItem("nordau-shift.table")).stage.log.events);
      const start = events.find((e) => e.event.type === "start");
      const flag = events.find((e) => e.event.type === "flag");
      assert.ok(start && flag, JSON.stringify(events));
      assert.equal(flag.t_ms - start.t_ms, 15_000, "the flag was not recorded when the 15 s block ran out");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("frozen and resumed (Page.setWebLifecycleState): the clocks carry on exactly", async () => {
    const app = await serveCopy();
    // Playwright's own contexts keep a page visible, and a visible page is
    // never frozen: this browser can freeze it for real.
    const chrome = await launchFreezableBrowser();
    try {
      await chrome.context.addInitScript(REAL_TICKS);
      const { page, errors } = await startClockGame(chrome.context, app.url, { touch: false, fakeVisibility: false });
      await page.clock.runFor(10_000);
      const seen = () =>
        page.evaluate(() => ({
          ticks: window.__ticks,
          atFreeze: window.__ticksAtFreeze,
          visibility: document.visibilityState,
        }));
      /** Waits (up to 10 s: CI's two cores are shared) for the counter to tick 5 more times. */
      const ticking = async (message) => {
        const from = (await seen()).ticks;
        for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(20)) {
          if ((await seen()).ticks >= from + 5) return;
        }
        assert.fail(message);
      };
      // The counter runs while the page is active (else "it stood still" below
      // would prove nothing).
      assert.equal((await seen()).visibility, "visible");
      await ticking("the real-time counter does not run");

      // Frozen: no task runs — a 10 ms interval does not tick once in a whole
      // second — and the page was hidden and told (its freeze event) first.
      // Evaluating in it still works.
      const cdp = await chrome.context.newCDPSession(page);
      await cdp.send("Page.setWebLifecycleState", { state: "frozen" });
      for (const deadline = Date.now() + 5_000; (await seen()).atFreeze === undefined && Date.now() < deadline; ) {
        await sleep(20);
      }
      const before = await seen();
      await sleep(1_000);
      const frozen = await seen();
      assert.equal(
        frozen.ticks - before.ticks,
        0,
        `the page ran timers while "frozen": a 10 ms interval ticked ${frozen.ticks - before.ticks} times in a second`,
      );
      assert.notEqual(frozen.atFreeze, undefined, "the page was not told it was frozen (no freeze event)");
      assert.equal(frozen.ticks, frozen.atFreeze, "the page ran timers after its freeze event");
      assert.equal(frozen.visibility, "hidden");

      // Resumed, and shown again (focus emulation's capturer makes it visible):
      // its timers run again. The 20 s it was away pass at once.
      await cdp.send("Page.setWebLifecycleState", { state: "active" });
      await cdp.send("Emulation.setFocusEmulationEnabled", { enabled: true });
      await page.waitForFunction(() => document.visibilityState === "visible");
      await ticking("the page's timers did not run again after it was resumed");
      await page.clock.fastForward(20_000);
      await page.waitForFunction(() => document.querySelector(".half.white-seat .bank").textContent === "2:30");
      assert.equal(await bank(page, "black"), "3:00");
      // Black's move: the clocks swap, and White's increment shows.
      await page.locator(".half.white-seat").click();
      await page.locator(".half.black-seat.to-move").waitFor();
      assert.equal(await bank(page, "white"), "2:32");
      assert.deepEqual(errors, []);
    } finally {
      await chrome.close();
      await app.stop();
    }
  });
});
