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
// The walk is tour.mjs's, shared with the layout check (layout.test.mjs).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { REPO, collectPageErrors, launchBrowser, phoneContext, serveCopy } from "./harness.mjs";
import { LANGS, tour } from "./tour.mjs";

const AXE_SOURCE = readFileSync(join(REPO, "tests/node_modules/axe-core/axe.min.js"), "utf8");
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

const liveText = (page) => page.locator(LIVE).evaluate((el) => el.textContent.trim());

/** The end screen's headline and reason, as the live region should say them. */
async function endHeadline(page) {
  return { result: await page.locator(".end-result").innerText(), reason: await page.locator(".end-reason").innerText() };
}

/** The live region holds this end screen's result, not `old` (the same result in another language). */
async function says(page, where, old = null) {
  const { result, reason } = await endHeadline(page);
  const said = await liveText(page);
  assert.ok(said.includes(result) && said.includes(reason), `${where}: the live region says "${said}", not "${result}" / "${reason}"`);
  if (old) assert.notEqual(said, old, `${where}: the live region still says "${old}"`);
  return said;
}

/** The live region holds none of `old` (results of games gone by). */
async function forgot(page, where, old) {
  const said = await liveText(page);
  for (const text of old) assert.ok(!said.includes(text), `${where}: the live region still says "${text}"`);
  assert.equal(said, "", `${where}: the live region says "${said}"`);
}


describe("accessibility (axe-core)", () => {
  for (const [lang, setup] of Object.entries(LANGS)) {
    test(`every screen in ${lang}: no axe violation; the live region forgets old results`, async () => {
      const context = await phoneContext(browser, { locale: setup.locale });
      try {
        const page = await context.newPage();
        const errors = collectPageErrors(page);
        const problems = [];
        const at = async (where) => problems.push(...(await audit(page, where)));
        await page.goto(app.url);
        await page.locator("#main .tagline").waitFor();
        assert.equal(await page.locator("html").getAttribute("lang"), lang);
        await tour({ page, app, lang, at, live: { says, forgot } });
        assert.deepEqual(problems, [], `axe found violations:\n${problems.join("\n")}`);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
});
