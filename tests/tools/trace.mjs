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
