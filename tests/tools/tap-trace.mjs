// Where the main thread's time goes when a player taps a running Nordau Shift
// clock half, next to the plain page of the bench (issue #25's tap figure): a
// Chromium trace of N taps at 4× CPU on each, main-thread events summed by
// name (ms per tap). An event inside another counts in both, so read it as a
// profile, not a sum. `.ci/bench --only tap` is the figure.
//
// Usage: node tests/tools/tap-trace.mjs DIST [--taps N] [--top N]
import { launchBrowser, phoneContext } from "../e2e/harness.mjs";
import { passTheMove, startNordau } from "../bench/nordau-game.mjs";
import { serveBench } from "../bench/server.mjs";
import { mainThreadEvents, printSideBySide, timeByName, toolArgs } from "./trace.mjs";

const { dist, taps, top } = toolArgs("node tests/tools/tap-trace.mjs DIST [--taps N] [--top N]", { taps: 40, top: 30 });

/** Main-thread time by event name over `taps` taps, in ms per tap. */
async function profile(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const categories = "devtools.timeline,disabled-by-default-devtools.timeline,blink,cc,v8";
  // The plain page has no swap notice: answering one is the app's alone.
  const events = await mainThreadEvents(page, categories, async () => {
    for (let tap = 0; tap < taps; tap++) await passTheMove(page);
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  return timeByName(events, taps);
}

const served = await serveBench(dist);
const browser = await launchBrowser();
try {
  const appPage = await (await phoneContext(browser)).newPage();
  await startNordau(appPage, served.url);
  const app = await profile(appPage);
  // The plain page in its own context: the app's worker would answer /__bench/.
  const plainPage = await (await phoneContext(browser)).newPage();
  await plainPage.goto(`${served.origin}/__bench/plain-clock.html`);
  await plainPage.locator(".half.to-move").waitFor();
  const plain = await profile(plainPage);
  printSideBySide(`main thread, ms per tap over ${taps} taps at 4× CPU (app | plain page)`, app, plain, top);
} finally {
  await browser.close();
  await served.stop();
}
