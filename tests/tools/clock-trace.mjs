// Where the main thread's time goes while a Nordau Shift clock shows tenths,
// next to the plain-JS tenths clock of the bench (issue #25's CPU figure):
// a Chromium trace of a few seconds of each, its main-thread events summed by
// name (ms per second of wall time). An event inside another counts in both,
// so read it as a profile, not a sum. `.ci/bench --only cpu` is the figure.
//
// Usage: node tests/tools/clock-trace.mjs DIST [--seconds N] [--top N]
import { launchBrowser } from "../e2e/harness.mjs";
import { clockShowingTenths, plainTenthsPage } from "../bench/nordau-game.mjs";
import { serveBench } from "../bench/server.mjs";
import { mainThreadEvents, printSideBySide, timeByName, toolArgs } from "./trace.mjs";

const { dist, seconds, top } = toolArgs("node tests/tools/clock-trace.mjs DIST [--seconds N] [--top N]", { seconds: 3, top: 25 });

/** Main-thread time by event name over `seconds` of `page`, in ms per second. */
async function profile(page) {
  const categories = "devtools.timeline,disabled-by-default-devtools.timeline,blink,cc,v8";
  const events = await mainThreadEvents(page, categories, () => page.waitForTimeout(seconds * 1000));
  return timeByName(events, seconds);
}

const served = await serveBench(dist);
const browser = await launchBrowser();
try {
  const app = await profile(await clockShowingTenths(browser, served.url));
  const plain = await profile(await plainTenthsPage(browser, served.origin));
  printSideBySide(`main thread, ms per second over ${seconds} s (app while its clock shows tenths | plain tenths page)`, app, plain, top);
} finally {
  await browser.close();
  await served.stop();
}
