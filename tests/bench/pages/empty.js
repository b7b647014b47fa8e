navigator.serviceWorker.register("empty-sw.js");
