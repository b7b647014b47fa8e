// Storage trouble (issue #13): localStorage unavailable (private mode), full
// (quota exceeded), or cleared by the browser mid-evening. The game goes on
// in memory with a clear warning and "Export the game now"; nothing crashes,
// and once storage works again the next event saves everything.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import {
  FILLABLE_STORAGE as FILLABLE,
  LANDSCAPE,
  collectPageErrors,
  launchBrowser,
  phoneContext,
  screenshot,
  serveCopy,
  startZhBoardGame,
  tapMove,
} from "./harness.mjs";

const WARNING = { en: "This phone is not saving the game", ru: "Телефон не сохраняет партию" };
const EXPORT = { en: "Export the game now", ru: "Сохранить партию в файл" };
const SHORT = { en: "Not saved on this phone — export", ru: "Не сохраняется — в файл" };

// Private mode in some browsers: touching localStorage throws.
const NO_STORAGE = () => {
  Object.defineProperty(window, "localStorage", {
    get() {
      throw new DOMException("The operation is insecure.", "SecurityError");
    },
  });
};
let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function exportGame(page, label) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: label }).tap()]);
  return readFileSync(await download.path(), "utf8");
}

const moves = (json) => JSON.parse(json).events.filter((e) => e.event.type === "move").map((e) => e.event.mv);

describe("storage trouble", () => {
  for (const [lang, locale, viewport] of [
    ["en", "en-GB", undefined],
    ["ru", "ru-RU", LANDSCAPE],
  ]) {
    test(`no storage at all (private mode, ${lang}): the game is played, with the warning and an export`, async () => {
      const app = await serveCopy();
      const context = await phoneContext(browser, { locale, viewport });
      try {
        await context.addInitScript(NO_STORAGE);
        const page = await context.newPage();
        const errors = collectPageErrors(page);
        await page.goto(app.url);
        await page.locator("#main .game-card").first().waitFor();
        await page.goto(`${app.url}#/crazyhouse`);
        await startZhBoardGame(page);
        await tapMove(page, "e2", "e4", "black");
        await tapMove(page, "e7", "e5", "white");
        const warning = page.locator(".unsaved-compact[role=alert]");
        await warning.waitFor();
        assert.equal(await warning.innerText(), SHORT[lang]);
        await screenshot(page, `storage-unavailable-${lang}`);
        const file = await exportGame(page, SHORT[lang]);
        assert.deepEqual(moves(file), ["e2e4", "e7e5"]);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
        await app.stop();
      }
    });
  }

  test("storage full mid-game: the warning, then the next save after space is freed keeps every move", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      await context.addInitScript(FILLABLE);
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${app.url}#/crazyhouse`);
      await startZhBoardGame(page);
      await tapMove(page, "e2", "e4", "black");
      assert.equal(await page.locator(".unsaved-compact").count(), 0);

      await page.evaluate(() => (window.__full = true));
      await tapMove(page, "e7", "e5", "white");
      await tapMove(page, "g1", "f3", "black");
      await page.locator(".unsaved-compact").waitFor();
      // What storage holds is the last good save; the export has it all.
      const stored = await page.evaluate(() => localStorage.getItem("crazyhouse.game"));
      assert.deepEqual(moves(stored), ["e2e4"]);
      assert.deepEqual(moves(await exportGame(page, SHORT.en)), ["e2e4", "e7e5", "g1f3"]);

      await page.evaluate(() => (window.__full = false));
      await tapMove(page, "b8", "c6", "white");
      await page.locator(".unsaved-compact").waitFor({ state: "detached" });
      await page.reload();
      await page.locator(".zh-play").waitFor();
      for (const square of ["e4", "e5", "f3", "c6"]) {
        assert.equal(await page.locator(`[data-square=${square}] .piece`).count(), 1, `${square} lost`);
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("storage cleared by the browser mid-evening: the game writes itself back", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${app.url}#/crazyhouse`);
      await startZhBoardGame(page);
      await tapMove(page, "e2", "e4", "black");

      // Cleared while the page sat in the background: coming back writes it again.
      await page.evaluate(() => localStorage.clear());
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      await page.waitForFunction(() => localStorage.getItem("crazyhouse.game") !== null);
      await page.reload();
      await page.locator(".zh-play").waitFor();
      assert.equal(await page.locator("[data-square=e4] .piece").count(), 1);

      // Cleared, then the next move: that save carries the whole game.
      await page.evaluate(() => localStorage.clear());
      await tapMove(page, "e7", "e5", "white");
      await page.reload();
      await page.locator(".zh-play").waitFor();
      for (const square of ["e4", "e5"]) {
        assert.equal(await page.locator(`[data-square=${square}] .piece`).count(), 1, `${square} lost`);
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("Nordau without storage: the table plays on, and its export never shows the secret seed", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      await context.addInitScript(FILLABLE);
      await context.addInitScript(() => (window.__full = true));
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${app.url}#/nordau`);
      await page.locator(".ns-setup").waitFor();
      const inputs = page.locator(".ns-setup input[type=text]");
      for (const [i, name] of ["Dana", "Yossi", "Avi"].entries()) await inputs.nth(i).fill(name);
      await page.locator(".ns-setup button.primary.big").tap();
      await page.locator(".commit-screen").waitFor();
      const warning = page.locator(".unsaved-warning[role=alert]");
      await warning.waitFor();
      assert.equal(await warning.locator(".unsaved-title").innerText(), WARNING.en);
      await screenshot(page, "storage-full-nordau-en");
      const file = JSON.parse(await exportGame(page, EXPORT.en));
      assert.ok(file.stage, "the export has the table's stage");
      const text = JSON.stringify(file);
      assert.match(text, /"sealed_seed":"(aesgcm1\.[0-9a-f.]+|withheld)"/);
      // The commitment is public; no other 64-hex value (a seed) may be in the file.
      const commitment = (await page.locator("[data-testid=commitment]").innerText()).replace(/\s/g, "");
      assert.match(commitment, /^[0-9a-f]{64}$/);
      for (const hex of (text.match(/"[0-9a-f]{64}"/g) ?? []).map((q) => q.slice(1, -1))) {
        assert.equal(hex, commitment, "a 64-hex value that is not the commitment is in the export");
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });
});
