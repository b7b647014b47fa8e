// How often the app's wasm calls out to JavaScript while a Nordau Shift clock
// shows tenths, by import (the short names of the build: look them up in its
// bindings JS), per second over a few seconds of the tenths window. Halving
// them did not move script time (docs/performance.md, "What each lever
// gained"): read it to see what a tick does, not as a lever by itself.
//
// Usage: node tests/tools/calls-out.mjs DIST [--seconds N]
import { launchBrowser } from "../e2e/harness.mjs";
import { clockShowingTenths } from "../bench/nordau-game.mjs";
import { serveBench } from "../bench/server.mjs";
import { toolArgs } from "./trace.mjs";

const { dist, seconds } = toolArgs("node tests/tools/calls-out.mjs DIST [--seconds N]", { seconds: 3 });

// Wraps every function the wasm imports in a counter, before the app starts.
function countImports() {
  const counts = (globalThis.__callsOut = new Map());
  const wrap = (imports) => {
    for (const module of Object.values(imports ?? {})) {
      for (const [name, f] of Object.entries(module)) {
        if (typeof f !== "function") continue;
        module[name] = function (...a) {
          counts.set(name, (counts.get(name) ?? 0) + 1);
          return f.apply(this, a);
        };
      }
    }
  };
  for (const key of ["instantiate", "instantiateStreaming"]) {
    const original = WebAssembly[key];
    WebAssembly[key] = function (source, imports) {
      wrap(imports);
      return original.call(this, source, imports);
    };
  }
}

const served = await serveBench(dist);
const browser = await launchBrowser();
try {
  const page = await clockShowingTenths(browser, served.url, (context) => context.addInitScript(countImports));
  await page.evaluate(() => globalThis.__callsOut.clear());
  await page.waitForTimeout(seconds * 1000);
  const counts = await page.evaluate(() => [...globalThis.__callsOut]);
  counts.sort((a, b) => b[1] - a[1]);
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  console.log(`calls out of the wasm per second over ${seconds} s of tenths: ${(total / seconds).toFixed(1)}`);
  for (const [name, n] of counts) console.log(`${(n / seconds).toFixed(1).padStart(7)}  ${name}`);
} finally {
  await browser.close();
  await served.stop();
}
