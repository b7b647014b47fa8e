// Shared helpers for the end-to-end tests: the release build (dist/) served on
// 127.0.0.1, Debian's Chromium driven by playwright-core, phone-sized contexts
// and screenshots under tests/artifacts/ (git-ignored).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { startServer } from "../tools/serve.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
export const REPO = resolve(HERE, "../..");
// NORDAU_DIST lets a parallel build be tested from another folder.
export const DIST = process.env.NORDAU_DIST ?? join(REPO, "dist");
export const SHOTS = join(REPO, "tests/artifacts/screenshots");

export const PORTRAIT = { width: 390, height: 844 };

/** The middle of what a locator or element handle shows, in page coordinates (for a touch there). */
export async function centreOf(target) {
  const box = await target.boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}
export const LANDSCAPE = { width: 844, height: 390 };

/**
 * Serves a private copy of dist/ (tests may change it) on a free port;
 * `delayMs` slows every response down (see tests/tools/serve.mjs); the paths
 * in `hold` wait for `release()`. `requests` lists what was asked for: path
 * and Sec-Fetch-Dest header.
 */
export async function serveCopy({ delayMs = 0, hold = [] } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "nordau-dist-"));
  cpSync(DIST, dir, { recursive: true });
  const requests = [];
  const onRequest = (req) =>
    requests.push({
      path: new URL(req.url, "http://x").pathname,
      // "empty" for a fetch() (the service worker's, or boot.js's on a first visit)
      dest: req.headers["sec-fetch-dest"],
    });
  let release;
  const released = new Promise((done) => (release = done));
  const gate = (path) => (hold.includes(path) ? released : undefined);
  const server = await startServer(dir, 0, { delayMs, onRequest, gate });
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    dir,
    origin,
    url: `${origin}/`,
    requests,
    /** Lets the paths in `hold` be answered: until then their requests wait. */
    release,
    /** Stops the server process's listener and drops open connections: "the network is gone". */
    stop: () =>
      new Promise((done) => {
        server.close(done);
        server.closeAllConnections();
      }),
  };
}

const CHROMIUM = {
  executablePath: "/usr/bin/chromium",
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
  ],
};

export function launchBrowser() {
  return chromium.launch(CHROMIUM);
}

/**
 * A Chromium whose pages can really be hidden and frozen. Playwright keeps
 * every page of the contexts it makes visible: its focus emulation holds a
 * capturer on the tab (Emulation.setFocusEmulationEnabled), and Chromium
 * never hides, so never freezes, a captured tab — Page.setWebLifecycleState
 * "frozen" on such a page changes nothing. So this browser is started here
 * and attached to over CDP with `noDefaults`, which leaves its default
 * context (`context`) without that emulation. Nor does that context emulate a
 * phone: a portrait window, no touch (click, not tap). Timers of a hidden
 * page are not throttled, so only a freeze stops them. `close()` ends it.
 */
export async function launchFreezableBrowser() {
  const profile = mkdtempSync(join(tmpdir(), "nordau-profile-"));
  const proc = spawn(
    CHROMIUM.executablePath,
    [
      ...CHROMIUM.args,
      "--headless",
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      `--window-size=${PORTRAIT.width},${PORTRAIT.height}`,
      "--disable-background-timer-throttling",
      "--disable-renderer-backgrounding",
      "--disable-backgrounding-occluded-windows",
      "about:blank",
    ],
    // Its own process group, so closing it ends its helper processes too.
    { stdio: "ignore", detached: true },
  );
  const exited = once(proc, "exit");
  const killAll = () => {
    try {
      process.kill(-proc.pid, "SIGKILL");
    } catch {
      proc.kill(); // the group is gone already
    }
  };
  try {
    // Chromium writes its port and path to DevToolsActivePort once it listens.
    const portFile = join(profile, "DevToolsActivePort");
    const [port, path] = await (async () => {
      for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(50)) {
        if (proc.exitCode !== null) break;
        const lines = existsSync(portFile) ? readFileSync(portFile, "utf8").split("\n") : [];
        if (lines[1]) return lines;
      }
      throw new Error(`Chromium did not open its DevTools port (exit code ${proc.exitCode})`);
    })();
    const browser = await chromium.connectOverCDP(`ws://127.0.0.1:${port}${path}`, { noDefaults: true });
    return {
      browser,
      context: browser.contexts()[0],
      close: async () => {
        await browser.close().catch(() => {});
        killAll();
        await exited;
        // A helper still writing to the profile (ENOTEMPTY on a loaded CI
        // machine) leaves a temporary directory behind, which fails no test.
        try {
          rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
        } catch (err) {
          console.error(`left ${profile} behind: ${err.code}`);
        }
      },
    };
  } catch (err) {
    killAll();
    await exited;
    throw err;
  }
}

/** A phone with a real (not incognito) profile in a fresh folder, as a person's browser is. */
export function launchPersistentPhone({ locale = "en-US", colorScheme = "dark" } = {}) {
  const profile = mkdtempSync(join(tmpdir(), "nordau-profile-"));
  return chromium.launchPersistentContext(profile, {
    ...CHROMIUM,
    locale,
    colorScheme,
    viewport: PORTRAIT,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: "allow",
  });
}

/**
 * A phone: touch, mobile viewport, 2× pixels. Its system asks for dark
 * colours unless told otherwise (Playwright's default, light, would start
 * every test in Sun mode; tests/e2e/theme.test.mjs covers that).
 */
export function phoneContext(browser, { viewport = PORTRAIT, locale = "en-US", colorScheme = "dark" } = {}) {
  return browser.newContext({
    viewport,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale,
    colorScheme,
    serviceWorkers: "allow",
  });
}

// The screenshots Android's install sheet shows (manifest.webmanifest
// "screenshots"), taken by the e2e tests from the real app. Refreshed on
// purpose only: UPDATE_MANIFEST_SCREENSHOTS=1 .ci/test (then commit them).
const MANIFEST_SHOTS = {
  "home-en-portrait": "home",
  "table-play-clock-en-portrait": "nordau-clock",
  "zh-play-board-en-portrait": "crazyhouse-board",
};

export async function screenshot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  const path = join(SHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  if (process.env.UPDATE_MANIFEST_SCREENSHOTS && MANIFEST_SHOTS[name]) {
    mkdirSync(join(REPO, "assets/screenshots"), { recursive: true });
    copyFileSync(path, join(REPO, "assets/screenshots", `${MANIFEST_SHOTS[name]}.png`));
  }
  return path;
}

/** Waits until a service worker controls the page (first visit: after clients.claim). */
export async function waitForServiceWorkerControl(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
}

/**
 * Opens `url#route` in a new page of `context` with Playwright's fake clock
 * installed at `time`, left running while the app loads (until `ready` is on
 * screen), then paused two minutes later: from there only `runFor` moves time,
 * so every clock on screen is exact. Returns the page and its error list.
 */
export async function openWithFakeClock(context, url, { route, ready, time }) {
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.clock.install({ time });
  await page.goto(`${url}#${route}`);
  await page.locator(ready).first().waitFor();
  await page.clock.pauseAt(time + 120_000);
  return { page, errors };
}

/** Taps the app bar's `lang` option and waits until the page speaks it. */
export async function switchLanguage(page, lang) {
  await page.locator(`.lang-option[lang=${lang}]`).tap();
  await page.locator(`html[lang=${lang}]`).waitFor();
}

/** Errors the page logged; the app must run without any. */
export function collectPageErrors(page) {
  const errors = [];
  page.on("pageerror", (err) => errors.push(String(err)));
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  return errors;
}

/** Crazyhouse: a board-mode game started from the setup screen, White to move. */
export async function startZhBoardGame(page) {
  await page.locator(".zh-setup").waitFor();
  await page.locator("input[name=zh-mode]").nth(1).check();
  await page.locator(".zh-setup button.primary.big").tap();
  await page.locator(".half.black-seat.starts").tap();
  await page.locator(".half.white-seat.to-move").waitFor();
}

/** Crazyhouse board mode: taps `from` then `to`, and waits for `next` ("white"/"black") to move. */
export async function tapMove(page, from, to, next) {
  await page.locator(`[data-square=${from}]`).tap();
  await page.locator(`[data-square=${to}].target`).tap();
  await page.locator(`.half.${next}-seat.to-move`).waitFor();
}

/**
 * An init script: a full disk, switchable from the test — `localStorage.setItem`
 * throws QuotaExceededError while `window.__full` is set (in that page).
 */
export const FILLABLE_STORAGE = () => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (window.__full) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    return setItem.call(this, key, value);
  };
};
