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
// A release build ships the wasm packed too (data-packed, .ci/pack-wasm.mjs):
// on a first visit, with no service worker yet, the page downloads that and
// a worker unpacks it off the main thread (far less to download than the
// wasm's best gzip or brotli: docs/performance.md);
// the service worker then stores it from the browser's cache, unpacked, so
// every later start reads the wasm as it is. The wasm itself stays on the
// server: if unpacking fails, it is used.
const unpacked = async (packed) => {
  // The worker starts while the packed file downloads.
  const worker = new Worker('./unlzma.js');
  const answer = new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => (typeof data === 'string' ? reject(new Error(data)) : resolve(data));
    worker.onerror = (event) => reject(new Error(event.message || 'unlzma.js did not start'));
  });
  answer.catch(() => {}); // when the download fails first, nobody awaits it
  try {
    const response = await fetch(packed);
    if (!response.ok) throw new Error(`${packed}: HTTP ${response.status}`);
    const bytes = await response.arrayBuffer();
    worker.postMessage(bytes, [bytes]);
    return new Response(await answer, { headers: { 'Content-Type': 'application/wasm' } });
  } finally {
    worker.terminate();
  }
};
const fetchWasm = () => {
  const { packed, wasm } = tag.dataset;
  if (!packed || navigator.serviceWorker?.controller) return fetch(wasm);
  return unpacked(packed).catch(() => fetch(wasm));
};
// The wasm is asked for once the screen has painted, whether or not the
// bindings have arrived: on a slow first visit the two downloads overlap
// instead of costing a round trip each (docs/performance.md).
const wasm = painted.then(fetchWasm);
const bindings = await import(tag.dataset.js);
await bindings.default({ module_or_path: wasm });
