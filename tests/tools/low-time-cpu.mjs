// What the low-time warning costs the main thread while a Nordau Shift clock
// shows tenths: the bench's two windows (its CPU figure's "before the
// warning", 9.8 s → 5.1 s, and the warning's stretch, 5.1 s → 0.8 s) in
// ms of main-thread tasks a second, for the app with its sound on (as
// players have it) and muted, taking turns. The warning is a tick sound a
// second and the half's pulse; muting takes the sound alone away.
//
//   node tests/tools/low-time-cpu.mjs DIST [--rounds N]
import { launchBrowser } from "../e2e/harness.mjs";
import { clockShowingTenths } from "../bench/nordau-game.mjs";
import { serveBench } from "../bench/server.mjs";
import { toolArgs } from "./trace.mjs";

const { dist, rounds } = toolArgs("node tests/tools/low-time-cpu.mjs DIST [--rounds N]", { rounds: 3 });
const MUTED_KEY = "nordau-shift.muted"; // ui::nordau's `muted` key

/** ms of main-thread tasks a second over the bench's two windows. */
async function windows(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const read = async () => {
    const { metrics } = await cdp.send("Performance.getMetrics");
    return [metrics.find((m) => m.name === "TaskDuration").value, performance.now()];
  };
  const start = await read();
  await page.waitForTimeout(4_700);
  const middle = await read();
  await page.waitForTimeout(4_300);
  const end = await read();
  const rate = ([busy0, wall0], [busy1, wall1]) => ((busy1 - busy0) * 1e6) / (wall1 - wall0);
  return { before: rate(start, middle), warning: rate(middle, end) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const served = await serveBench(dist);
const browser = await launchBrowser();
try {
  const runs = { sound: [], muted: [] };
  for (let round = 0; round < rounds; round++) {
    for (const mode of ["sound", "muted"]) {
      const page = await clockShowingTenths(browser, served.url, async (context) => {
        if (mode === "muted") await context.addInitScript((key) => localStorage.setItem(key, "1"), MUTED_KEY);
      });
      runs[mode].push(await windows(page));
      await page.context().close();
    }
  }
  console.log(`main-thread tasks, ms a second (median of ${rounds}): before the warning | during it`);
  for (const [mode, list] of Object.entries(runs)) {
    const cell = (key) => median(list.map((run) => run[key])).toFixed(2).padStart(6);
    const each = list.map((run) => `${run.before.toFixed(1)}/${run.warning.toFixed(1)}`).join(", ");
    console.log(`${mode.padEnd(6)} ${cell("before")} | ${cell("warning")}   (rounds: ${each})`);
  }
} finally {
  await browser.close();
  await served.stop();
}
