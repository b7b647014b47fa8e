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
// a worker unpacks it off the main thread, piece by piece as it arrives (far
// less to download than the wasm's best gzip or brotli: docs/performance.md).
// The wasm itself stays on the server: if unpacking fails, it is used.
//
// The service worker is registered as the download starts, so it stores the
// small files meanwhile, and this page hands it the wasm it unpacks through
// a cache of their own (HANDOFF; sw.js waits for it while the entry says
// 202, "coming"): WebKit's worker does not share the page's HTTP cache and
// would download the file a second time, beside this one, and any worker
// would unpack it again. Every later start reads the wasm as it is stored.
// sw.js's CACHE_PREFIX and "handoff"; the worker's scope is this page's folder.
const HANDOFF = `nordau-shift-${new URL('./', location.href).pathname}-handoff`;
// What a visit closed too soon, or a worker that stopped waiting, left there.
const dropHandoff = async () => caches.delete(HANDOFF);
let handoff = null;
let handing = Promise.resolve();
// Sets the wasm's entry: a response to store, or null when none is coming.
// With no Cache Storage here, nothing: the worker downloads for itself.
const hand = (response) => {
  handoff ??= dropHandoff().then(() => caches.open(HANDOFF));
  const key = new URL(tag.dataset.wasm, location.href).href;
  handing = handing.then(() => handoff).then((cache) => (response ? cache.put(key, response) : cache.delete(key))).catch(() => {});
  return handing;
};
const unpacked = async (packed) => {
  // The worker starts while the packed file downloads.
  const worker = new Worker('./unlzma.js');
  const answer = new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => (typeof data === 'string' ? reject(new Error(data)) : resolve(data));
    worker.onerror = (event) => reject(new Error(event.message || 'unlzma.js did not start'));
  });
  answer.catch(() => {}); // when the download fails first, nobody awaits it
  let reader = null;
  try {
    const download = fetch(packed);
    hand(new Response(null, { status: 202 })).then(() => navigator.serviceWorker?.register('sw.js')).catch(() => {});
    const response = await download;
    if (!response.ok) throw new Error(`${packed}: HTTP ${response.status}`);
    // Each piece goes to the worker as it arrives (copied: a piece's buffer is
    // the browser's). An answer before the end is an error: stop reading.
    reader = response.body.getReader();
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), answer.then(() => ({ done: true }))]);
      if (done) break;
      worker.postMessage(value);
    }
    worker.postMessage(null);
    const wasm = await answer;
    const headers = { 'Content-Type': 'application/wasm' };
    hand(new Response(wasm, { headers }));
    return new Response(wasm, { headers });
  } catch (err) {
    reader?.cancel().catch(() => {});
    hand(null);
    throw err;
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
// Once started, on a stored copy: nothing is left in the hand-off cache.
if (navigator.serviceWorker?.controller) dropHandoff().catch(() => {});
