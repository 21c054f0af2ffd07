// The offline worker. build.py fills in this build's files ({file: [SHA-256, bytes]}) and the
// build's hash, which the pages also carry (<html data-build>).
//
// One cache per deployment, named after the worker's scope, so that deployments sharing an
// origin (GitHub Pages project sites, a fork, a beta beside the game) never touch each other's
// copy. It holds every file by its content ("index.html?sha256=…"), the list of files of each
// build it has run, and which build each open tab (and its AI worker) runs:
// - Install gets only the files no earlier build left in the cache: on a first visit from the
//   page, which hands over what it downloaded, else from the browser's HTTP cache or the
//   network. It checks each against its hash, and stores the
//   final body under the requested URL (a host's redirect, "/index.html" to "/", is never
//   stored). It first checks that the storage quota can hold them, and says why not otherwise.
// - A tab keeps running the build it opened with: its requests are answered from that build's
//   files even after another tab accepted an update, and a build's files are deleted only once
//   no open tab runs it. The AI worker names its page's build in its first request (?build=).
// - Only the build's own files are answered from the cache; any other page of the site (rules,
//   a blog beside the game, a page a later build adds) goes to the network. The game's own pages
//   under their host's "pretty" URLs (/calculator for calculator.html) go to the network, and to
//   the cache only when the network fails.
// A new build waits until the player accepts it ("skipWaiting").
const BUILD = "__BUILD_HASH__";
const FILES = __FILE_LIST__;
const SCOPE = self.registration.scope;
const CACHE = `akropolis:${SCOPE}`;
const OWN = `${SCOPE}__akropolis__/`; // keys of the cache's own bookkeeping, never a real file
const BINDING = `${OWN}client/`; // + a client's id: the build it runs
const MANIFEST = `${OWN}build/`; // + a build: its files and their hashes
// A page's name without ".html", as hosts with pretty URLs serve it ("" is the index).
const PRETTY = new Map(
  Object.keys(FILES)
    .filter((file) => file.endsWith(".html") && !file.includes("/"))
    .flatMap((file) => {
      const bare = file.slice(0, -".html".length);
      return bare === "index" ? [["index", file]] : [[bare, file], [`${bare}/`, file]];
    })
);
// Bytes kept free beyond the files themselves when checking the quota (the cache's own overhead).
const QUOTA_MARGIN = 1_000_000;

const own = Object.fromEntries(Object.entries(FILES).map(([file, [hash]]) => [file, hash]));
const entry = (file, hash) => `${SCOPE}${file}?sha256=${hash}`;
const opened = caches.open(CACHE);

// Why offline play is unavailable, as data: the page says it in the player's words.
class Unavailable extends Error {
  constructor(details) {
    super(details.why);
    this.details = details;
  }
}

// --- Which build each client runs ---------------------------------------------------------------

const bindings = new Map();

// The bindings other workers of this scope wrote too (the one before an update, for its tabs).
async function readBindings() {
  const cache = await opened;
  for (const request of await cache.keys()) {
    if (!request.url.startsWith(BINDING)) continue;
    const id = request.url.slice(BINDING.length);
    const hit = !bindings.has(id) && (await cache.match(request));
    if (hit) bindings.set(id, await hit.text());
  }
}
const loaded = readBindings().catch(() => {});

function bind(id, build) {
  if (!id || bindings.get(id) === build) return Promise.resolve();
  bindings.set(id, build);
  return opened.then((cache) => cache.put(BINDING + id, new Response(build))).catch(() => {});
}

// A build's list: {files: {file: hash}, since: when its install began}. A build listed after
// the one running is on its way in (installing, or waiting for the player): never pruned by it.
const manifests = new Map();

function manifest(build) {
  if (!manifests.has(build)) {
    manifests.set(
      build,
      opened
        .then((cache) => cache.match(MANIFEST + build))
        .then((hit) => (hit ? hit.json() : null))
        .catch(() => null)
    );
  }
  return manifests.get(build);
}

async function list(build) {
  const found = await manifest(build);
  return found ? found.files : build === BUILD ? own : null;
}

async function writeManifest() {
  if (await manifest(BUILD)) return;
  const listed = { files: own, since: Date.now() };
  await (await opened).put(MANIFEST + BUILD, new Response(JSON.stringify(listed)));
  manifests.set(BUILD, Promise.resolve(listed));
}

// --- Install: this build's files, within the quota --------------------------------------------

async function sha256(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const TYPES = { html: "text/html", js: "text/javascript", mjs: "text/javascript",
  css: "text/css", json: "application/json", wasm: "application/wasm", zip: "application/zip",
  py: "text/plain", svg: "image/svg+xml", png: "image/png", webmanifest: "application/manifest+json" };

// The final body as a plain 200 response: never a redirect, whatever the host did; its type by
// its name when known (a host that serves the wasm as octet-stream breaks streaming compiles).
function stored(response, body, file) {
  const type = TYPES[file.split(".").pop()] || response.headers.get("content-type") || "";
  return new Response(body, { status: 200, statusText: "OK", headers: type ? { "content-type": type } : {} });
}

// A file of this build: from the HTTP cache if the page just downloaded it, else the network.
async function download(file, hash) {
  const url = new URL(file, SCOPE).href;
  let why = "network";
  for (const mode of ["force-cache", "no-cache", "reload"]) {
    let response;
    try {
      response = await fetch(new Request(url, { cache: mode, redirect: "follow", credentials: "same-origin" }));
    } catch {
      why = "network";
      continue;
    }
    if (!response.ok || !response.url.startsWith(self.location.origin)) {
      why = "status";
      continue;
    }
    const body = await response.arrayBuffer();
    if ((await sha256(body)) === hash) return stored(response, body, file);
    why = "mismatch";
  }
  throw new Unavailable({ why, file });
}

// Caches of earlier versions of this worker (one per build, named akropolis-<hash>, and a
// staging copy): only those holding this scope's own files are this deployment's.
async function legacyCaches() {
  const mine = [];
  for (const name of await caches.keys()) {
    if (!/^akropolis-/.test(name)) continue;
    const cache = await caches.open(name);
    const urls = (await cache.keys()).map((request) => request.url);
    if (name === "akropolis-staging") {
      const ours = urls.filter((url) => url.startsWith(SCOPE) && url.slice(SCOPE.length) in FILES);
      mine.push({ name, cache, urls: ours, whole: ours.length === urls.length });
    } else if (urls.includes(SCOPE)) {
      mine.push({ name, cache, urls, whole: true });
    }
  }
  return mine;
}

async function dropLegacy(legacy) {
  for (const { name, cache, urls, whole } of legacy) {
    if (whole) await caches.delete(name);
    else await Promise.all(urls.map((url) => cache.delete(url)));
  }
}

async function checkQuota(needed, legacy) {
  if (!needed || !self.navigator.storage || !self.navigator.storage.estimate) return;
  let { quota, usage } = await self.navigator.storage.estimate();
  if (quota - usage >= needed + QUOTA_MARGIN) return;
  if (legacy.length) { // an earlier version's copy of this deployment makes room first
    await dropLegacy(legacy);
    legacy.length = 0;
    ({ quota, usage } = await self.navigator.storage.estimate());
    if (quota - usage >= needed + QUOTA_MARGIN) return;
  }
  throw new Unavailable({ why: "quota", needed: needed + QUOTA_MARGIN });
}

// What the page downloaded on a first visit, handed over by it (absolute URL → bytes).
const handed = new Map();
let handedOver;
const handing = new Promise((resolve) => { handedOver = resolve; });
// How long a first install waits for the page's downloads before fetching them itself.
const HANDOVER_WAIT = 5_000;

async function fromPage(file, hash) {
  const bytes = handed.get(new URL(file, SCOPE).href);
  if (!bytes || (await sha256(bytes)) !== hash) return null;
  return stored(new Response(), bytes, file);
}

async function install() {
  const cache = await opened;
  await writeManifest(); // first: the files it stores are listed, so no cleanup takes them
  if (!self.registration.active) { // a first visit: the page hands over what it downloaded
    await Promise.race([handing, new Promise((resolve) => setTimeout(resolve, HANDOVER_WAIT))]);
  }
  const missing = [];
  for (const [file, [hash, size]] of Object.entries(FILES)) {
    if (!(await cache.match(entry(file, hash)))) missing.push([file, hash, size]);
  }
  const legacy = await legacyCaches();
  const needed = missing.reduce((sum, [, , size]) => sum + size, 0);
  await checkQuota(needed, legacy);
  for (const [file, hash] of missing) { // one at a time: the page keeps the network
    let response = null;
    for (const { cache: old } of legacy) {
      const hit = await old.match(new URL(file, SCOPE).href);
      if (hit && hit.ok && !hit.redirected) {
        const body = await hit.arrayBuffer();
        if ((await sha256(body)) === hash) response = stored(hit, body, file);
      }
      if (response) break;
    }
    response = response || (await fromPage(file, hash)) || (await download(file, hash));
    try {
      await cache.put(entry(file, hash), response);
    } catch (error) { // the browser's own limit, whatever its estimate said
      if (error && error.name === "QuotaExceededError") {
        throw new Unavailable({ why: "quota", needed: needed + QUOTA_MARGIN });
      }
      throw error;
    }
  }
}

async function tell(message) {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true, type: "window" })) {
    client.postMessage({ akropolisOffline: message });
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    install().finally(() => handed.clear()).catch(async (error) => {
      // Nothing half-done stays behind: only files of builds still in use are kept.
      await prune(false).catch(() => {});
      if (!(await (await opened).keys()).length) await caches.delete(CACHE);
      const details = error instanceof Unavailable ? error.details
        : { why: "error", detail: String(error && error.message || error) };
      await tell({ state: "unavailable", ...details });
      throw error;
    })
  );
});

// --- Activate and clean up: a build's files go once no open tab runs it ------------------------

// Delete the bookkeeping of closed clients, the lists of older builds no open client runs, and
// the files no remaining list holds. ``active``: this build runs; else its install failed, and
// only its own list goes.
async function prune(active) {
  // Only the worker in charge cleans up: one being replaced must not judge the new one's files.
  const me = self.serviceWorker;
  if (active && me && self.registration.active !== me) return;
  await loaded;
  await readBindings();
  const cache = await opened;
  const open = await self.clients.matchAll({ includeUncontrolled: true, type: "all" });
  const alive = new Set(open.map((client) => client.id));
  // A tab whose build is unknown (opened before this worker knew it) may run any listed build.
  const unknown = open.some((c) => c.type === "window" && !bindings.has(c.id));
  const inUse = new Set([...bindings].filter(([id]) => alive.has(id)).map(([, build]) => build));
  const mine = await manifest(BUILD);
  const since = mine ? mine.since : Date.now();
  const keys = await cache.keys();
  const listed = new Set();
  for (const request of keys) {
    if (!request.url.startsWith(MANIFEST)) continue;
    const build = request.url.slice(MANIFEST.length);
    const found = await manifest(build);
    const keep = active
      ? build === BUILD || inUse.has(build) || unknown || !found || found.since > since
      : build !== BUILD;
    if (keep) {
      for (const [file, hash] of Object.entries(found ? found.files : {})) {
        listed.add(entry(file, hash));
      }
    } else {
      await cache.delete(request);
      manifests.delete(build);
    }
  }
  for (const request of keys) {
    const url = request.url;
    if (url.startsWith(BINDING)) {
      const id = url.slice(BINDING.length);
      if (!alive.has(id)) {
        bindings.delete(id);
        await cache.delete(request);
      }
    } else if (!url.startsWith(OWN) && !listed.has(url)) {
      await cache.delete(request);
    }
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      await writeManifest();
      await dropLegacy(await legacyCaches()); // what the worker before this one served
      await prune(true);
      await self.clients.claim();
    })()
  );
});

let lastPrune = 0;
function pruneNow(event) {
  if (Date.now() - lastPrune < 30_000) return;
  lastPrune = Date.now();
  event.waitUntil(prune(true).catch(() => {}));
}

self.addEventListener("message", (event) => {
  const data = event.data;
  if (data === "skipWaiting") {
    self.skipWaiting();
  } else if (data && data.akropolisFiles && typeof data.akropolisFiles === "object") {
    for (const [url, bytes] of Object.entries(data.akropolisFiles)) {
      if (url.startsWith(SCOPE) && bytes instanceof ArrayBuffer) handed.set(url, bytes);
    }
    handedOver();
  } else if (data && typeof data.hello === "string" && event.source) {
    // A page says which build it runs (it may have come from the network, not from here).
    // Then a good moment to delete what no open tab runs any more (a tab was just reloaded).
    event.waitUntil(loaded.then(() => bind(event.source.id, data.hello)).then(() => prune(true)));
  }
});

// --- Answering requests --------------------------------------------------------------------------

async function fromBuild(build, file, request) {
  const files = await list(build);
  const hash = files && files[file];
  if (!files && build !== BUILD && file in FILES) {
    // A page of a build not kept here (from the network): the network, or else this build's.
    return fetch(request).catch(() => fromBuild(BUILD, file, request));
  }
  if (!hash) return fetch(request);
  const cache = await opened;
  return (await cache.match(entry(file, hash))) || fetch(request);
}

// Pages fetched from the network run whatever build the host has now: their files come from
// the network too, until the page says which build it runs (a build in the cache is served).
const NETWORK = "network";

function navigate(event, file) {
  const pretty = PRETTY.get(file);
  if (file in FILES) {
    event.waitUntil(bind(event.resultingClientId, BUILD));
    event.respondWith(fromBuild(BUILD, file, event.request));
  } else if (pretty) {
    // The host's own address for one of the game's pages: the host answers it while online.
    const answer = fetch(event.request).then(
      (response) => [response, NETWORK],
      () => [null, BUILD]
    );
    event.waitUntil(answer.then(([, build]) => bind(event.resultingClientId, build)));
    event.respondWith(
      answer.then(([response]) => response || fromBuild(BUILD, pretty, event.request))
    );
  } else {
    return; // not the game's page: the site's own (rules, a blog), never answered from here
  }
  pruneNow(event);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  const url = new URL(request.url);
  let file;
  try {
    file = decodeURIComponent(url.pathname.slice(new URL(SCOPE).pathname.length));
  } catch {
    return;
  }
  if (file.startsWith("__akropolis__/")) return;
  if (request.mode === "navigate") {
    navigate(event, file === "" ? "index.html" : file);
    return;
  }
  const named = url.searchParams.get("build");
  const bound = bindings.get(event.clientId);
  // Not a file of this build, nor asked for by a page of another: the network's, untouched.
  if (!(file in FILES) && !named && (!bound || bound === BUILD)) return;
  event.respondWith(
    (async () => {
      await loaded;
      if (named) await bind(event.clientId, named);
      const build = named || bindings.get(event.clientId) || BUILD;
      if (build === BUILD && !(file in FILES)) return fetch(request);
      return fromBuild(build, file, request);
    })()
  );
});
