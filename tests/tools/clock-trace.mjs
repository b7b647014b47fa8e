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
import { mainThreadEvents } from "./trace.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args.splice(at, 2)[1]) : fallback;
};
const seconds = option("--seconds", 3);
const top = option("--top", 25);
const [dist] = args;
if (!dist) {
  console.error("usage: node tests/tools/clock-trace.mjs DIST [--seconds N] [--top N]");
  process.exit(2);
}

/** Main-thread time by event name over `seconds` of `page`, in ms per second. */
async function profile(page) {
  const categories = "devtools.timeline,disabled-by-default-devtools.timeline,blink,cc,v8";
  const events = await mainThreadEvents(page, categories, () => page.waitForTimeout(seconds * 1000));
  const byName = new Map();
  for (const e of events.filter((e) => e.dur)) {
    byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur / 1000 / seconds);
  }
  return byName;
}

const served = await serveBench(dist);
const browser = await launchBrowser();
try {
  const app = await profile(await clockShowingTenths(browser, served.url));
  const plain = await profile(await plainTenthsPage(browser, served.origin));
  const names = [...new Set([...app.keys(), ...plain.keys()])]
    .sort((a, b) => (app.get(b) ?? 0) - (app.get(a) ?? 0))
    .slice(0, top);
  console.log(`main thread, ms per second over ${seconds} s (app while its clock shows tenths | plain tenths page)`);
  for (const name of names) {
    const cell = (m) => (m.get(name) ?? 0).toFixed(2).padStart(7);
    console.log(`${cell(app)} ${cell(plain)}  ${name}`);
  }
} finally {
  await browser.close();
  await served.stop();
}
