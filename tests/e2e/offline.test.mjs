// "Ready for offline, visibly" (issue #9): people open the URL once on a street
// connection and then put the phone on the table with no network. The home
// screen shows the first install file by file, says when it is done, and says
// so when it failed (and retries); the games then open with the server gone.
import assert from "node:assert/strict";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { HASHED_NAME as HASHED, buildFiles, precachePaths } from "../../.ci/build-files.mjs";
import { packedName } from "../../.ci/pack-wasm.mjs";
import { DIST, collectPageErrors, launchPersistentPhone, screenshot, serveCopy } from "./harness.mjs";

// Slow enough that each of sw.js's rounds of parallel downloads is on screen.
const SLOW_MS = 500;

const TEXT = {
  en: {
    saving: /^Saving for offline use… (\d+) of (\d+)$/,
    ready: "Ready to play offline ✓",
    failed: "Could not save for offline use — retrying. The app works while you are online.",
  },
  ru: {
    saving: /^Сохраняем для игры без сети… (\d+) из (\d+)$/,
    ready: "Готово к игре без сети ✓",
    failed: "Не удалось сохранить для игры без сети — пробуем ещё раз. Пока есть сеть, приложение работает.",
  },
};
const STORAGE_ANSWERS = [
  "kept by the browser (persistent)",
  "the browser may clear saved games when space runs low",
  "unknown in this browser",
];

/**
 * How often each path crossed the network for the worker's install: an
 * unhashed file counts when a fetch() asked the server for it (no
 * destination: the worker's, or on a first visit boot.js's, which hands it
 * over), a hashed one each time anyone asked the server for it.
 */
function installFetches(app) {
  const counts = {};
  for (const { path, dest } of app.requests) {
    if (dest === "empty" || HASHED.test(path)) counts[path] = (counts[path] ?? 0) + 1;
  }
  return counts;
}

/**
 * Every precached file crossed the network once: a hashed one (the wasm, 90 %
 * of the bytes) as the page downloaded it; the page itself not again, for the
 * page handed the worker the browser's copy, its digest this build's; the rest
 * (the manifest's icons, the manifest) by one fetch(), the page's on a first
 * visit (boot.js). The browser may also ask for the manifest and an icon on
 * its own, for its install menu, at a moment of its choosing: before the
 * hand-over, the page hands over its copy and fetches nothing; during or
 * after it, the page has no complete copy to hand over and fetches its own.
 * So such a file is fetched by the page at most once.
 */
function assertFetchedOnce(app, paths, except = null) {
  const fetched = installFetches(app);
  const byBrowser = new Set(app.requests.filter(({ dest }) => dest !== "empty").map(({ path }) => path));
  const alsoByBrowser = paths.filter((path) => !HASHED.test(path) && byBrowser.has(path));
  assert.ok(alsoByBrowser.includes("/"), `the worker took the page's copy of the page: ${alsoByBrowser}`);
  for (const path of paths.filter((path) => path !== except)) {
    if (path === "/") assert.equal(fetched[path], undefined, "the page crossed the network once");
    else if (alsoByBrowser.includes(path)) assert.ok((fetched[path] ?? 0) <= 1, `${path}, which the browser also asked for on its own, was fetched at most once more`);
    else assert.equal(fetched[path], 1, `${path} crossed the network once`);
  }
  return fetched;
}

const card = (page) => page.locator(".offline-status");
const cardText = (page) => page.locator(".offline-status .offline-text").innerText();

/**
 * Waits until the card shows a count below the total, and reads the card and
 * its progress bar in that same moment.
 */
async function catchSaving(page, pattern) {
  const handle = await page.waitForFunction(
    (source) => {
      const text = document.querySelector(".offline-status .offline-text")?.textContent ?? "";
      const m = text.match(new RegExp(source));
      // At least one file stored (the worker counts), not all of them.
      if (!m || Number(m[1]) < 1 || Number(m[1]) >= Number(m[2])) return null;
      const bar = document.querySelector(".offline-status progress");
      return {
        done: Number(m[1]),
        total: Number(m[2]),
        state: document.querySelector(".offline-status").dataset.state,
        bar: bar && { value: bar.value, max: bar.max, label: bar.getAttribute("aria-label") },
      };
    },
    pattern.source,
    { polling: "raf", timeout: 20000 },
  );
  return handle.jsonValue();
}

// Held back by the server in a first visit until the test has seen and shot
// "saving": the install cannot end first, however fast the rest arrives.
const HELD = "/icons/icon-maskable-512.png";

/**
 * A first visit on a slow connection: saving N of M, shot; then ready, shot.
 * `app` is served with `hold: [HELD]`.
 */
async function firstVisit(context, app, lang) {
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  // The images the page asked for (not the browser's own look at the manifest's icons).
  const images = [];
  page.on("request", (request) => request.resourceType() === "image" && images.push(new URL(request.url()).pathname));
  await page.goto(app.url);

  const saving = await catchSaving(page, TEXT[lang].saving);
  await screenshot(page, `offline-saving-${lang}-portrait`);
  assert.equal(await card(page).getAttribute("data-state"), "saving", "the install ended before the screenshot");
  app.release();
  const paths = precachePaths(app.dir);
  assert.equal(saving.state, "saving");
  assert.equal(saving.total, paths.length, "the total is the number of precached files");
  assert.ok(saving.done >= 1 && saving.done < saving.total);
  assert.deepEqual(saving.bar, {
    value: saving.done,
    max: saving.total,
    label: lang === "ru" ? "Сохраняем для игры без сети…" : "Saving for offline use…",
  });

  await page.locator(".offline-status[data-state=ready]").waitFor({ timeout: 20000 });
  assert.equal(await cardText(page), TEXT[lang].ready);
  // The bar stays, full, so the card keeps its height and the games below do not move.
  const bar = await page.locator(".offline-status progress").evaluate((bar) => ({ value: bar.value, max: bar.max }));
  assert.deepEqual(bar, { value: 1, max: 1 });
  await screenshot(page, `offline-ready-${lang}-portrait`);
  return { page, errors, paths, images };
}

describe("ready for offline, visibly", () => {
  test("a slow first visit counts the files, says ready, and the games then open with the server stopped", async () => {
    const app = await serveCopy({ delayMs: SLOW_MS, hold: [HELD] });
    const context = await launchPersistentPhone();
    try {
      const { page, errors, paths, images } = await firstVisit(context, app, "en");

      assert.ok(paths.some((path) => HASHED.test(path)) && paths.some((path) => !HASHED.test(path)));
      const fetched = assertFetchedOnce(app, paths);
      // The page asked for no image: the bar's icon is written into its
      // style (.ci/page-head.mjs), so neither the static first screen nor
      // the app's bar waits for a request that a network lost at "ready"
      // would leave unanswered, and the wasm has the page's connection.
      assert.deepEqual(images, [], "the images the page asked for");
      assert.ok(await page.locator(".app-bar .brand").evaluate((brand) => getComputedStyle(brand, "::before").backgroundImage.startsWith('url("data:image/svg+xml')), "the bar shows the icon");
      // The wasm crossed it packed (issue #25): the page unpacked it, and the
      // worker stored it unpacked; nobody downloaded the wasm itself.
      const wasm = `/${buildFiles(app.dir)[1]}`;
      assert.ok(paths.includes(packedName(wasm)), "the worker downloads the packed wasm");
      assert.equal(fetched[wasm], undefined, "the wasm itself was never downloaded");
      assert.equal(await page.evaluate((wasm) => caches.match(wasm).then((r) => r?.headers.get("Content-Type")), wasm), "application/wasm");

      await app.stop();
      await page.reload();
      await page.locator(".offline-status[data-state=ready]").waitFor();
      assert.equal(await cardText(page), TEXT.en.ready);
      // The page handed its unpacked copy to the worker through a cache of
      // their own (boot.js), which is gone once the worker is active: the
      // phone keeps one copy of the app.
      const names = await page.evaluate(() => caches.keys());
      assert.equal(names.length, 1, `one cache, the worker's: ${names}`);

      for (const [route, setup] of [["/nordau", ".ns-setup"], ["/crazyhouse", ".zh-setup"]]) {
        const game = await context.newPage();
        errors.push(...collectPageErrors(game));
        await game.goto(`${app.url}#${route}`);
        await game.locator(setup).waitFor();
        assert.ok(await game.locator(`${setup} button.primary.big`).isVisible(), `${route} has its start button`);
        await game.close();
      }

      // About says whether the browser keeps the saved games.
      await page.goto(`${app.url}#/about`);
      await page.locator(".storage-answer:not(:empty)").waitFor();
      assert.ok(STORAGE_ANSWERS.includes(await page.locator(".storage-answer").innerText()));
      assert.match(await page.locator(".storage-status").innerText(), /^Storage: /);
      await page.locator(".storage-status").scrollIntoViewIfNeeded();
      await screenshot(page, "offline-about-storage-en-portrait");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("a first visit asks for the wasm once its first screen has painted, before any other file, and a later visit never again", async () => {
    // The page holds everything its first screen and start need
    // (.ci/page-head.mjs), so the wasm is the first file it asks for, and on
    // a slow link has the page's connection, open and idle by then, instead
    // of a new one (docs/performance.md).
    const app = await serveCopy();
    const packed = packedName(`/${buildFiles(app.dir)[1]}`);
    const askedForPacked = () => app.requests.filter(({ path }) => path === packed).length;
    const context = await launchPersistentPhone();
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(app.url);
      await page.locator(".offline-status[data-state=ready]").waitFor({ timeout: 20000 });
      // The browser's own check of the app's manifest and an icon it names
      // (for the install menu) may come first: the browser's, not the page's.
      const manifest = JSON.parse(readFileSync(join(app.dir, "manifest.webmanifest"), "utf8"));
      const installCheck = ["/manifest.webmanifest", ...manifest.icons.map((icon) => `/${icon.src}`)];
      const [painted, asked, before] = await page.evaluate(
        ([packed, installCheck]) => {
          const paint = performance.getEntriesByName("first-contentful-paint")[0];
          const files = performance.getEntriesByType("resource");
          const wasm = files.find((entry) => new URL(entry.name).pathname === packed);
          const pages = files.filter((entry) => !installCheck.includes(new URL(entry.name).pathname));
          return [paint.startTime, wasm.startTime, pages.filter((entry) => entry.startTime < wasm.startTime).map((entry) => entry.name)];
        },
        [packed, installCheck],
      );
      // It waited for the first screen, so that nothing the screen needs shared the link with it.
      assert.ok(asked >= painted, `asked for at ${asked} ms, first paint at ${painted} ms`);
      assert.deepEqual(before, [], "files the page asked for before the wasm");

      // Once a worker holds the app, a visit starts from the stored wasm.
      await page.reload();
      await page.locator(".offline-status[data-state=ready]").waitFor();
      await page.goto(`${app.url}#/nordau`);
      await page.locator(".ns-setup").waitFor();
      assert.equal(askedForPacked(), 1, "the packed wasm crossed the network once");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("a file missing from the server: the failure is shown, the app works online, a retry finishes the job", async () => {
    const app = await serveCopy();
    const paths = precachePaths(app.dir);
    // An icon only the manifest names: the page itself never needs it.
    const missing = paths.find((path) => /maskable.*\.png$/.test(path)) ?? paths.at(-1);
    rmSync(join(app.dir, missing));
    const context = await launchPersistentPhone();
    try {
      const page = await context.newPage();
      await page.goto(app.url);
      await page.locator(".offline-status[data-state=failed]").waitFor({ timeout: 20000 });
      assert.equal(await cardText(page), TEXT.en.failed);
      assert.equal(await page.evaluate(() => navigator.serviceWorker.controller), null);
      await screenshot(page, "offline-failed-en-portrait");

      await page.getByRole("button", { name: "Русский" }).tap();
      assert.equal(await cardText(page), TEXT.ru.failed);
      await screenshot(page, "offline-failed-ru-portrait");
      await page.getByRole("button", { name: "English" }).tap();

      // Online, the games work all the same.
      await page.locator('#main a.game-card[href="#/nordau"]').tap();
      await page.locator(".ns-setup").waitFor();
      await page.goBack();
      await page.locator(".offline-status").waitFor();

      // The file is back: the next attempt (5 s after the failure) completes,
      // and fetches only what the failed one had not stored.
      cpSync(join(DIST, missing), join(app.dir, missing));
      await page.locator(".offline-status[data-state=ready]").waitFor({ timeout: 20000 });
      assert.equal(await cardText(page), TEXT.en.ready);
      // The others were stored once, not fetched again.
      const fetched = assertFetchedOnce(app, paths, missing);
      assert.ok(fetched[missing] >= 2, "the missing file was asked for again");
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("a first visit closed during the download: the worker stores every file itself, not waiting for the page's", async () => {
    const app = await serveCopy({ delayMs: SLOW_MS });
    const context = await launchPersistentPhone();
    try {
      const first = await context.newPage();
      await first.goto(app.url);
      // The worker is installing, waiting for the files the page hands it
      // (boot.js), and the wasm is still coming: the page goes away.
      const installing = () => navigator.serviceWorker.getRegistration().then((registration) => Boolean(registration?.installing));
      for (let tries = 0; !(await first.evaluate(installing)); tries++) {
        assert.ok(tries < 200, "the page registered its worker");
        await first.waitForTimeout(25);
      }
      const closedAt = Date.now();
      await first.close();
      // With no page left, the worker downloads what never came; it would
      // otherwise wait a minute for each (sw.js: HANDOFF_WAIT_MS).
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
      for (;;) {
        const state = await worker.evaluate(() => self.registration.active?.state ?? "installing");
        if (state === "activated") break;
        assert.ok(Date.now() - closedAt < 20_000, `the worker installed without the page (still ${state})`);
        await new Promise((wait) => setTimeout(wait, 100));
      }

      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await app.stop();
      await page.goto(`${app.url}#/nordau`);
      await page.locator(".ns-setup").waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  for (const [fault, spoil] of [
    ["does not serve the packed wasm", (path) => rmSync(path)],
    ["damages the packed wasm", (path) => writeFileSync(path, Buffer.from(readFileSync(path)).fill(0x5a, 4000, 4100))],
  ]) {
    test(`a host that ${fault}: the page and the worker take the wasm itself, and the app works offline`, async () => {
      const app = await serveCopy();
      const wasm = `/${buildFiles(app.dir)[1]}`;
      spoil(join(app.dir, packedName(wasm)));
      const context = await launchPersistentPhone();
      try {
        const page = await context.newPage();
        const errors = collectPageErrors(page);
        await page.goto(app.url);
        await page.locator(".offline-status[data-state=ready]").waitFor({ timeout: 20000 });
        assert.ok(installFetches(app)[wasm] >= 1, "the wasm itself was downloaded");
        await app.stop();
        await page.goto(`${app.url}#/nordau`);
        await page.reload();
        await page.locator(".ns-setup").waitFor();
        // The browser's own line about the missing file is all that was said.
        assert.deepEqual(errors.filter((e) => !/status of 404 \(Not Found\)/.test(e)), []);
      } finally {
        await context.close();
        await app.stop();
      }
    });
  }

  test("the same in Russian", async () => {
    const app = await serveCopy({ delayMs: SLOW_MS, hold: [HELD] });
    const context = await launchPersistentPhone({ locale: "ru-RU" });
    try {
      const visit = await firstVisit(context, app, "ru");
      assert.equal(await visit.page.locator("html").getAttribute("lang"), "ru");
      assert.deepEqual(visit.errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });
});
