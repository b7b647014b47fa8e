// Service worker: the whole app from one versioned cache, so it runs with no network.
//
// .ci/sw-precache.mjs (a Trunk post_build hook) replaces the two placeholders below
// with this build's file list and a hash of their contents. A new build therefore
// means a new cache name; the new worker installs beside the old one and waits.
// It takes over only on the next launch or when the page asks (the user accepted
// "update ready"), so an update never interrupts a game in progress.
const VERSION = "__BUILD_VERSION__";
const PRECACHE = ["__PRECACHE_LIST__"];
// This build's unhashed files, by the first 16 hex digits of their SHA-256.
const DIGESTS = { __DIGESTS__: "" };
// Trunk names the built files <name>-<hex digits of their hash>.<ext>; a
// release build adds the wasm packed, <its name>.lzma (.ci/pack-wasm.mjs).
const HASHED = /-[0-9a-f]{8,16}(_bg)?\.(js|wasm|css)(\.lzma)?$/;
// A packed file is downloaded, unpacked once, and stored as the file it packs;
// on a first visit, the page hands its unpacked copy over instead (HANDOFF).
const PACKED = /\.lzma$/;
// The unpacker (self.unpackedWasm). A release build writes it in here
// (.ci/sw-precache.mjs): one script to fetch before the install, not two.
importScripts("unlzma.js");
// Caches belong to the whole origin, so the name carries this copy's scope:
// two copies on one host (/chess/ and /chess-test/) never delete each other's.
const CACHE_PREFIX = "nordau-shift-" + new URL(self.registration.scope).pathname + "-";
const CACHE = CACHE_PREFIX + VERSION;
// Builds before the scope was in the name used "nordau-shift-<16 hex>".
const LEGACY_CACHE = /^nordau-shift-[0-9a-f]{16}$/;
// On a first visit the page that registers this worker hands it every file it
// stores in this cache (boot.js names it the same): the wasm it downloads and
// unpacks, the rest as it has them or downloads them. A file's entry says 202
// until the file is there, and is gone if none is coming. Not a version, so
// the activation deletes it.
const HANDOFF = CACHE_PREFIX + "handoff";
// How long to wait for a file, at most: a page closed mid-download never
// hands it over (a closed page is noticed sooner: handedOver).
const HANDOFF_WAIT_MS = 60_000;
// A few downloads at a time: a slow connection's latency overlaps, and the
// progress the page shows still moves file by file.
const PARALLEL = 4;

// This worker's install progress, for pages that ask ("precache-status"). A
// worker restarted after its install has lost it, but then its cache is complete.
const progress = { installing: false, done: 0, total: PRECACHE.length, failed: null };

function progressMessage() {
  const { total, failed } = progress;
  const done = progress.installing ? progress.done : total;
  return failed === null
    ? { type: "precache-progress", version: VERSION, done, total }
    : { type: "precache-failed", version: VERSION, done, total, reason: failed };
}

// Uncontrolled pages too: on the first visit no page is controlled yet.
async function tellPages() {
  const message = progressMessage();
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const page of pages) page.postMessage(message);
}

/** The first 16 hex digits of the SHA-256 of a response's body. */
async function digest(response) {
  const sum = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
  return Array.from(sum.subarray(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Whether a response holds this build's `url`: a hashed name is its content; an unhashed file's digest must say so. */
async function thisBuilds(url, response) {
  return !DIGESTS[url] || (await digest(response.clone()).catch(() => null)) === DIGESTS[url];
}

async function download(url) {
  // An unhashed file the browser has kept (an update's unchanged icons and
  // scripts) is taken as it is, stale or not, when its digest says it is this
  // build's: a round trip less for each.
  if (DIGESTS[url]) {
    const kept = await fetch(new Request(url, { cache: "force-cache" })).catch(() => null);
    if (kept?.ok && (await thisBuilds(url, kept))) return kept;
  }
  // "reload": straight from the server, so a stale HTTP-cached file can never
  // enter a new version's cache. A hashed name (app-<hash>.css, …) is its
  // content, so whatever copy the browser has is the right one (a first
  // visit whose page handed nothing over still downloads nothing twice).
  const mode = HASHED.test(url) ? "default" : "reload";
  let response;
  try {
    response = await fetch(new Request(url, { cache: mode }));
  } catch (err) {
    throw new Error(`${url}: ${err && err.message ? err.message : "network error"}`);
  }
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

// The page posts on this channel each time it hands a file over (boot.js),
// so an install waiting for one looks again at once.
const handoffNews = typeof BroadcastChannel === "function" ? new BroadcastChannel(HANDOFF) : null;
let nextNews = null;
/** Settles at the page's next message from now on, or after `ms`. */
function news(ms) {
  nextNews ??= new Promise((heard) =>
    handoffNews?.addEventListener("message", () => heard((nextNews = null)), { once: true }),
  );
  return Promise.race([nextNews, new Promise((wait) => setTimeout(wait, ms))]);
}

/** The file under `key` as a page handed it over, waiting while it is coming; or undefined. */
async function handedOver(key) {
  for (const end = Date.now() + HANDOFF_WAIT_MS; Date.now() < end; ) {
    // Listening before looking: a message while it looks is not missed.
    const heard = news(handoffNews ? 500 : 50);
    const entry = await caches.match(key, { cacheName: HANDOFF });
    if (entry?.status !== 202) return entry;
    // No page left to hand it over: the worker downloads it itself.
    if ((await self.clients.matchAll({ type: "window", includeUncontrolled: true })).length === 0) return;
    await heard;
  }
}

async function store(cache, url) {
  const key = url.replace(PACKED, "");
  // An entry left by an earlier, failed attempt at this same version is complete.
  if (await cache.match(key)) return;
  // Stored unpacked, the page then starts from the wasm as it always did:
  // compiled while it streams from the cache, the compiled code kept by the
  // browser. A host that does not serve the packed file, or damages it: the wasm itself.
  const handed = await handedOver(key);
  const response =
    handed && (await thisBuilds(url, handed))
      ? handed
      : PACKED.test(url)
        ? await download(url).then(self.unpackedWasm).catch(() => download(key))
        : await download(url);
  await cache.put(key, response);
}

async function precache() {
  progress.installing = true;
  const cache = await caches.open(CACHE);
  const queue = [...PRECACHE];
  const worker = async () => {
    while (queue.length > 0 && progress.failed === null) {
      try {
        await store(cache, queue.shift());
      } catch (err) {
        if (progress.failed === null) {
          progress.failed = String(err && err.message ? err.message : err);
          await tellPages();
        }
        return;
      }
      progress.done += 1;
      await tellPages();
    }
  };
  // Downloads already running finish and stay stored: the next attempt skips them.
  await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker));
  // The install fails and the browser discards this worker.
  if (progress.failed !== null) throw new Error(progress.failed);
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => (key.startsWith(CACHE_PREFIX) || LEGACY_CACHE.test(key)) && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "SKIP_WAITING") {
    self.skipWaiting();
  } else if (event.data && event.data.type === "precache-status" && event.source) {
    // A page that opened after the install began missed the earlier progress.
    event.source.postMessage(progressMessage());
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  // Every page of the app is the same shell; the route lives in the URL fragment.
  const lookup = request.mode === "navigate" ? "./" : request;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(lookup, { ignoreSearch: request.mode === "navigate" }))
      .then((hit) => hit || fetch(request)),
  );
});
