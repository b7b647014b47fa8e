// A voice at the table (issue #24, NS-10): the swap is spoken in the app's
// language, by default; a game's end only when asked for; nothing that is
// not on the screen-reader region is ever said (NS-9). speechSynthesis is
// stubbed (headless Chromium has no voices): the stub records each
// utterance's text and language, and offers voices for the languages the
// test gives it.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { launchBrowser, openWithFakeClock, phoneContext, serveCopy } from "./harness.mjs";

const T0 = Date.UTC(2026, 11, 3, 19, 0, 0);
const LANGS = {
  en: { locale: "en-US", voice: "en-US", names: ["Anna", "Boris", "Chen"] },
  ru: { locale: "ru-RU", voice: "ru-RU", names: ["Анна", "Борис", "Чэнь"] },
  he: { locale: "he-IL", voice: "he-IL", names: ["ענבל", "Boris", "Чэнь"] },
};

/** An init script: a speechSynthesis with voices for `langs`, recording what it says. */
function stubSpeech(langs) {
  window.__spoken = [];
  const voices = langs.map((lang) => ({ lang, name: `stub ${lang}`, localService: true }));
  const synthesis = {
    getVoices: () => voices,
    speak: (u) => window.__spoken.push({ text: u.text, lang: u.lang, voice: u.voice?.name }),
    cancel: () => {},
  };
  Object.defineProperty(window, "speechSynthesis", { value: synthesis, configurable: true });
  window.SpeechSynthesisUtterance = class {
    constructor(text) {
      this.text = text;
    }
  };
}

const spoken = (page) => page.evaluate(() => window.__spoken);
const live = (page) => page.locator(".sr-only[aria-live]").first().innerText();

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

describe("a voice at the table (issue #24)", () => {
  for (const [lang, { locale, voice, names }] of Object.entries(LANGS)) {
    test(`NS-10 in ${lang}: the swap is spoken in ${lang}, a flag on request, never anything hidden`, async () => {
      const app = await serveCopy();
      const phone = await phoneContext(browser, { locale });
      await phone.addInitScript(stubSpeech, ["en-US", "ru-RU", "he-IL"]);
      try {
        const { page, errors } = await openWithFakeClock(phone, app.url, {
          route: "/nordau",
          ready: ".ns-setup",
          time: T0,
        });
        assert.equal(await page.locator("html").getAttribute("lang"), lang);
        const inputs = page.locator(".ns-setup input[type=text]");
        for (let i = 0; i < 3; i++) await inputs.nth(i).fill(names[i]);
        await page.locator("input[name=ns-mode]").nth(0).check();
        await page.locator(".ns-setup button.primary.big").tap();
        await page.locator(".commit-screen").waitFor();
        await page.locator(".commit-screen button.primary.big").tap();
        await page.locator(".commit-screen .seat-list .seat-name").first().waitFor();
        await page.locator(".commit-screen button.primary.big").tap();
        await page.locator(".half.black-seat").tap();
        await page.locator(".half.white-seat.to-move").waitFor();
        // Nothing is said while the shift runs: its length is hidden (NS-9).
        for (let presses = 1; presses <= 12 && !(await page.locator(".swap-overlay:not([hidden])").count()); presses++) {
          assert.deepEqual(await spoken(page), [], "something was spoken before the swap");
          await page.clock.runFor(2_000);
          const side = (await page.locator(".half.white-seat.to-move").count()) ? "white" : "black";
          await page.locator(`.half.${side}-seat`).tap();
          await page.waitForFunction(
            (other) => document.querySelector(".swap-overlay:not([hidden])") || document.querySelector(`.half.${other}-seat.to-move`),
            side === "white" ? "black" : "white",
          );
        }
        await page.locator(".swap-overlay:not([hidden])").waitFor();
        await page.waitForFunction(() => window.__spoken.length > 0);
        const [swap] = await spoken(page);
        assert.equal(swap.lang, voice, "spoken in the app's language");
        assert.equal(swap.text, await live(page), "the voice says what screen readers are told, no more");
        const said = names.filter((n) => swap.text.includes(n));
        assert.equal(said.length, 2, `the swap names who stands up and who sits down: ${swap.text}`);
        assert.doesNotMatch(swap.text, /[0-9a-f]{16}/, "no seed or commitment is spoken");

        // Results on request: a flag ends the game, and it is said in the same language.
        await page.evaluate(() => localStorage.setItem("nordau-shift.voice", "all"));
        await page.locator("button.seated").first().tap();
        await page.locator(".swap-overlay:not([hidden])").waitFor({ state: "detached" });
        // The bank of the side to move runs out (a later block may be longer than the first).
        for (let s = 0; s < 120 && !(await page.locator(".game-end").count()); s += 5) await page.clock.runFor(5_000);
        await page.locator(".game-end").waitFor();
        await page.waitForFunction(() => window.__spoken.length > 2);
        // Then, asked for too: the low-time warning's first second (NS-6: the last five), and the flag.
        const [, low, flag] = await spoken(page);
        assert.equal(low.lang, voice);
        assert.match(low.text, /^4 \S+$/, "low time is said as a duration");
        assert.equal(flag.lang, voice);
        assert.equal(flag.text, await live(page));
        assert.equal((await spoken(page)).length, 3);
        assert.deepEqual(errors, []);
      } finally {
        await phone.close();
        await app.stop();
      }
    });
  }

  test("on request the end is spoken too; with the voice off, nothing; without a voice for the language, silence", async () => {
    const app = await serveCopy();
    const phone = await phoneContext(browser, { locale: "he-IL" });
    await phone.addInitScript(stubSpeech, ["en-US", "ru-RU", "he-IL"]);
    try {
      const { page, errors } = await openWithFakeClock(phone, app.url, {
        route: "/crazyhouse",
        ready: ".zh-setup",
        time: T0,
      });
      const playToResign = async () => {
        await page.locator(".zh-setup input[type=text]").nth(0).fill("Dana");
        await page.locator(".zh-setup input[type=text]").nth(1).fill("יוסי");
        await page.locator(".zh-setup button.primary.big").tap();
        await page.locator(".half.black-seat.starts").tap();
        await page.locator(".half.white-seat.to-move").waitFor();
        await page.locator(".middle-controls .menu-button").tap();
        await page.locator(".sheet[role=dialog]").waitFor();
      };
      const resign = page.locator(".sheet button").filter({ hasText: "Dana" }).first();
      // By default (swaps only) an end is not spoken.
      await playToResign();
      await resign.tap();
      await resign.tap();
      await page.locator(".zh-end").waitFor();
      await page.clock.runFor(1_000);
      assert.deepEqual(await spoken(page), [], "an end was spoken with the voice on swaps only");
      await page.locator(".zh-end .new-setup").tap();
      await playToResign();
      // The switch sits beside sound: swaps → swaps and results.
      const voiceSwitch = page.locator(".sheet .voice-switch");
      assert.equal(await voiceSwitch.getAttribute("data-voice"), "swaps");
      await voiceSwitch.tap();
      assert.equal(await voiceSwitch.getAttribute("data-voice"), "all");
      // Low time on request: the warning's first second is said as a duration.
      await page.locator(".sheet .sheet-head button").tap();
      await page.locator(".sheet[role=dialog]").waitFor({ state: "detached" });
      await page.clock.runFor(291_000);
      await page.waitForFunction(() => window.__spoken.length > 0);
      assert.deepEqual(await spoken(page), [{ text: "9 שניות", lang: "he-IL", voice: "stub he-IL" }]);
      await page.evaluate(() => (window.__spoken = []));
      await page.locator(".middle-controls .menu-button").tap();
      await page.locator(".sheet[role=dialog]").waitFor();
      await resign.tap();
      await resign.tap();
      await page.locator(".zh-end").waitFor();
      await page.waitForFunction(() => window.__spoken.length > 0);
      const [end] = await spoken(page);
      assert.equal(end.lang, "he-IL");
      assert.equal(end.text, await live(page));
      assert.ok(end.text.includes("יוסי"), end.text);

      // The voice off: a new game's end says nothing.
      await page.evaluate(() => {
        localStorage.setItem("nordau-shift.voice", "off");
        window.__spoken = [];
      });
      await page.locator(".zh-end .new-setup").tap();
      await playToResign();
      await resign.tap();
      await resign.tap();
      await page.locator(".zh-end").waitFor();
      await page.clock.runFor(1_000);
      assert.deepEqual(await spoken(page), []);
      assert.deepEqual(errors, []);
    } finally {
      await phone.close();
      await app.stop();
    }
  });

  test("About says which of the app's languages this phone can speak", async () => {
    const app = await serveCopy();
    const phone = await phoneContext(browser);
    await phone.addInitScript(stubSpeech, ["ru-RU", "iw-IL"]);
    try {
      const page = await phone.newPage();
      await page.goto(`${app.url}#/about`);
      assert.match(await page.locator("[data-testid=voice-languages]").innerText(), /can speak: Русский, עברית\.$/);
      // A phone with no voice at all: the swap is shown and sounded, not spoken.
      const silent = await phone.newPage();
      await silent.addInitScript(() => Object.defineProperty(window, "speechSynthesis", { value: undefined }));
      await silent.goto(`${app.url}#/about`);
      assert.match(await silent.locator("[data-testid=voice-languages]").innerText(), /no voice/);
    } finally {
      await phone.close();
      await app.stop();
    }
  });
});
