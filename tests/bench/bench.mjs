// .ci/bench (issues #12 and #25): measures the release build against issue
// #25's targets and prints one table. It asserts nothing; it fails only when
// something broke (a build missing, a page that never became ready).
// Usage: node tests/bench/bench.mjs [--only size|lighthouse|first|tap|cpu|start]
// Prints the table and writes it to target-bench/bench-latest.md, headed by the
// date, the commit, the parts measured and the machine (nproc cores, CPU model);
// .ci/bench then puts that file into docs/performance.md between its markers.
//
// How each figure is measured:
// - size: tests/tools/size-report.mjs over everything sw.js precaches, as a
//   static host sends it: the build's .gz siblings (zopfli) and .br siblings
//   (brotli q11); gzip -9 made on the fly beside the total. A game module's
//   cost is the gzip of wasm+js+css of the full build minus the build
//   without that game (Cargo features, leave-one-out).
//   Where the wasm's bytes are: the full build's wasm optimised again with its
//   names kept (the hook's wasm-opt arguments and -g), its function sizes summed by owner
//   (tests/tools/wasm-breakdown.mjs).
// - lighthouse: Lighthouse's default (mobile) config, simulated slow 4G and 4×
//   CPU, against a Chromium we start with --remote-debugging-port.
// - first: a fresh profile opens the app through a throttling proxy (1.6 Mbps
//   down shared by all connections, 150 ms RTT, one RTT per new connection);
//   time from navigation start to the opened game's files (the page, its
//   wasm, JS and CSS: all an offline start needs) being in the worker's
//   cache, polled every 50 ms, and to every precached file being there (every
//   game, the icons: what "Ready to play offline" on the home screen waits
//   for). The
//   throttle is on the server side only, because DevTools network emulation
//   does not slow the service worker's fetches. To show it scales with size,
//   the bytes sent and the shell-only build's time are printed beside it.
// - tap: 200 taps on the running clock half in a Nordau Shift game, CPU
//   throttled 4× (Emulation.setCPUThrottlingRate), versus plain-clock.html;
//   two rounds, alternating, and the mean of their ratios.
//   Two methods: (a) Event Timing (PerformanceObserver "event",
//   durationThreshold 16): per interaction the longest entry, as INP does;
//   taps with no entry took under 16 ms and count as 16, so a p95 of 16 reads
//   "≤16"; (b) from the pointerdown's timeStamp to the first frame painted
//   after the page changed a class or node (requestAnimationFrame, then a
//   message posted from it, which runs after that frame's paint). (b) includes
//   the browser's wait between pointerdown and click (the app acts on click).
// - cpu: Performance.getMetrics TaskDuration over ~9 s while a Nordau clock
//   runs untouched showing tenths (9.8 s → 0.8 s; the low-time warning, a
//   tick sound a second and the half's pulse, starts at 5 s), as % of one
//   core, versus tenths.html tapped on its other half as the app's clock was
//   (a tap leaves the pointer over the page: Chromium then hit-tests after
//   each layout); no CPU throttling; three rounds, the two pages taking
//   turns, each in a context closed before the next, medians.
// - start: after a first visit installed the worker and a game is running,
//   the server stops; a new page in the same context opens #/nordau and we
//   time navigation start → the running clock half in the DOM (its handler is
//   attached when it is created), with the worker stopped before each try;
//   median of 5, versus empty.html served by its own tiny worker.
// Everything is served compressed (tests/tools/serve.mjs `compress`), with the
// comparison pages (tests/bench/pages) under /__bench/ on the same origin,
// each opened in a context of its own: in the app's, its worker (scope /)
// would answer them with the app. Lighthouse gets the server unthrottled (it
// simulates the network itself); first visit, cpu and start run the CPU at
// full speed.
import { execSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { extname, join } from "node:path";
import { REPO, launchBrowser, phoneContext } from "../e2e/harness.mjs";
import { sizeReport } from "../tools/size-report.mjs";
import { breakdown, breakdownTable } from "../tools/wasm-breakdown.mjs";
import { HANDOFF_SUFFIX, precacheList, startsTheApp, workerImports } from "../../.ci/build-files.mjs";
import { storedName } from "../../.ci/pack-wasm.mjs";
import { gzipBest } from "../../.ci/compress.mjs";
import { WASM_OPT_ARGS } from "../../.ci/function-order.mjs";
import { busy } from "./busy.mjs";
import { clockShowingTenths, passTheMove, plainTenthsPage, startNordau } from "./nordau-game.mjs";
import { serveBench, throttle } from "./server.mjs";

const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : null;
const PARTS = ["size", "lighthouse", "first", "tap", "cpu", "start"];
if (only && !PARTS.includes(only)) fail(`--only takes one of ${PARTS.join(", ")}`);
const DIST = (variant) => join(REPO, `dist-bench-${variant}`);

function fail(message) {
  console.error(`bench: ${message}`);
  process.exit(1);
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (v) => `${Math.round(v)} ms`;
const ratio = (a, b) => `${(a / b).toFixed(2)}×`;
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const median = (values) => percentile(values, 50);

const rows = []; // [figure, target, measured, comparison]
const notes = [];

// ---- size ------------------------------------------------------------------------

async function appBytes(dist) {
  const { rows: files, total } = sizeReport(dist);
  // The app's code and style as sent: the wasm as a release build sends it,
  // packed (.lzma); not the start script nor the worker's imports (the unpacker).
  const notCode = new Set(["boot.js", ...workerImports(dist)]);
  const code = files.filter((f) => [".wasm", ".lzma", ".js", ".css"].includes(extname(f.name)) && !notCode.has(f.name));
  // A release build writes the style into the page (.ci/page-head.mjs): it
  // counts as its text alone would be sent (zopfli, as the build's siblings).
  const style = /<style>([\s\S]*?)<\/style>/.exec(readFileSync(join(dist, "index.html"), "utf8"))?.[1];
  const inlineStyle = style ? (await gzipBest(Buffer.from(style), true)).length : 0;
  return { code: code.reduce((sum, f) => sum + f.gzip, 0) + inlineStyle, total };
}

async function measureSize() {
  if (!existsSync(join(DIST("all"), "sw.js"))) fail("dist-bench-all is missing: run .ci/bench without --skip-build");
  const all = await appBytes(DIST("all"));
  // gzip as a gzip_static host sends it (the build's zopfli siblings); gzip -9 on the fly beside it.
  rows.push([
    "everything precached, gzip (brotli)",
    "≤ 450 kB",
    `${kB(all.total.gzip)} (${kB(all.total.brotli)})`,
    `raw ${kB(all.total.raw)}; gzip -9 on the fly ${kB(all.total.gzip9)}`,
  ]);
  const variants = ["all", "no-nordau", "no-crazyhouse", "no-bughouse", "no-cards", "no-undo", "none"].filter((v) => existsSync(join(DIST(v), "sw.js")));
  const sizes = Object.fromEntries(await Promise.all(variants.map(async (v) => [v, await appBytes(DIST(v))])));
  notes.push(
    "| build | wasm+js+css as sent | precached as sent |",
    "|---|---|---|",
    ...variants.map((v) => `| ${v} | ${sizes[v].code} B | ${sizes[v].total.gzip} B |`),
    "",
  );
  for (const [game, without] of [["Nordau Shift", "no-nordau"], ["Crazyhouse", "no-crazyhouse"], ["Swedish chess", "no-bughouse"], ["Card-series duel", "no-cards"], ["Undo Chess", "no-undo"]]) {
    const cost = sizes[without] ? kB(all.code - sizes[without].code) : "not built";
    rows.push([`${game} module's own cost, as sent`, "≤ 45 kB", cost, sizes.none ? `shell alone ${kB(sizes.none.code)}` : ""]);
  }
  wasmBreakdown();
}

/** Where the full build's wasm bytes are, by owner (crate, or this crate's modules). */
function wasmBreakdown() {
  const built = join(REPO, "target-bench/all_bg.wasm"); // .ci/bench keeps it from the full build
  if (!existsSync(built)) return notes.push("(No target-bench/all_bg.wasm: the breakdown needs .ci/bench's full build.)", "");
  const named = join(REPO, "target-bench/named.wasm");
  // The shipped build's own wasm-opt arguments (the build hook's), so the names are of the same code.
  execSync(`wasm-opt ${WASM_OPT_ARGS.join(" ")} -g ${built} -o ${named}`, { stdio: "inherit" });
  notes.push(
    "Where the wasm's code is (the full build optimised again with names kept; sizes before compression, so read the shares):",
    "",
    breakdownTable(breakdown(named)),
    "",
  );
}

// ---- first visit ----------------------------------------------------------------

async function firstVisit(browser, variant) {
  const served = await serveBench(DIST(variant));
  const slow = await throttle(served.port, { rttMs: 150, bitsPerSecond: 1.6e6 });
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    // The game opened is Nordau Shift; it needs the page, the wasm, the JS and
    // the CSS. The worker stores the packed wasm unpacked, under the wasm's name.
    const precached = precacheList(DIST(variant)).map(storedName);
    const needed = precached.filter(startsTheApp);
    await page.goto(`${slow.url}#/nordau`, { timeout: 60_000 });
    // When the worker's cache holds every one of `urls` (ms since navigation
    // start), asked every 50 ms (waitForFunction does not wait for a promise).
    const stored = async (urls) => {
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        const at = await page.evaluate(async ([urls, handoff]) => {
          for (const key of await caches.keys()) {
            if (key.endsWith(handoff)) continue;
            const cache = await caches.open(key);
            const held = await Promise.all(urls.map((url) => cache.match(new URL(url, location.href).href)));
            if (held.every(Boolean)) return performance.now();
          }
          return null;
        }, [urls, HANDOFF_SUFFIX]);
        if (at !== null) return at;
        await new Promise((wait) => setTimeout(wait, 50));
      }
      throw new Error(`the worker's cache never held ${urls.join(", ")}`);
    };
    const openedMs = await stored(needed);
    const ms = await stored(precached);
    return { openedMs, ms, bytes: slow.bytesDown() };
  } catch (err) {
    fail(`first visit of ${variant} never said ready: ${err.message}`);
  } finally {
    await context.close();
    await slow.stop();
    await served.stop();
  }
}

async function measureFirst(browser) {
  const full = await firstVisit(browser, "all");
  const floor = (full.bytes * 8) / 1.6e6;
  let comparison = `${kB(full.bytes)} sent (≥ ${floor.toFixed(1)} s at 1.6 Mbps)`;
  if (existsSync(join(DIST("none"), "sw.js"))) {
    const shell = await firstVisit(browser, "none");
    comparison += `; shell alone ${(shell.ms / 1000).toFixed(2)} s for ${kB(shell.bytes)}`;
  }
  rows.push(["first visit → the game opened (Nordau Shift) ready offline (1.6 Mbps, 150 ms RTT)", "≤ 2 s", `${(full.openedMs / 1000).toFixed(2)} s`, "its page, code and style; one wasm holds every game, so all games' code is in by then too"]);
  rows.push(["first visit → every game ready offline (all precached)", "≤ 3 s", `${(full.ms / 1000).toFixed(2)} s`, comparison]);
}

// ---- tap latency ------------------------------------------------------------------

// Records Event Timing entries and, per pointerdown, the time to the first paint after the page changed.
function tapProbe() {
  const bench = (window.__bench = { events: [], paints: [] });
  new PerformanceObserver((list) => {
    // Only taps on a clock half (not the swap notice's "Seated").
    for (const e of list.getEntries()) if (e.interactionId && e.target?.closest?.(".half")) bench.events.push([e.interactionId, e.duration]);
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
  let downAt = null;
  addEventListener("pointerdown", (e) => (downAt = e.target.closest?.(".half") ? e.timeStamp : null), { capture: true });
  new MutationObserver(() => {
    if (downAt === null) return;
    const at = downAt;
    downAt = null;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => bench.paints.push(performance.now() - at);
      channel.port2.postMessage(0);
    });
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
}

/** Taps the running half `taps` times (4× slower CPU) and returns both latencies' p95. */
async function tapRun(page, { seated }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  // Only these taps count (not the one that started the game).
  await page.evaluate(() => ((window.__bench.events = []), (window.__bench.paints = [])));
  const taps = 200;
  for (let tap = 0; tap < taps; tap++) await passTheMove(page, { seated });
  await page.waitForTimeout(500);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  const { events, paints } = await page.evaluate(() => window.__bench);
  const longest = new Map();
  for (const [id, duration] of events) longest.set(id, Math.max(longest.get(id) ?? 0, duration));
  // Taps Event Timing did not report took under 16 ms: count them as 16.
  const timed = [...longest.values(), ...Array(Math.max(0, taps - longest.size)).fill(16)];
  const p95 = percentile(timed, 95);
  return { eventTiming: p95, eventLabel: p95 <= 16 ? "≤16 ms" : ms(p95), reported: longest.size, taps, paint: percentile(paints, 95), paints: paints.length };
}

async function measureTap(browser) {
  const served = await serveBench(DIST("all"));
  const context = await phoneContext(browser);
  try {
    await context.addInitScript(tapProbe);
    const page = await context.newPage();
    await startNordau(page, served.url);
    // Its own context: the app's worker (scope /) would answer /__bench/ with the app.
    const plainContext = await phoneContext(browser);
    await plainContext.addInitScript(tapProbe);
    const plainPage = await plainContext.newPage();
    await plainPage.goto(`${served.origin}/__bench/plain-clock.html`);
    // Two rounds, app and plain page alternating: on a shared machine one
    // round's ratio has swung by 2×; the figure is the rounds' mean, both shown.
    const rounds = [];
    for (let round = 0; round < 2; round++) {
      rounds.push({ app: await tapRun(page, { seated: true }), plain: await tapRun(plainPage, { seated: false }) });
    }
    await plainContext.close();
    const mean = (f) => rounds.reduce((sum, r) => sum + f(r.app) / f(r.plain), 0) / rounds.length;
    const each = (f) => rounds.map((r) => ratio(f(r.app), f(r.plain))).join(", ");
    const { app, plain } = rounds[0];
    const timing = (r) => r.eventTiming;
    const paint = (r) => r.paint;
    rows.push([
      "tap → next paint, p95 of 200, CPU 4× (Event Timing)",
      "≤ 1.2× plain",
      `${app.eventLabel} (${app.reported}/${app.taps} taps ≥ 16 ms; first round)`,
      `plain ${plain.eventLabel} (${plain.reported}/${plain.taps} ≥ 16 ms), ratio ${mean(timing).toFixed(2)}× (rounds: ${each(timing)})`,
    ]);
    rows.push([
      "tap → paint of the change, p95 (pointerdown → rAF + paint)",
      "≤ 1.2× plain",
      `${ms(app.paint)} (${app.paints} taps; first round)`,
      `plain ${ms(plain.paint)}, ratio ${mean(paint).toFixed(2)}× (rounds: ${each(paint)})`,
    ]);
  } finally {
    await context.close();
    await served.stop();
  }
}

// ---- idle CPU ----------------------------------------------------------------------

// One run of either page is noisy (1.57–1.84× in three runs of one build), so
// the app and the plain page take turns, each in a context of its own that is
// closed before the next starts, and the figure is the median of each.
const CPU_ROUNDS = 3;

async function measureCpu(browser) {
  const served = await serveBench(DIST("all"));
  const app = [];
  const plain = [];
  try {
    for (let round = 0; round < CPU_ROUNDS; round++) {
      for (const [open, runs] of [
        [() => clockShowingTenths(browser, served.url), app],
        [() => plainTenthsPage(browser, served.origin), plain],
      ]) {
        const page = await open();
        try {
          runs.push(await busy(page));
        } finally {
          await page.context().close();
        }
      }
    }
  } finally {
    await served.stop();
  }
  const mid = (runs, key) => median(runs.map((run) => run[key]));
  const rounds = app.map((run, i) => ratio(run.whole, plain[i].whole)).join(", ");
  rows.push([
    `main thread busy, Nordau clock showing tenths (~9 s), median of ${CPU_ROUNDS} alternating runs`,
    "≤ 1.2× plain",
    `${mid(app, "whole").toFixed(2)} % of a core (${mid(app, "early").toFixed(2)} % before the low-time warning)`,
    `plain ${mid(plain, "whole").toFixed(2)} %, ratio ${ratio(mid(app, "whole"), mid(plain, "whole"))} (${ratio(mid(app, "early"), mid(plain, "early"))} before the warning; rounds: ${rounds})`,
  ]);
  const split = (runs) => [0, 1, 2].map((i) => median(runs.map((run) => run.split[i])).toFixed(2)).join(" / ");
  notes.push(`Main thread while the clock runs, % of a core in script / layout / style (medians): app ${split(app)}, plain page ${split(plain)} (the rest of the task time is the browser's own: timers, paint, compositing).`, "");
}

// ---- offline cold start -------------------------------------------------------------

// Notes when `selector` is first in the DOM, in ms from navigation start.
function startProbe(selector) {
  const seen = () => {
    if (window.__usableAt === undefined && document.querySelector(selector)) window.__usableAt = performance.now();
  };
  new MutationObserver(seen).observe(document, { subtree: true, childList: true, attributes: true });
}

/** Median of 5 offline opens of `url` in `context`, each with its worker stopped first. */
async function coldStarts(context, url, selector) {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("ServiceWorker.enable");
    await cdp.send("ServiceWorker.stopAllWorkers");
    await page.addInitScript(startProbe, selector);
    await page.goto(url);
    await page.waitForFunction(() => window.__usableAt !== undefined, null, { timeout: 30_000 }).catch(() => fail(`offline ${url} never showed ${selector}`));
    times.push(await page.evaluate(() => window.__usableAt));
    await page.close();
  }
  return median(times);
}

async function measureStart(browser) {
  const served = await serveBench(DIST("all"));
  const app = await phoneContext(browser);
  const empty = await phoneContext(browser); // its own context, as for the other comparison pages
  try {
    const page = await app.newPage();
    await page.goto(served.url);
    await page.locator(".offline-status[data-state=ready]").waitFor({ timeout: 60_000 });
    await startNordau(page, served.url);
    await page.close();
    const emptyPage = await empty.newPage();
    await emptyPage.goto(`${served.origin}/__bench/empty.html`);
    await emptyPage.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
    await emptyPage.close();
    await served.stop();

    const appMs = await coldStarts(app, `${served.url}#/nordau`, ".game-play .half.to-move");
    const emptyMs = await coldStarts(empty, `${served.origin}/__bench/empty.html`, "#ready");
    rows.push(["offline cold start → clock half usable (median of 5)", "≤ 1.5× empty page", ms(appMs), `empty page ${ms(emptyMs)}, ratio ${ratio(appMs, emptyMs)}`]);
  } finally {
    await app.close();
    await empty.close();
    await served.stop();
  }
}

// ---- Lighthouse ------------------------------------------------------------------------

async function devtoolsPort(chrome) {
  // Chromium prints "DevTools listening on ws://127.0.0.1:PORT/..." on stderr.
  return new Promise((done, failed) => {
    let text = "";
    chrome.stderr.on("data", (chunk) => {
      const m = (text += chunk).match(/DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) done(Number(m[1]));
    });
    chrome.once("exit", () => failed(new Error(`Chromium exited: ${text.slice(-500)}`)));
  });
}

async function measureLighthouse() {
  const { default: lighthouse } = await import("lighthouse");
  const served = await serveBench(DIST("all"));
  const chrome = spawn("/usr/bin/chromium", [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run", "--remote-debugging-port=0",
    `--user-data-dir=${mkdtempSync(join(tmpdir(), "nordau-lighthouse-"))}`, "about:blank",
  ], { stdio: ["ignore", "ignore", "pipe"] });
  try {
    const port = await devtoolsPort(chrome);
    const { lhr } = await lighthouse(served.url, { port, output: "json", logLevel: "error" });
    if (lhr.runtimeError) fail(`Lighthouse: ${lhr.runtimeError.message}`);
    // The whole report, for the why behind a figure (LCP element, its phases).
    mkdirSync(join(REPO, "target-bench"), { recursive: true });
    writeFileSync(join(REPO, "target-bench", "lighthouse.json"), JSON.stringify(lhr));
    const score = (id) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
    const lcp = lhr.audits["largest-contentful-paint"].numericValue;
    rows.push([
      "Lighthouse mobile: performance / accessibility / best practices / SEO",
      "100 / 100 / 100 / 100",
      ["performance", "accessibility", "best-practices", "seo"].map(score).join(" / "),
      `Lighthouse ${lhr.lighthouseVersion}`,
    ]);
    rows.push(["Lighthouse mobile LCP (simulated slow 4G, 4× CPU)", "≤ 1.5 s", `${(lcp / 1000).toFixed(2)} s`, `FCP ${(lhr.audits["first-contentful-paint"].numericValue / 1000).toFixed(2)} s`]);
  } finally {
    chrome.kill();
    await served.stop();
  }
}

// ---- main ----------------------------------------------------------------------------

const wanted = (part) => !only || only === part;
if (wanted("size")) await measureSize();
else if (!existsSync(join(DIST("all"), "sw.js"))) fail("dist-bench-all is missing: run .ci/bench without --skip-build");
if (wanted("lighthouse")) await measureLighthouse();
if (["first", "tap", "cpu", "start"].some(wanted)) {
  const browser = await launchBrowser();
  try {
    if (wanted("first")) await measureFirst(browser);
    if (wanted("tap")) await measureTap(browser);
    if (wanted("cpu")) await measureCpu(browser);
    if (wanted("start")) await measureStart(browser);
  } finally {
    await browser.close();
  }
}

const commit = execSync("git rev-parse --short HEAD", { cwd: REPO }).toString().trim();
const dirty = execSync("git status --porcelain --untracked-files=no", { cwd: REPO }).toString().trim() ? " (with uncommitted changes)" : "";
const timesFile = join(REPO, "target-bench/build-times.txt");
const buildTimes = (existsSync(timesFile) ? readFileSync(timesFile, "utf8") : "")
  .split("\n")
  .filter(Boolean)
  .map((line) => line.replace(" ", ": ") + " s")
  .join(", ");
// The machine, as `nproc` counts it (the cores this process may use), and its CPU.
let cores;
try {
  cores = execSync("nproc").toString().trim();
} catch {
  cores = String(availableParallelism());
}
const cpu = cpus()[0]?.model?.trim() || "CPU model unknown";
const parts = only ? `--only ${only}` : "every part";
const table = [
  `Benchmark ${new Date().toISOString()}, commit ${commit}${dirty}, ${parts}; machine: ${cores} cores (nproc), ${cpu}`,
  "",
  "| figure | target | measured | comparison |",
  "|---|---|---|---|",
  ...rows.map((r) => `| ${r.join(" | ")} |`),
  "",
  ...notes,
  ...(buildTimes ? [`Release build times (last build): ${buildTimes}`] : []),
].join("\n");
console.log(`\n${table}`);
mkdirSync(join(REPO, "target-bench"), { recursive: true });
writeFileSync(join(REPO, "target-bench/bench-latest.md"), `${table}\n`);
