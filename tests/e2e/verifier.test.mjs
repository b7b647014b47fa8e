// The verifier page (#/verify) as a player meets it: opened from a link or a QR
// code, or typed in by hand on a phone; it recomputes the commitment and shows
// exactly the draw of tests/vectors/nordau-v1.json, explains every kind of bad
// input without losing it, and works with the server gone.
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
  phoneContext,
  screenshot,
  serveCopy,
  waitForServiceWorkerControl,
} from "./harness.mjs";

const VECTORS = JSON.parse(readFileSync(join(REPO, "tests/vectors/nordau-v1.json"), "utf8")).cases;
const byName = (name) => {
  const found = VECTORS.find((c) => c.name === name);
  assert.ok(found, `vector "${name}" is missing`);
  return found;
};
const WITH_WORDS = byName("doc example with words");
const PLAIN = byName("doc example: counting seed, default setup");
const UNICODE = byName("unicode names");
const HALF = byName("range 2-9 half-moves");
// The two other drawn games the verifier knows (setup codes cs1.… and uc1.…).
const readCases = (file) => JSON.parse(readFileSync(join(REPO, "tests/vectors", file), "utf8")).cases;
const CARDS = readCases("cards-v1.json").find((c) => c.name === "worked example with words");
const UNDO = readCases("undo-v1.json").find((c) => c.name === "worked example with words");

/** `#/verify?…` with the documented keys: c, s, setup, w (entries joined by newlines). */
function verifyFragment({ commitment, seed, setup, words = [] }) {
  const parts = [`c=${encodeURIComponent(commitment)}`];
  if (seed !== undefined) parts.push(`s=${encodeURIComponent(seed)}`);
  parts.push(`setup=${encodeURIComponent(setup)}`);
  if (words.length > 0) parts.push(`w=${encodeURIComponent(words.join("\n"))}`);
  return `#/verify?${parts.join("&")}`;
}

/** Flips the last hex digit of `hex`. */
const flipLast = (hex) => hex.slice(0, -1) + (hex.at(-1) === "0" ? "1" : "0");

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function readSchedule(page) {
  return page.$$eval(".schedule tbody tr", (rows) =>
    rows.map((row) => ({
      number: Number(row.querySelector(".shift-number").textContent),
      length: Number(row.querySelector(".shift-length").textContent),
      coin: row.dataset.coin,
    })),
  );
}

/** The page shows the vector's match banner, seating, lengths and coins. */
async function assertShowsVector(page, vector, matchTitle = "Commitment matches") {
  const banner = page.locator(".banner-ok");
  await banner.waitFor();
  assert.match(await banner.innerText(), new RegExp(matchTitle));
  assert.equal((await page.locator(".banner-ok .hex-display").innerText()).replace(/\s/g, ""), vector.commitment);
  assert.equal(await page.locator(".seat-white dd").innerText(), vector.seating.white);
  assert.equal(await page.locator(".seat-black dd").innerText(), vector.seating.black);
  assert.equal(await page.locator(".seat-observer dd").innerText(), vector.seating.observer);
  const rows = await readSchedule(page);
  assert.ok(rows.length >= 30, `${rows.length} rows`);
  assert.deepEqual(
    rows.slice(0, vector.shift_lengths.length).map((r) => r.length),
    vector.shift_lengths,
  );
  assert.deepEqual(rows.slice(0, vector.coins.length).map((r) => r.coin), vector.coins);
  assert.deepEqual(
    rows.map((r) => r.number),
    rows.map((_, i) => i + 1),
  );
}

async function openVerifier(context, url) {
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(url);
  await page.locator(".verify-form").waitFor();
  return { page, errors };
}

/** Taps each field and types into it, as a person does on a phone. */
async function typeInputs(page, { commitment = "", seed = "", setup = "", words = "" }) {
  for (const [id, value] of [
    ["verify-commitment", commitment],
    ["verify-setup", setup],
    ["verify-seed", seed],
    ["verify-words", words],
  ]) {
    const field = page.locator(`#${id}`);
    await field.tap();
    await field.fill(value);
  }
  await page.locator(".verify-button").tap();
}

async function inputValues(page) {
  return {
    commitment: await page.locator("#verify-commitment").inputValue(),
    setup: await page.locator("#verify-setup").inputValue(),
    seed: await page.locator("#verify-seed").inputValue(),
    words: await page.locator("#verify-words").inputValue(),
  };
}

describe("verifier", () => {
  test("a link with every input verifies at once and shows the vectors' draws", async () => {
    const app = await serveCopy();
    try {
      for (const [orientation, viewport] of [["portrait", PORTRAIT], ["landscape", LANDSCAPE]]) {
        const context = await phoneContext(browser, { viewport });
        for (const vector of [WITH_WORDS, PLAIN, UNICODE, HALF]) {
          const { page, errors } = await openVerifier(context, app.url + verifyFragment(vector));
          await assertShowsVector(page, vector);
          // Half-move games say so in the column head.
          const unitHead = await page.locator(".schedule thead th").nth(1).innerText();
          assert.match(unitHead, vector.setup.startsWith("ns1.h.") ? /half/i : /^moves$/i);
          // A QR code links to the same verification, for the other players' phones.
          const qr = page.locator(".share-code svg.qr-code");
          assert.equal(await qr.count(), 1);
          assert.equal(await qr.getAttribute("role"), "img");
          assert.match(await qr.getAttribute("aria-label"), /QR code/);
          assert.ok((await qr.locator("path").getAttribute("d")).length > 200);
          if (vector === WITH_WORDS) {
            // The words the draw used are shown normalised.
            assert.deepEqual(await page.locator(".words-used li").allInnerTexts(), ["blue whale", "7 оранжевых Ёжиков"]);
            // It claims no more than it checked: words are not committed.
            assert.match(await page.locator(".match-words").innerText(), /^Not checked: the players' words are not part of the commitment/);
          } else if (vector.words.length === 0) {
            assert.match(await page.locator(".match-words").innerText(), /^No words were entered/);
            await screenshot(page, `verifier-result-en-${orientation}`);
            await page.getByRole("button", { name: "Русский" }).tap();
            await page.getByText("Обязательство совпадает").waitFor();
            await assertShowsVector(page, vector, "Обязательство совпадает");
            await page.locator(".banner-ok").scrollIntoViewIfNeeded();
            await page.evaluate(() => document.querySelector(".verify-result").scrollIntoView());
            await screenshot(page, `verifier-result-ru-${orientation}`);
            await page.evaluate(() => document.querySelector(".schedule").scrollIntoView());
            await screenshot(page, `verifier-schedule-ru-${orientation}`);
            await page.getByRole("button", { name: "English" }).tap();
            await page.evaluate(() => document.querySelector(".share-code").scrollIntoView());
            await screenshot(page, `verifier-qr-en-${orientation}`);
          }
          assert.deepEqual(errors, []);
          await page.close();
        }
        await context.close();
      }
    } finally {
      await app.stop();
    }
  });

  test("typed in by hand from the home screen: the same draw", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(app.url);
      await page.getByRole("link", { name: /Verify a draw/ }).tap();
      await page.locator(".verify-form").waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, "verifier-empty-en-portrait");
      // Pasted the way people paste: capitals, groups, line breaks.
      const spaced = WITH_WORDS.commitment.toUpperCase().replace(/(.{4})/g, "$1 ").replace(/(.{20})/g, "$1\n");
      await typeInputs(page, {
        commitment: spaced,
        seed: ` ${WITH_WORDS.seed.slice(0, 32)}\n${WITH_WORDS.seed.slice(32)} `,
        setup: WITH_WORDS.setup,
        words: WITH_WORDS.words.join("\n"),
      });
      await assertShowsVector(page, WITH_WORDS);
      // The inputs stay as typed.
      assert.equal((await inputValues(page)).commitment, spaced);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("bad hex, wrong length, a flipped digit and a malformed setup are named; input is kept", async () => {
    const app = await serveCopy();
    try {
      for (const [orientation, viewport] of [["portrait", PORTRAIT], ["landscape", LANDSCAPE]]) {
        const context = await phoneContext(browser, { viewport });
        const { page, errors } = await openVerifier(context, `${app.url}#/verify`);
        const v = PLAIN;
        const cases = [
          {
            name: "bad hex",
            inputs: { commitment: v.commitment, seed: `${v.seed.slice(0, 12)}x${v.seed.slice(13)}`, setup: v.setup },
            field: "seed",
            en: "Seed: character 13 (“x”) is not a hex digit; only 0–9 and a–f are allowed.",
            ru: "Зерно: символ № 13 («x») — не шестнадцатеричная цифра; допустимы только 0–9 и a–f.",
          },
          {
            name: "wrong length",
            inputs: { commitment: v.commitment.slice(0, 63), seed: v.seed, setup: v.setup },
            field: "commitment",
            en: "Commitment: found 63 hex digits, need 64.",
            ru: "Обязательство: шестнадцатеричных цифр: 63, а нужно 64.",
          },
          {
            name: "malformed setup",
            inputs: { commitment: v.commitment, seed: v.seed, setup: "ns1.f.3-6.15000.500.2-1-0.Anna_Boris_Chen" },
            field: "setup",
            en: "Setup code: the points (6th) part is malformed.",
            ru: "Код настроек: неверная часть: очки (6-я).",
          },
          {
            name: "names missing from setup",
            inputs: { commitment: v.commitment, seed: v.seed, setup: "ns1.f.3-6.15000.500.2-1-0-1" },
            field: "setup",
            en: "Setup code: needs 7 parts separated by dots, found 6.",
            ru: "Код настроек: нужно 7 частей через точку, найдено частей: 6.",
          },
        ];
        for (const c of cases) {
          await typeInputs(page, c.inputs);
          const problem = page.locator(`.banner-bad .problem[data-field=${c.field}]`);
          await problem.waitFor();
          assert.equal(await problem.innerText(), c.en, c.name);
          assert.equal(await page.locator(".banner-ok, .schedule").count(), 0, c.name);
          assert.equal(await page.locator(`#verify-${c.field === "commitment" ? "commitment" : c.field}`).getAttribute("aria-invalid"), "true");
          assert.deepEqual(await inputValues(page), { ...c.inputs, words: "" }, `${c.name}: input kept`);
          if (c.name === "bad hex") await screenshot(page, `verifier-error-en-${orientation}`);
          await page.getByRole("button", { name: "Русский" }).tap();
          assert.equal(await problem.innerText(), c.ru, `${c.name} (ru)`);
          assert.deepEqual(await inputValues(page), { ...c.inputs, words: "" }, `${c.name}: input kept in Russian`);
          if (c.name === "bad hex") {
            await page.evaluate(() => document.getElementById("verify-result").scrollIntoView(false));
            await screenshot(page, `verifier-error-ru-${orientation}`);
          }
          await page.getByRole("button", { name: "English" }).tap();
        }

        // A flipped seed digit: shown vs computed, the differing groups marked.
        const flipped = flipLast(v.seed);
        await typeInputs(page, { commitment: v.commitment, seed: flipped, setup: v.setup });
        const mismatch = page.locator(".banner-bad");
        await mismatch.waitFor();
        assert.match(await mismatch.innerText(), /Commitment does NOT match/);
        const shown = (await page.locator(".hex-shown").innerText()).replace(/\s/g, "");
        const computed = (await page.locator(".hex-computed").innerText()).replace(/\s/g, "");
        assert.equal(shown, v.commitment);
        assert.match(computed, /^[0-9a-f]{64}$/);
        assert.notEqual(computed, shown);
        assert.ok((await page.locator(".hex-shown .differs").count()) > 0);
        assert.equal((await inputValues(page)).seed, flipped);
        // The seed field is among the marked ones; so are the two others
        // that make the commitment, since any of them may be the wrong one.
        for (const id of ["verify-commitment", "verify-seed", "verify-setup"]) {
          assert.equal(await page.locator(`#${id}`).getAttribute("aria-invalid"), "true", id);
        }
        assert.notEqual(await page.locator("#verify-words").getAttribute("aria-invalid"), "true");
        await screenshot(page, `verifier-mismatch-en-${orientation}`);
        await page.getByRole("button", { name: "Русский" }).tap();
        await page.getByText("Обязательство НЕ совпадает").waitFor();
        await page.evaluate(() => document.getElementById("verify-result").scrollIntoView(false));
        await screenshot(page, `verifier-mismatch-ru-${orientation}`);
        await page.getByRole("button", { name: "English" }).tap();

        // A setup code that parses but is not the committed one (other points):
        // a mismatch that marks the setup field, not only the seed.
        const parts = v.setup.split(".");
        parts[5] = "9-9-9-9";
        await typeInputs(page, { commitment: v.commitment, seed: v.seed, setup: parts.join(".") });
        await page.locator(".banner-bad").waitFor();
        assert.equal(await page.locator("#verify-setup").getAttribute("aria-invalid"), "true");

        // Too many words.
        await typeInputs(page, {
          commitment: v.commitment,
          seed: v.seed,
          setup: v.setup,
          words: Array.from({ length: 17 }, (_, i) => `w${i}`).join("\n"),
        });
        assert.equal(
          await page.locator(".problem[data-field=words]").innerText(),
          "Players’ words: 17 entries; at most 16 are allowed.",
        );
        assert.deepEqual(errors, []);
        await context.close();
      }
    } finally {
      await app.stop();
    }
  });

  test("card duel and Undo Chess: their vectors verify in both languages", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openVerifier(context, app.url + verifyFragment(CARDS));
      await page.locator(".banner-ok").waitFor();
      assert.equal((await page.locator(".banner-ok .hex-display").innerText()).replace(/\s/g, ""), CARDS.commitment);
      const stacks = await page.locator(".cs-stacks li").allInnerTexts();
      assert.equal(stacks.length, 40);
      assert.deepEqual(stacks.slice(0, CARDS.stacks.length), CARDS.stacks);
      assert.deepEqual(await page.locator(".words-used li").allInnerTexts(), ["blue whale", "7 оранжевых Ёжиков"]);
      // Witness mode holds for every drawn game: this phone never saw this
      // commitment before its reveal, and says so.
      await page.locator(".witness-check.witness-unknown").waitFor();
      await page.getByRole("button", { name: "Русский" }).tap();
      await page.getByText("Обязательство совпадает").waitFor();
      assert.deepEqual((await page.locator(".cs-stacks li").allInnerTexts()).slice(0, CARDS.stacks.length), CARDS.stacks);
      await page.getByRole("button", { name: "English" }).tap();

      await page.goto(app.url + verifyFragment(UNDO));
      await page.locator("[data-testid=uc-number]").waitFor();
      assert.equal((await page.locator(".banner-ok .hex-display").innerText()).replace(/\s/g, ""), UNDO.commitment);
      assert.equal(await page.locator("[data-testid=uc-number]").textContent(), `Position ${UNDO.start}`);
      assert.equal(await page.locator("[data-testid=uc-back-rank]").textContent(), UNDO.back_rank);
      assert.equal(await page.locator(".uc-verified-fen").textContent(), UNDO.fen);
      await page.getByRole("button", { name: "Русский" }).tap();
      await page.getByText(`Позиция ${UNDO.start}`).waitFor();
      await page.getByRole("button", { name: "English" }).tap();

      // Before the reveal: the players and the witness offer (witness mode for
      // every setup code); after it, this phone's own record is matched.
      await page.goto(app.url + verifyFragment({ commitment: UNDO.commitment, setup: UNDO.setup }));
      await page.locator(".banner-pending").waitFor();
      assert.deepEqual(await page.locator(".name-chips li").allInnerTexts(), ["Anna", "Boris"]);
      await page.locator("[data-action=witness]").tap();
      await page.locator(".witness-note").waitFor();
      assert.match(await page.locator(".witness-list").innerText(), /Anna, Boris/);
      await page.goto(app.url + verifyFragment(UNDO));
      await page.locator(".witness-check.witness-match").waitFor();
      // A chosen start (uc1.518.…) committed nothing: it is not a pending commitment.
      await page.goto(app.url + verifyFragment({ commitment: UNDO.commitment, setup: UNDO.setup.replace(/^uc1\.r\./, "uc1.518.") }));
      assert.equal(
        await page.locator(".banner-bad .problem[data-field=setup]").innerText(),
        "Setup code: this game starts from the chosen position 518; nothing was drawn.",
      );
      assert.equal(await page.locator("[data-action=witness]").count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("a malformed card-duel or Undo Chess setup code is named in the screen's language", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openVerifier(context, `${app.url}#/verify`);
      const long = "x".repeat(300);
      const cases = [
        {
          name: "card duel: names missing",
          inputs: { commitment: CARDS.commitment, seed: CARDS.seed, setup: "cs1.300000-300000-3000.Anna" },
          en: "Setup code: the names (3rd) part is malformed.",
          ru: "Код настроек: неверная часть: имена (3-я).",
        },
        {
          name: "card duel: a clock of two times",
          inputs: { commitment: CARDS.commitment, setup: "cs1.300000-300000.Anna_Boris" },
          en: "Setup code: the clock (2nd) part is malformed.",
          ru: "Код настроек: неверная часть: часы (2-я).",
        },
        {
          name: "card duel: too few parts",
          inputs: { commitment: CARDS.commitment, seed: CARDS.seed, setup: "cs1.none" },
          en: "Setup code: needs 3 parts separated by dots, found 2.",
          ru: "Код настроек: нужно 3 части через точку, найдено частей: 2.",
        },
        {
          name: "card duel: a time out of its limits",
          inputs: { commitment: CARDS.commitment, seed: CARDS.seed, setup: "cs1.100-300000-3000.Anna_Boris" },
          en: "Setup code: times must be 1 s to 10 h, the increment at most 10 min.",
          ru: "Код настроек: время — от 1 с до 10 ч, добавление — не больше 10 мин.",
        },
        {
          name: "card duel: a long word, by its line in the field",
          inputs: { commitment: CARDS.commitment, seed: CARDS.seed, setup: CARDS.setup, words: `a\n\n${long}` },
          field: "words",
          en: "Players’ words: line 3 is 300 bytes long; at most 256 are allowed.",
          ru: "Слова игроков: в строке 3 байт: 300, а можно не больше 256.",
        },
        {
          name: "Undo Chess: names missing",
          inputs: { commitment: UNDO.commitment, seed: UNDO.seed, setup: "uc1.r.2-2.300000-300000.0-0-f3000" },
          en: "Setup code: needs 6 parts separated by dots, found 5.",
          ru: "Код настроек: нужно 6 частей через точку, найдено частей: 5.",
        },
        {
          name: "Undo Chess: too many tokens",
          inputs: { commitment: UNDO.commitment, seed: UNDO.seed, setup: "uc1.r.5-2.300000-300000.0-0-f3000.Anna_Boris" },
          en: "Setup code: each player starts with 0 to 3 tokens (UC-2).",
          ru: "Код настроек: у каждого игрока в начале от 0 до 3 жетонов (UC-2).",
        },
        {
          name: "Undo Chess: no such position",
          inputs: { commitment: UNDO.commitment, setup: "uc1.960.2-2.300000-300000.0-0-f3000.Anna_Boris" },
          en: "Setup code: there is no start position 960: Chess960 positions are numbered 0 to 959.",
          ru: "Код настроек: начальной позиции 960 нет: позиции Шахмат-960 пронумерованы от 0 до 959.",
        },
        {
          name: "Undo Chess: a chosen start, nothing drawn",
          inputs: { commitment: UNDO.commitment, seed: UNDO.seed, setup: "uc1.518.2-2.300000-300000.0-0-f3000.Anna_Boris" },
          en: "Setup code: this game starts from the chosen position 518; nothing was drawn.",
          ru: "Код настроек: партия начинается с выбранной позиции 518; жребия не было.",
        },
        {
          name: "Undo Chess: a long word, by its line in the field",
          inputs: { commitment: UNDO.commitment, seed: UNDO.seed, setup: UNDO.setup, words: `\n${long}` },
          field: "words",
          en: "Players’ words: line 2 is 300 bytes long; at most 256 are allowed.",
          ru: "Слова игроков: в строке 2 байт: 300, а можно не больше 256.",
        },
      ];
      for (const c of cases) {
        const field = c.field ?? "setup";
        await typeInputs(page, c.inputs);
        const problem = page.locator(`.banner-bad .problem[data-field=${field}]`);
        await problem.waitFor();
        assert.deepEqual(await page.locator(".banner-bad .problem").allInnerTexts(), [c.en], c.name);
        assert.equal(await page.locator(`#verify-${field}`).getAttribute("aria-invalid"), "true", c.name);
        await page.getByRole("button", { name: "Русский" }).tap();
        await page.getByText("Пока нельзя проверить").waitFor();
        const ru = await page.locator(".banner-bad").innerText();
        assert.deepEqual(await page.locator(".banner-bad .problem").allInnerTexts(), [c.ru], `${c.name} (ru)`);
        // Nothing of the English catalogue on the Russian screen (rule
        // numbers such as UC-2 are the same in both).
        assert.doesNotMatch(ru, /[A-Za-z]{3,}/, `${c.name} (ru): ${ru}`);
        assert.deepEqual(await inputValues(page), { commitment: "", seed: "", words: "", ...c.inputs }, `${c.name}: input kept`);
        await page.getByRole("button", { name: "English" }).tap();
      }
      await page.getByRole("button", { name: "Русский" }).tap();
      await page.evaluate(() => document.getElementById("verify-result").scrollIntoView(false));
      await screenshot(page, "verifier-uc-error-ru-portrait");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("a game's PGN or its verifier link pasted into any field fills all four, words included; a damaged Words tag fills nothing (issue #21)", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openVerifier(context, app.url + "#/verify");
      const normalised = ["blue whale", "7 оранжевых Ёжиков"];
      // As the game's end screen exports it: Nordau Shift writes its setup code as `Setup`.
      const tag = (name, value) => `[${name} "${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"]`;
      const pgn = [
        tag("Event", "Nordau Shift"),
        tag("White", WITH_WORDS.seating.white),
        tag("Commitment", WITH_WORDS.commitment),
        tag("Seed", WITH_WORDS.seed),
        tag("Setup", WITH_WORDS.setup),
        tag("Words", JSON.stringify(normalised)),
        "",
        "1. e4 e5 2. Nf3 Nc6 *",
      ].join("\n");
      await page.locator("#verify-setup").fill(pgn);
      await assertShowsVector(page, WITH_WORDS);
      assert.deepEqual(await inputValues(page), {
        commitment: WITH_WORDS.commitment,
        setup: WITH_WORDS.setup,
        seed: WITH_WORDS.seed,
        words: normalised.join("\n"),
      });
      // A link pasted into the words field: Undo Chess's worked example, its position.
      await page.locator("#verify-words").fill(app.url + verifyFragment(UNDO));
      await page.locator("[data-testid=uc-number]").waitFor();
      assert.equal(await page.locator("[data-testid=uc-number]").textContent(), `Position ${UNDO.start}`);
      // A Words tag that is no JSON list: refused with the reason, nothing replaced.
      const before = await inputValues(page);
      const damaged = pgn.replace(tag("Words", JSON.stringify(normalised)), '[Words "blue whale"]');
      await page.locator("#verify-commitment").fill(damaged);
      const alert = await page.locator(".verify-result").innerText();
      assert.match(alert, /Words tag cannot be read/);
      const after = await inputValues(page);
      assert.equal(after.words, before.words);
      assert.equal(after.seed, before.seed);
      await screenshot(page, "verifier-record-words-refused-en-portrait");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("before the reveal: commitment and setup only, kept with a QR code", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openVerifier(
        context,
        app.url + verifyFragment({ commitment: UNICODE.commitment, setup: UNICODE.setup }),
      );
      const banner = page.locator(".banner-pending");
      await banner.waitFor();
      assert.match(await banner.innerText(), /Seed not revealed yet/);
      assert.match(await banner.innerText(), /revealed after the game/);
      assert.equal((await page.locator(".verify-result .hex-display").innerText()).replace(/\s/g, ""), UNICODE.commitment);
      assert.deepEqual(await page.locator(".name-chips li").allInnerTexts(), ["Маша", "Δημήτρης", "李 雷"]);
      const qr = page.locator(".share-code svg.qr-code");
      assert.equal(await qr.count(), 1);
      assert.equal(await page.locator(".schedule").count(), 0);
      await page.evaluate(() => document.querySelector(".verify-result").scrollIntoView());
      await screenshot(page, "verifier-pending-en-portrait");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("works with the server stopped", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser, { locale: "ru-RU" });
    try {
      const { page, errors } = await openVerifier(context, `${app.url}#/verify`);
      await waitForServiceWorkerControl(page);
      await app.stop();

      // A fresh tab on a verifier link, network gone.
      const second = await context.newPage();
      await second.goto(app.url + verifyFragment(WITH_WORDS));
      await assertShowsVector(second, WITH_WORDS, "Обязательство совпадает");
      // And by hand in the first tab.
      await page.reload();
      await typeInputs(page, { commitment: HALF.commitment, seed: HALF.seed, setup: HALF.setup, words: HALF.words.join("\n") });
      await assertShowsVector(page, HALF, "Обязательство совпадает");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("stays inside a 320 px screen at 200% text", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser, { viewport: { width: 320, height: 640 } });
    try {
      const { page } = await openVerifier(context, app.url + verifyFragment(UNICODE));
      await page.locator(".banner-ok").waitFor();
      await page.evaluate(() => {
        document.documentElement.classList.add("e2e-text-200");
      });
      await page.addStyleTag({ content: "html.e2e-text-200 { font-size: 200% !important; }" }).catch(() => {});
      // style-src 'self' may refuse the tag: fall back to zooming text through CSSOM.
      await page.evaluate(() => {
        if (getComputedStyle(document.documentElement).fontSize !== "32px") {
          document.documentElement.style.setProperty("font-size", "200%");
        }
      });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`);
      await page.evaluate(() => document.querySelector(".verify-result").scrollIntoView());
      await screenshot(page, "verifier-result-en-320px-200pct");
      await page.evaluate(() => document.querySelector(".schedule").scrollIntoView());
      await screenshot(page, "verifier-schedule-en-320px-200pct");
    } finally {
      await context.close();
      await app.stop();
    }
  });
});
