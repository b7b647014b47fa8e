// Where the main thread's time goes when a player taps a running Nordau Shift
// clock half, next to the plain page of the bench (issue #25's tap figure): a
// Chromium trace of N taps at 4× CPU on each, main-thread events summed by
// name (ms per tap). An event inside another counts in both, so read it as a
// profile, not a sum. `.ci/bench --only tap` is the figure.
//
// Usage: node tests/tools/tap-trace.mjs DIST [--taps N] [--top N]
import { launchBrowser, phoneContext } from "../e2e/harness.mjs";
import { startNordau } from "../bench/nordau-game.mjs";
import { serveBench } from "../bench/server.mjs";
import { mainThreadEvents } from "./trace.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args.splice(at, 2)[1]) : fallback;
};
const taps = option("--taps", 40);
const top = option("--top", 30);
const [dist] = args;
if (!dist) {
  console.error("usage: node tests/tools/tap-trace.mjs DIST [--taps N] [--top N]");
  process.exit(2);
}

/** Taps the half to move `taps` times (the app's swap notice answered as players do). */
async function tapMany(page) {
  for (let done = 0; done < taps; ) {
    if (await page.locator(".swap-overlay").count()) {
      await page.getByRole("button", { name: "Seated" }).click();
      await page.locator(".swap-overlay").waitFor({ state: "detached" });
      continue;
    }
    const half = await page.waitForSelector(".half.to-move");
    const box = await half.boundingBox();
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    done++;
    await page.waitForFunction((el) => !el.classList.contains("to-move") || document.querySelector(".swap-overlay"), half);
    await page.waitForTimeout(100);
  }
}

/** Main-thread time by event name over `taps` taps, in ms per tap. */
async function profile(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const categories = "devtools.timeline,disabled-by-default-devtools.timeline,blink,cc,v8";
  const events = await mainThreadEvents(page, categories, () => tapMany(page));
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  const byName = new Map();
  for (const e of events.filter((e) => e.dur)) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur / 1000 / taps);
  return byName;
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
  const names = [...new Set([...app.keys(), ...plain.keys()])]
    .sort((a, b) => (app.get(b) ?? 0) - (app.get(a) ?? 0))
    .slice(0, top);
  console.log(`main thread, ms per tap over ${taps} taps at 4× CPU (app | plain page)`);
  for (const name of names) {
    const cell = (m) => (m.get(name) ?? 0).toFixed(2).padStart(7);
    console.log(`${cell(app)} ${cell(plain)}  ${name}`);
  }
} finally {
  await browser.close();
  await served.stop();
}
