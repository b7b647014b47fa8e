// One Chromium trace for the trace tools: the main thread's complete events
// while `during()` runs (start-trace.mjs, clock-trace.mjs).

/** Traces `page` with `categories` while `during()` runs; the renderer main thread's "X" events. */
export async function mainThreadEvents(page, categories, during) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on("Tracing.dataCollected", ({ value }) => events.push(...value));
  const complete = new Promise((done) => cdp.once("Tracing.tracingComplete", done));
  await cdp.send("Tracing.start", { categories, transferMode: "ReportEvents" });
  await during(cdp);
  await cdp.send("Tracing.end");
  await complete;
  const thread = events.find((e) => e.name === "thread_name" && e.args.name === "CrRendererMain");
  return events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === "X");
}

/**
 * A trace tool's arguments: DIST and numeric options (`--seconds 3`) with
 * their defaults; prints `usage` and exits when DIST is missing.
 */
export function toolArgs(usage, defaults) {
  const args = process.argv.slice(2);
  const options = {};
  for (const [name, fallback] of Object.entries(defaults)) {
    const at = args.indexOf(`--${name}`);
    options[name] = at >= 0 ? Number(args.splice(at, 2)[1]) : fallback;
  }
  const [dist] = args;
  if (!dist) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  return { dist, ...options };
}

/** Main-thread time by event name, each event's duration divided by `per`. */
export function timeByName(events, per) {
  const byName = new Map();
  for (const e of events.filter((e) => e.dur)) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur / 1000 / per);
  return byName;
}

/** Prints two profiles (ms by event name) side by side, the app's largest first. */
export function printSideBySide(title, app, plain, top) {
  const names = [...new Set([...app.keys(), ...plain.keys()])]
    .sort((a, b) => (app.get(b) ?? 0) - (app.get(a) ?? 0))
    .slice(0, top);
  console.log(title);
  for (const name of names) {
    const cell = (m) => (m.get(name) ?? 0).toFixed(2).padStart(7);
    console.log(`${cell(app)} ${cell(plain)}  ${name}`);
  }
}
