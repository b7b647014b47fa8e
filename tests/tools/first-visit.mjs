// First visits of a build, timed step by step: when the wasm's download
// ended, when the app started (Nordau Shift's setup screen), and when the
// service worker's cache held what the opened game needs and everything
// (as .ci/bench's first visit counts them). The caches are read through
// DevTools from outside the page, so a busy page does not delay the reading.
//
//   node tests/tools/first-visit.mjs DIST [--runs N] [--fair]
//
// The link is the bench's (1.6 Mbps, 150 ms RTT, one queue for every
// connection); --fair shares it in turn between connections, as real
// networks do, where a file asked for after a big one need not wait for all
// of it (tests/bench/server.mjs). Needs `.ci/setup --browser`.
import { launchBrowser, phoneContext } from "../e2e/harness.mjs";
import { serveBench, throttle } from "../bench/server.mjs";
import { HANDOFF_SUFFIX, precacheList, startsTheApp } from "../../.ci/build-files.mjs";
import { storedName } from "../../.ci/pack-wasm.mjs";

const args = process.argv.slice(2);
const dist = args.find((arg) => !arg.startsWith("--") && args[args.indexOf(arg) - 1] !== "--runs");
if (!dist) {
  console.error("usage: node tests/tools/first-visit.mjs DIST [--runs N] [--fair]");
  process.exit(2);
}
const runs = args.includes("--runs") ? Number(args[args.indexOf("--runs") + 1]) : 3;
const fair = args.includes("--fair");

const stored = precacheList(dist).map(storedName);
const pathOf = (url) => new URL(url, "http://x/").pathname;
const precached = stored.map(pathOf);
const needed = stored.filter(startsTheApp).map(pathOf);

/** ms since navigation of: the wasm's download ending, the app started, the opened game and every game stored. */
async function visit(browser) {
  const served = await serveBench(dist);
  const slow = await throttle(served.port, { rttMs: 150, bitsPerSecond: 1.6e6, fair });
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector(".ns-setup")) return;
        window.__started = performance.now();
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true });
    });
    const cdp = await context.newCDPSession(page);
    const origin = slow.url.replace(/\/$/, "");
    const t0 = Date.now();
    await page.goto(`${slow.url}#/nordau`);
    let opened = null;
    let all = null;
    while (all === null && Date.now() - t0 < 30_000) {
      const { caches } = await cdp.send("CacheStorage.requestCacheNames", { securityOrigin: origin });
      for (const { cacheId, cacheName } of caches) {
        if (cacheName.endsWith(HANDOFF_SUFFIX)) continue;
        const { cacheDataEntries } = await cdp.send("CacheStorage.requestEntries", { cacheId, skipCount: 0, pageSize: 100 });
        const held = new Set(cacheDataEntries.map((entry) => new URL(entry.requestURL).pathname));
        if (opened === null && needed.every((path) => held.has(path))) opened = Date.now() - t0;
        if (precached.every((path) => held.has(path))) all = Date.now() - t0;
      }
      await new Promise((wait) => setTimeout(wait, 20));
    }
    await page.locator(".ns-setup").waitFor({ timeout: 30_000 });
    const [started, wasmEnd] = await page.evaluate(() => [
      window.__started,
      performance.getEntriesByType("resource").find((entry) => /\.wasm/.test(entry.name))?.responseEnd,
    ]);
    return [wasmEnd, started, opened, all].map((ms) => (ms == null ? null : Math.round(ms)));
  } finally {
    await context.close();
    await slow.stop();
    await served.stop();
  }
}

const browser = await launchBrowser();
const rows = [];
try {
  for (let run = 0; run < runs; run++) {
    const row = await visit(browser);
    rows.push(row);
    console.log(`run ${run + 1}: wasm downloaded ${row[0]}, app started ${row[1]}, opened game stored ${row[2]}, every game ${row[3]} (ms)`);
  }
} finally {
  await browser.close();
}
const median = (i) => rows.map((row) => row[i] ?? Infinity).sort((a, b) => a - b)[rows.length >> 1];
console.log(`median of ${runs}${fair ? " (fair link)" : ""}: wasm downloaded ${median(0)}, app started ${median(1)}, opened game stored ${median(2)}, every game ${median(3)} (ms)`);
