// Starts the WebAssembly app. A debug build loads it as a file; a release
// build writes it into index.html, where the Content-Security-Policy allows
// it by its hash (.ci/page-head.mjs): on a first visit the wasm then has the
// connection the page came on, a round trip sooner (docs/performance.md).
// Either way it is a module, run once the page is parsed. Trunk writes the
// hashed file names into the data attributes of its <script> tag
// (Trunk.toml: pattern_script).
// Sun mode and the language of the static first screen are set earlier, by pre.js.
const tag = document.querySelector('script[data-wasm]');
// Let the static first screen reach the screen before the app replaces it:
// wait for the first contentful paint to be reported (so it counts as the
// page's largest paint, not the app's identical copy), at most 200 ms (a
// hidden tab paints nothing).
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
const firstVisit = Boolean(tag.dataset.packed) && !navigator.serviceWorker?.controller;
// The unpacker (assets/unlzma.js), written in here by a release build
// (.ci/sw-precache.mjs) and started at once from this text: a worker script
// of its own would be asked for after the wasm, and on a slow link arrive
// after all of it, too late to unpack during the download. (The
// Content-Security-Policy allows workers from blob: URLs for this.)
const UNPACKER = '__UNPACKER__';
let unpacker = null;
if (firstVisit) {
  try {
    unpacker = new Worker(URL.createObjectURL(new Blob([UNPACKER], { type: 'text/javascript' })));
  } catch (_) {
    // No worker: the wasm itself, below.
  }
}
// The service worker is registered as the download starts, and this page
// hands it every file it stores through a cache of their own (HANDOFF; sw.js
// waits for a file while its entry says 202, "coming"): the wasm it unpacks,
// and the rest as the browser keeps them after this page's own loading, or
// downloaded now, after the wasm. The worker then fetches nothing: WebKit's
// does not share the page's HTTP cache and would download each file a second
// time, and on a slow link the worker's own requests would wait for all of
// the wasm. Every later start reads the wasm as it is stored.
// sw.js's CACHE_PREFIX and "handoff"; the worker's scope is this page's folder.
const HANDOFF = `nordau-shift-${new URL('./', location.href).pathname}-handoff`;
// sw.js's PRECACHE, written in by the build (.ci/sw-precache.mjs).
const PRECACHE = ['__PRECACHE_LIST__'];
// What a visit closed too soon, or a worker that stopped waiting, left there.
const dropHandoff = async () => caches.delete(HANDOFF);
const url = (name) => new URL(name, location.href).href;
// Registers the worker and hands it the other files; returns how to hand
// over the wasm once unpacked.
const handOver = (packed) => {
  if (!navigator.serviceWorker) return () => {};
  const others = PRECACHE.filter((name) => url(name) !== url(packed));
  const handoff = dropHandoff().then(() => caches.open(HANDOFF));
  // Every entry says 202 before the worker is registered.
  const marked = handoff
    .then((cache) => Promise.all([tag.dataset.wasm, ...others].map((name) => cache.put(url(name), new Response(null, { status: 202 })))))
    .catch(() => {});
  marked.then(() => navigator.serviceWorker.register('sw.js')).catch(() => {});
  // Tells a waiting worker that an entry changed (sw.js: handedOver).
  const news = typeof BroadcastChannel === 'function' ? new BroadcastChannel(HANDOFF) : null;
  // Sets a file's entry: a response to store, or null when none is coming.
  // With no Cache Storage here, nothing: the worker downloads for itself.
  const hand = (key, response) =>
    marked
      .then(() => handoff)
      .then((cache) => (response ? cache.put(key, response) : cache.delete(key)))
      .then(() => news?.postMessage(key))
      .catch(() => {});
  for (const name of others) {
    // "force-cache": as this page has it, if it does (stale or not: the
    // worker checks an unhashed file's digest); "low": after the wasm.
    fetch(name, { cache: 'force-cache', priority: 'low' })
      .then((response) => hand(url(name), response.ok ? response : null))
      .catch(() => hand(url(name), null));
  }
  return (wasm) => hand(url(tag.dataset.wasm), wasm);
};
const unpacked = async (packed) => {
  if (!unpacker) throw new Error('no worker to unpack the wasm');
  const worker = unpacker;
  const answer = new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => (typeof data === 'string' ? reject(new Error(data)) : resolve(data));
    worker.onerror = (event) => reject(new Error(event.message || 'the unpacker did not start'));
  });
  answer.catch(() => {}); // when the download fails first, nobody awaits it
  let reader = null;
  let handWasm = () => {};
  try {
    const download = fetch(packed);
    handWasm = handOver(packed);
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
    handWasm(new Response(wasm, { headers }));
    return new Response(wasm, { headers });
  } catch (err) {
    reader?.cancel().catch(() => {});
    handWasm(null);
    throw err;
  } finally {
    worker.terminate();
  }
};
const fetchWasm = () => {
  const { packed, wasm } = tag.dataset;
  if (!firstVisit) return fetch(wasm);
  return unpacked(packed).catch(() => fetch(wasm));
};
// The wasm is asked for once the screen has painted, so that nothing the
// screen needs shares the link with it. On a first visit the bindings are
// asked for after it, on a connection of their own: they are needed only
// once the wasm is in, and the wasm keeps the page's connection, which is
// open and idle by then (docs/performance.md).
const wasm = painted.then(fetchWasm);
const bindingsAskedFor = firstVisit ? painted : Promise.resolve();
const bindings = await bindingsAskedFor.then(() => import(tag.dataset.js));
await bindings.default({ module_or_path: wasm });
// Once started, on a stored copy: nothing is left in the hand-off cache.
if (navigator.serviceWorker?.controller) dropHandoff().catch(() => {});
