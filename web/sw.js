// The offline worker: build.py fills in the build's file list and content hash.
// Install precaches every file of the build (revalidating with the server, so what the page
// already downloaded costs a 304, not the bytes again); fetches are answered cache-first with
// the stored responses, headers included (Pyodide streams the wasm and needs its
// Content-Type). A new build waits until the page, asked by the player, says "skipWaiting";
// on activation the caches of older builds are deleted.
const CACHE = "akropolis-__BUILD_HASH__";
const FILES = __FILE_LIST__;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(FILES.map((file) => new Request(file, { cache: "no-cache" })))
    )
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("akropolis-") && name !== CACHE)
            .map((name) => caches.delete(name))
        )
      )
      .then(() => self.clients.claim())
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skipWaiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit =
        (await cache.match(request, { ignoreSearch: true })) ||
        (request.mode === "navigate" ? await cache.match("./") : undefined);
      return hit || fetch(request);
    })()
  );
});
