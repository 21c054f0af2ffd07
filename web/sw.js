// The offline worker: build.py fills in this build's files with their SHA-256 and a hash of them.
// Install builds the offline copy from what is already at hand — the responses the page staged
// while it loaded (first visit), or the previous build's cache (an update) — and fetches only
// the rest; every file must match its hash, so a copy never mixes two deployments. Fetches are
// answered cache-first with the stored responses, headers included (Pyodide streams the wasm
// and needs its Content-Type). A new build waits until the player accepts it ("skipWaiting");
// on activation the older caches, and the page's staging cache, are deleted.
const CACHE = "akropolis-__BUILD_HASH__";
const FILES = __FILE_LIST__;

async function sha256(response) {
  const bytes = await response.clone().arrayBuffer();
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function reuse(sources, file, hash) {
  for (const source of sources) {
    const hit = await source.match(file);
    if (hit && hit.ok && (await sha256(hit)) === hash) return hit;
  }
  return null;
}

async function fill() {
  const cache = await caches.open(CACHE);
  const names = (await caches.keys()).filter((n) => n.startsWith("akropolis-") && n !== CACHE);
  const sources = await Promise.all(names.map((name) => caches.open(name)));
  await Promise.all(
    Object.entries(FILES).map(async ([file, hash]) => {
      let response = await reuse(sources, file, hash);
      if (!response) {
        response = await fetch(new Request(file, { cache: "no-cache" }));
        if (!response.ok || (await sha256(response)) !== hash) {
          throw new Error(`${file} does not match this build`);
        }
      }
      await cache.put(file, response);
    })
  );
}

self.addEventListener("install", (event) => {
  // A failed install leaves nothing behind; the next update check tries again.
  event.waitUntil(fill().catch(async (error) => {
    await caches.delete(CACHE);
    throw error;
  }));
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

const opened = caches.open(CACHE);

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await opened;
      const hit =
        (await cache.match(request, { ignoreSearch: true })) ||
        (request.mode === "navigate" ? await cache.match("./") : undefined);
      return hit || fetch(request);
    })()
  );
});
