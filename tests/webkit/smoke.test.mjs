// A smoke test of every game in WebKit, the engine of Safari and of every iOS
// browser: WebKitGTK's MiniBrowser, driven over W3C WebDriver (Debian's
// WebKitWebDriver under Xvfb, see ./webdriver.mjs) against the release build
// served on 127.0.0.1. Home, About (in both languages, with what this browser
// lacks of wake lock, vibration and sound) and the verifier render; a Nordau
// Shift game runs to a swap and a resignation with its points; a Crazyhouse
// board-mode game has a capture, a pocket piece and a drop, then a
// resignation; a Swedish chess clock-mode match starts both boards with one
// tap, its clocks run, a tap passes the move on one board only; a card duel
// with blind stacks in clock mode shows its commitment, turns a series card
// by card and ends with every card, stack and the seed shown; an Undo Chess
// board-mode game takes a blunder back with a token and mates a player who
// could still undo, who is asked (UC-7) and accepts; a reload in the
// middle of each game brings the same game back; and nothing logs a
// JavaScript error.
//
// The card duel and Undo Chess are played on a 360×640 phone (the smallest
// viewport of layout.test.mjs): a frame of that size around the app served
// from a subpath. There the layout check (../e2e/layout-check.mjs: nothing
// covered, nothing cut) looks at each of their screens.
//
// No fake clock here (that is Playwright's): the clocks run in real time, so
// running banks are compared as "no more than before", waiting ones exactly.
import assert from "node:assert/strict";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, describe, test } from "node:test";
import { startServer } from "../tools/serve.mjs";
import { buildFiles, precachePaths } from "../../.ci/build-files.mjs";
import { packedName } from "../../.ci/pack-wasm.mjs";
import { layoutFaults } from "../e2e/layout-check.mjs";
import { Session, startDriver, webkitInstalled } from "./webdriver.mjs";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const DIST = process.env.NORDAU_DIST ?? join(REPO, "dist");
const SHOTS = join(REPO, "tests/artifacts/screenshots");
const VECTORS = JSON.parse(readFileSync(join(REPO, "tests/vectors/nordau-v1.json"), "utf8")).cases;

const NAMES = ["Anna", "Boris", "Chen"];
/** The two players of Crazyhouse, the card duel and Undo Chess. */
const PAIR_NAMES = { white: "Dana", black: "Yossi" };
/** Team 1: Ann (White A), Dan (Black B); team 2: Bob (Black A), Cleo (White B). */
const BH_NAMES = ["Ann", "Bob", "Cleo", "Dan"];
const BH_SEATS = ["Aw", "Ab", "Bw", "Bb"];

// Loaded before the app by the served copy's index.html (a same-origin file,
// so the CSP allows it): every error the page meets is kept in sessionStorage,
// which outlives reloads, for `pageErrors()` to read. It also keeps the audio
// contexts the app makes, so the test can see sound was unlocked by a tap.
const CATCHER = `(() => {
  const KEY = "webkit-smoke-errors";
  const keep = (what) => {
    try {
      const list = JSON.parse(sessionStorage.getItem(KEY) || "[]");
      list.push(String(what).slice(0, 500));
      sessionStorage.setItem(KEY, JSON.stringify(list));
    } catch (_) {}
  };
  const error = console.error.bind(console);
  console.error = (...args) => { keep("console.error: " + args.map(String).join(" ")); error(...args); };
  addEventListener("error", (e) => keep("error: " + (e.message || (e.target && (e.target.src || e.target.href)) || e.type)), true);
  addEventListener("unhandledrejection", (e) => keep("unhandled rejection: " + (e.reason && (e.reason.stack || e.reason.message) || e.reason)));
  document.addEventListener("securitypolicyviolation", (e) => keep("CSP: " + e.violatedDirective + " " + e.blockedURI));
  if (typeof AudioContext === "function") {
    const contexts = (window.webkitSmokeAudio = []);
    window.AudioContext = class extends AudioContext {
      constructor(...args) { super(...args); contexts.push(this); }
    };
  }
})();
`;

/** The phone's screen: the smallest viewport of the layout check (layout.test.mjs). */
const PHONE = { width: 360, height: 640 };

// A phone for the layout check: the MiniBrowser's window cannot be made
// reliably this small (its own bar takes part of it), so this page holds the
// app in a frame of exactly the phone's size. The app is served from /app/,
// so its service worker's scope (/app/) leaves this page alone. Opening the
// page starts a new list of errors (pageErrors), then opens its `route` (in
// the query: a new hash alone would not load the page again) in the frame.
const PHONE_PAGE = `<!doctype html><meta charset=utf-8><title>A ${PHONE.width}×${PHONE.height} phone</title>
<style>html, body { margin: 0; } iframe { display: block; border: 0; width: ${PHONE.width}px; height: ${PHONE.height}px; }</style>
<iframe id=phone title=phone></iframe>
<script>
  try { sessionStorage.removeItem("webkit-smoke-errors"); } catch (_) {}
  document.getElementById("phone").src = "app/#" + new URLSearchParams(location.search).get("route");
</script>
`;

/**
 * A copy of the build whose index.html loads CATCHER first; served on a free
 * port. With `phone`, the copy is under /app/ and /webkit-phone.html frames it.
 */
async function serveWithCatcher({ phone = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "nordau-webkit-"));
  const root = phone ? join(dir, "app") : dir;
  cpSync(DIST, root, { recursive: true });
  writeFileSync(join(root, "webkit-smoke-errors.js"), CATCHER);
  const index = readFileSync(join(root, "index.html"), "utf8");
  const tag = "<script src=./webkit-smoke-errors.js></script>";
  const patched = index.replace(/<meta charset="?utf-8"?>/i, (meta) => meta + tag);
  assert.notEqual(patched, index, "index.html has no <meta charset=utf-8> to put the error catcher after");
  writeFileSync(join(root, "index.html"), patched);
  if (phone) writeFileSync(join(dir, "webkit-phone.html"), PHONE_PAGE);
  const requests = [];
  const server = await startServer(dir, 0, { onRequest: (req) => requests.push(new URL(req.url, "http://x").pathname) });
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    /** The paths the browser asked this server for. */
    requests,
    stop: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }).finally(() => rmSync(dir, { recursive: true, force: true })),
  };
}

let app;
// The phone page, on a server (an origin) of its own: the app at the root of
// `app` registers a service worker for that whole origin, which would answer
// webkit-phone.html with the app.
let phoneSite;
let driver;
let web;

/** A new browser: the driver under Xvfb, a MiniBrowser session, a phone-sized window. */
async function startBrowser() {
  driver = await startDriver();
  web = await Session.open(driver);
  // A phone-sized window (the MiniBrowser's own bar takes some of it).
  await web.resize(420, 900);
}

before(async () => {
  assert.ok(webkitInstalled(), "WebKitWebDriver, MiniBrowser or xvfb-run is missing: run .ci/setup --browser");
  app = await serveWithCatcher();
  phoneSite = await serveWithCatcher({ phone: true });
  await startBrowser();
});

/**
 * A test in the browser. If WebKitGTK's page process crashed under it (seen
 * once in CI, 302 ms into a test that passes in every other run; WebKit then
 * ends the session), the test says so with what the browser printed last and
 * runs once more, from its start, in a new browser: a crash of the test
 * browser is not a verdict on the app, but a second one fails the test. A
 * test that fails with the browser alive fails at once, and a crash never
 * takes the tests after it down too.
 */
function browserTest(name, body) {
  test(name, async (t) => {
    if (!(await web.alive())) await restartBrowser(t, "the browser had ended before this test");
    try {
      await body();
    } catch (error) {
      if (await web.alive()) throw error;
      await restartBrowser(t, `the browser's page crashed (${error.message})`);
      await body();
    }
  });
}

/** A new browser on new origins (new ports), so nothing the crashed attempt saved is found again. */
async function restartBrowser(t, why) {
  t.diagnostic(`${why}; what WebKit printed last:\n${driver.stderr().trim() || "(nothing)"}\nthe test runs in a new browser`);
  await web.close();
  await driver.stop();
  await app.stop();
  await phoneSite.stop();
  app = await serveWithCatcher();
  phoneSite = await serveWithCatcher({ phone: true });
  await startBrowser();
}

after(async () => {
  await web?.close();
  await driver?.stop();
  await app?.stop();
  await phoneSite?.stop();
});

// ---- helpers ------------------------------------------------------------------

/** Whether commands run in the phone's frame (openPhone); `shot` then photographs the frame. */
let inPhone = false;

/**
 * Opens `#route` and forgets the errors kept so far (each test checks its
 * own). Nothing saved needs clearing: every run serves on a new port, so the
 * browser sees a new origin, and each game keeps its own save.
 */
async function open(route, ready) {
  await web.frame(null);
  inPhone = false;
  await web.run(`try { sessionStorage.removeItem("webkit-smoke-errors"); } catch (_) {}`);
  await web.go(`${app.url}#${route}`);
  return web.waitFor(ready, { timeout: 30_000 });
}

/** The errors the page met since `open` (console.error, uncaught, rejections, CSP). */
function pageErrors() {
  return web.run(`return JSON.parse(sessionStorage.getItem("webkit-smoke-errors") || "[]")`);
}

/** The state of each audio context the page made (CATCHER keeps them), once all run or after 3 s. */
async function audioStates() {
  const states = () => web.run("return (window.webkitSmokeAudio || []).map((c) => c.state)");
  await web
    .until("const all = window.webkitSmokeAudio || []; return all.length > 0 && all.every((c) => c.state === 'running')", {
      timeout: 3_000,
    })
    .catch(() => {});
  return states();
}

async function shot(name) {
  mkdirSync(SHOTS, { recursive: true });
  // The phone's frame sits in the window's top left corner (openPhone checks).
  const png = await web.screenshot(inPhone ? { x: 0, y: 0, ...PHONE } : undefined);
  writeFileSync(join(SHOTS, `webkit-${name}.png`), png);
}

/** Opens `#route` in the phone's frame (with a new error list, see PHONE_PAGE) and runs what follows in the frame. */
async function openPhone(route, ready) {
  await web.frame(null);
  inPhone = false;
  await web.go(`${phoneSite.url}webkit-phone.html?route=${encodeURIComponent(route)}`);
  const frame = await web.run(`const r = document.getElementById("phone").getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height, fits: r.right <= innerWidth && r.bottom <= innerHeight, ratio: devicePixelRatio }`);
  assert.deepEqual(frame, { x: 0, y: 0, ...PHONE, fits: true, ratio: 1 }, "the phone's frame is not whole in the window's top left corner");
  return enterPhone(ready);
}

/** Reloads the app in the phone's frame (a reload of the page on a phone), then waits for `ready` in it. */
async function reloadPhone(ready) {
  await web.frame(null);
  inPhone = false;
  await web.run("const w = document.getElementById('phone').contentWindow; w.webkitSmokeStale = true; w.location.reload();");
  return enterPhone(ready);
}

/** From the top page: once the frame's (new) page shows `ready`, commands run in the frame. */
async function enterPhone(ready) {
  await web.until(
    `const w = document.getElementById("phone").contentWindow;
     return !w.webkitSmokeStale && w.document.readyState === "complete" && w.document.querySelector(arguments[0]) !== null;`,
    { args: [ready], timeout: 30_000, what: `${ready} in the phone's frame` },
  );
  await web.frame("#phone");
  inPhone = true;
  assert.deepEqual(await web.run("return [innerWidth, innerHeight]"), [PHONE.width, PHONE.height], "the phone's viewport");
  return web.waitFor(ready);
}

/**
 * Photographs the screen as `name`, then adds what the layout check
 * (../e2e/layout-check.mjs: nothing covered, nothing cut) finds on it to
 * `faults`, each line naming the screen.
 */
async function lookAt(name, faults) {
  await shot(name);
  const found = await web.run(`return (${layoutFaults})()`);
  faults.push(...found.map((fault) => `${name}: ${fault}`));
}

/** The faults `lookAt` found, none expected. */
function assertNoLayoutFaults(faults) {
  assert.deepEqual(faults, [], `${faults.length} layout faults at ${PHONE.width}×${PHONE.height}:\n${faults.join("\n")}`);
}

/** Clicks the label of the `index`-th radio (or chip) named by `css`: what a finger taps. */
async function choose(css, index) {
  const label = await web.run(
    "const input = document.querySelectorAll(arguments[0])[arguments[1]]; return input && (input.closest('label') || input);",
    css,
    index,
  );
  assert.ok(label, `no ${css} number ${index}`);
  await web.click(label);
  await web.until("return document.querySelectorAll(arguments[0])[arguments[1]].checked", { args: [css, index], what: `${css} ${index} checked` });
}

/** Types `values` into the text fields matching `css`, in order. */
async function fill(css, values) {
  const inputs = await web.findAll(css);
  assert.ok(inputs.length >= values.length, `${inputs.length} fields match ${css}`);
  for (const [i, value] of values.entries()) await web.type(inputs[i], value);
}

/** What a play screen shows: per colour the name, bank and state; observer, counters, overlay. */
function readPlay() {
  return web.run(`
    const half = (colour) => {
      const el = document.querySelector(".half." + colour + "-seat");
      return {
        name: el.querySelector(".half-name").textContent,
        bank: el.querySelector(".bank").textContent,
        toMove: el.classList.contains("to-move"),
      };
    };
    return {
      white: half("white"),
      black: half("black"),
      observer: document.querySelector(".observer-name")?.textContent ?? null,
      counters: [...document.querySelectorAll(".middle-info .counter strong")].map((s) => s.textContent),
      overlay: document.querySelector(".swap-overlay:not([hidden])") !== null,
    };`);
}

const toMove = (state) => (state.white.toMove ? "white" : state.black.toMove ? "black" : null);

/** A clock face ("0:27", "1:05:00", "9.3") in seconds. */
function seconds(face) {
  return face.split(":").reduce((total, part) => total * 60 + Number(part), 0);
}

/**
 * After a reload with the clock running: everything is as before, the waiting
 * side's bank to the digit, and the running side's bank has gone on running
 * (by the seconds the reload took, no more).
 */
function assertResumed(after, before) {
  const running = toMove(before);
  const waiting = running === "white" ? "black" : "white";
  assert.ok(running, "no clock was running before the reload");
  assert.equal(toMove(after), running, "another side is to move after the reload");
  assert.equal(after[waiting].bank, before[waiting].bank, "the waiting side's bank changed");
  const spent = seconds(before[running].bank) - seconds(after[running].bank);
  assert.ok(spent >= 0 && spent <= 15, `the running bank went from ${before[running].bank} to ${after[running].bank}`);
  const still = (state) => ({ ...state, white: { ...state.white, bank: null }, black: { ...state.black, bank: null } });
  assert.deepEqual(still(after), still(before), "the reloaded game differs");
}

/**
 * Taps a button that asks again before it acts, twice (the second tap
 * confirms), `pauseMs` apart after it has asked; returns its first label.
 */
async function tapTwice(button, pauseMs = 0) {
  const label = await web.run("return arguments[0].textContent", button);
  await web.click(button);
  await web.until("return arguments[0].textContent !== arguments[1]", { args: [button, label], what: `"${label}" to ask again` });
  if (pauseMs) await new Promise((done) => setTimeout(done, pauseMs));
  await web.click(button);
  return label;
}

/** Opens the game menu and resigns for a player: the `player`-th resign button (0: White), tapped twice. */
async function resign(player = 0) {
  // The menu button: the last icon button of the middle strip ("⋯").
  await web.click(await web.run("return document.querySelector('.middle-controls .menu-button') ?? [...document.querySelectorAll('.middle-controls .icon-button')].at(-1)"));
  await web.waitFor(".sheet");
  const button = await web.run("return document.querySelector('.sheet .button-row')?.querySelectorAll('button')[arguments[0]]", player);
  assert.ok(button, `no resign button ${player} in the menu`);
  return tapTwice(button);
}

/** The pieces on the screen board: { e4: "w♟", … }. */
function readBoard() {
  return web.run(`return Object.fromEntries([...document.querySelectorAll(".board .sq")]
    .filter((sq) => sq.querySelector(".piece"))
    .map((sq) => { const p = sq.querySelector(".piece"); return [sq.dataset.square, (p.classList.contains("w") ? "w" : "b") + p.textContent.trim()[0]]; }))`);
}

/** One move or drop (UCI, drops as `P@e4`) tapped on the screen board by the side to move; waits for the other side or the end. */
async function tapMove(uci) {
  const side = toMove(await readPlay());
  assert.ok(side, `no side to move before ${uci}`);
  const other = side === "white" ? "black" : "white";
  if (uci[1] === "@") {
    await web.click(`.pocket-piece[data-colour=${side}][data-piece=${uci[0]}]`);
    await web.waitFor(`.pocket-piece[data-colour=${side}][data-piece=${uci[0]}].selected`);
  } else {
    await web.click(`.sq[data-square=${uci.slice(0, 2)}]`);
    await web.waitFor(`.sq[data-square=${uci.slice(0, 2)}].selected`);
  }
  await web.click(`.sq[data-square=${uci.slice(2, 4)}].target`);
  await web.until("return document.querySelector('.game-end') || document.querySelector(arguments[0])", {
    args: [`.half.${other}-seat.to-move`],
    what: `${other} to move after ${uci}`,
  });
}

/** Whether a feature is there, as the page itself sees it. */
function pageHas() {
  return web.run(`return {
    "wake-lock": "wakeLock" in navigator,
    vibration: typeof navigator.vibrate === "function",
    sound: typeof AudioContext === "function",
  }`);
}

/** About's line per feature: { id: { text, support } }. */
function readFeatures() {
  return web.run(`return Object.fromEntries([...document.querySelectorAll(".about [data-feature]")].map((li) =>
    [li.dataset.feature, { text: li.querySelector(".feature-line").textContent, support: li.dataset.support }]))`);
}

// ---- tests --------------------------------------------------------------------

describe("WebKit smoke (WebKitGTK, Safari's engine)", { timeout: 150_000 }, () => {
  browserTest("home, About (English and Russian, with what this browser lacks) and the verifier render", async () => {
    await open("/", "#main .game-list .game-card");
    const games = await web.run("return [...document.querySelectorAll('#main .game-list a.game-card')].map((a) => a.getAttribute('href'))");
    assert.ok(games.includes("#/nordau") && games.includes("#/crazyhouse"), `games on the home screen: ${games}`);
    await web
      .until("return navigator.serviceWorker && navigator.serviceWorker.controller !== null", { timeout: 30_000 })
      .catch(async () => {
        const status = await web.run("return document.querySelector('.offline-status')?.textContent");
        assert.fail(`no service worker controls the page after 30 s; the home screen says: ${status}`);
      });
    await web.waitFor(".offline-status, .home-more");
    await shot("home");
    // The wasm crossed the network packed (issue #25): this browser's page
    // and worker unpacked it, and never fell back to the wasm itself.
    const wasm = `/${buildFiles(DIST)[1]}`;
    assert.ok(app.requests.includes(packedName(wasm)), `the packed wasm was downloaded: ${app.requests.join(" ")}`);
    // Once: the page handed it to the service worker, whose own fetch would not
    // have found it in this browser's HTTP cache (boot.js).
    assert.equal(app.requests.filter((path) => path === packedName(wasm)).length, 1, `the packed wasm crossed the network once: ${app.requests.join(" ")}`);
    assert.ok(!app.requests.includes(wasm), "the wasm itself was not downloaded");
    // The files only the worker stores (the manifest and its icons) crossed
    // it once too: the page downloaded them and handed them over.
    for (const path of precachePaths(DIST).filter((path) => /\.(png|webmanifest)$/.test(path))) {
      assert.equal(app.requests.filter((request) => request === path).length, 1, `${path} crossed the network once: ${app.requests.join(" ")}`);
    }

    await web.run("location.hash = '#/about'");
    await web.waitFor("article.about");
    const about = await web.text("article.about");
    assert.match(about, /independent, unofficial referee/);
    assert.match(about, /Mike Daykhin/);
    // Each feature says plainly whether this browser has it.
    const has = await pageHas();
    let features = await readFeatures();
    assert.deepEqual(Object.keys(features).sort(), ["sound", "vibration", "wake-lock"]);
    const english = { "wake-lock": "Keeping the screen on", vibration: "Vibration", sound: "Sound" };
    for (const [id, name] of Object.entries(english)) {
      const answer = has[id] ? "available" : "not available in this browser";
      assert.match(features[id].text, new RegExp(`^${name}: ${answer}`), `About's ${id} line`);
      assert.equal(features[id].support, has[id] ? "available" : "missing");
    }
    // WebKit on a phone has no Vibration API (iOS never had one): About must say so.
    if (!has.vibration) assert.match(features.vibration.text, /^Vibration: not available in this browser$/);
    await shot("about");

    await web.click(await web.waitFor(".lang-option", { text: /^RU$|Русский/ }));
    await web.waitFor("html[lang=ru]");
    features = await readFeatures();
    const russian = { "wake-lock": "Не гасить экран", vibration: "Вибрация", sound: "Звук" };
    for (const [id, name] of Object.entries(russian)) {
      const answer = has[id] ? "поддерживается" : "не поддерживается этим браузером";
      assert.match(features[id].text, new RegExp(`^${name}: ${answer}`), `About's ${id} line in Russian`);
    }
    await shot("about-ru");
    await web.click(await web.waitFor(".lang-option", { text: /^EN$|English/ }));
    await web.waitFor("html[lang=en]");

    // The verifier recomputes a documented vector from a link.
    const vector = VECTORS.find((c) => c.name === "doc example: counting seed, default setup");
    await web.run(
      "location.hash = arguments[0]",
      `#/verify?c=${vector.commitment}&s=${vector.seed}&setup=${encodeURIComponent(vector.setup)}`,
    );
    await web.waitFor(".banner-ok", { timeout: 15_000 });
    const verified = await web.run(`return {
      banner: document.querySelector(".banner-ok").textContent,
      white: document.querySelector(".seat-white dd").textContent,
      black: document.querySelector(".seat-black dd").textContent,
      observer: document.querySelector(".seat-observer dd").textContent,
      lengths: [...document.querySelectorAll(".schedule tbody tr .shift-length")].map((td) => Number(td.textContent)),
    }`);
    assert.match(verified.banner, /Commitment matches/);
    assert.equal(verified.banner.replace(/\s/g, "").includes(vector.commitment), true);
    assert.deepEqual([verified.white, verified.black, verified.observer], [vector.seating.white, vector.seating.black, vector.seating.observer]);
    assert.deepEqual(verified.lengths.slice(0, vector.shift_lengths.length), vector.shift_lengths);
    await shot("verify");
    assert.deepEqual(await pageErrors(), []);
  });

  browserTest("Nordau Shift: clock mode to a swap, a reload mid-shift, resignation and the points", async () => {
    await open("/nordau", ".ns-setup");
    await fill(".ns-setup input[type=text]", NAMES);
    await choose("input[name=ns-mode]", 0); // clock mode
    await web.click(".ns-setup button.primary.big");
    await web.waitFor(".commit-screen");
    const commitment = (await web.text("[data-testid=commitment]")).replace(/\s+/g, "");
    assert.match(commitment, /^[0-9a-f]{64}$/, "the commitment is not shown in full");
    await web.click(".commit-screen button.primary.big"); // Lock words and draw seats
    await web.waitFor(".commit-screen .seat-list .seat-name");
    const seats = await web.run("return [...document.querySelectorAll('.seat-list .seat-name')].map((s) => s.textContent)");
    assert.deepEqual([...seats].sort(), [...NAMES].sort(), "the drawn seats are not the three players");

    await web.click(".commit-screen button.primary.big"); // Begin
    await web.waitFor(".game-play .half.black-seat.starts");
    let state = await readPlay();
    assert.deepEqual([state.white.name, state.black.name, state.observer], seats, "play seats differ from the drawn ones");
    await web.click(".half.black-seat"); // Black starts White's clock
    await web.waitFor(".half.white-seat.to-move");
    // WebKit starts sound only inside a tap: the taps so far have unlocked it,
    // before any cue, so the low-time ticks a timer plays later are heard.
    assert.deepEqual(await audioStates(), ["running"], "the taps did not unlock sound");

    /** Taps the half of the side to move and waits for the other side, or a swap notice. */
    const pressMoved = async () => {
      const side = toMove(await readPlay());
      assert.ok(side, "no side to move");
      const other = side === "white" ? "black" : "white";
      await web.click(`.half.${side}-seat`);
      await web.until("return document.querySelector('.swap-overlay:not([hidden])') || document.querySelector(arguments[0])", {
        args: [`.half.${other}-seat.to-move`],
        what: `${other} to move or a swap`,
      });
    };
    // Shifts are 3 to 6 full moves: no swap can come before the sixth tap.
    for (let i = 0; i < 3; i++) await pressMoved();
    state = await readPlay();
    assert.equal(state.overlay, false);
    assert.equal(toMove(state), "black");
    await shot("nordau-play");

    await web.refresh();
    await web.waitFor(".game-play .half.black-seat.to-move", { timeout: 30_000 });
    assertResumed(await readPlay(), state);

    let presses = 3;
    let before = await readPlay(); // the seats before the tap that ends the shift
    while (!(await readPlay()).overlay) {
      assert.ok(++presses <= 12, "no swap within 12 taps (a shift is at most 6 full moves)");
      before = await readPlay();
      await pressMoved();
    }
    const swap = await web.run(`
      const near = document.querySelector("#swap-near .swap-message");
      const strongs = [...near.querySelectorAll(".swap-line strong")].map((s) => s.textContent);
      return { out: strongs[0], in: strongs[1], text: near.textContent,
               newcomer: near.querySelector(".seat-chip").classList.contains("white") ? "white" : "black" };`);
    assert.match(swap.text, new RegExp(`${swap.out}\\s+stands up`));
    assert.match(swap.text, new RegExp(`${swap.in}\\s+sits down as`));
    assert.equal(swap.in, before.observer, "the newcomer is not the Observer");
    await shot("nordau-swap");

    await web.click(".swap-overlay:not([hidden]) .button.seated");
    await web.waitGone(".swap-overlay:not([hidden])");
    state = await readPlay();
    assert.equal(state[swap.newcomer].name, swap.in);
    assert.equal(state.observer, swap.out);
    assert.equal(state.counters[1], "1", "the swap counter");

    const resigned = await resign();
    assert.match(resigned, new RegExp(state.white.name), "the first resign button is not White's");
    await web.waitFor(".game-end");
    // NS-8: Black wins 2, the Observer 1, White (who resigned) 0.
    const points = await web.run(`return Object.fromEntries([...document.querySelectorAll(".game-end .score-table:not(.session) tbody tr")]
      .map((r) => [r.querySelector("th").textContent, r.querySelector(".num").textContent]))`);
    assert.deepEqual(points, { [state.black.name]: "2", [state.observer]: "1", [state.white.name]: "0" });
    assert.match(await web.text(".end-result"), new RegExp(`${state.black.name}`));
    await shot("nordau-end");
    assert.deepEqual(await audioStates(), ["running"], "one audio context, still running");

    // Leaving the table lets the screen and the sound sleep, quietly. The game
    // asked to keep the screen on: About would now say if WebKit refused it.
    await web.run("location.hash = '#/about'");
    await web.waitFor("article.about");
    const wakeLock = (await readFeatures())["wake-lock"];
    assert.equal(wakeLock.support, (await pageHas())["wake-lock"] ? "available" : "missing", wakeLock.text);
    assert.deepEqual(await web.run("return window.webkitSmokeAudio.map((c) => c.state)"), ["suspended"], "sound still runs off the game screen");
    // Back at the table, the next tap wakes the sound again.
    await web.run("location.hash = '#/nordau'");
    await web.click(await web.waitFor(".game-end .end-result"));
    assert.deepEqual(await audioStates(), ["running"], "a tap did not wake the sound");
    assert.deepEqual(await pageErrors(), []);
  });

  browserTest("Crazyhouse: board mode with a capture, a drop from the pocket, a reload, resignation", async () => {
    await open("/crazyhouse", ".zh-setup");
    await fill(".zh-setup input[type=text]", [PAIR_NAMES.white, PAIR_NAMES.black]);
    await choose("input[name=zh-mode]", 1); // the on-screen board
    await choose(".zh-setup label.chip input", 1); // 5 + 3
    await web.click(".zh-setup button.primary.big");
    await web.click(await web.waitFor(".zh-play .half.black-seat.starts"));
    await web.waitFor(".half.white-seat.to-move");
    assert.equal(await web.count(".board .sq"), 64, "the board does not have 64 squares");

    const readPockets = () =>
      web.run(`const out = { white: {}, black: {} };
        for (const el of document.querySelectorAll(".pocket-piece")) out[el.dataset.colour][el.dataset.piece] = Number(el.querySelector(".pocket-count").textContent);
        return out;`);
    const initial = await readBoard();
    assert.equal(Object.keys(initial).length, 32);
    for (const uci of ["e2e4", "d7d5", "e4d5"]) await tapMove(uci);
    // The capture: White's pocket has the pawn.
    let pockets = await readPockets();
    assert.equal(pockets.white.P, 1, `pockets after exd5: ${JSON.stringify(pockets)}`);
    for (const uci of ["d8d5", "b1c3"]) await tapMove(uci);
    let board = await readBoard();
    assert.equal(board.d5, "b♛");
    assert.equal(board.c3, "w♞");
    pockets = await readPockets();
    assert.equal(pockets.black.P, 1);
    await shot("zh-board");

    // A reload mid-game: the same position, pockets, turn and clocks.
    const before = { play: await readPlay(), board, pockets };
    await web.refresh();
    await web.waitFor(".zh-play .half.black-seat.to-move", { timeout: 30_000 });
    assertResumed(await readPlay(), before.play);
    assert.deepEqual(await readBoard(), before.board, "the reloaded board differs");
    assert.deepEqual(await readPockets(), before.pockets, "the reloaded pockets differ");

    // Black drops the pawn from its pocket.
    await tapMove("P@e4");
    board = await readBoard();
    assert.equal(board.e4, "b♟");
    assert.equal((await readPockets()).black.P ?? 0, 0, "the dropped pawn is still in the pocket");
    assert.match(await web.text(".board-status"), /P@e4/);

    const state = await readPlay();
    const resigned = await resign();
    assert.match(resigned, /White|Dana/);
    await web.waitFor(".zh-end");
    assert.match(await web.text(".end-result"), new RegExp(state.black.name));
    const moves = await web.run(`return [...document.querySelectorAll(".zh-end .move-list li")]
      .map((li) => [...li.children].map((c) => c.textContent.trim()).filter(Boolean).join(" "))`);
    assert.equal(moves.length, 3, `move list: ${moves}`);
    assert.match(moves[2], /P@e4/);
    await shot("zh-end");
    assert.deepEqual(await pageErrors(), []);
  });
  browserTest("Swedish chess: a clock-mode match — one start for both boards, the clocks run, a tap, a reload, resignation", async () => {
    await open("/bughouse", ".bh-setup");
    for (const [i, seat] of ["wa", "ba", "wb", "bb"].entries()) await fill(`#bh-name-${seat}`, [BH_NAMES[i]]);
    await choose("input[name=bh-mode]", 0); // the phone is the four clocks
    await web.click(".bh-setup button.primary.big");
    await web.waitFor(".bh-play .bh-quad[data-seat=Ab] .half.starts");
    const readQuads = () =>
      web.run(`return Object.fromEntries(arguments[0].map((seat) => {
        const el = document.querySelector(".bh-quad[data-seat=" + seat + "] .half");
        return [seat, { name: el.querySelector(".half-name").textContent, bank: el.querySelector(".bank").textContent, toMove: el.classList.contains("to-move") }];
      }))`, BH_SEATS);
    let quads = await readQuads();
    assert.deepEqual(BH_SEATS.map((s) => quads[s].name), BH_NAMES);
    assert.deepEqual(BH_SEATS.map((s) => quads[s].bank), ["3:00", "3:00", "3:00", "3:00"]);
    // The far side (team 2: Black A, White B) is turned to face across the table.
    const turned = await web.run(`return arguments[0].filter((seat) =>
      getComputedStyle(document.querySelector(".bh-quad[data-seat=" + seat + "]")).transform !== "none")`, BH_SEATS);
    assert.deepEqual(turned, ["Ab", "Bw"]);
    // The strip's buttons all fit: nothing pushed off the side (the menu once was).
    const overflow = await web.run(`return [...document.querySelectorAll(".bh-middle .button")]
      .filter((b) => b.getBoundingClientRect().right > innerWidth + 1).map((b) => b.className)
      .concat(document.documentElement.scrollWidth > innerWidth + 1 ? ["the page scrolls sideways"] : [])`);
    assert.deepEqual(overflow, []);

    // Black taps: both White clocks start, and run.
    await web.click(".bh-quad[data-seat=Ab] .half");
    await web.waitFor(".bh-quad[data-seat=Bw] .half.to-move");
    await web.until(`return ["Aw", "Bw"].every((seat) => document.querySelector(".bh-quad[data-seat=" + seat + "] .bank").textContent !== "3:00")`, {
      timeout: 5_000,
      what: "both White clocks to run",
    });
    const audio = await audioStates();
    assert.ok(audio.length > 0 && audio.every((state) => state === "running"), `the tap did not unlock sound: ${audio}`);
    // Ann has moved: Bob's clock runs on board A; board B goes on as it was.
    await web.click(".bh-quad[data-seat=Aw] .half");
    await web.waitFor(".bh-quad[data-seat=Ab] .half.to-move");
    quads = await readQuads();
    assert.deepEqual(BH_SEATS.filter((s) => quads[s].toMove), ["Ab", "Bw"]);
    assert.equal(quads.Bb.bank, "3:00", "Dan's clock ran before his turn");
    await shot("bh-play");

    // A reload mid-match: the same two clocks run, the waiting ones unchanged.
    await web.refresh();
    await web.waitFor(".bh-play .bh-quad[data-seat=Ab] .half.to-move", { timeout: 30_000 });
    const after = await readQuads();
    assert.deepEqual(BH_SEATS.filter((s) => after[s].toMove), ["Ab", "Bw"]);
    for (const seat of ["Aw", "Bb"]) assert.equal(after[seat].bank, quads[seat].bank, `${seat}'s waiting clock changed`);
    for (const seat of ["Ab", "Bw"]) {
      const spent = seconds(quads[seat].bank) - seconds(after[seat].bank);
      assert.ok(spent >= 0 && spent <= 15, `${seat}'s running clock went from ${quads[seat].bank} to ${after[seat].bank}`);
    }

    // Ann resigns: team 2 (Bob and Cleo) wins the match on both boards.
    const resigned = await resign();
    assert.match(resigned, /Ann/);
    await web.waitFor(".bh-end");
    assert.match(await web.text(".end-result"), /Bob & Cleo/);
    await shot("bh-end");
    assert.deepEqual(await pageErrors(), []);
  });

  browserTest("card duel on a 360×640 phone: blind stacks in clock mode, the commitment, a series card by card, a reload, resignation", async () => {
    const faults = [];
    await openPhone("/cards", ".cs-setup");
    await fill(".cs-setup input[type=text]", [PAIR_NAMES.white, PAIR_NAMES.black]);
    await choose("input[name=cs-mode]", 0); // the phone is the clock
    await choose("input[name=cs-stacks]", 1); // blind stacks, dealt from a committed seed
    if (!(await web.run("return document.getElementById('cs-clock').checked"))) await choose("#cs-clock", 0);
    await choose(".cs-setup label.chip input", 1); // 5 + 3
    await web.click(".cs-setup button.primary.big");
    await web.waitFor(".cs-commit");
    const commitment = (await web.text("[data-testid=commitment]")).replace(/\s+/g, "");
    assert.match(commitment, /^[0-9a-f]{64}$/, "the commitment is not shown in full");
    await lookAt("cs-commit", faults);
    await fill(".cs-commit .word-entry", ["apple"]);
    await web.click(".cs-lock");
    await web.click(await web.waitFor(".cs-play .half.black-seat.starts"));
    await web.waitFor(".half.white-seat.to-move");

    /** The series in the middle: the last card turned, the cards of this series turned and face down, the refused moves. */
    const readSeries = () =>
      web.run(`const reveal = document.querySelector(".cs-play .cs-reveal");
        return {
          reveal: reveal?.dataset.card ?? null,
          revealText: reveal?.textContent ?? "",
          turned: [...document.querySelectorAll(".cs-play .cs-cards .cs-card:not(.down)")].map((c) => c.classList.contains("yes") ? "yes" : "no"),
          down: document.querySelectorAll(".cs-play .cs-cards .cs-card.down").length,
          refused: document.querySelector(".cs-play .cs-refused")?.textContent ?? "",
        };`);
    /** The mover names a move and taps their half: the next card is turned, Yes or No. */
    const namedMove = async (note) => {
      const side = toMove(await readPlay());
      assert.ok(side, `no side to move before ${note}`);
      await web.type(".cs-note", note);
      await web.click(`.half.${side}-seat`);
      await web.until("return document.querySelector('.cs-play .cs-reveal')?.textContent.includes(arguments[0])", {
        args: [note],
        what: `the card of ${note}`,
      });
      const series = await readSeries();
      assert.match(String(series.reveal), /^(yes|no)$/, `the card of ${note}`);
      return series;
    };

    // White's series: six moves, each judged by the next card of a stack
    // nobody has seen; Yes or No, the series goes on until the sixth.
    const notes = ["e4", "Nf3", "Bc4", "d3", "c3", "O-O"];
    const cards = [];
    for (const [i, note] of notes.entries()) {
      if (i === 3) {
        // A reload mid-series: the same cards, the same clocks.
        await lookAt("cs-clock", faults);
        const before = { play: await readPlay(), series: await readSeries() };
        await reloadPhone(".cs-play .half.white-seat.to-move");
        assertResumed(await readPlay(), before.play);
        assert.deepEqual(await readSeries(), before.series, "the reloaded series differs");
      }
      const series = await namedMove(note);
      cards.push(series.reveal);
      if (i === notes.length - 1) break; // the sixth card ends the series: below
      assert.deepEqual(series.turned, cards, `the turned cards after ${note}`);
      assert.equal(series.down, 6 - cards.length, `cards face down after ${note}`);
      if (series.reveal === "no") assert.ok(series.refused.includes(note), `${note} is not listed as refused: ${series.refused}`);
      assert.equal(toMove(await readPlay()), "white", `White's series goes on after ${note}`);
    }
    // The sixth card ends it: Black's series is dealt at once.
    let series = await readSeries();
    assert.equal(toMove(await readPlay()), "black", "the series did not pass to Black");
    assert.deepEqual([series.turned, series.down], [[], 6], "Black's series is not a fresh stack");
    series = await namedMove("e5");
    assert.deepEqual([series.turned, series.down], [[series.reveal], 5]);
    await lookAt("cs-clock-black", faults);

    assert.match(await resign(), new RegExp(PAIR_NAMES.white));
    await web.waitFor(".cs-end");
    assert.match(await web.text(".end-result"), new RegExp(PAIR_NAMES.black));
    // The end shows every card as it was turned, and the spent stacks; the
    // blind game's seed and commitment are revealed.
    const history = await web.run(`return [...document.querySelectorAll(".cs-end .cs-history-series")].map((s) => ({
      cards: [...s.querySelectorAll(".cs-card:not(.unused)")].map((c) => [c.classList.contains("yes") ? "yes" : "no", c.querySelector("small").textContent]),
      stack: s.querySelector(".mono")?.textContent ?? null,
    }))`);
    assert.equal(history.length, 2, `series on the end screen: ${JSON.stringify(history)}`);
    assert.deepEqual(history[0].cards, cards.map((card, i) => [card, notes[i]]), "White's series on the end screen");
    assert.equal(history[0].stack, cards.map((card) => (card === "yes" ? "Y" : "N")).join(""), "White's spent stack");
    assert.deepEqual(history[1].cards, [[series.reveal, "e5"]], "Black's series on the end screen");
    assert.equal((await web.text("[data-testid=reveal-commitment]")).replace(/\s+/g, ""), commitment);
    assert.match((await web.text("[data-testid=reveal-seed]")).replace(/\s+/g, ""), /^[0-9a-f]{64}$/);
    await lookAt("cs-end", faults);
    // Served from a subpath, the app links to itself and keeps its service worker there.
    const verify = await web.run("return document.querySelector('[data-testid=verify-link]').href");
    assert.ok(verify.startsWith(`${phoneSite.url}app/#/verify?`), `the verifier link: ${verify}`);
    const worker = await web.until("return navigator.serviceWorker?.controller?.scriptURL", { timeout: 30_000, what: "a service worker to control the page" });
    assert.equal(worker, `${phoneSite.url}app/sw.js`);
    assertNoLayoutFaults(faults);
    assert.deepEqual(await pageErrors(), []);
  });

  browserTest("Undo Chess on a 360×640 phone: board mode, a blunder taken back with a token, a reload, the mate, its question and the mate accepted", async () => {
    const faults = [];
    await openPhone("/undo", ".uc-setup");
    await fill(".uc-setup input[type=text]", [PAIR_NAMES.white, PAIR_NAMES.black]);
    await choose("input[name=uc-mode]", 1); // the on-screen board
    await choose("input[name=uc-start]", 1); // the standard position
    await choose(".uc-setup label.chip input", 1); // 5 + 3
    await web.click(".uc-begin");
    await web.click(await web.waitFor(".uc-play .half.black-seat.starts"));
    await web.waitFor(".half.white-seat.to-move");
    const readTokens = () =>
      web.run(`return Object.fromEntries(["white", "black"].map((colour) =>
        [colour, parseInt(document.querySelector(".uc-play .half." + colour + "-seat .uc-tokens strong").textContent, 10)]))`);
    const tokens = await readTokens();
    assert.ok(tokens.white > 0 && tokens.black > 0, `tokens at the start: ${JSON.stringify(tokens)}`);

    for (const uci of ["e2e4", "e7e5", "d1h5", "b8c6"]) await tapMove(uci);
    const beforeBlunder = await readBoard();
    for (const uci of ["h5e5", "c6e5"]) await tapMove(uci); // 3. Qxe5+?? Nxe5: the queen is lost
    assert.equal((await readBoard()).e5, "b♞");
    assert.match(await web.text(".uc-undo-line"), /Nxe5.*Qxe5/, "the undo does not say what it takes back");
    await lookAt("uc-board", faults);

    // White gives Black a token: both moves come off the board.
    await web.click(".middle-controls button.undo:not([disabled])");
    await web.click(await web.waitFor(".middle-confirm button.danger"));
    await web.waitFor(".uc-undo-line.uc-take-back");
    assert.deepEqual(await readTokens(), { white: tokens.white - 1, black: tokens.black + 1 }, "the token did not pass to Black");
    assert.deepEqual(await readBoard(), beforeBlunder, "the position before the blunder is not back");
    assert.equal(toMove(await readPlay()), "white", "White does not move again");
    await lookAt("uc-undone", faults);

    // A reload: the same position, tokens, clocks and the undo's line.
    const before = { play: await readPlay(), board: await readBoard(), tokens: await readTokens(), line: await web.text(".uc-undo-line") };
    await reloadPhone(".uc-play .half.white-seat.to-move");
    assertResumed(await readPlay(), before.play);
    assert.deepEqual(await readBoard(), before.board, "the reloaded board differs");
    assert.deepEqual(await readTokens(), before.tokens, "the reloaded tokens differ");
    assert.equal(await web.text(".uc-undo-line"), before.line);

    // Scholar's mate: Black holds tokens, so Black is asked first whether to
    // undo or accept it (UC-7), on Black's running clock.
    for (const uci of ["f1c4", "g8f6", "h5f7"]) await tapMove(uci);
    await web.waitFor(".uc-decision");
    assert.equal(toMove(await readPlay()), "black", "Black's clock does not run while Black decides");
    await lookAt("uc-decision", faults);
    // Black accepts the mate, the second tap 1.5 s after the first: the
    // clock ticks meanwhile, and the question (the very button) stays.
    const accept = await web.run(`return document.querySelectorAll(".uc-decision button")[1]`);
    assert.match(await tapTwice(accept, 1500), /Accept/);
    await web.waitFor(".uc-end");
    assert.match(await web.text(".end-result"), new RegExp(PAIR_NAMES.white));
    assert.equal(await web.text(".end-reason"), "checkmate");
    const moves = await web.run(`return [...document.querySelectorAll(".uc-end .move-list li")].map((li) => li.textContent.replace(/\\s+/g, " ").trim())`);
    assert.equal(moves.length, 4, `move list: ${moves}`);
    assert.match(moves[3], /Qxf7#/);
    await lookAt("uc-end", faults);
    assertNoLayoutFaults(faults);
    assert.deepEqual(await pageErrors(), []);
  });
});
