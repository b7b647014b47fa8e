// Service worker: the whole app from one versioned cache, so it runs with no network.
//
// .ci/sw-precache.mjs (a Trunk post_build hook) replaces the two placeholders below
// with this build's file list and a hash of their contents. A new build therefore
// means a new cache name; the new worker installs beside the old one and waits.
// It takes over only on the next launch or when the page asks (the user accepted
// "update ready"), so an update never interrupts a game in progress.
const VERSION = "__BUILD_VERSION__";
const PRECACHE = ["__PRECACHE_LIST__"];
const CACHE_PREFIX = "nordau-shift-";
const CACHE = CACHE_PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith(CACHE_PREFIX) && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "SKIP_WAITING") self.skipWaiting();
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
