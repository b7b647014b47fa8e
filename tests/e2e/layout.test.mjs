// Nothing covered, nothing cut (issue #22): the walk through every screen of
// every game (tour.mjs) stops at each screen and looks at it on every phone
// viewport below, in both themes, in each language the walk runs in: every
// shown button, link and field can be tapped at its centre, no text of a
// button, clock face or label overflows or breaks inside a word, clock
// digits stay on one line, the page is no wider than the screen
// (layout-check.mjs says exactly what counts).
//
// While fixing one game: LAYOUT_ONLY=cards,undoChess node --test tests/e2e/layout.test.mjs
// (walk names: shell, nordau, crazyhouse, bughouse, cards, undoChess).
//
// The screen is resized and the theme switched in place, so one walk per
// language covers all of them. Screenshots: every screen at 360×640 (dark)
// and 740×360 (sun), and every viewport where a fault was found, named after
// the screen (tests/artifacts/screenshots/layout-…).
import assert from "node:assert/strict";
import { unlinkSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { collectPageErrors, launchBrowser, phoneContext, screenshot, serveCopy } from "./harness.mjs";
import { layoutFaults } from "./layout-check.mjs";
import { LANGS, tour } from "./tour.mjs";

export const VIEWPORTS = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
  { width: 640, height: 360 },
  { width: 740, height: 360 },
];
const THEMES = ["dark", "sun"];
/** Every walk: a new module joins by adding its walk to tour.mjs and its name here. */
const CHECKED = ["shell", "nordau", "crazyhouse", "bughouse", "cards", "undoChess"];
/** Which combinations are photographed on every screen. */
const PHOTOGRAPHED = new Set(["360x640/dark", "740x360/sun"]);

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

/** Sets the theme as the Sun mode switch does (`<html data-theme>`), without storing it. */
async function setTheme(page, theme) {
  await page.evaluate((theme) => {
    if (theme === "sun") document.documentElement.setAttribute("data-theme", "sun");
    else document.documentElement.removeAttribute("data-theme");
  }, theme);
}

/** Two frames: the layout after a resize or a theme switch has settled. */
const settled = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

const slug = (text) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

/** Looks at the screen on every viewport and theme; restores the walk's own. */
async function lookEverywhere(page, lang, where, faults) {
  const home = page.viewportSize();
  const theme = await page.evaluate(() => document.documentElement.getAttribute("data-theme") ?? "dark");
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const t of THEMES) {
      await setTheme(page, t);
      await settled(page);
      const combo = `${viewport.width}x${viewport.height}/${t}`;
      const name = `layout-${lang}-${slug(where)}-${viewport.width}x${viewport.height}-${t}`;
      // Photographed before the check scrolls anything; kept where a fault was found.
      const shot = await screenshot(page, name);
      const found = await page.evaluate(layoutFaults);
      if (!found.length && !PHOTOGRAPHED.has(combo)) unlinkSync(shot);
      for (const f of found) faults.push(`${lang} ${combo} ${where}: ${f}`);
    }
  }
  await page.setViewportSize(home);
  await setTheme(page, theme);
  await settled(page);
}

describe("layout: nothing covered, nothing cut, on every screen", () => {
  for (const [lang, setup] of Object.entries(LANGS)) {
    test(`every screen in ${lang}, on ${VIEWPORTS.length} phone viewports in both themes`, async () => {
      const context = await phoneContext(browser, { locale: setup.locale, viewport: VIEWPORTS[1] });
      try {
        const page = await context.newPage();
        const errors = collectPageErrors(page);
        const faults = [];
        await page.goto(app.url);
        await page.locator("#main .tagline").waitFor();
        // LAYOUT_ONLY=cards,undoChess walks only those games (while fixing one).
        const only = process.env.LAYOUT_ONLY?.split(",") ?? CHECKED;
        await tour({ page, app, lang, only, at: (where) => lookEverywhere(page, lang, where, faults) });
        assert.deepEqual(faults, [], `${faults.length} layout faults:\n${faults.join("\n")}`);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
});
