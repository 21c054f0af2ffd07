// Starts Python: the pinned Pyodide, restored from the memory snapshot the build made
// (tools/snapshot.py), which takes about a second where starting Python afresh takes 4-5 s.
// PyScript loads this module as its interpreter (each page's config and the AI worker's), and
// the embed imports it; it offers what pyodide.mjs offers (loadPyodide, version).
// A snapshot that cannot be restored is reported on the console and Python starts afresh.
// How Python started is left in globalThis.akropolisPython ({snapshot, ms}) for the tests.
import { loadPyodide as load, version } from "./runtime/pyodide/pyodide.mjs";

export { version };

const INDEX = new URL("./runtime/pyodide/", import.meta.url).href;
const SNAPSHOT = new URL("snapshot.gz", INDEX).href;

// The snapshot's bytes; a host may have decoded the gzip already (Content-Encoding).
async function snapshot() {
  const response = await fetch(SNAPSHOT);
  if (!response.ok) throw new Error(`${SNAPSHOT}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const unpacked = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unpacked).arrayBuffer());
}

export async function loadPyodide(options = {}) {
  const started = performance.now();
  const settings = { ...options, indexURL: INDEX };
  let pyodide = null;
  try {
    // The promise, not the bytes: Pyodide fetches and compiles its own files meanwhile.  Its
    // failure is handled here (below), even if it comes before Pyodide awaits it.
    const bytes = snapshot();
    bytes.catch(() => {});
    pyodide = await load({ ...settings, _loadSnapshot: bytes });
    // The snapshot holds the random state it was made with: every start must differ.
    pyodide.runPython("import random\nrandom.seed()");
  } catch (error) {
    console.warn("akropolis: Python starts without its snapshot:", error);
    pyodide = null;
  }
  const restored = pyodide !== null;
  pyodide ??= await load(settings);
  globalThis.akropolisPython = { snapshot: restored, ms: Math.round(performance.now() - started) };
  return pyodide;
}
