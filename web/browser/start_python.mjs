// Starts Python: the pinned Pyodide, restored from the memory snapshot the build made
// (tools/snapshot.py) when this browser already holds it, which takes about a second where
// starting Python afresh takes several. A first visit never waits for the snapshot (5 MB, more
// than Pyodide itself): it starts Python afresh, and the snapshot comes for the next start with
// the offline copy (offline.js and sw.js keep every file of the build, the snapshot among them),
// or, on a page without one, with keepSnapshot() once the page is ready. Either way it is found
// in the browser's Cache Storage under the key the offline worker uses ("…/snapshot.gz?sha256=…",
// the build's own snapshot, never another build's), in a page as in the AI worker.
// PyScript loads this module as its interpreter (each page's config and the AI worker's), and
// the embed imports it; it offers what pyodide.mjs offers (loadPyodide, version).
// A snapshot that cannot be restored is reported on the console and Python starts afresh.
// How Python started is left in globalThis.akropolisPython ({snapshot, ms}) for the tests.
import { loadPyodide as load, version } from "./runtime/pyodide/pyodide.mjs";

export { version };

const INDEX = new URL("./runtime/pyodide/", import.meta.url).href;
const SNAPSHOT = new URL("snapshot.gz", INDEX).href;
// The build's snapshot, by content (build.py fills in its SHA-256).
export const KEY = `${SNAPSHOT}?sha256=__SNAPSHOT_SHA256__`;
// Where keepSnapshot() keeps it, on a page the offline worker does not serve.
const KEPT = `akropolis-snapshot:${SNAPSHOT}`;

// The snapshot if this browser holds it (null if not, or if storage is out of reach).
async function cached() {
  try {
    return (await caches.match(KEY)) || null;
  } catch {
    return null;
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
  const response = await cached();
  if (response) {
    try {
      // The promise, not the bytes: Pyodide fetches and compiles its own files meanwhile.  Its
      // failure is handled here (below), even if it comes before Pyodide awaits it.
      const bytes = unpack(response);
      bytes.catch(() => {});
      pyodide = await load({ ...settings, _loadSnapshot: bytes });
      // The snapshot holds the random state it was made with: every start must differ.
      pyodide.runPython("import random\nrandom.seed()");
    } catch (error) {
      console.warn("akropolis: Python starts without its snapshot:", error);
      pyodide = null;
    }
  }
  const restored = pyodide !== null;
  pyodide ??= await load(settings);
  globalThis.akropolisPython = { snapshot: restored, ms: Math.round(performance.now() - started) };
  return pyodide;
}

// Keeps the snapshot for the next start, on a page the offline copy does not serve (the embed),
// once the page has what it needs: downloaded at low priority into a cache of its own, which
// holds only this build's. Nothing is said if it fails (storage blocked or full).
export async function keepSnapshot() {
  try {
    if (await cached()) return;
    const response = await fetch(SNAPSHOT, { priority: "low" });
    if (!response.ok) return;
    await caches.delete(KEPT);
    await (await caches.open(KEPT)).put(KEY, response);
  } catch {
    // the next start starts afresh, as this one did
  }
}
