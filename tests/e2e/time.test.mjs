// Time under stress (issue #13): a clock-mode game whose tab is hidden for
// ten minutes, whose phone sleeps, whose device clock the user changes, and
// whose page is frozen and resumed. Afterwards the clocks show exactly the
// time that really ran, and a flag falls at the instant the bank emptied,
// however late the page noticed (C-4, NS-6).
//
// Playwright's fake clock moves `Date` and `performance` together
// (`runFor`, `fastForward`: real time passing), or `Date` alone
// (`setSystemTime`: the device clock changed, or the phone slept while the
// monotonic clock stood still). Headless Chromium never hides a page, so
// hiding is the page's own visibility state, overridden, and its event.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { launchBrowser, openWithFakeClock, phoneContext, screenshot, serveCopy } from "./harness.mjs";

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

/** A clock-mode Crazyhouse game at 3 + 2 with White's clock running. */
async function startClockGame(context, url) {
  await context.addInitScript(VISIBILITY);
  const { page, errors } = await openWithFakeClock(context, url, { route: "/crazyhouse", ready: ".zh-setup", time: T0 });
  await page.locator("input[name=zh-mode]").nth(0).check();
  await page.locator(".zh-setup label.chip").nth(0).tap(); // 3 + 2
  await page.locator(".zh-setup button.primary.big").tap();
  await page.locator(".half.black-seat.starts").tap();
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
      await page.locator(".ns-commit button.primary.big").tap(); // lock words, draw seats
      await page.locator(".ns-commit .seat-list .seat-name").first().waitFor();
      await page.locator(".ns-commit button.primary.big").tap(); // begin
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
      await page.locator(".ns-end").waitFor();
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
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await startClockGame(context, app.url);
      await page.clock.runFor(10_000);
      const cdp = await context.newCDPSession(page);
      await cdp.send("Page.setWebLifecycleState", { state: "frozen" });
      await new Promise((done) => setTimeout(done, 500));
      await cdp.send("Page.setWebLifecycleState", { state: "active" });
      await page.clock.fastForward(20_000);
      await page.waitForFunction(() => document.querySelector(".half.white-seat .bank").textContent === "2:30");
      assert.equal(await bank(page, "black"), "3:00");
      // Black's move: the clocks swap, and White's increment shows.
      await page.locator(".half.white-seat").tap();
      await page.locator(".half.black-seat.to-move").waitFor();
      assert.equal(await bank(page, "white"), "2:32");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });
});
