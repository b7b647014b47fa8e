// What the low-time warning costs the main thread while a Nordau Shift clock
// shows tenths: the bench's two windows (busy.mjs: its CPU figure's "before the
// warning", 9.8 s → 5.1 s, and the warning's stretch, 5.1 s → 0.8 s) in
// ms of main-thread tasks a second, for the app with its sound on (as
// players have it) and muted, taking turns. The warning is a tick sound a
// second and the half's pulse; muting takes the sound alone away.
//
//   node tests/tools/low-time-cpu.mjs DIST [--rounds N]
import { launchBrowser } from "../e2e/harness.mjs";
import { clockShowingTenths } from "../bench/nordau-game.mjs";
import { busy } from "../bench/busy.mjs";
import { serveBench } from "../bench/server.mjs";
import { toolArgs } from "./trace.mjs";

const { dist, rounds } = toolArgs("node tests/tools/low-time-cpu.mjs DIST [--rounds N]", { rounds: 3 });
const MUTED_KEY = "nordau-shift.muted"; // ui::nordau's `muted` key

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
      // 1 % of a core is 10 ms a second.
      const { early, late } = await busy(page);
      runs[mode].push({ before: early * 10, warning: late * 10 });
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
