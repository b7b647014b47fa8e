// Kill at random, lose nothing (issue #13): a fixed list of kill points per
// module. Each kill point (a seed) plays random legal actions on whatever
// screen the module shows, kills the page (CDP Page.crash or closing the tab;
// after the screen showed an action, or while one is in flight), reopens it and
// checks the resumed game against the painted one: no event lost, no clock
// that gained time, no page error, no damaged save (tests/e2e/kill-harness.mjs).
// The kill points of a module run one after another in one browser profile, so
// they cross whole games, new games, swaps and menus. A failing kill point is
// named by its seed; its record lists the steps that led to it.
// tests/bench/kill.mjs runs hundreds of random seeds and prints a tally.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { launchBrowser, screenshot, serveCopy } from "./harness.mjs";
import { KillSeries, addToTally, describeRecord, emptyTally } from "./kill-harness.mjs";

/** 40 kill points per module; the seeds are fixed, so a failure names one. */
const SEEDS = {
  crazyhouse: Array.from({ length: 40 }, (_, i) => 13_100 + i),
  nordau: Array.from({ length: 40 }, (_, i) => 13_200 + i),
  bughouse: Array.from({ length: 40 }, (_, i) => 13_300 + i),
  cards: Array.from({ length: 40 }, (_, i) => 13_400 + i),
  undo: Array.from({ length: 40 }, (_, i) => 13_500 + i),
};

/** The setup screen of each module that a build may leave out. */
const SETUP = { cards: ".cs-setup", undo: ".uc-setup" };

let browser;
let app;
before(async () => {
  browser = await launchBrowser();
  app = await serveCopy();
});
after(async () => {
  await browser?.close();
  await app?.stop();
});

/** Whether the build under test has the game (its route opens its setup rather than "not found"). */
async function hasGame(module) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${app.url}#/${module}`);
    await page.locator(`${SETUP[module]}, .page > .notice`).first().waitFor();
    return (await page.locator(SETUP[module]).count()) > 0;
  } finally {
    await context.close();
  }
}

describe("kill at random, lose nothing", () => {
  for (const module of ["crazyhouse", "nordau", "bughouse", "cards", "undo"]) {
    test(`${module}: ${SEEDS[module].length} kill points`, async (t) => {
      // The card duel and Undo Chess are in builds with their features only.
      if (SETUP[module] && !(await hasGame(module))) {
        t.skip(`this build has no ${module === "cards" ? "card duel" : "Undo Chess"}`);
        return;
      }
      const series = new KillSeries({ browser, url: app.url, module, maxActions: 5, maxDowntimeMs: 1000 });
      const tally = emptyTally();
      let shot = false;
      try {
        await series.open();
        for (const seed of SEEDS[module]) {
          await t.test(`seed ${seed}`, async () => {
            const record = await series.killPoint(seed);
            addToTally(tally, record);
            // One phone-sized picture of a game resumed after a kill, mid-play.
            if (!shot && record.failures.length === 0 && /play$/.test(record.screenAfter) && !record.resumed.swap && seed >= SEEDS[module][8]) {
              await screenshot(series.page, `kill-${module}-resumed-en-portrait`);
              shot = true;
            }
            assert.deepEqual(record.failures, [], describeRecord(record));
          });
        }
        if (!shot) await screenshot(series.page, `kill-${module}-resumed-en-portrait`);
      } finally {
        await series.close();
        t.diagnostic(
          `${module}: ${tally.runs} kill points (${tally.crash} crash, ${tally.close} close; ${tally.afterPaint} after paint, ` +
            `${tally.inFlight} in flight: ${tally.applied} landed, ${tally.notApplied} not); ${tally.painted} painted events checked, ` +
            `${tally.lost} lost, ${tally.gained} clocks gained time`,
        );
      }
      // Enough of the kills must have hit a game being played, not only setup screens.
      assert.ok(tally.painted >= SEEDS[module].length, `only ${tally.painted} painted events over the kill points`);
    });
  }
});
