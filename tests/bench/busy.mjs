// How busy a page's main thread is over the bench's clock window (its CPU
// figure, and tests/tools/low-time-cpu.mjs): from when it is called, 9 s,
// split at 4.7 s, where a Nordau Shift clock that showed 9.8 s at the start
// reaches its low-time warning (5 s).

// Main-thread time so far (s): all tasks, and the script, layout and style parts of it.
const SPLIT = ["TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration"];
async function taskSeconds(cdp) {
  const { metrics } = await cdp.send("Performance.getMetrics");
  return Object.fromEntries(SPLIT.map((name) => [name, metrics.find((m) => m.name === name).value]));
}

/**
 * % of one core busy over [0, 4.7 s] (`early`), [4.7 s, 9 s] (`late`) and
 * [0, 9 s] (`whole`) from now, and the 9 s split into script, layout, style.
 */
export async function busy(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const t0 = await taskSeconds(cdp);
  const w0 = performance.now();
  await page.waitForTimeout(4_700);
  const [t1, w1] = [await taskSeconds(cdp), performance.now()];
  await page.waitForTimeout(9_000 - (w1 - w0));
  const [t2, w2] = [await taskSeconds(cdp), performance.now()];
  const share = (a, b, name, wall) => (100 * (b[name] - a[name]) * 1000) / wall;
  const split = SPLIT.slice(1).map((name) => share(t0, t2, name, w2 - w0));
  return {
    early: share(t0, t1, "TaskDuration", w1 - w0),
    late: share(t1, t2, "TaskDuration", w2 - w1),
    whole: share(t0, t2, "TaskDuration", w2 - w0),
    split,
  };
}
