// Starts the WebAssembly app. Kept out of index.html so the Content-Security-Policy
// can forbid every inline script. Trunk writes the hashed file names into the
// data attributes of the <script> tag that loads this file (Trunk.toml: pattern_script).
// Sun mode and the language of the static first screen are set earlier, by pre.js.
const tag = document.querySelector('script[data-wasm]');
// Let the static first screen reach the screen before the wasm is fetched and
// the app replaces that screen: wait for the first contentful paint to be
// reported (so it counts as the page's largest paint, not the app's identical
// copy), at most 200 ms (a hidden tab paints nothing).
// No timer but that fallback: pages under a paused fake clock (the browser
// tests) still start.
const painted = new Promise((painted) => {
  setTimeout(painted, 200);
  try {
    // `buffered`: the paint may have happened already.
    new PerformanceObserver(painted).observe({ type: 'paint', buffered: true });
  } catch (_) {
    painted(); // no Paint Timing (older WebKit): start at once
  }
});
// The wasm is asked for once the screen has painted, whether or not the
// bindings have arrived: on a slow first visit the two downloads overlap
// instead of costing a round trip each (docs/performance.md).
const wasm = painted.then(() => fetch(tag.dataset.wasm));
const bindings = await import(tag.dataset.js);
await bindings.default({ module_or_path: wasm });
