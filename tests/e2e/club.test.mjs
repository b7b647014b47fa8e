// A club evening as seven people on the boulevard use it (issue #23, RULES
// CE-1…CE-5): Nordau Shift, Swedish chess and a Crazyhouse duel in turn from
// the Tonight screen. The proposals follow CE-2/CE-3, checked against the
// counts the evening stores; an override is recorded; the table adds up; a
// reload and a killed page lose nothing; a finished game's code, and the
// evening's sequence of codes, opened in a second browser with the server
// stopped, show the same records. Every new screen passes the layout check
// in both orientations and every language (Hebrew right to left).
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { after, before, describe, test } from "node:test";
import zlib from "node:zlib";
import {
  FILLABLE_STORAGE,
  LANDSCAPE,
  PORTRAIT,
  launchBrowser,
  openWithFakeClock,
  phoneContext,
  screenshot,
  serveCopy,
  switchLanguage,
  waitForServiceWorkerControl,
} from "./harness.mjs";
import { layoutFaults } from "./layout-check.mjs";

// An independent QR decoder (jsQR, npm): what a camera would read off the code.
const jsQR = createRequire(import.meta.url)("jsqr");

const T0 = Date.UTC(2026, 11, 3, 18, 0, 0);
const PEOPLE = ["Dana", "Yossi", "Noa", "Avi", "Maya", "Eli", "Tal"];

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// ---- helpers ------------------------------------------------------------------

/** The evening as stored on the phone (docs/club.md "Stored format"). */
async function stored(page) {
  return JSON.parse(await page.evaluate(() => localStorage.getItem("club.tonight")));
}

/** Games each person finished tonight, from the stored record. */
function playedCounts(evening) {
  const counts = evening.people.map(() => 0);
  for (const game of evening.games) if (game.result) for (const id of game.players) counts[id] += 1;
  return counts;
}

/** The names in the proposal's seats, in seat order. */
function seatNames(page) {
  return page
    .locator("[data-testid=proposal] select.seat-select")
    .evaluateAll((selects) => selects.map((s) => s.options[s.selectedIndex].textContent.trim()));
}

/**
 * CE-2 against the stored counts: nobody proposed has played more games than
 * a free person left out, and among equal counts nobody proposed waited less
 * (a later `waiting_since`) than one left out.
 */
function assertCe2(evening, proposed) {
  const counts = playedCounts(evening);
  const id = (name) => evening.people.findIndex((p) => p.name === name);
  const ins = proposed.map(id);
  const outs = evening.people.map((_, i) => i).filter((i) => evening.people[i].present && !ins.includes(i));
  for (const a of ins)
    for (const b of outs) {
      assert.ok(counts[a] <= counts[b], `${evening.people[a].name} played more than ${evening.people[b].name}`);
      if (counts[a] === counts[b])
        assert.ok(
          evening.people[a].waiting_since <= evening.people[b].waiting_since,
          `${evening.people[a].name} waited less than ${evening.people[b].name}`,
        );
    }
}

/**
 * Reads the QR code inside `box` as a camera would: its dark modules drawn
 * at 4 px each with the quiet zone, decoded by jsQR. Returns the text.
 */
async function scan(box) {
  const { d, modules } = await box.locator("svg.qr-code").evaluate((svg) => ({
    d: svg.querySelector("path").getAttribute("d"),
    modules: Number(svg.dataset.modules),
  }));
  const scale = 4;
  const quiet = 4;
  const size = (modules + 2 * quiet) * scale;
  const pixels = new Uint8ClampedArray(size * size * 4).fill(255);
  for (const [, x0, y0, run] of d.matchAll(/M(\d+) (\d+)h(\d+)/g)) {
    for (let x = Number(x0); x < Number(x0) + Number(run); x++)
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const at = (((Number(y0) + quiet) * scale + dy) * size + (x + quiet) * scale + dx) * 4;
          pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
        }
  }
  const code = jsQR(pixels, size, size);
  assert.ok(code, "the QR code does not decode");
  return code.data;
}

async function chooseGame(page, id) {
  await page.locator(`.game-choice button[data-game=${id}]`).tap();
  await page.locator(`[data-testid=proposal][data-game=${id}]`).waitFor();
}

async function startProposed(page) {
  await page.locator("[data-testid=proposal] button.start-game").tap();
}

async function assertLayout(page, where) {
  const faults = await page.evaluate(layoutFaults);
  assert.deepEqual(faults, [], `${where}: ${faults.join("; ")}`);
}

/** Screenshots and the layout check of the screen on show, both orientations, every language. */
async function lookAt(page, name) {
  for (const lang of ["en", "ru", "he"]) {
    await switchLanguage(page, lang);
    for (const [orientation, viewport] of [["portrait", PORTRAIT], ["landscape", LANDSCAPE]]) {
      await page.setViewportSize(viewport);
      await assertLayout(page, `${name} ${lang} ${orientation}`);
      await screenshot(page, `${name}-${lang}-${orientation}`);
    }
  }
  await switchLanguage(page, "en");
  await page.setViewportSize(PORTRAIT);
}

// ---- the evening ----------------------------------------------------------------

describe("a club evening (issue #23)", () => {
  test("CE-1…CE-5: seven people, three games in turn, the table, a reload, a killed page and records opened offline on another phone", async () => {
    const app = await serveCopy();
    const phone = await phoneContext(browser);
    try {
      const { page, errors } = await openWithFakeClock(phone, app.url, {
        route: "/tonight",
        ready: "[data-testid=tonight]",
        time: T0,
      });
      await waitForServiceWorkerControl(page);

      // CE-1: everyone arrives; a name already here is refused with the reason.
      const name = page.locator(".add-person input");
      for (const person of PEOPLE) {
        await name.fill(person);
        await page.locator(".add-person button[type=submit]").tap();
        await page.locator(`.person[data-name="${person}"]`).waitFor();
      }
      await name.fill("dana");
      await page.locator(".add-person button[type=submit]").tap();
      assert.match(await page.locator(".people .form-error").innerText(), /already here tonight/);
      await name.fill("");
      await lookAt(page, "club-people");

      // Game 1, Nordau Shift: nobody has played, so the draw among equals picks three and says so.
      await chooseGame(page, "nordau");
      const nordauSeats = await seatNames(page);
      assert.equal(new Set(nordauSeats).size, 3);
      assert.match(await page.locator("[data-testid=tie-drawn]").innerText(), /Drawn at random among equals: Dana, Yossi, Noa, Avi, Maya, Eli, Tal/);
      // Choosing again proposes the same three: a tie is not re-rolled by tapping.
      await page.locator(".game-choice button[data-game=crazyhouse]").tap();
      await chooseGame(page, "nordau");
      assert.deepEqual(await seatNames(page), nordauSeats);
      assertCe2(await stored(page), nordauSeats);
      await screenshot(page, "club-proposal-en-portrait");
      await startProposed(page);
      await page.locator(".ns-setup").waitFor();
      // Its setup opens with the three names filled in.
      const nsInputs = await page.locator(".ns-setup input[type=text]").evaluateAll((els) => els.map((e) => e.value));
      assert.deepEqual(nsInputs.slice(0, 3), nordauSeats);
      await page.locator(".ns-setup button.primary.big").tap();
      await page.locator(".commit-screen").waitFor();
      await page.locator(".commit-screen button.primary.big").tap();
      await page.locator(".commit-screen .seat-list .seat-name").first().waitFor();
      await page.locator(".commit-screen button.primary.big").tap();
      await page.locator(".half.black-seat").tap();
      await page.locator(".half.white-seat.to-move").waitFor();
      // A reload in the middle of the game loses nothing of the evening.
      await page.reload();
      await page.locator(".game-play").waitFor();
      await page.clock.runFor(16_000);
      await page.locator(".game-end").waitFor();
      const nsPoints = await page
        .locator(".game-end .score-table:not(.session) tbody tr")
        .evaluateAll((rows) => Object.fromEntries(rows.map((r) => [r.querySelector("th").textContent, Number(r.querySelector(".num").textContent)])));
      await page.locator("[data-testid=take-home-nordau] .take-home-code").waitFor();
      await screenshot(page, "club-nordau-end-en-portrait");

      // Back to Tonight: the game entered the table, with its seat points.
      await page.goto(`${app.url}#/tonight`);
      await page.locator("[data-testid=tonight]").waitFor();
      const nsRows = await page.locator(".standings-game[data-game=nordau] tbody tr").evaluateAll((rows) =>
        Object.fromEntries(rows.map((r) => [r.dataset.name, Number(r.querySelector("[data-col=points]").textContent)])),
      );
      assert.deepEqual(nsRows, nsPoints);

      // Game 2, Swedish chess: exactly the four who have not played (CE-2), no draw needed for who.
      await chooseGame(page, "bughouse");
      const bhSeats = await seatNames(page);
      assert.deepEqual([...bhSeats].sort(), PEOPLE.filter((p) => !nordauSeats.includes(p)).sort());
      assert.equal(await page.locator("[data-testid=tie-drawn]").count(), 0);
      assertCe2(await stored(page), bhSeats);
      // CE-3: partners are named, board A White with board B Black.
      assert.deepEqual(await page.locator(".partners").allInnerTexts(), [
        `Partners: ${bhSeats[0]} and ${bhSeats[3]}`,
        `Partners: ${bhSeats[1]} and ${bhSeats[2]}`,
      ]);
      await lookAt(page, "club-proposal");
      await startProposed(page);
      await page.locator(".bh-setup").waitFor();
      const bhInputs = await page.locator(".bh-setup input[type=text]").evaluateAll((els) => els.map((e) => e.value));
      assert.deepEqual([...bhInputs].sort(), [...bhSeats].sort());
      await page.locator(".bh-setup button.primary.big").tap();
      await page.locator(".bh-play").waitFor();
      // A killed page (closed with no goodbye) loses nothing either.
      await page.close();
      const reopened = await openWithFakeClock(phone, app.url, { route: "/tonight", ready: "[data-testid=tonight]", time: T0 + 60_000 });
      const page2 = reopened.page;
      assert.match(await page2.locator("[data-testid=playing-now]").innerText(), new RegExp(bhSeats.join(", ")));
      await lookAt(page2, "club-playing");
      await page2.locator("[data-testid=playing-now] a.button").tap();
      await page2.locator(".bh-play").waitFor();
      await page2.locator(".bh-quad[data-seat=Ab] .half").tap();
      await page2.locator(".bh-quad[data-seat=Bw] .half.to-move").waitFor();
      await page2.locator(".bh-middle .menu-button").tap();
      const resign = page2.locator(".sheet button", { hasText: `${bhSeats[0]} (White A) resigns` });
      await resign.tap();
      await resign.tap();
      await page2.locator(".bh-end").waitFor();

      // Game 3, a duel: everyone has one game; the Nordau three have waited longest (CE-2).
      await page2.goto(`${app.url}#/tonight`);
      await chooseGame(page2, "crazyhouse");
      const duelSeats = await seatNames(page2);
      for (const p of duelSeats) assert.ok(nordauSeats.includes(p), `${p} was proposed though the Nordau three waited longer`);
      assertCe2(await stored(page2), duelSeats);
      const nordauThree = PEOPLE.filter((p) => nordauSeats.includes(p)).join(", ");
      assert.equal(await page2.locator("[data-testid=tie-drawn]").innerText(), `Drawn at random among equals: ${nordauThree}`);
      // The table changes Black's seat to a Swedish-chess player: the change is said and recorded.
      const swapIn = bhSeats[1];
      await page2.locator("[data-testid=proposal] select.seat-select").nth(1).selectOption({ label: swapIn });
      assert.match(await page2.locator("[data-testid=overridden]").innerText(), new RegExp(`the app proposed ${duelSeats.join(", ")}`));
      await startProposed(page2);
      await page2.locator(".zh-setup").waitFor();
      const zhInputs = await page2.locator(".zh-setup input[type=text]").evaluateAll((els) => els.map((e) => e.value));
      assert.deepEqual(zhInputs, [duelSeats[0], swapIn]);
      await page2.locator("input[name=zh-mode]").nth(1).check();
      await page2.locator(".zh-setup button.primary.big").tap();
      await page2.locator(".half.black-seat.starts").tap();
      for (const [from, to, next] of [["e2", "e4", "black"], ["e7", "e5", "white"], ["g1", "f3", "black"]]) {
        await page2.locator(`[data-square=${from}]`).tap();
        await page2.locator(`[data-square=${to}].target`).tap();
        await page2.locator(`.half.${next}-seat.to-move`).waitFor();
      }
      await page2.locator(".middle-controls .menu-button").tap();
      await page2.locator(".sheet button", { hasText: `${swapIn} (Black) resigns` }).tap();
      await page2.locator(".sheet button", { hasText: `${swapIn} (Black) resigns — Confirm` }).tap();
      await page2.locator(".zh-end").waitFor();
      const duelCode = page2.locator("[data-testid=take-home-crazyhouse] .take-home-code");
      await duelCode.waitFor();
      const duelLink = await duelCode.getAttribute("data-link");
      assert.equal(await duelCode.getAttribute("data-count"), "1");
      assert.ok(duelLink.startsWith(`${app.url}#/open/s1.crazyhouse.`), duelLink);
      // The browser deflated it and the app's inflate read that back (it
      // checks before it shows a code): not the stored blocks it falls back to.
      const deflated = Buffer.from(duelLink.split(".").pop(), "base64url");
      assert.notEqual((deflated[0] >> 1) & 3, 0, "the record went out in stored blocks");
      assert.equal(zlib.inflateRawSync(deflated).toString().split("\n")[0].startsWith("["), true);
      assert.equal(await scan(duelCode), duelLink, "the code is not the link");
      await screenshot(page2, "club-duel-end-en-portrait");

      // CE-4: the table adds up.
      await page2.goto(`${app.url}#/tonight`);
      await page2.locator(".standings-game[data-game=crazyhouse]").waitFor();
      const lines = await page2.locator(".standings-game tbody tr").evaluateAll((rows) =>
        rows.map((r) => ({
          game: r.closest(".standings-game").dataset.game,
          name: r.dataset.name,
          ...Object.fromEntries([...r.querySelectorAll("td")].map((td) => [td.dataset.col, Number(td.textContent)])),
        })),
      );
      const total = (game, col) => lines.filter((l) => l.game === game).reduce((sum, l) => sum + l[col], 0);
      assert.equal(total("nordau", "played"), 3);
      assert.equal(total("nordau", "points"), 3, "NS-8: 2 + 1 + 0");
      assert.deepEqual([total("bughouse", "won"), total("bughouse", "lost")], [2, 2]);
      assert.deepEqual([total("crazyhouse", "won"), total("crazyhouse", "lost")], [1, 1]);
      assert.equal(lines.find((l) => l.game === "crazyhouse" && l.name === duelSeats[0]).won, 1);
      // A duel's or Swedish chess's game is won, drawn or lost; Nordau's Observer did none of these.
      for (const line of lines)
        if (line.game === "nordau") assert.ok(line.played >= line.won + line.drawn + line.lost);
        else assert.equal(line.played, line.won + line.drawn + line.lost);
      const evening = await stored(page2);
      assert.deepEqual(playedCounts(evening).reduce((a, b) => a + b, 0), 9);
      assert.deepEqual(
        evening.games.map((g) => [g.game, g.players.length, g.players.join() !== g.proposed.join()]),
        [["nordau", 3, false], ["bughouse", 4, false], ["crazyhouse", 2, true]],
      );
      assert.equal(await page2.locator(".game-tonight[data-changed=true]").count(), 1);
      await page2.locator("[data-testid=take-home-tonight] .take-home-code").waitFor();
      await lookAt(page2, "club-tonight");
      const eveningLinks = [];
      const code = page2.locator("[data-testid=take-home-tonight] .take-home-code");
      const count = Number(await code.getAttribute("data-count"));
      for (let i = 0; i < count; i++) {
        eveningLinks.push(await code.getAttribute("data-link"));
        assert.equal(await scan(code), eveningLinks[i], `code ${i + 1} is not its link`);
        assert.ok(eveningLinks[i].length <= 720, `code ${i + 1} is ${eveningLinks[i].length} characters`);
        if (i + 1 < count) {
          await page2.locator("[data-testid=take-home-tonight] .take-home-next").tap();
          await page2.waitForFunction((prev) => document.querySelector("[data-testid=take-home-tonight] .take-home-code").dataset.link !== prev, eveningLinks[i]);
        }
      }
      assert.ok(count >= 1 && count <= 16);
      assert.deepEqual(reopened.errors.concat(errors), []);

      // CE-5: another phone that opened the app once reads the codes with the server gone.
      const other = await phoneContext(browser);
      try {
        const far = await other.newPage();
        const farErrors = [];
        far.on("pageerror", (e) => farErrors.push(String(e)));
        await far.goto(app.url);
        await waitForServiceWorkerControl(far);
        await app.stop();
        await far.goto(duelLink);
        await far.locator("[data-testid=review]").waitFor();
        const tags = await far.locator(".review-tag").evaluateAll((els) => Object.fromEntries(els.map((e) => [e.dataset.tag, e.querySelector("dd").textContent])));
        assert.equal(tags.White, duelSeats[0]);
        assert.equal(tags.Black, swapIn);
        assert.equal(tags.Result, "1-0");
        // The same record the first phone keeps for the evening, moves and clocks.
        const record = evening.games[2].result.record;
        assert.equal(await far.locator("[data-testid=review-moves]").innerText(), record.split("\n\n").slice(1).join("\n\n").trim());
        assert.match(record, /^1\. e4 \{\[%clk [^\]]+\]\} 1\.\.\. e5 .* 2\. Nf3 /m);
        await lookAt(far, "club-review-game");
        // The evening's codes in turn: until the last, the screen says which are missing.
        for (const [i, link] of eveningLinks.entries()) {
          await far.goto(link);
          await far.locator("[data-testid=review]").waitFor();
          if (i + 1 < eveningLinks.length)
            assert.match(await far.locator("[data-testid=review-waiting]").innerText(), new RegExp(`Code ${i + 1} of ${eveningLinks.length} read`));
        }
        await far.locator(".standings-game[data-game=crazyhouse]").waitFor();
        const farLines = await far.locator(".standings-game tbody tr").count();
        assert.equal(farLines, lines.length);
        // A damaged code is refused with the reason, and nothing breaks.
        await far.goto(duelLink.slice(0, -6) + "AAAAAA");
        assert.match(await far.locator("[data-testid=review-refused]").innerText(), /damaged|cannot be opened/);
        await far.goto(`${app.url}#/open/s9.crazyhouse.xyz`);
        assert.match(await far.locator("[data-testid=review-refused]").innerText(), /newer version/);
        assert.deepEqual(farErrors, []);
      } finally {
        await other.close();
      }
    } finally {
      await phone.close();
      await app.stop();
    }
  });
});

describe("an evening survives what a game survives (issue #23)", () => {
  test("full storage says so and loses nothing on screen; a second window follows; a damaged record is moved aside with a notice", async () => {
    const app = await serveCopy();
    const phone = await phoneContext(browser);
    await phone.addInitScript(FILLABLE_STORAGE);
    try {
      const page = await phone.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      await page.goto(`${app.url}#/tonight`);
      await page.locator("[data-testid=tonight]").waitFor();
      const add = async (p, person) => {
        await p.locator(".add-person input").fill(person);
        await p.locator(".add-person button[type=submit]").tap();
        await p.locator(`.person[data-name="${person}"]`).waitFor();
      };
      const names = (p) => p.locator(".person").evaluateAll((els) => els.map((e) => e.dataset.name));
      await add(page, "Dana");

      // The disk is full: the change stays on screen and the screen says it is not stored.
      await page.evaluate(() => (window.__full = true));
      await add(page, "Yossi");
      assert.match(await page.locator(".tonight [role=alert]").innerText(), /did not store tonight's table/);
      await page.evaluate(() => (window.__full = false));
      await add(page, "Noa");
      assert.equal(await page.locator(".tonight [role=alert]").count(), 0);

      // A second window shows the same evening and follows the first one's changes.
      const second = await phone.newPage();
      await second.goto(`${app.url}#/tonight`);
      await second.locator(".person").first().waitFor();
      assert.deepEqual(await names(second), ["Dana", "Yossi", "Noa"]);
      await add(page, "Avi");
      await second.locator('.person[data-name="Avi"]').waitFor();
      await second.close();

      // A damaged record is moved aside, whole, and the screen says so.
      await page.evaluate(() => localStorage.setItem("club.tonight", '{"version":1,"people":[{"name":""}]}'));
      await page.reload();
      await page.locator("[data-testid=tonight-damaged]").waitFor();
      assert.equal(await page.locator(".person").count(), 0);
      assert.equal(
        await page.evaluate(() => localStorage.getItem("club.tonight.unreadable")),
        '{"version":1,"people":[{"name":""}]}',
      );
      // A newer app's record is left as it is, and the screen says to update.
      const newer = '{"version":9,"people":[],"games":[]}';
      await page.evaluate((t) => localStorage.setItem("club.tonight", t), newer);
      await page.reload();
      assert.match(await page.locator(".tonight [role=alert]").innerText(), /newer version/);
      await page.locator(".add-person input").fill("Eli");
      await page.locator(".add-person button[type=submit]").tap();
      assert.equal(await page.evaluate(() => localStorage.getItem("club.tonight")), newer);
      assert.deepEqual(errors, []);
    } finally {
      await phone.close();
      await app.stop();
    }
  });
});
