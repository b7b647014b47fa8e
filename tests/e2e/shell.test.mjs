// The app shell as a user meets it: it renders, speaks English and Russian,
// installs a service worker, keeps working with the server stopped, asks before
// updating, talks to no other origin, and lives under a strict CSP.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { SW_VERSION } from "../../.ci/build-files.mjs";
import {
  LANDSCAPE,
  PORTRAIT,
  collectPageErrors,
  launchBrowser,
  launchPersistentPhone,
  phoneContext,
  screenshot,
  serveCopy,
  waitForServiceWorkerControl,
} from "./harness.mjs";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function openApp(context, url) {
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(url);
  await page.locator("#main .tagline").waitFor();
  return { page, errors };
}

describe("app shell", () => {
  test("renders home and About in English and Russian, portrait and landscape", async () => {
    const app = await serveCopy();
    try {
      for (const [orientation, viewport] of [["portrait", PORTRAIT], ["landscape", LANDSCAPE]]) {
        const context = await phoneContext(browser, { viewport });
        const { page, errors } = await openApp(context, app.url);
        assert.equal(await page.locator("html").getAttribute("lang"), "en");
        assert.match(await page.locator("#main h1").innerText(), /Nordau Shift/);
        await screenshot(page, `home-en-${orientation}`);

        await page.getByRole("button", { name: "Русский" }).tap();
        await page.getByText("Выберите игру").waitFor();
        assert.equal(await page.locator("html").getAttribute("lang"), "ru");
        await screenshot(page, `home-ru-${orientation}`);

        await page.getByRole("link", { name: "О приложении" }).tap();
        await page.getByText("Михаил Дайхин").waitFor();
        await screenshot(page, `about-ru-${orientation}`);

        await page.getByRole("button", { name: "English" }).tap();
        await page.getByText("Mike Daykhin").waitFor();
        const about = await page.locator("article.about").innerText();
        assert.match(about, /independent, unofficial referee/);
        assert.match(about, /CC BY-SA 4\.0/);
        assert.match(about, /GPL-3\.0-or-later/);
        await screenshot(page, `about-en-${orientation}`);

        // The choice is remembered across visits.
        await page.getByRole("button", { name: "Русский" }).tap();
        await page.reload();
        await page.getByText("Михаил Дайхин").waitFor();
        assert.deepEqual(errors, []);
        await context.close();
      }
    } finally {
      await app.stop();
    }
  });

  test("a Russian browser gets Russian on the first visit", async () => {
    const app = await serveCopy();
    try {
      const context = await phoneContext(browser, { locale: "ru-RU" });
      const { page } = await openApp(context, app.url);
      assert.equal(await page.locator("#games-heading").innerText(), "Выберите игру");
      await context.close();
    } finally {
      await app.stop();
    }
  });

  test("the first screen needs no wasm: the home in the player's language, and a game tapped early opens when the app is up", async () => {
    const app = await serveCopy();
    try {
      for (const [locale, heading, game, orientation, viewport] of [
        ["ru-RU", "Выберите игру", "Крейзихаус", "portrait", PORTRAIT],
        ["en-US", "Choose a game", "Crazyhouse", "landscape", LANDSCAPE],
      ]) {
        const context = await phoneContext(browser, { locale, viewport });
        const page = await context.newPage();
        const errors = collectPageErrors(page);
        // Hold the wasm back, as a slow connection does, until the game is tapped.
        let release;
        const held = new Promise((resolve) => (release = resolve));
        await page.route("**/*.wasm*", async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(app.url, { waitUntil: "commit" });
        await page.getByRole("heading", { name: heading }).waitFor();
        assert.equal(await page.locator("#main").count(), 0, "the app has not started");
        await screenshot(page, `first-screen-${locale.slice(0, 2)}-${orientation}`);
        await page.getByRole("link", { name: new RegExp(`^${game}`) }).tap();
        assert.equal(new URL(page.url()).hash, "#/crazyhouse");
        release();
        await page.locator("#main .zh-setup, #main .zh-play").first().waitFor();
        assert.equal(await page.locator("#static-shell").count(), 0, "the app replaced the static screen");
        assert.deepEqual(errors, []);
        await context.close();
      }
    } finally {
      await app.stop();
    }
  });

  test("a link to another page shows a splash, not the home screen, until the app is up", async () => {
    const app = await serveCopy();
    try {
      const context = await phoneContext(browser);
      const page = await context.newPage();
      let release;
      const held = new Promise((resolve) => (release = resolve));
      await page.route("**/*.wasm*", async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${app.url}#/verify`, { waitUntil: "commit" });
      await page.locator(".static-shell .boot-splash").waitFor();
      assert.equal(await page.getByRole("heading", { name: "Choose a game" }).count(), 0);
      release();
      await page.locator("#main .verify-form").waitFor();
      await context.close();
    } finally {
      await app.stop();
    }
  });

  test("the app takes over from the static first screen in one frame: never both on screen, never neither", async () => {
    // The app is built over several tasks behind the static copy (src/ui/mod.rs,
    // App), so what each frame is about to paint is checked before every paint.
    const app = await serveCopy();
    try {
      for (const route of ["", "#/verify"]) {
        const context = await phoneContext(browser);
        const page = await context.newPage();
        const errors = collectPageErrors(page);
        await page.addInitScript(() => {
          window.__frames = [];
          const shown = (el) => el !== null && getComputedStyle(el).display !== "none";
          const look = () => {
            if (document.body) {
              const state = `${shown(document.getElementById("static-shell")) ? "static" : ""}+${
                shown(document.querySelector(".app:not(.static-shell)")) ? "app" : ""}`;
              if (window.__frames.at(-1) !== state) window.__frames.push(state);
            }
            requestAnimationFrame(look);
          };
          requestAnimationFrame(look);
        });
        await page.goto(`${app.url}${route}`);
        await page.locator(route ? "#main .verify-form" : "#main .tagline").waitFor();
        await page.waitForFunction(() => window.__frames.at(-1) === "+app");
        assert.deepEqual(await page.evaluate(() => window.__frames), ["static+", "+app"], `frames of ${route || "home"}`);
        assert.deepEqual(errors, []);
        await context.close();
      }
    } finally {
      await app.stop();
    }
  });

  test("keeps working after the server process is stopped", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openApp(context, app.url);
      await waitForServiceWorkerControl(page);
      await app.stop();

      await page.reload();
      await page.locator("#main .tagline").waitFor();
      await page.getByRole("link", { name: "About" }).tap();
      await page.getByText("Mike Daykhin").waitFor();

      // A fresh tab on a deep link, with the network gone, opens too.
      const second = await context.newPage();
      await second.goto(`${app.url}#/about`);
      await second.getByText("Mike Daykhin").waitFor();
      await screenshot(second, "offline-about-en-portrait");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("makes no request to any origin but its own", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    const foreign = [];
    context.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(app.origin) && !url.startsWith("data:") && !url.startsWith("blob:")) foreign.push(url);
    });
    try {
      const { page } = await openApp(context, app.url);
      await waitForServiceWorkerControl(page);
      await page.getByRole("link", { name: "About" }).tap();
      await page.getByRole("button", { name: "Русский" }).tap();
      await page.reload();
      await page.getByText("Михаил Дайхин").waitFor();
      assert.deepEqual(foreign, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("the Content-Security-Policy refuses inline scripts, foreign scripts and eval", async () => {
    const app = await serveCopy();
    // A same-origin script (allowed) that tries eval (forbidden).
    writeFileSync(
      join(app.dir, "eval-probe.js"),
      'try { eval("1 + 1"); window.__evalOutcome = "ran"; } catch (err) { window.__evalOutcome = err.name; }',
    );
    const context = await phoneContext(browser);
    try {
      const { page } = await openApp(context, app.url);
      const result = await page.evaluate(async () => {
        const violations = [];
        document.addEventListener("securitypolicyviolation", (e) => violations.push(e.violatedDirective));
        const script = document.createElement("script");
        script.textContent = "window.__inlineRan = true;";
        document.head.append(script);
        // Nor any inline style but the page's own.
        const style = document.createElement("style");
        style.textContent = "html { outline: 7px solid red; }";
        document.head.append(style);
        // An inline event handler is inline script too.
        const button = document.createElement("button");
        button.setAttribute("onclick", "window.__handlerRan = true;");
        document.body.append(button);
        button.click();
        button.remove();
        // Only 'self' may serve scripts: a data: URL is another origin.
        const foreign = document.createElement("script");
        foreign.src = "data:text/javascript,window.__dataRan=true";
        document.head.append(foreign);
        const probe = document.createElement("script");
        probe.src = "eval-probe.js";
        const probed = new Promise((done) => probe.addEventListener("load", done));
        document.head.append(probe);
        await probed;
        await new Promise((done) => setTimeout(done, 100));
        return {
          inlineRan: window.__inlineRan === true,
          handlerRan: window.__handlerRan === true,
          dataRan: window.__dataRan === true,
          evalOutcome: window.__evalOutcome,
          styled: getComputedStyle(document.documentElement).outlineWidth === "7px",
          violations,
        };
      });
      assert.equal(result.inlineRan, false, "an inline script ran");
      assert.equal(result.handlerRan, false, "an inline event handler ran");
      assert.equal(result.dataRan, false, "a script from a data: URL ran");
      assert.equal(result.evalOutcome, "EvalError");
      assert.equal(result.styled, false, "an inline style applied");
      assert.ok(result.violations.includes("style-src-elem"), JSON.stringify(result.violations));
      assert.ok(result.violations.includes("script-src-attr"), JSON.stringify(result.violations));
      assert.ok(result.violations.includes("script-src-elem"), JSON.stringify(result.violations));

      // The page's own inline scripts (pre.js's and boot.js's) and style are
      // allowed (.ci/page-head.mjs), by their digests: no other, and not an
      // edited copy.
      const html = readFileSync(join(app.dir, "index.html"), "utf8");
      const policy = /content="([^"]*script-src[^"]*)"/.exec(html)[1];
      for (const [tag, directive, count] of [["script", "script-src", 2], ["style", "style-src", 1]]) {
        const inline = [...html.matchAll(new RegExp(`<${tag}(?![^>]*\\bsrc=)[^>]*>([\\s\\S]*?)</${tag}>`, "g"))].map((m) => m[1]);
        assert.equal(inline.length, count, `index.html's inline <${tag}> elements`);
        const sources = new RegExp(`${directive}\\s([^;]*)`).exec(policy)[1];
        const allowed = [...sources.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]);
        assert.deepEqual(allowed, inline.map((text) => createHash("sha256").update(text).digest("base64")), sources);
      }
      assert.doesNotMatch(policy, /unsafe-inline/);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("the tab's icon is a PNG in the page: no request for it, and nothing for the page to draw when the browser asks for it", async () => {
    const app = await serveCopy();
    const context = await launchPersistentPhone();
    try {
      const { page } = await openApp(context, app.url);
      const favicons = await page.locator("link[rel=icon]").evaluateAll((links) => links.map((link) => [link.getAttribute("href"), link.getAttribute("sizes")]));
      assert.equal(favicons.length, 1, "one favicon");
      const [[href, sizes]] = favicons;
      // An SVG favicon is drawn in a document of its own on the page's main
      // thread whenever the browser asks for it (as the page loads, and at
      // its first sound, for the media session): about 10 ms, where a PNG
      // is decoded in well under one (docs/performance.md).
      assert.match(href, /^data:image\/png;base64,/, "the favicon is a PNG written into the page");
      const size = await page.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        return `${img.naturalWidth}x${img.naturalHeight}`;
      }, href);
      assert.equal(size, sizes, "the favicon is the size its link declares");
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("the manifest makes it installable, with 192, 512 and maskable icons, a description and screenshots", async () => {
    const app = await serveCopy();
    const context = await launchPersistentPhone();
    try {
      const { page } = await openApp(context, app.url);
      const manifest = await page.evaluate(async () => (await fetch("manifest.webmanifest")).json());
      assert.equal(manifest.display, "standalone");
      assert.equal(manifest.start_url, "./");
      assert.equal(manifest.scope, "./");
      assert.ok(manifest.name && manifest.short_name && manifest.description);
      assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/i);
      assert.match(manifest.background_color, /^#[0-9a-f]{6}$/i);
      const purposes = manifest.icons.map((icon) => `${icon.sizes}/${icon.purpose}`);
      for (const wanted of ["192x192/any", "512x512/any", "512x512/maskable"]) {
        assert.ok(purposes.includes(wanted), `missing icon ${wanted}`);
      }
      // Chromium's own verdict: nothing stops it from installing the app.
      await waitForServiceWorkerControl(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      assert.deepEqual(installabilityErrors, []);
      for (const icon of manifest.icons.filter((i) => i.type === "image/png")) {
        const size = await page.evaluate(async (src) => {
          const img = new Image();
          img.src = src;
          await img.decode();
          return `${img.naturalWidth}x${img.naturalHeight}`;
        }, icon.src);
        assert.equal(size, icon.sizes, icon.src);
      }
      // Android's rich install sheet: a description and portrait ("narrow")
      // screenshots of the real app, each its declared size, not precached.
      assert.ok(manifest.description.length >= 40, "a description people can read");
      assert.ok(manifest.screenshots?.length >= 2, "at least two screenshots");
      const precached = await page.evaluate(async () => (await fetch("sw.js")).text());
      for (const shot of manifest.screenshots) {
        assert.equal(shot.form_factor, "narrow", shot.src);
        assert.equal(shot.type, "image/png", shot.src);
        assert.ok(shot.label, shot.src);
        const size = await page.evaluate(async (src) => {
          const img = new Image();
          img.src = src;
          await img.decode();
          return `${img.naturalWidth}x${img.naturalHeight}`;
        }, shot.src);
        assert.equal(size, shot.sizes, shot.src);
        assert.ok(!precached.includes(shot.src), `${shot.src} is only for the install sheet`);
      }
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("a new version stores its own copy of a changed unhashed file, not the one the browser kept", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page } = await openApp(context, app.url);
      await waitForServiceWorkerControl(page);
      // The page downloaded the manifest for the worker (boot.js) and the
      // browser keeps that copy. A new version changes it: sw.js names it by
      // its new digest (.ci/sw-precache.mjs).
      const manifestPath = join(app.dir, "manifest.webmanifest");
      const changed = `${readFileSync(manifestPath, "utf8").trim()}\n\n`;
      writeFileSync(manifestPath, changed);
      const swPath = join(app.dir, "sw.js");
      const sw = readFileSync(swPath, "utf8");
      const digest = createHash("sha256").update(changed).digest("hex").slice(0, 16);
      const next = sw
        .replace(SW_VERSION, (version) => version.replace(/"$/, 'next"'))
        .replace(/("manifest\.webmanifest":")[0-9a-f]{16}"/, `$1${digest}"`);
      assert.ok(next.includes(digest), "sw.js names the manifest by its digest");
      writeFileSync(swPath, next);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
      await page.locator(".update-notice").waitFor();
      const stored = await page.evaluate(async () => {
        const names = await caches.keys();
        const cache = await caches.open(names.find((name) => name.endsWith("next")));
        return (await cache.match("manifest.webmanifest")).text();
      });
      assert.equal(stored, changed);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("a new version waits until the user accepts it", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page } = await openApp(context, app.url);
      await waitForServiceWorkerControl(page);
      const before = await page.evaluate(() => caches.keys());
      assert.equal(before.length, 1);

      // Publish a "new version": same files, new cache version.
      const swPath = join(app.dir, "sw.js");
      const sw = readFileSync(swPath, "utf8");
      writeFileSync(swPath, sw.replace(SW_VERSION, (version) => version.replace(/"$/, 'next"')));
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());

      await page.locator(".update-notice").waitFor();
      // Until the user says so, the old version keeps control and its cache.
      assert.equal(await page.evaluate(() => caches.keys().then((k) => k.length)), 2);
      await screenshot(page, "update-ready-en-portrait");

      await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Update now" }).tap()]);
      await page.locator("#main .tagline").waitFor();
      const afterKeys = await page.evaluate(() => caches.keys());
      assert.deepEqual(afterKeys, [`${before[0]}next`]);
      assert.equal(await page.locator(".update-notice").count(), 0);
    } finally {
      await context.close();
      await app.stop();
    }
  });
});
