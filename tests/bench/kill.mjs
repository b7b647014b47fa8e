// Kill at random, lose nothing (issue #13), at scale: hundreds of random kill
// points split across the three game modules (tests/e2e/kill-harness.mjs), then a
// tally. Not part of .ci/test (tests/e2e/kill.test.mjs runs a fixed set there).
//
// Usage: node tests/bench/kill.mjs [--runs 500] [--seed S] [--series 10] [--parallel 1]
//   --runs      kill points in all (default 500), a third per module
//   --seed      the master seed (default: the time); every kill point's own
//               seed is printed with any failure, with the steps that led to it
//   --series    kill points per browser profile before a fresh one (default 10;
//               a fresh profile also covers the first visit and the first sealed seed)
//   --parallel  profiles played at once (default 1; the machine's cores are shared)
//   --verbose   one line per kill point
//   --replay crazyhouse|nordau|bughouse SEED,SEED,…
//               replays one series (a failure prints its series' seeds): a kill
//               point starts where the one before it left the game
// Tests the build in dist/, or NORDAU_DIST (e.g. NORDAU_DIST=$PWD/dist-kill).
// Exits 1 if any kill point failed.
import { launchBrowser, serveCopy } from "../e2e/harness.mjs";
import { KillSeries, Rng, addToTally, describeRecord, emptyTally } from "../e2e/kill-harness.mjs";

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`kill: --${name} takes a whole number`);
    process.exit(2);
  }
  return value;
}

const runs = option("runs", 500);
const masterSeed = option("seed", Date.now() % 2 ** 31);
const perSeries = Math.max(1, option("series", 10));
const parallel = Math.max(1, option("parallel", 1));
const verbose = process.argv.includes("--verbose");

// The plan: series of kill points, the modules in turn, each point with its own seed.
const MODULE_NAMES = ["crazyhouse", "nordau", "bughouse"];
const master = new Rng(masterSeed);
const plan = [];
const replay = process.argv.indexOf("--replay");
if (replay >= 0) {
  const [module, list] = process.argv.slice(replay + 1, replay + 3);
  if (!MODULE_NAMES.includes(module) || !/^\d+(,\d+)*$/.test(list ?? "")) {
    console.error("kill: --replay takes a module and a comma-separated list of seeds");
    process.exit(2);
  }
  plan.push({ module, seeds: list.split(",").map(Number) });
}
for (let left = replay >= 0 ? 0 : runs, i = 0; left > 0; i++) {
  const n = Math.min(perSeries, left);
  plan.push({ module: MODULE_NAMES[i % MODULE_NAMES.length], seeds: Array.from({ length: n }, () => master.int(1, 2 ** 31 - 1)) });
  left -= n;
}

const started = Date.now();
const tallies = Object.fromEntries(MODULE_NAMES.map((m) => [m, emptyTally()]));
const failures = [];
let done = 0;
const browser = await launchBrowser();
const app = await serveCopy();
const total = plan.reduce((n, s) => n + s.seeds.length, 0);
console.log(`kill: ${total} kill points, master seed ${masterSeed}, ${plan.length} series of up to ${perSeries}, ${parallel} at a time`);

async function runSeries({ module, seeds }) {
  const series = new KillSeries({ browser, url: app.url, module });
  try {
    await series.open();
    for (const seed of seeds) {
      const record = await series.killPoint(seed);
      addToTally(tallies[module], record);
      done++;
      if (verbose) console.log(`${module} ${seed}: ${record.kind}, ${record.timing}, ${record.screenBefore} → ${record.screenAfter}, ${record.failures.length} failures; ${record.steps.join("; ")}`);
      if (record.failures.length) {
        failures.push(record);
        const upTo = seeds.slice(0, seeds.indexOf(seed) + 1).join(",");
        console.log(`FAIL ${describeRecord(record)}\n  replay: node tests/bench/kill.mjs --replay ${module} ${upTo}`);
      }
      if (done % 25 === 0) {
        const s = Math.round((Date.now() - started) / 1000);
        console.log(`kill: ${done}/${total} kill points, ${failures.length} failed, ${s} s`);
      }
    }
  } catch (e) {
    failures.push({ module, seed: seeds[0], failures: [`series could not start: ${e}`], steps: [] });
    console.log(`FAIL ${module} series from seed ${seeds[0]}: ${e}`);
  } finally {
    await series.close();
  }
}

const queue = [...plan];
await Promise.all(
  Array.from({ length: parallel }, async () => {
    while (queue.length) await runSeries(queue.shift());
  }),
);
await browser.close();
await app.stop();

// ---- the tally ----------------------------------------------------------------------------
const all = emptyTally();
for (const t of Object.values(tallies)) {
  for (const [k, v] of Object.entries(t)) {
    if (Array.isArray(v)) all[k] = [...all[k], ...v];
    else if (typeof v === "object") for (const [name, n] of Object.entries(v)) all[k][name] = (all[k][name] ?? 0) + n;
    else all[k] += v;
  }
}
const rows = [
  ["kill points", (t) => t.runs],
  ["killed by Page.crash", (t) => t.crash],
  ["killed by closing the tab", (t) => t.close],
  ["killed after a painted action", (t) => t.afterPaint],
  ["killed with an action in flight", (t) => t.inFlight],
  ["  … that landed (in the log after reopening)", (t) => t.applied],
  ["  … that did not land", (t) => t.notApplied],
  ["  … handler had run, event not kept (allowed: never painted)", (t) => t.handledNotKept],
  ["killed again while reopening", (t) => t.reloadKill],
  ["tab stuck on close (Chromium; closed by target)", (t) => t.hungClose],
  ["reopened to \"open in another window\"", (t) => t.ownerNotice],
  ["  … that stayed and was taken over", (t) => t.tookOver],
  ["painted events checked (summed over kill points)", (t) => t.painted],
  ["events lost (must be 0)", (t) => t.lost],
  ["clocks that gained time (must be 0)", (t) => t.gained],
  ["clocks that lost time (must be 0)", (t) => t.lostTime],
  ["page errors (must be 0)", (t) => t.pageErrors],
  ["damaged-save notices (must be 0)", (t) => t.damaged],
  ["kill points failed", (t) => t.failed.length],
];
const cols = [...MODULE_NAMES, "all"];
const table = { ...tallies, all };
const width = Math.max(...rows.map(([name]) => name.length));
console.log(`\n| ${"".padEnd(width)} | ${cols.map((c) => c.padStart(10)).join(" | ")} |`);
console.log(`|${"-".repeat(width + 2)}|${cols.map(() => "-".repeat(12)).join("|")}|`);
for (const [name, get] of rows) console.log(`| ${name.padEnd(width)} | ${cols.map((c) => String(get(table[c])).padStart(10)).join(" | ")} |`);
for (const module of MODULE_NAMES) {
  const actions = Object.entries(tallies[module].actions).sort((a, b) => b[1] - a[1]);
  console.log(`\n${module} actions played: ${actions.map(([name, n]) => `${name} ${n}`).join(", ")}`);
  const lost = Object.entries(tallies[module].handledNotKeptBy);
  if (lost.length) console.log(`${module} in-flight actions whose handler had run but which did not land: ${lost.map(([name, n]) => `${name} ${n}`).join(", ")}`);
}
console.log(`\nmaster seed ${masterSeed}; ${Math.round((Date.now() - started) / 1000)} s`);
if (failures.length) {
  console.log(`failed kill points (module seed): ${failures.map((r) => `${r.module} ${r.seed}`).join(", ")}`);
  process.exit(1);
}
