// What the app's start does on the main thread: Chromium at 4× CPU opens a
// build's home page, and this prints every task over 50 ms (the ones that
// count as blocking time, so cost Lighthouse's score), the time each spent
// compiling wasm functions on their first call, and, with a wasm whose names
// were kept, which functions those were. docs/performance.md says what it
// found; `.ci/bench --only lighthouse` is the figure.
//
// Usage: node tests/tools/start-trace.mjs DIST [NAMED.wasm] [--route '#/nordau']
//   DIST        a built app (dist/); serve it as built, uncompressed
//   NAMED.wasm  the same build's wasm optimised with `wasm-opt -g` (the recipe
//               in docs/lean-modules.md) and put in place of DIST's wasm, so
//               the function indices agree; its names label the compiles.
//               Delete DIST's packed wasm (.wasm.lzma) too: the page then
//               falls back to the wasm itself (boot.js)
import { readFileSync } from "node:fs";
import { startServer } from "./serve.mjs";
import { launchBrowser } from "../e2e/harness.mjs";
import { mainThreadEvents } from "./trace.mjs";
import { readWasm } from "../../.ci/wasm-binary.mjs";

const args = process.argv.slice(2);
const routeAt = args.indexOf("--route");
const route = routeAt >= 0 ? args.splice(routeAt, 2)[1] : "";
const [dist, namedWasm] = args;
if (!dist) {
  console.error("usage: node tests/tools/start-trace.mjs DIST [NAMED.wasm] [--route '#/nordau']");
  process.exit(2);
}
const names = namedWasm ? readWasm(readFileSync(namedWasm)).names : new Map();

const server = await startServer(dist);
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const categories = "devtools.timeline,disabled-by-default-devtools.timeline,v8,v8.wasm,toplevel,blink";
  const onMain = await mainThreadEvents(page, categories, async (cdp) => {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(`http://127.0.0.1:${server.address().port}/${route}`);
    await page.locator("#main > *").first().waitFor();
    await page.waitForTimeout(2_000); // the worker's install and the rest settle
  });
  const tasks = onMain.filter((e) => e.name === "ThreadControllerImpl::RunTask" && e.dur > 50_000).sort((a, b) => a.ts - b.ts);
  const ms = (us) => (us / 1000).toFixed(1);
  let blocking = 0;
  for (const task of tasks) {
    blocking += task.dur - 50_000;
    const within = (e) => e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur;
    const compiles = onMain.filter((e) => e.name === "wasm.CompileLazy" && within(e));
    const compiling = compiles.reduce((sum, e) => sum + e.dur, 0);
    const main = onMain
      .filter((e) => within(e) && e !== task && e.dur > task.dur / 4 && !/RunTask|RunPostTaskCallback|Receive mojo|OnHandleReady|AsyncTask|callFunction/.test(e.name))
      .sort((a, b) => b.dur - a.dur)[0];
    console.log(
      `task at ${ms(task.ts - tasks[0].ts).padStart(7)} ms: ${ms(task.dur).padStart(6)} ms` +
        `  (${main ? `mostly ${main.name}` : "many small parts"}; wasm compiled on first call: ${compiles.length} functions, ${ms(compiling)} ms)`,
    );
    for (const e of compiles.sort((a, b) => b.dur - a.dur).slice(0, names.size ? 5 : 0)) {
      console.log(`      ${ms(e.dur).padStart(5)} ms  ${(names.get(e.args.func_index) ?? `function ${e.args.func_index}`).slice(0, 140)}`);
    }
  }
  console.log(`blocking time (the part of each task over 50 ms, summed): ${ms(blocking)} ms`);
} finally {
  await browser.close();
  server.close();
}
