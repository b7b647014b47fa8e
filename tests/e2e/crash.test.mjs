// A panic is never the end (issue #13): the browser build aborts on a Rust
// panic, so the panic hook (src/web/panic.rs) leaves a notice in the player's
// language with a reload link, and the reload resumes the last saved state.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { collectPageErrors, launchBrowser, phoneContext, screenshot, serveCopy } from "./harness.mjs";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Calls the module's test export, which panics; the abort surfaces as a rejected call. */
async function forcePanic(page) {
  const outcome = await page.evaluate(async () => {
    const bindings = await import(document.querySelector("script[data-js]").dataset.js);
    try {
      bindings.force_panic_for_tests();
      return "returned";
    } catch (e) {
      return `threw: ${e}`;
    }
  });
  assert.match(outcome, /^threw: /, "the forced panic did not stop the module");
}

describe("panic hook", () => {
  for (const [lang, title, reload] of [
    ["en", "Something went wrong — your game is saved", "Reload and carry on"],
    ["ru", "Что-то пошло не так — партия сохранена", "Перезагрузить и продолжить"],
  ]) {
    test(`a panic mid-game shows the notice (${lang}) and a reload resumes the game`, async () => {
      const app = await serveCopy();
      const context = await phoneContext(browser, { locale: lang === "ru" ? "ru-RU" : "en-GB" });
      try {
        const page = await context.newPage();
        collectPageErrors(page);
        await page.goto(`${app.url}#/crazyhouse`);
        await page.locator(".zh-setup").waitFor();
        await page.locator(".zh-setup button.primary.big").tap();
        await page.locator(".half.black-seat.starts").tap();
        await page.locator("[data-square=e2]").tap();
        await page.locator("[data-square=e4]").tap();
        await page.locator(".half.black-seat.to-move").waitFor();

        await forcePanic(page);
        const notice = page.locator(".crash-notice[role=alertdialog]");
        await notice.waitFor();
        assert.equal(await notice.locator("h1").innerText(), title);
        await screenshot(page, `crash-${lang}-portrait`);
        // The notice is plain markup: the reload works without the dead module.
        await Promise.all([page.waitForEvent("load"), notice.getByRole("link", { name: reload }).tap()]);
        await page.locator(".zh-play").waitFor();
        assert.ok(await page.locator("[data-square=e4] .piece.w").count(), "the pawn on e4 was lost");
        assert.equal(await page.locator("[data-square=e2] .piece").count(), 0);
        await page.locator(".half.black-seat.to-move").waitFor();
        assert.equal(await page.locator(".crash-notice").count(), 0);
      } finally {
        await context.close();
        await app.stop();
      }
    });
  }
});
