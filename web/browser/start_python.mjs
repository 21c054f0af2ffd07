// Starts Python: the pinned Pyodide, restored from the memory snapshot the build made
// (tools/snapshot.py) when this browser already holds it, which takes about a second where
// starting Python afresh takes several. A first visit never waits for the snapshot (5 MB, more
// than Pyodide itself): it starts Python afresh, and the snapshot comes for the next start with
// the offline copy (offline.js and sw.js keep every file of the build, the snapshot among them),
// or, on a page without one, with keepSnapshot() once the page is ready. Either way it is found
// in the browser's Cache Storage under the key the offline worker uses ("…/snapshot.gz?sha256=…",
// the build's own snapshot, never another build's), in a page as in the AI worker; and once it is
// there, it is unpacked in the background and kept unpacked too, which a start reads faster.
// PyScript loads this module as its interpreter (each page's config and the AI worker's), and
// the embed imports it; it offers what pyodide.mjs offers (loadPyodide, version).
// A snapshot that cannot be restored is reported on the console and Python starts afresh.
// How Python started is left in globalThis.akropolisPython ({snapshot, unpacked, ms}) for the
// tests and the benchmarks.
import { loadPyodide as load, version } from "./runtime/pyodide/pyodide.mjs";

export { version };

const INDEX = new URL("./runtime/pyodide/", import.meta.url).href;
const SNAPSHOT = new URL("snapshot.gz", INDEX).href;
// The build's snapshot, by content (build.py fills in its SHA-256).
export const KEY = `${SNAPSHOT}?sha256=__SNAPSHOT_SHA256__`;
// Where keepSnapshot() keeps it, on a page the offline worker does not serve.
const KEPT = `akropolis-snapshot:${SNAPSHOT}`;
// Where the snapshot is kept unpacked (30 MB), once this browser holds it packed: a start reads
// it in a fifth of the time it takes to unpack it on a phone. One build's only: keeping the
// next build's replaces it.
export const UNPACKED = `akropolis-snapshot-unpacked:${SNAPSHOT}`;
export const UNPACKED_KEY = `${KEY}&unpacked`;
// Kept unpacked only when the origin's storage has this many bytes to spare, and a few seconds
// after the start, not during it.
const UNPACKED_ROOM = 200e6;
const UNPACKED_AFTER_MS = 3000;

// What this browser holds under key (null if nothing, or if storage is out of reach).
async function cached(key = KEY, options = {}) {
  try {
    return (await caches.match(key, options)) || null;
  } catch {
    return null;
  }
}

// Keeps the snapshot's unpacked bytes for the next start, if there is room; forgets another
// build's. Nothing is said if it fails (storage blocked or full): the next start unpacks.
async function keepUnpacked(bytes) {
  try {
    await caches.delete(UNPACKED);
    const { quota, usage } = await navigator.storage.estimate();
    if (!(quota - usage > UNPACKED_ROOM)) return;
    await new Promise((resolve) => setTimeout(resolve, UNPACKED_AFTER_MS));
    await (await caches.open(UNPACKED)).put(UNPACKED_KEY, new Response(bytes));
  } catch {
    // the next start unpacks, as this one did
  }
}

// Its bytes; a host may have decoded the gzip already (Content-Encoding).
async function unpack(response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const unpacked = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unpacked).arrayBuffer());
}

// Python started ahead of PyScript's asking (begin(), from loader.js), or null.
let early = null;

// Starts Python now, as the page loads: Pyodide's files load, compile and start while PyScript
// starts itself, and PyScript's loadPyodide() then takes the Python already started. A failure
// is told when PyScript asks.
export function begin() {
  early ??= start();
  early.catch(() => {});
  return early;
}

export async function loadPyodide(options = {}) {
  if (early === null) return start(options);
  const pyodide = await early;
  early = null;  // taken: another call starts another Python
  // What PyScript would have set at the start: where Python's output goes.
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}

async function start(options = {}) {
  const started = performance.now();
  performance.mark("akropolis-python-start");
  const settings = { ...options, indexURL: INDEX };
  let pyodide = null;
  const unpacked = await cached(UNPACKED_KEY, { cacheName: UNPACKED });
  const response = unpacked || (await cached());
  if (response) {
    try {
      // The promise, not the bytes: Pyodide fetches and compiles its own files meanwhile.  Its
      // failure is handled here (below), even if it comes before Pyodide awaits it.
      const bytes = unpack(response);
      bytes.catch(() => {});
      pyodide = await load({ ...settings, _loadSnapshot: bytes });
      // The snapshot holds the random state it was made with: every start must differ.
      pyodide.runPython("import random\nrandom.seed()");
      if (!unpacked) keepUnpacked(await bytes);
    } catch (error) {
      console.warn("akropolis: Python starts without its snapshot:", error);
      if (unpacked) caches.delete(UNPACKED).catch(() => {});
      pyodide = null;
    }
  }
  const restored = pyodide !== null;
  pyodide ??= await load(settings);
  globalThis.akropolisPython = {
    snapshot: restored,
    unpacked: restored && unpacked !== null,
    ms: Math.round(performance.now() - started),
  };
  return pyodide;
}

// Keeps the snapshot for the next start, on a page the offline copy does not serve (the embed),
// once the page has what it needs: downloaded at low priority into a cache of its own, which
// holds only this build's. Nothing is said if it fails (storage blocked or full).
export async function keepSnapshot() {
  try {
    if (!(await cached())) {
      const response = await fetch(SNAPSHOT, { priority: "low" });
      if (!response.ok) return;
      await caches.delete(KEPT);
      await (await caches.open(KEPT)).put(KEY, response);
    }
  } catch {
    return;  // the next start starts afresh, as this one did
  }
  await keepUnpackedSnapshot();
}

// Unpacks the snapshot this browser holds and keeps it unpacked, in the background: called once
// the offline copy (or keepSnapshot) has it, so that the very next start is the fast one.
export async function keepUnpackedSnapshot() {
  if (await cached(UNPACKED_KEY, { cacheName: UNPACKED })) return;
  const response = await cached();
  if (!response) return;
  try {
    await keepUnpacked(await unpack(response));
  } catch {
    // the next start unpacks it
  }
}
